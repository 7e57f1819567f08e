/**
 * Caption rules the contract cannot declare (cross-field and state rules; field types, ranges and
 * formats are checked by route() against src/api/openapi.yaml):
 *
 * - Word and style revisions. A word's `revision` rises once per change, whoever made it: a change
 *   made by another operation (a timeline move shifts its words, a trim cuts them) is noticed by
 *   the word's fingerprint, so an `expected_revision` taken before it is stale.
 * - Word updates are atomic: duplicates, unknown ids, stale revisions, unknown fonts and timing
 *   that breaks a caption's order refuse the whole request.
 * - Times snap to the project's frames; every word keeps one frame, stays inside its caption's
 *   timeline item and after the word before it (checked after the whole batch).
 * - Fonts must be ones the renderer has (`CAPTION_FONTS`).
 * - A word stores only its own style fields (overrides); the others are inherited from the
 *   project's caption settings. An update's null field removes that override; `reset_style`
 *   removes them all.
 */
import { ApiError, invalid, notFound } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import { round3 } from '../store/seed-context.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import type {
  CaptionFont,
  CaptionSettings,
  CaptionWord,
  CaptionWordStyle,
  TimelineItem,
} from '@/api/schema.gen.ts';

type WordUpdate = Schema<'CaptionWordUpdate'>;

/** The families the simulated renderer draws captions with. */
export const CAPTION_FONTS: CaptionFont[] = [
  { family: 'Montserrat', category: 'sans-serif', weights: ['400', '600', '700', '800', '900'] },
  { family: 'Inter', category: 'sans-serif', weights: ['400', '500', '600', '700', '800', '900'] },
  { family: 'Poppins', category: 'sans-serif', weights: ['400', '600', '700', '800', '900'] },
  { family: 'Bebas Neue', category: 'display', weights: ['400'] },
  { family: 'Anton', category: 'display', weights: ['400'] },
  { family: 'Oswald', category: 'sans-serif', weights: ['400', '500', '600', '700'] },
  { family: 'Roboto', category: 'sans-serif', weights: ['400', '500', '700', '900'] },
  { family: 'Playfair Display', category: 'serif', weights: ['400', '700', '900'] },
  { family: 'Merriweather', category: 'serif', weights: ['400', '700', '900'] },
  { family: 'Permanent Marker', category: 'handwriting', weights: ['400'] },
  { family: 'JetBrains Mono', category: 'monospace', weights: ['400', '700', '800'] },
];

const FONT_FAMILIES = new Set(CAPTION_FONTS.map((font) => font.family.toLowerCase()));

export function checkFont(family: string | null | undefined, param: string): void {
  if (family !== undefined && family !== null && !FONT_FAMILIES.has(family.toLowerCase())) {
    throw invalid(
      param,
      `The font "${family}" is not available for captions; choose one of GET /caption-fonts.`,
    );
  }
}

// ───────────── revisions ─────────────

/** Last seen fingerprint of each word, by project and word id (survives copies of the words). */
const fingerprints = new WeakMap<ProjectRecord, Map<string, string>>();

const fingerprint = (word: CaptionWord): string =>
  JSON.stringify([
    word.word,
    word.isEmphasis,
    word.startSeconds,
    word.endSeconds,
    word.timelineItemId,
    word.style,
  ]);

/**
 * Brings the words' revisions up to date: a word changed since it was last seen (by any
 * operation) gets its next revision. Called on the words a request reads or writes.
 */
export function syncRevisions(record: ProjectRecord, words: readonly CaptionWord[]): void {
  let seen = fingerprints.get(record);
  if (!seen) {
    seen = new Map();
    fingerprints.set(record, seen);
  }
  for (const word of words) {
    const print = fingerprint(word);
    const before = seen.get(word.id);
    if (word.revision === undefined) word.revision = 1;
    else if (before !== undefined && before !== print) word.revision += 1;
    seen.set(word.id, print);
  }
}

function remember(record: ProjectRecord, words: readonly CaptionWord[]): void {
  const seen = fingerprints.get(record);
  if (seen) for (const word of words) seen.set(word.id, fingerprint(word));
}

export function styleRevision(record: ProjectRecord): number {
  return record.captionStyle.revision ?? 1;
}

export function checkStyleRevision(record: ProjectRecord, expected: number | undefined): void {
  const current = styleRevision(record);
  if (expected !== undefined && expected !== current) {
    throw new ApiError(
      409,
      'revision_conflict',
      `expected_revision ${expected} is stale: the caption style is at revision ${current} (someone else changed it).`,
      'expected_revision',
    );
  }
}

// ───────────── word updates ─────────────

const snap = (seconds: number, fps: number): number => round3(Math.round(seconds * fps) / fps);

function captionItems(record: ProjectRecord): Map<string, TimelineItem> {
  const items = new Map<string, TimelineItem>();
  for (const layer of record.timeline.layers)
    for (const item of layer.items) if (item.type === 'caption') items.set(item.id, item);
  return items;
}

const byOrder = (a: CaptionWord, b: CaptionWord) =>
  (a.orderIndex ?? 0) - (b.orderIndex ?? 0) || (a.sequenceIndex ?? 0) - (b.sequenceIndex ?? 0);

/**
 * A word's own style after an update: `reset` removes every field, then `style`'s fields are set
 * and its null fields removed (the word inherits them again). Only fields set are stored.
 */
function applyStyle(
  word: CaptionWord,
  style: CaptionWordStyle | undefined,
  reset: boolean,
): CaptionWordStyle {
  const next: Record<string, unknown> = { ...(reset ? {} : (word.style ?? {})) };
  for (const [key, value] of Object.entries(style ?? {})) {
    if (value === null || value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as CaptionWordStyle;
}

/**
 * Applies a batch of word updates atomically (all or nothing) and returns the updated words, each
 * with its next revision. Throws the first refusal, naming the field of the update at fault.
 */
export function applyWordUpdates(
  record: ProjectRecord,
  updates: readonly WordUpdate[],
): CaptionWord[] {
  const fps = record.timeline.fps;
  const byId = new Map(record.captionWords.map((word) => [word.id, word]));
  const seen = new Set<string>();
  const targets = updates.map((update, index) => {
    if (seen.has(update.id)) {
      throw invalid(
        `updates[${index}].id`,
        `Word ${update.id} appears twice; send one update per word.`,
      );
    }
    seen.add(update.id);
    const word = byId.get(update.id);
    if (!word)
      throw notFound(`updates[${index}].id`, `No caption word ${update.id} in this project.`);
    checkFont(update.style?.fontFamily, `updates[${index}].style.fontFamily`);
    return { word, update, index };
  });
  syncRevisions(
    record,
    targets.map((target) => target.word),
  );
  for (const { word, update, index } of targets) {
    if (update.expected_revision !== undefined && update.expected_revision !== word.revision) {
      throw new ApiError(
        409,
        'revision_conflict',
        `Word "${word.word}" (${word.id}) changed since revision ${update.expected_revision}: it is at revision ${word.revision ?? 1}. Nothing was applied.`,
        `updates[${index}].expected_revision`,
      );
    }
  }

  // The words after the batch (copies), checked before anything is written.
  const next = new Map<string, CaptionWord>();
  for (const { word, update } of targets) {
    const copy: CaptionWord = { ...word };
    if (update.word !== undefined) copy.word = update.word;
    if (update.isEmphasis !== undefined) copy.isEmphasis = update.isEmphasis;
    if (update.style !== undefined || update.reset_style === true)
      copy.style = applyStyle(word, update.style, update.reset_style === true);
    if (update.startSeconds !== undefined) copy.startSeconds = snap(update.startSeconds, fps);
    if (update.endSeconds !== undefined) copy.endSeconds = snap(update.endSeconds, fps);
    copy.startUnits = Math.round((copy.startSeconds ?? 0) * fps);
    copy.endUnits = Math.round((copy.endSeconds ?? 0) * fps);
    next.set(word.id, copy);
  }
  checkTiming(record, targets, next, fps);

  const updated: CaptionWord[] = [];
  for (const { word } of targets) {
    const copy = next.get(word.id)!;
    Object.assign(word, copy, { revision: (word.revision ?? 1) + 1 });
    updated.push(word);
  }
  remember(record, updated);
  return updated;
}

function checkTiming(
  record: ProjectRecord,
  targets: ReadonlyArray<{ word: CaptionWord; update: WordUpdate; index: number }>,
  next: Map<string, CaptionWord>,
  fps: number,
): void {
  const retimed = targets.filter(
    ({ update }) => update.startSeconds !== undefined || update.endSeconds !== undefined,
  );
  if (retimed.length === 0) return;
  const indexOf = new Map(targets.map((target) => [target.word.id, target.index]));
  const frame = 1 / fps;
  const items = captionItems(record);
  const captions = new Set(retimed.map(({ word }) => word.captionId ?? word.timelineItemId));
  for (const captionId of captions) {
    const words = record.captionWords
      .filter((word) => (word.captionId ?? word.timelineItemId) === captionId)
      .map((word) => next.get(word.id) ?? word)
      .sort(byOrder);
    words.forEach((word, position) => {
      const index = indexOf.get(word.id);
      const param = (field: 'startSeconds' | 'endSeconds') =>
        index === undefined ? null : `updates[${index}].${field}`;
      const start = word.startSeconds ?? 0;
      const end = word.endSeconds ?? 0;
      if (end - start < frame - 1e-6) {
        throw invalid(
          param('endSeconds') ?? param('startSeconds'),
          `"${word.word}" would be shorter than one frame (1/${fps} s): its end must be after its start.`,
        );
      }
      const item = word.timelineItemId ? items.get(word.timelineItemId) : undefined;
      if (item && start < item.start_seconds - 1e-6) {
        throw invalid(
          param('startSeconds'),
          `"${word.word}" would start at ${start} s, before its caption starts (${item.start_seconds} s).`,
        );
      }
      if (item && end > item.end_seconds + 1e-6) {
        throw invalid(
          param('endSeconds'),
          `"${word.word}" would end at ${end} s, after its caption ends (${item.end_seconds} s).`,
        );
      }
      const before = words[position - 1];
      if (before && start < (before.endSeconds ?? 0) - 1e-6) {
        const culprit =
          param('startSeconds') ??
          (indexOf.has(before.id) ? `updates[${indexOf.get(before.id)}].endSeconds` : null);
        throw invalid(
          culprit,
          `"${word.word}" would start at ${start} s, before "${before.word}" ends (${before.endSeconds} s): words keep their order.`,
        );
      }
    });
  }
}

/** The spans of the caption items the words belong to (in the order first met). */
export function captionSpans(
  record: ProjectRecord,
  words: readonly CaptionWord[],
): Array<Schema<'CaptionSpan'>> {
  const items = captionItems(record);
  const spans = new Map<string, Schema<'CaptionSpan'>>();
  for (const word of words) {
    const id = word.timelineItemId;
    const item = id === undefined ? undefined : items.get(id);
    if (item && !spans.has(item.id))
      spans.set(item.id, {
        timelineItemId: item.id,
        startSeconds: item.start_seconds,
        endSeconds: item.end_seconds,
      });
  }
  return [...spans.values()];
}

// ───────────── style ─────────────

export function checkSettingsFont(settings: CaptionSettings | undefined): void {
  checkFont(settings?.fontFamily, 'settings.fontFamily');
}
