/**
 * Where new items go: a layer that takes the item's type, is not locked and has room for it at a
 * time (its own layer first), and how long a new item may run from a time before the next item
 * on its layer. Pastes place several items keeping their offsets, each in a room of its own.
 */
import { isLocked, layerAccepts } from '@/shared-rules/timeline-layer-rules.ts';
import { forEachItemInRange, type TimelineIndex } from './timeline-index.ts';
import { roundMs } from './time-scale.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

export interface Span {
  start: number;
  end: number;
}

/** Spans taken on layers by items placed in the same gesture (not yet on the timeline). */
export type Taken = Map<number, Span[]>;

function roomOn(index: TimelineIndex, row: number, span: Span, taken: Taken | undefined): boolean {
  const blocking = forEachItemInRange(
    index.rows[row]!,
    span.start + 1e-6,
    span.end - 1e-6,
    () => undefined,
  );
  if (blocking > 0) return false;
  const layerIndex = index.rows[row]!.layer.index;
  return !(taken?.get(layerIndex) ?? []).some(
    (other) => other.start < span.end - 1e-6 && span.start < other.end - 1e-6,
  );
}

/**
 * The layer (index) for an item of `type` over `span`: `preferred` when it can take it, else the
 * first in display order; null when none has room.
 */
export function layerWithRoom(
  index: TimelineIndex,
  type: TimelineItem['type'],
  span: Span,
  preferred: number | null,
  taken?: Taken,
): number | null {
  const fits = (row: number) => {
    const layer = index.rows[row]!.layer;
    return !isLocked(layer) && layerAccepts(layer.kind, type) && roomOn(index, row, span, taken);
  };
  const preferredRow = preferred === null ? undefined : index.rowOfLayer.get(preferred);
  if (preferredRow !== undefined && fits(preferredRow)) return preferred;
  for (let row = 0; row < index.rows.length; row += 1)
    if (fits(row)) return index.rows[row]!.layer.index;
  return null;
}

/**
 * Where a new item of `type` goes from `start`: the first layer taking it (preferring kinds in
 * order) with `length` free; else the layer with the most room, at least `minLength` (the span
 * shortened to its next item). Null when no layer has `minLength` free there.
 */
export function roomFrom(
  index: TimelineIndex,
  type: TimelineItem['type'],
  start: number,
  length: number,
  minLength: number,
  kinds: ReadonlyArray<string>,
): { layerIndex: number; span: Span } | null {
  const rows = [...index.rows].sort(
    (a, b) =>
      (kinds.indexOf(a.layer.kind) + 1 || 99) - (kinds.indexOf(b.layer.kind) + 1 || 99) ||
      a.row - b.row,
  );
  let best: { layerIndex: number; span: Span } | null = null;
  for (const row of rows) {
    if (isLocked(row.layer) || !layerAccepts(row.layer.kind, type)) continue;
    let end = start + length;
    let blocked = false;
    forEachItemInRange(row, start, start + length, (item) => {
      if (item.start_seconds <= start + 1e-6) blocked = true;
      else end = Math.min(end, item.start_seconds);
    });
    if (blocked || end - start < minLength - 1e-6) continue;
    const room = { layerIndex: row.layer.index, span: { start, end: roundMs(end) } };
    if (end - start >= length - 1e-6) return room;
    if (!best || end > best.span.end + 1e-6) best = room;
  }
  return best;
}

/** Marks a span taken on a layer (for the next items of the same gesture). */
export function take(taken: Taken, layerIndex: number, span: Span): void {
  taken.set(layerIndex, [...(taken.get(layerIndex) ?? []), span]);
}
