/**
 * Putting cut time back, as one batch:
 *
 * - The undo of a cut (`planUndo`), while the pieces it left are where it left them: the pieces go,
 *   the items it moved go back, and every item it touched is restored whole as it was, with its
 *   words (`timeline.item.restore`): the timeline and the words exactly as they were.
 * - A cut restored later from the cut list (`planRestore`): at the place the cut is now (the kept
 *   words around it), every later item on the unlocked layers moves right by the cut's length (an
 *   item across the place is split there first), each removed part comes back in its place with its
 *   words, and joins the pieces of its item it was cut from, when they still meet.
 */
import type {
  CaptionWord,
  Timeline,
  TimelineBatchOperation,
  TimelineItem,
} from '@/api/schema.gen.ts';
import { applyOpsCounting } from './apply-ops.ts';
import type { LockedConflict, UndoRecord } from './cut-plan.ts';
import { placeOf, type CutRecord } from './cut-record.ts';
import { frameTime, nearestFrame } from '@/shared-rules/frame-time.ts';
import { roundMs } from './frames.ts';
import type { WordsDocument } from './transcript.ts';

export interface RestorePlan {
  ops: TimelineBatchOperation[];
  locked: LockedConflict[];
  /** Why it cannot be done (a place lost), in words; null when it can. */
  problem: string | null;
  /** Seconds put back. */
  seconds: number;
  counts: { restored: number; split: number; moved: number; joined: number };
  /** Caption words the batch removes (the service's count: a restore removes none). */
  removedWords: number;
  /** Where each record goes (timeline seconds now), in the records' order. */
  places: Array<number | null>;
  after: WordsDocument;
}

const close = (a: number, b: number) => Math.abs(a - b) < 1e-3;

function indexItems(timeline: Timeline) {
  const items = new Map<string, { item: TimelineItem; layer: number; locked: boolean }>();
  for (const layer of timeline.layers)
    for (const item of layer.items)
      items.set(item.id, { item, layer: layer.index, locked: layer.locked === true });
  return items;
}

/** The exact undo of a cut, or null when its pieces are no longer where it left them. */
export function planUndo(doc: WordsDocument, undo: UndoRecord): TimelineBatchOperation[] | null {
  const items = indexItems(doc.timeline);
  for (const touched of undo.touched)
    for (const piece of touched.pieces) {
      const now = items.get(piece.id);
      if (
        !now ||
        now.locked ||
        !close(now.item.start_seconds, piece.start) ||
        !close(now.item.end_seconds, piece.end)
      )
        return null;
    }
  for (const moved of undo.moved) {
    const now = items.get(moved.id);
    if (!now || now.locked || !close(now.item.start_seconds, moved.to)) return null;
  }
  return [
    ...undo.touched.flatMap((touched) =>
      touched.pieces.map((piece): TimelineBatchOperation => ({
        operation_id: 'timeline.item.remove',
        timeline_item_id: piece.id,
      })),
    ),
    ...undo.moved.map((moved): TimelineBatchOperation => ({
      operation_id: 'timeline.item.move',
      timeline_item_id: moved.id,
      new_start_seconds: moved.from,
    })),
    ...undo.touched.map((touched): TimelineBatchOperation => ({
      operation_id: 'timeline.item.restore',
      item: touched.original,
      ...(touched.words.length > 0 ? { caption_words: touched.words } : {}),
    })),
  ];
}

/** A stable 32-bit hash in base 36 (ids of the pieces a restore splits off). */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(36);
}

/** Whether `second` continues `first` (what the service's join asks). */
function joinable(first: TimelineItem, second: TimelineItem): boolean {
  if (first.type !== second.type || first.asset_id !== second.asset_id) return false;
  if (!close(first.end_seconds, second.start_seconds)) return false;
  if (
    first.type !== 'image' &&
    first.source_end_seconds !== null &&
    second.source_start_seconds !== null &&
    !close(first.source_end_seconds, second.source_start_seconds)
  )
    return false;
  return true;
}

export function planRestore(
  doc: WordsDocument,
  records: readonly CutRecord[],
  options: { skipLayers?: ReadonlySet<number> } = {},
): RestorePlan {
  const { timeline } = doc;
  const fps = timeline.fps > 0 ? timeline.fps : 30;
  const skip = options.skipLayers ?? new Set<number>();
  const wordsById = new Map<string, CaptionWord>(doc.words.words.map((w) => [w.id, w]));
  const places = records.map((record) => placeOf(record, wordsById));
  const empty = (problem: string | null): RestorePlan => ({
    ops: [],
    locked: [],
    problem,
    seconds: 0,
    counts: { restored: 0, split: 0, moved: 0, joined: 0 },
    removedWords: 0,
    places,
    after: doc,
  });
  if (places.some((place) => place === null))
    return empty(
      'Its place can no longer be found: the words on both sides of it have been cut or changed since.',
    );
  // Insertions in timeline order, each as frames: where, and how long.
  const inserts = records
    .map((record, k) => ({
      record,
      at: nearestFrame(places[k]!, fps),
      length: nearestFrame(record.end, fps) - nearestFrame(record.start, fps),
    }))
    .sort((a, b) => a.at - b.at);
  // Frames put back before a frame (an item starting at a place moves with it).
  const shiftAt = (frame: number) =>
    inserts.reduce((sum, insert) => (insert.at <= frame ? sum + insert.length : sum), 0);
  const current = indexItems(timeline);
  const taken = new Set(current.keys());
  const takenWords = new Set(wordsById.keys());
  const newId = (seed: string) => {
    const base = `ti_r${hash(`${seed}#${timeline.revision}`)}`;
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}${n}`;
    taken.add(id);
    return id;
  };

  const splits: TimelineBatchOperation[] = [];
  const moves: TimelineBatchOperation[] = [];
  const locked: LockedConflict[] = [];
  const counts = { restored: 0, split: 0, moved: 0, joined: 0 };
  const first = inserts[0]?.at ?? Number.POSITIVE_INFINITY;
  // Where each piece will be after the moves (the joins check them); items that do not move are
  // where they are.
  const finalOf = new Map<string, TimelineItem>();
  const joinedAway = new Set<string>();
  const finalItem = (id: string): TimelineItem | undefined => {
    if (joinedAway.has(id)) return undefined;
    const moved = finalOf.get(id);
    if (moved) return moved;
    const now = current.get(id);
    return now && !now.locked ? now.item : undefined;
  };

  for (const layer of timeline.layers) {
    for (const item of layer.items) {
      const startFrame = nearestFrame(item.start_seconds, fps);
      const endFrame = nearestFrame(item.end_seconds, fps);
      if (endFrame <= first) continue;
      const inside = inserts.filter((insert) => insert.at > startFrame && insert.at < endFrame);
      const moved = shiftAt(startFrame) > 0;
      if (inside.length === 0 && !moved) continue;
      if (layer.locked) {
        if (!skip.has(layer.index))
          locked.push({
            layerIndex: layer.index,
            layerName: layer.name,
            itemId: item.id,
            itemName: item.name,
            effect: inside.length > 0 ? 'split' : 'moved',
          });
        continue;
      }
      // Split at each place inside it, the last first (the item keeps the part before).
      const bounds = [startFrame, ...inside.map((insert) => insert.at)];
      const ids = bounds.map((frame, k) => (k === 0 ? item.id : newId(`${item.id}@${frame}`)));
      for (let k = bounds.length - 1; k >= 1; k -= 1)
        splits.push({
          operation_id: 'timeline.item.split',
          timeline_item_id: item.id,
          at_seconds: frameTime(bounds[k]!, fps),
          new_timeline_item_id: ids[k]!,
        });
      if (inside.length > 0) counts.split += 1;
      bounds.forEach((frame, k) => {
        const to = frameTime(frame + shiftAt(frame), fps);
        const end = k + 1 < bounds.length ? bounds[k + 1]! : endFrame;
        const offset = frameTime(frame - startFrame, fps);
        const length = frameTime(end - frame, fps);
        const source =
          item.source_start_seconds === null || item.type === 'image'
            ? {}
            : {
                source_start_seconds: roundMs(item.source_start_seconds + offset),
                source_end_seconds: roundMs(item.source_start_seconds + offset + length),
              };
        finalOf.set(ids[k]!, {
          ...item,
          ...source,
          id: ids[k]!,
          start_seconds: to,
          end_seconds: roundMs(to + length),
        });
        if (frame + shiftAt(frame) !== frame) {
          moves.push({
            operation_id: 'timeline.item.move',
            timeline_item_id: ids[k]!,
            new_start_seconds: to,
          });
          if (k === 0) counts.moved += 1;
        }
      });
    }
  }
  if (locked.length > 0) return { ...empty(null), locked };

  const restores: TimelineBatchOperation[] = [];
  const joins: TimelineBatchOperation[] = [];
  inserts.forEach((insert) => {
    const before = shiftAt(insert.at - 1);
    for (const part of insert.record.parts) {
      if (skip.has(part.item.layer_index)) continue;
      const offset =
        nearestFrame(part.item.start_seconds, fps) - nearestFrame(insert.record.start, fps);
      const startFrame = insert.at + before + offset;
      const start = frameTime(startFrame, fps);
      const length =
        nearestFrame(part.item.end_seconds, fps) - nearestFrame(part.item.start_seconds, fps);
      const end = frameTime(startFrame + length, fps);
      const id = taken.has(part.item.id) ? newId(`${part.item.id}@${startFrame}`) : part.item.id;
      taken.add(id);
      const by = start - part.item.start_seconds;
      const item: TimelineItem = { ...part.item, id, start_seconds: start, end_seconds: end };
      const words = part.words.map((word): CaptionWord => {
        const free = !takenWords.has(word.id);
        takenWords.add(word.id);
        return {
          ...word,
          id: free ? word.id : `${word.id}r${hash(`${id}`)}`,
          startSeconds: roundMs((word.startSeconds ?? 0) + by),
          endSeconds: roundMs((word.endSeconds ?? 0) + by),
        };
      });
      restores.push({
        operation_id: 'timeline.item.restore',
        item,
        ...(words.length > 0 ? { caption_words: words } : {}),
      });
      counts.restored += 1;
      // Join the pieces of the same item it was cut from, where they meet it again.
      let head = item;
      const left = part.joinLeft ? finalItem(part.joinLeft) : undefined;
      if (left && left.layer_index === item.layer_index && joinable(left, item)) {
        joins.push({
          operation_id: 'timeline.item.join',
          timeline_item_id: left.id,
          other_timeline_item_id: id,
        });
        head = {
          ...left,
          end_seconds: item.end_seconds,
          source_end_seconds: item.source_end_seconds,
        };
        finalOf.set(left.id, head);
        counts.joined += 1;
      }
      const right = part.joinRight ? finalItem(part.joinRight) : undefined;
      if (right && right.layer_index === head.layer_index && joinable(head, right)) {
        joins.push({
          operation_id: 'timeline.item.join',
          timeline_item_id: head.id,
          other_timeline_item_id: right.id,
        });
        finalOf.set(head.id, {
          ...head,
          end_seconds: right.end_seconds,
          source_end_seconds: right.source_end_seconds,
        });
        joinedAway.add(right.id);
        counts.joined += 1;
      }
    }
  });

  const ops = [...splits, ...moves, ...restores, ...joins];
  const applied = applyOpsCounting(doc, ops);
  return {
    ops,
    locked,
    problem: null,
    seconds: frameTime(
      inserts.reduce((sum, insert) => sum + insert.length, 0),
      fps,
    ),
    counts,
    removedWords: applied.removedWords,
    places,
    after: applied.doc,
  };
}
