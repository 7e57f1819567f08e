/**
 * A caption change (one gesture): new values for some fields of some words, and/or new caption
 * settings (or a Look). Each part carries the values it replaces and the revision it was made on,
 * so the change can be undone exactly, sent with `expected_revision`, and re-checked field by
 * field after someone else's edit: a field nobody else touched is re-applied; a word whose
 * touched fields were changed elsewhere is left as it is now, and named.
 */
import type {
  CaptionSettings,
  CaptionStyleResponse,
  CaptionWord,
  CaptionWordStyle,
  CaptionWordUpdate,
} from '@/api/schema.gen.ts';
import type { CaptionDoc } from './caption-doc.ts';
import { indexOfWords, shareIndex } from './caption-doc.ts';
import type { ChangeTraits, LatestRevision } from '@/editor-kit/save-queue.ts';

/** Values of the fields a change sets on a word. */
export interface WordValues {
  word?: string;
  isEmphasis?: boolean;
  startSeconds?: number;
  endSeconds?: number;
  /** Merged into the word's style (or replaces it, with `resetStyle`). */
  style?: Partial<CaptionWordStyle>;
  /** The word's style is cleared before `style` (back to the project's settings). */
  resetStyle?: boolean;
}

export interface WordEdit {
  id: string;
  to: WordValues;
  /** The values `to` replaces (what undo sets back). */
  from: WordValues;
  /** The word's revision `from` was read at (sent as `expected_revision`). */
  revision?: number | undefined;
}

export interface SettingsValues {
  settings?: Partial<CaptionSettings>;
  /** A Look to apply (its settings are in `settings` too); null clears the Look. */
  lookId?: string | null;
}

export interface StyleEdit {
  to: SettingsValues;
  from: SettingsValues;
  revision?: number | undefined;
}

export interface CaptionChange {
  words: WordEdit[];
  style?: StyleEdit;
}

/** What the service answered: the words as updated, and the style when it changed. */
export interface CaptionResult {
  words: CaptionWord[];
  style?: CaptionStyleResponse;
}

// ───────────── values ─────────────

const TIME_TOLERANCE = 1e-3;

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  return a === b;
}

/** Styles equal key by key (an absent key equals an undefined one). */
export function sameStyle(
  a: Partial<CaptionWordStyle> | undefined,
  b: Partial<CaptionWordStyle> | undefined,
) {
  const left = (a ?? {}) as Record<string, unknown>;
  const right = (b ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)]))
    if (!sameValue(left[key], right[key])) return false;
  return true;
}

/** The current values of the fields `like` sets (what a change replaces). */
export function readValues(word: CaptionWord, like: WordValues): WordValues {
  const from: WordValues = {};
  if (like.word !== undefined) from.word = word.word;
  if (like.isEmphasis !== undefined) from.isEmphasis = word.isEmphasis ?? false;
  if (like.startSeconds !== undefined) from.startSeconds = word.startSeconds ?? 0;
  if (like.endSeconds !== undefined) from.endSeconds = word.endSeconds ?? 0;
  if (like.resetStyle || like.style) {
    const current = (word.style ?? {}) as Record<string, unknown>;
    const keys = Object.keys(like.style ?? {});
    // A field the word does not have yet can only be taken away again by a reset.
    if (like.resetStyle || keys.some((key) => current[key] === undefined)) {
      from.resetStyle = true;
      from.style = { ...(word.style ?? {}) };
    } else {
      from.style = Object.fromEntries(
        keys.map((key) => [key, current[key]]),
      ) as Partial<CaptionWordStyle>;
    }
  }
  return from;
}

/** Whether the word has the values already. */
export function hasValues(word: CaptionWord, values: WordValues): boolean {
  if (values.word !== undefined && word.word !== values.word) return false;
  if (values.isEmphasis !== undefined && (word.isEmphasis ?? false) !== values.isEmphasis)
    return false;
  if (
    values.startSeconds !== undefined &&
    Math.abs((word.startSeconds ?? 0) - values.startSeconds) > TIME_TOLERANCE
  )
    return false;
  if (
    values.endSeconds !== undefined &&
    Math.abs((word.endSeconds ?? 0) - values.endSeconds) > TIME_TOLERANCE
  )
    return false;
  if (values.resetStyle) return sameStyle(word.style, values.style);
  if (values.style) {
    const current = (word.style ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(values.style))
      if (!sameValue(current[key], value)) return false;
  }
  return true;
}

/** The word with the values set. */
export function withValues(word: CaptionWord, values: WordValues): CaptionWord {
  const next: CaptionWord = { ...word };
  if (values.word !== undefined) next.word = values.word;
  if (values.isEmphasis !== undefined) next.isEmphasis = values.isEmphasis;
  if (values.startSeconds !== undefined) next.startSeconds = values.startSeconds;
  if (values.endSeconds !== undefined) next.endSeconds = values.endSeconds;
  if (values.resetStyle) next.style = { ...(values.style ?? {}) };
  else if (values.style) next.style = { ...(word.style ?? {}), ...values.style };
  return next;
}

/** One edit per word that does not have the values yet. */
export function editWords(
  words: readonly CaptionWord[],
  ids: Iterable<string>,
  to: WordValues | ((word: CaptionWord) => WordValues | null),
): WordEdit[] {
  const index = indexOfWords(words);
  const edits: WordEdit[] = [];
  for (const id of ids) {
    const at = index.get(id);
    const word = at === undefined ? undefined : words[at];
    if (!word) continue;
    const values = typeof to === 'function' ? to(word) : to;
    if (!values || hasValues(word, values)) continue;
    edits.push({ id, to: values, from: readValues(word, values), revision: word.revision });
  }
  return edits;
}

// ───────────── settings ─────────────

export function readSettings(style: CaptionStyleResponse, like: SettingsValues): SettingsValues {
  const from: SettingsValues = {};
  if (like.settings) {
    const current = style.settings as Record<string, unknown>;
    // A Look replaces everything: undo puts every setting back.
    from.settings = (
      like.lookId !== undefined
        ? { ...style.settings }
        : Object.fromEntries(Object.keys(like.settings).map((key) => [key, current[key]]))
    ) as Partial<CaptionSettings>;
  }
  if (like.lookId !== undefined) from.lookId = style.look_id;
  return from;
}

export function hasSettings(style: CaptionStyleResponse, values: SettingsValues): boolean {
  if (values.lookId !== undefined && style.look_id !== values.lookId) return false;
  const current = style.settings as Record<string, unknown>;
  for (const [key, value] of Object.entries(values.settings ?? {}))
    if (!sameValue(current[key], value)) return false;
  return true;
}

export function withSettings(
  style: CaptionStyleResponse,
  values: SettingsValues,
): CaptionStyleResponse {
  return {
    ...style,
    settings: { ...style.settings, ...(values.settings ?? {}) },
    look_id: values.lookId !== undefined ? values.lookId : style.look_id,
  };
}

export function editSettings(style: CaptionStyleResponse, to: SettingsValues): StyleEdit | null {
  if (hasSettings(style, to)) return null;
  return { to, from: readSettings(style, to), revision: style.revision };
}

// ───────────── the document ─────────────

export function applyChange(doc: CaptionDoc, change: CaptionChange): CaptionDoc {
  let words = doc.words;
  if (change.words.length > 0) {
    const index = indexOfWords(doc.words.words);
    const list = [...doc.words.words];
    for (const edit of change.words) {
      const at = index.get(edit.id);
      if (at !== undefined) list[at] = withValues(list[at]!, edit.to);
    }
    shareIndex(doc.words.words, list);
    words = { ...doc.words, words: list };
  }
  const style = change.style ? withSettings(doc.style, change.style.to) : doc.style;
  return words === doc.words && style === doc.style ? doc : { words, style };
}

/** The document after the service's answer: its words and style replace the optimistic ones. */
export function settleChange(doc: CaptionDoc, result: CaptionResult): CaptionDoc {
  let words = doc.words;
  if (result.words.length > 0) {
    const index = indexOfWords(doc.words.words);
    const list = [...doc.words.words];
    for (const word of result.words) {
      const at = index.get(word.id);
      if (at !== undefined) list[at] = word;
    }
    shareIndex(doc.words.words, list);
    words = { ...doc.words, words: list };
  }
  return { words, style: result.style ?? doc.style };
}

export function invertChange(change: CaptionChange, result: CaptionResult): CaptionChange {
  const revisions = new Map(result.words.map((word) => [word.id, word.revision]));
  return {
    words: change.words.map((edit) => ({
      id: edit.id,
      to: edit.from,
      from: edit.to,
      revision: revisions.get(edit.id),
    })),
    ...(change.style
      ? {
          style: {
            to: change.style.from,
            from: change.style.to,
            revision: result.style?.revision,
          },
        }
      : {}),
  };
}

/** The change's word updates, as the service takes them. */
export function toUpdates(change: CaptionChange): CaptionWordUpdate[] {
  return change.words.map(({ id, to, revision }) => {
    const update: CaptionWordUpdate = { id };
    if (revision !== undefined) update.expected_revision = revision;
    if (to.word !== undefined) update.word = to.word;
    if (to.isEmphasis !== undefined) update.isEmphasis = to.isEmphasis;
    if (to.startSeconds !== undefined) update.startSeconds = to.startSeconds;
    if (to.endSeconds !== undefined) update.endSeconds = to.endSeconds;
    if (to.resetStyle) update.reset_style = true;
    if (to.style && (to.resetStyle || Object.keys(to.style).length > 0)) update.style = to.style;
    return update;
  });
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

// ───────────── conflicts ─────────────

export interface Rebased {
  change: CaptionChange;
  /** Edits left out: their word was changed elsewhere in a field this change sets, or is gone. */
  dropped: Array<{ edit: WordEdit; word: string; gone: boolean }>;
  styleDropped: boolean;
}

/**
 * The change for the document as it is now: an edit whose fields still hold what it replaces (or
 * already hold its values) is kept, with the word's current revision; others are dropped.
 */
export function rebaseChange(change: CaptionChange, fresh: CaptionDoc): Rebased {
  const index = indexOfWords(fresh.words.words);
  const words: WordEdit[] = [];
  const dropped: Rebased['dropped'] = [];
  for (const edit of change.words) {
    const at = index.get(edit.id);
    const word = at === undefined ? undefined : fresh.words.words[at];
    if (!word) {
      dropped.push({ edit, word: String(edit.from.word ?? edit.to.word ?? edit.id), gone: true });
    } else if (hasValues(word, edit.from) || hasValues(word, edit.to)) {
      words.push({ ...edit, revision: word.revision });
    } else {
      dropped.push({ edit, word: word.word, gone: false });
    }
  }
  let style = change.style;
  let styleDropped = false;
  if (style) {
    if (hasSettings(fresh.style, style.from) || hasSettings(fresh.style, style.to))
      style = { ...style, revision: fresh.style.revision };
    else {
      style = undefined;
      styleDropped = true;
    }
  }
  return { change: { words, ...(style ? { style } : {}) }, dropped, styleDropped };
}

const quoteList = (names: readonly string[], limit = 4) =>
  names.length <= limit
    ? names.map((name) => `“${name}”`).join(', ')
    : `${names
        .slice(0, limit)
        .map((name) => `“${name}”`)
        .join(', ')} and ${names.length - limit} more`;

/** What changed between two versions of the document, in words. */
export function describeConflict(base: CaptionDoc, fresh: CaptionDoc): string {
  const index = indexOfWords(fresh.words.words);
  const changed: string[] = [];
  let removed = 0;
  for (const word of base.words.words) {
    const at = index.get(word.id);
    const now = at === undefined ? undefined : fresh.words.words[at];
    if (!now) removed += 1;
    else if (now.revision !== word.revision) changed.push(now.word);
  }
  const parts: string[] = [];
  if (changed.length > 0)
    parts.push(
      `${changed.length} word${changed.length === 1 ? '' : 's'} changed (${quoteList(changed)})`,
    );
  if (removed > 0) parts.push(`${removed} word${removed === 1 ? '' : 's'} removed`);
  if (fresh.style.revision !== base.style.revision) parts.push('the caption style changed');
  return parts.length > 0 ? `${parts.join('; ')}.` : 'Nothing you can see changed.';
}

/** Why edits were left out, in words (null when none were). */
export function describeDropped(rebased: Pick<Rebased, 'dropped' | 'styleDropped'>): string | null {
  const parts: string[] = [];
  const changed = rebased.dropped.filter((entry) => !entry.gone).map((entry) => entry.word);
  const gone = rebased.dropped.filter((entry) => entry.gone).map((entry) => entry.word);
  if (changed.length > 0)
    parts.push(
      `Left as someone else set ${changed.length === 1 ? 'it' : 'them'}: ${quoteList(changed)}.`,
    );
  if (gone.length > 0) parts.push(`No longer in the captions: ${quoteList(gone)}.`);
  if (rebased.styleDropped) parts.push('The caption settings you changed were changed elsewhere.');
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Ids of the words a change touches. */
export const touchedIds = (change: CaptionChange): string[] => change.words.map((edit) => edit.id);

// ───────────── one save for several changes ─────────────

/** The revision key of a word (the caption style's is `STYLE_KEY`). */
export const wordKey = (id: string) => `word:${id}`;
export const STYLE_KEY = 'style';

/**
 * `over`'s values on top of `under`'s: a field `over` sets wins; a style `over` resets replaces
 * the whole style, one `under` reset stays reset with `over`'s fields merged in.
 */
function layerValues(under: WordValues, over: WordValues): WordValues {
  const merged: WordValues = { ...under, ...over };
  for (const key of ['word', 'isEmphasis', 'startSeconds', 'endSeconds'] as const)
    if (over[key] === undefined && under[key] !== undefined)
      (merged as Record<string, unknown>)[key] = under[key];
  if (over.resetStyle) {
    merged.style = { ...(over.style ?? {}) };
  } else if (under.resetStyle) {
    merged.resetStyle = true;
    merged.style = { ...(under.style ?? {}), ...(over.style ?? {}) };
  } else if (under.style || over.style) {
    merged.style = { ...(under.style ?? {}), ...(over.style ?? {}) };
  }
  return merged;
}

/**
 * One change doing `first`, then `second`: the words of both (each word's values merged, what it
 * replaces from the earlier), the settings of both; the revisions `first` was read at.
 */
export function mergeChanges(first: CaptionChange, second: CaptionChange): CaptionChange {
  const words = first.words.map((edit) => ({ ...edit }));
  const at = new Map(words.map((edit, i) => [edit.id, i]));
  for (const edit of second.words) {
    const i = at.get(edit.id);
    if (i === undefined) {
      at.set(edit.id, words.length);
      words.push({ ...edit });
      continue;
    }
    const earlier = words[i]!;
    words[i] = {
      id: edit.id,
      // The later values win; what the pair replaces is what the earlier one replaced (for a
      // field only the later one touched, what it replaced: the earlier left it as it was).
      to: layerValues(earlier.to, edit.to),
      from: layerValues(edit.from, earlier.from),
      revision: earlier.revision ?? edit.revision,
    };
  }
  const a = first.style;
  const b = second.style;
  const style: StyleEdit | undefined =
    a && b
      ? {
          to: {
            ...(a.to.settings || b.to.settings
              ? { settings: { ...a.to.settings, ...b.to.settings } }
              : {}),
            ...(b.to.lookId !== undefined
              ? { lookId: b.to.lookId }
              : a.to.lookId !== undefined
                ? { lookId: a.to.lookId }
                : {}),
          },
          from: {
            ...(a.from.settings || b.from.settings
              ? { settings: { ...b.from.settings, ...a.from.settings } }
              : {}),
            ...(a.from.lookId !== undefined
              ? { lookId: a.from.lookId }
              : b.from.lookId !== undefined
                ? { lookId: b.from.lookId }
                : {}),
          },
          revision: a.revision ?? b.revision,
        }
      : (a ?? b);
  return { words, ...(style ? { style } : {}) };
}

/**
 * The change with each word's and the style's revision read forward past this browser's own
 * saves (see `OwnRevisions`); the same object when none moves.
 */
export function restampChange(change: CaptionChange, latest: LatestRevision): CaptionChange {
  let moved = false;
  const words = change.words.map((edit) => {
    if (edit.revision === undefined) return edit;
    const revision = latest(wordKey(edit.id), edit.revision);
    if (revision === edit.revision) return edit;
    moved = true;
    return { ...edit, revision };
  });
  let style = change.style;
  if (style?.revision !== undefined) {
    const revision = latest(STYLE_KEY, style.revision);
    if (revision !== style.revision) {
      moved = true;
      style = { ...style, revision };
    }
  }
  return moved ? { words, ...(style ? { style } : {}) } : change;
}

/** How the save queue sees a caption change. */
export const CAPTION_CHANGE_TRAITS: ChangeTraits<CaptionChange> = {
  keys: (change) => {
    const keys = change.words.map((edit) => wordKey(edit.id));
    if (change.style) keys.push(STYLE_KEY);
    return keys.sort();
  },
  merge: mergeChanges,
  restamp: restampChange,
};
