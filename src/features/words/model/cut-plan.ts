/**
 * The cut planner: stretches of time (stretches.ts) taken out of every unlocked layer as one batch.
 * Every item under a stretch is split at its edges and the middle goes (a split and a trim per
 * stretch inside an item, a trim at its ends, a removal when nothing of it stays), and every piece
 * after a stretch moves left by what went before it: a ripple. Edges are whole frames; a piece
 * shorter than a frame is never left behind (it goes with the cut).
 *
 * Items on a locked layer are never changed: a cut that would split, shorten, remove or move one is
 * refused, naming the layer and the item, unless the person chose to go on without that layer; the
 * plan then says what that leaves (a watermark that now runs past the end).
 *
 * The plan also keeps what undoes it exactly (every touched item as it was, with its words, and
 * the pieces it left) and what restores each stretch later from the cut list (cut-record.ts).
 */
import type {
  CaptionWord,
  Timeline,
  TimelineBatchOperation,
  TimelineItem,
  TimelineLayer,
} from '@/api/schema.gen.ts';
import { applyOpsCounting } from './apply-ops.ts';
import { frameTime, nearestFrame, shiftedTime } from '@/shared-rules/frame-time.ts';
import { formatSeconds, roundMs } from './frames.ts';
import type { FrameStretch } from './stretches.ts';
import type { WordsDocument } from './transcript.ts';

/** The contract caps one batch at 5,000 operations. */
export const MAX_BATCH_OPERATIONS = 5000;

/** ...and at 8 MiB of JSON (restores carry whole items and their caption words). */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;

/** The size of a batch's operations as JSON (UTF-8), close to the request's own. */
export function batchBytes(ops: readonly unknown[]): number {
  return new TextEncoder().encode(JSON.stringify(ops)).length;
}

export type ItemEffect = 'split' | 'shortened' | 'removed' | 'moved';

export interface LockedConflict {
  layerIndex: number;
  layerName: string;
  itemId: string;
  itemName: string;
  effect: ItemEffect;
}

/** A part an item kept, where it is after the cut. */
export interface CutPiece {
  id: string;
  start: number;
  end: number;
}

/** An item the cut split, shortened or removed: as it was, and what it left. */
export interface TouchedItem {
  original: TimelineItem;
  words: CaptionWord[];
  pieces: CutPiece[];
}

/** What undoes a cut exactly: the touched items back whole, the moved ones back in place. */
export interface UndoRecord {
  revision: number;
  touched: TouchedItem[];
  moved: Array<{ id: string; from: number; to: number }>;
}

/** A part of an item one stretch took out, as an item of its own (times before the cut). */
export interface RemovedPart {
  item: TimelineItem;
  words: CaptionWord[];
  /** The piece of the same item that ended where the part began, and the one after it. */
  joinLeft: string | null;
  joinRight: string | null;
}

export interface StretchOutcome {
  /** The stretch in timeline seconds before the cut. */
  start: number;
  end: number;
  /** Where it was after the cut (what followed it starts there). */
  at: number;
  parts: RemovedPart[];
}

export interface CutCounts {
  split: number;
  shortened: number;
  removed: number;
  moved: number;
  wordsRemoved: number;
}

export interface CutPlan {
  fps: number;
  stretches: readonly FrameStretch[];
  /** Seconds taken out. */
  seconds: number;
  ops: TimelineBatchOperation[];
  /** Items on locked layers the cut would change (the cut is refused while there are any). */
  locked: LockedConflict[];
  /** What going on without the locked layers leaves, in words. */
  leaves: string[];
  counts: CutCounts;
  undo: UndoRecord;
  outcomes: StretchOutcome[];
  /** The document after the batch, as the service applies it. */
  after: WordsDocument;
}

export interface CutOptions {
  /** Locked layers to leave as they are (the person chose to go on without them). */
  skipLayers?: ReadonlySet<number>;
}

interface Span {
  start: number;
  end: number;
}

/** A stable 32-bit hash (FNV-1a) of a string, in base 36. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(36);
}

/**
 * Ids for the parts a split makes: the same for the same cut of the same revision, so the
 * optimistic copy, the request and its undo agree.
 */
function idMaker(timeline: Timeline) {
  const taken = new Set<string>();
  for (const layer of timeline.layers) for (const item of layer.items) taken.add(item.id);
  return (itemId: string, frame: number): string => {
    const base = `ti_w${hash(`${itemId}@${frame}#${timeline.revision}`)}`;
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}${n}`;
    taken.add(id);
    return id;
  };
}

/** What stays of [start, end) outside the stretches; parts under a frame go with the cut. */
function keptPieces(item: Span, stretches: readonly Span[], frame: number): Span[] {
  const pieces: Span[] = [];
  let from = item.start;
  for (const stretch of stretches) {
    if (stretch.end <= from) continue;
    if (stretch.start >= item.end) break;
    if (stretch.start > from) pieces.push({ start: from, end: Math.min(stretch.start, item.end) });
    from = Math.max(from, stretch.end);
    if (from >= item.end) break;
  }
  if (from < item.end) pieces.push({ start: from, end: item.end });
  return pieces.filter((piece) => piece.end - piece.start >= frame - 1e-6);
}

export function planCut(
  doc: WordsDocument,
  stretches: readonly FrameStretch[],
  options: CutOptions = {},
): CutPlan {
  const { timeline } = doc;
  const fps = timeline.fps > 0 ? timeline.fps : 30;
  const frame = 1 / fps;
  const skip = options.skipLayers ?? new Set<number>();
  const spans: Span[] = stretches.map((stretch) => ({
    start: frameTime(stretch.start, fps),
    end: frameTime(stretch.end, fps),
  }));
  // Frames taken out before a time (stretches are sorted and apart).
  const shiftFramesAt = (seconds: number): number => {
    let sum = 0;
    for (const stretch of stretches) {
      if (frameTime(stretch.end, fps) <= seconds + 1e-6) sum += stretch.end - stretch.start;
      else break;
    }
    return sum;
  };
  const movedTo = (seconds: number): number =>
    frameTime(nearestFrame(seconds, fps) - shiftFramesAt(seconds), fps);
  const firstStart = spans[0]?.start ?? Number.POSITIVE_INFINITY;
  const newId = idMaker(timeline);
  const wordsOf = wordsByItem(doc.words.words);

  const ops: TimelineBatchOperation[] = [];
  const moves: TimelineBatchOperation[] = [];
  const locked: LockedConflict[] = [];
  const skipped: Array<{ layer: TimelineLayer; item: TimelineItem; effect: ItemEffect }> = [];
  const counts: CutCounts = { split: 0, shortened: 0, removed: 0, moved: 0, wordsRemoved: 0 };
  const undo: UndoRecord = { revision: timeline.revision, touched: [], moved: [] };
  const outcomes: StretchOutcome[] = spans.map((span) => ({
    start: span.start,
    end: span.end,
    at: movedTo(span.start),
    parts: [],
  }));

  for (const layer of timeline.layers) {
    for (const item of layer.items) {
      if (item.end_seconds <= firstStart + 1e-6) continue;
      const whole = { start: item.start_seconds, end: item.end_seconds };
      const pieces = keptPieces(whole, spans, frame);
      const untouched =
        pieces.length === 1 && pieces[0]!.start === whole.start && pieces[0]!.end === whole.end;
      const effect: ItemEffect =
        pieces.length === 0
          ? 'removed'
          : untouched
            ? 'moved'
            : pieces.length > 1
              ? 'split'
              : 'shortened';
      if (untouched && movedTo(whole.start) === whole.start) continue;
      if (layer.locked) {
        if (skip.has(layer.index)) skipped.push({ layer, item, effect });
        else
          locked.push({
            layerIndex: layer.index,
            layerName: layer.name,
            itemId: item.id,
            itemName: item.name,
            effect,
          });
        continue;
      }
      if (untouched) {
        const to = movedTo(whole.start);
        moves.push({
          operation_id: 'timeline.item.move',
          timeline_item_id: item.id,
          new_start_seconds: to,
        });
        undo.moved.push({ id: item.id, from: whole.start, to });
        counts.moved += 1;
        continue;
      }
      counts[effect] += 1;
      const ids = pieces.map((piece, k) =>
        k === 0 ? item.id : newId(item.id, nearestFrame(piece.start, fps)),
      );
      if (pieces.length === 0) {
        ops.push({ operation_id: 'timeline.item.remove', timeline_item_id: item.id });
      } else {
        let end = whole.end;
        for (let k = pieces.length - 1; k >= 1; k -= 1) {
          const piece = pieces[k]!;
          ops.push({
            operation_id: 'timeline.item.split',
            timeline_item_id: item.id,
            at_seconds: piece.start,
            new_timeline_item_id: ids[k]!,
          });
          if (piece.end < end - 1e-6)
            ops.push({
              operation_id: 'timeline.item.trim',
              timeline_item_id: ids[k]!,
              trim_end_delta_seconds: roundMs(piece.end - end),
              snap_to_frame: true,
            });
          end = piece.start;
        }
        const first = pieces[0]!;
        if (first.start > whole.start + 1e-6 || first.end < end - 1e-6)
          ops.push({
            operation_id: 'timeline.item.trim',
            timeline_item_id: item.id,
            trim_start_delta_seconds: roundMs(first.start - whole.start),
            trim_end_delta_seconds: roundMs(first.end - end),
            snap_to_frame: true,
          });
        pieces.forEach((piece, k) => {
          const to = movedTo(piece.start);
          if (to !== piece.start)
            moves.push({
              operation_id: 'timeline.item.move',
              timeline_item_id: ids[k]!,
              new_start_seconds: to,
            });
        });
      }
      const words = wordsOf.get(item.id) ?? [];
      undo.touched.push({
        original: item,
        words,
        pieces: pieces.map((piece, k) => {
          const start = movedTo(piece.start);
          return { id: ids[k]!, start, end: shiftedTime(piece.end, piece.start, start, fps) };
        }),
      });
      recordParts(outcomes, item, words, pieces, ids);
    }
  }

  const allOps = [...ops, ...moves];
  const applied =
    locked.length === 0 && allOps.length <= MAX_BATCH_OPERATIONS
      ? applyOpsCounting(doc, allOps)
      : { doc, removedWords: 0 };
  const after = applied.doc;
  counts.wordsRemoved = applied.removedWords;
  return {
    fps,
    stretches,
    seconds: frameTime(
      stretches.reduce((sum, stretch) => sum + stretch.end - stretch.start, 0),
      fps,
    ),
    ops: allOps,
    locked,
    leaves: describeSkipped(skipped, after, skip, spans),
    counts,
    undo,
    outcomes,
    after,
  };
}

function wordsByItem(words: readonly CaptionWord[]): Map<string, CaptionWord[]> {
  const map = new Map<string, CaptionWord[]>();
  for (const word of words) {
    const key = word.timelineItemId ?? '';
    const list = map.get(key);
    if (list) list.push(word);
    else map.set(key, [word]);
  }
  return map;
}

/**
 * Each stretch's removed parts of `item`: the item between its kept pieces (or its ends), as an
 * item of its own with its source offsets, sound and words, and the pieces it joins again.
 */
function recordParts(
  outcomes: StretchOutcome[],
  item: TimelineItem,
  words: readonly CaptionWord[],
  pieces: readonly Span[],
  ids: readonly string[],
): void {
  const bounds = [
    item.start_seconds,
    ...pieces.flatMap((piece) => [piece.start, piece.end]),
    item.end_seconds,
  ];
  for (let k = 0; k + 1 < bounds.length; k += 2) {
    const from = bounds[k]!;
    const to = bounds[k + 1]!;
    if (to - from < 1e-6) continue;
    const outcome = outcomes.find(
      (candidate) => candidate.end > from + 1e-6 && candidate.start < to - 1e-6,
    );
    if (!outcome) continue;
    const offset = roundMs(from - item.start_seconds);
    const length = roundMs(to - from);
    const part: TimelineItem = {
      ...item,
      start_seconds: from,
      end_seconds: to,
      source_start_seconds:
        item.source_start_seconds === null
          ? null
          : item.type === 'image'
            ? 0
            : roundMs(item.source_start_seconds + offset),
      source_end_seconds:
        item.source_start_seconds === null
          ? null
          : item.type === 'image'
            ? length
            : roundMs(item.source_start_seconds + offset + length),
    };
    if (item.audio)
      part.audio = {
        ...item.audio,
        fade_in_seconds:
          from === item.start_seconds ? Math.min(item.audio.fade_in_seconds, length) : 0,
        fade_out_seconds:
          to === item.end_seconds ? Math.min(item.audio.fade_out_seconds, length) : 0,
      };
    const index = k / 2;
    outcome.parts.push({
      item: part,
      words: words.filter(
        (word) => (word.startSeconds ?? 0) >= from - 1e-6 && (word.endSeconds ?? 0) <= to + 1e-6,
      ),
      joinLeft: index > 0 ? (ids[index - 1] ?? null) : null,
      joinRight: index < pieces.length ? (ids[index] ?? null) : null,
    });
  }
}

/** What leaving the locked layers as they are does, in words. */
function describeSkipped(
  skipped: ReadonlyArray<{ layer: TimelineLayer; item: TimelineItem; effect: ItemEffect }>,
  after: WordsDocument,
  skip: ReadonlySet<number>,
  spans: readonly Span[],
): string[] {
  if (skipped.length === 0) return [];
  let end = 0;
  for (const layer of after.timeline.layers)
    if (!skip.has(layer.index))
      for (const item of layer.items) end = Math.max(end, item.end_seconds);
  const removed = spans.reduce((sum, span) => sum + span.end - span.start, 0);
  return skipped.map(({ layer, item, effect }) => {
    const name = `“${item.name}” on “${layer.name}”`;
    if (item.end_seconds > end + 1e-3)
      return `${name} stays as it is: it now runs ${formatSeconds(item.end_seconds - end)} past the end of everything else.`;
    if (effect === 'moved')
      return `${name} does not move: what was under it moves up to ${formatSeconds(removed)} earlier.`;
    return `${name} is not cut: what was under it moves up to ${formatSeconds(removed)} earlier.`;
  });
}
