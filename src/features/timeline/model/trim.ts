/**
 * Trimming one edge of one or more items by the same delta, limited so every item keeps at least
 * one frame, starts at 0 s or later and never reads before the start of its source media.
 */
import type { TimelineIndex } from './timeline-index.ts';
import { frameTime, roundMs } from './time-scale.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

export type TrimEdge = 'start' | 'end';

export interface ItemTrim {
  itemId: string;
  startDelta: number;
  endDelta: number;
}

/** The range of deltas one item allows for one edge. */
export function trimLimits(
  item: TimelineItem,
  edge: TrimEdge,
  fps: number,
): { min: number; max: number } {
  const oneFrame = frameTime(1, fps > 0 ? fps : 30);
  const length = item.end_seconds - item.start_seconds;
  if (edge === 'start') {
    const earliest = Math.max(
      -item.start_seconds,
      item.source_start_seconds === null ? -Infinity : -item.source_start_seconds,
    );
    return { min: earliest || 0, max: length - oneFrame };
  }
  return { min: -(length - oneFrame), max: Infinity };
}

/**
 * How far an edge may extend before it meets the neighbouring item on its row (the service
 * clamps there with a warning; the editor stops there so the ghost shows what will happen).
 */
export function neighbourLimit(index: TimelineIndex, item: TimelineItem, edge: TrimEdge): number {
  const ref = index.byId.get(item.id);
  const row = ref ? index.rows[ref.row] : undefined;
  if (!ref || !row) return edge === 'start' ? -Infinity : Infinity;
  if (edge === 'start') {
    const previous = row.items[ref.position - 1];
    return previous ? Math.min(0, previous.end_seconds - item.start_seconds) : -Infinity;
  }
  const next = row.items[ref.position + 1];
  return next ? Math.max(0, next.start_seconds - item.end_seconds) : Infinity;
}

export function clampTrimDelta(
  items: readonly TimelineItem[],
  edge: TrimEdge,
  delta: number,
  fps: number,
  index?: TimelineIndex,
): number {
  let min = -Infinity;
  let max = Infinity;
  for (const item of items) {
    const limits = trimLimits(item, edge, fps);
    min = Math.max(min, limits.min);
    max = Math.min(max, limits.max);
    if (index) {
      const neighbour = neighbourLimit(index, item, edge);
      if (edge === 'start') min = Math.max(min, neighbour);
      else max = Math.min(max, neighbour);
    }
  }
  if (min > max) return 0;
  // `|| 0` turns -0 into 0.
  return roundMs(Math.min(max, Math.max(min, delta))) || 0;
}

export function planGroupTrim(
  index: TimelineIndex,
  ids: Iterable<string>,
  edge: TrimEdge,
  wantedDelta: number,
  fps: number,
): { delta: number; trims: ItemTrim[] } {
  const items = [...ids]
    .map((id) => index.byId.get(id)?.item)
    .filter((item): item is TimelineItem => !!item);
  const delta = clampTrimDelta(items, edge, wantedDelta, fps, index);
  if (delta === 0) return { delta, trims: [] };
  return {
    delta,
    trims: items.map((item) => ({
      itemId: item.id,
      startDelta: edge === 'start' ? delta : 0,
      endDelta: edge === 'end' ? delta : 0,
    })),
  };
}

/**
 * The item as it will look after a trim (used for ghosts and optimistic updates, and settled from
 * the service's answer when it applied the trim as sent): the source in- and out-points move with
 * the edges; an image's source is the still itself, from 0 s for as long as it shows (as the
 * service keeps it: the simulator's planTrim).
 */
export function trimmedItem(
  item: TimelineItem,
  startDelta: number,
  endDelta: number,
): TimelineItem {
  const start = roundMs(item.start_seconds + startDelta);
  const end = roundMs(item.end_seconds + endDelta);
  if (item.type === 'image' && item.source_end_seconds !== null)
    return {
      ...item,
      start_seconds: start,
      end_seconds: end,
      source_start_seconds: 0,
      source_end_seconds: roundMs(Math.max(0, end - start)),
    };
  return {
    ...item,
    start_seconds: start,
    end_seconds: end,
    source_start_seconds:
      item.source_start_seconds === null ? null : roundMs(item.source_start_seconds + startDelta),
    source_end_seconds:
      item.source_end_seconds === null ? null : roundMs(item.source_end_seconds + endDelta),
  };
}
