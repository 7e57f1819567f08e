import type { Timeline, TimelineItem, TimelineLayer } from '@/api/schema.gen.ts';
/**
 * A read-only index over a timeline for drawing and hit testing at 10,000 items: layers as display
 * rows, each row's items sorted by start, and an id map. Built once per timeline object.
 */

export interface IndexedRow {
  row: number;
  layer: TimelineLayer;
  /** Items sorted by start (then end, then id). */
  items: TimelineItem[];
  /** Start times, parallel to `items` (binary search without property access). */
  starts: Float64Array;
  /** Longest item on the row, to bound range queries. */
  maxDuration: number;
}

export interface ItemRef {
  item: TimelineItem;
  row: number;
  layerIndex: number;
  /** Position within the row's sorted items. */
  position: number;
}

export interface TimelineIndex {
  timeline: Timeline;
  rows: IndexedRow[];
  rowOfLayer: Map<number, number>;
  byId: Map<string, ItemRef>;
  itemCount: number;
  /** End of the last item (or the timeline's own duration when longer). */
  durationSeconds: number;
}

function compareItems(a: TimelineItem, b: TimelineItem): number {
  return (
    a.start_seconds - b.start_seconds ||
    a.end_seconds - b.end_seconds ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function buildTimelineIndex(timeline: Timeline): TimelineIndex {
  const layers = [...timeline.layers].sort((a, b) => a.index - b.index);
  const rowOfLayer = new Map<number, number>();
  const byId = new Map<string, ItemRef>();
  let duration = timeline.duration_seconds;
  let itemCount = 0;
  const rows = layers.map((layer, row): IndexedRow => {
    rowOfLayer.set(layer.index, row);
    const items = [...layer.items].sort(compareItems);
    const starts = new Float64Array(items.length);
    let maxDuration = 0;
    items.forEach((item, position) => {
      starts[position] = item.start_seconds;
      maxDuration = Math.max(maxDuration, item.end_seconds - item.start_seconds);
      duration = Math.max(duration, item.end_seconds);
      byId.set(item.id, { item, row, layerIndex: layer.index, position });
    });
    itemCount += items.length;
    return { row, layer, items, starts, maxDuration };
  });
  return { timeline, rows, rowOfLayer, byId, itemCount, durationSeconds: duration };
}

/** First position whose start is >= `time` (lower bound). */
export function lowerBound(starts: Float64Array, time: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Calls `visit` for every item of `row` overlapping [start, end) in start order; returns how many.
 * Cost is O(log n + visible), so drawing depends on what is on screen, not on the item count.
 */
export function forEachItemInRange(
  row: IndexedRow,
  start: number,
  end: number,
  visit: (item: TimelineItem, position: number) => void,
): number {
  let count = 0;
  const first = lowerBound(row.starts, start - row.maxDuration);
  for (let position = first; position < row.items.length; position += 1) {
    if (row.starts[position]! >= end) break;
    const item = row.items[position]!;
    if (item.end_seconds <= start) continue;
    visit(item, position);
    count += 1;
  }
  return count;
}

export function itemsInRange(row: IndexedRow, start: number, end: number): TimelineItem[] {
  const found: TimelineItem[] = [];
  forEachItemInRange(row, start, end, (item) => found.push(item));
  return found;
}

/** All items in display order (row, then start): the order of select-next and the item list. */
export function itemsInOrder(index: TimelineIndex): TimelineItem[] {
  return index.rows.flatMap((row) => row.items);
}

/** Items sorted by start across rows (ties: row order), for keyboard next/previous selection. */
export function itemsByTime(index: TimelineIndex): TimelineItem[] {
  return index.rows
    .flatMap((row) => row.items.map((item) => ({ item, row: row.row })))
    .sort((a, b) => a.item.start_seconds - b.item.start_seconds || a.row - b.row)
    .map((entry) => entry.item);
}

const indexes = new WeakMap<Timeline, TimelineIndex>();
const indexesOfLayers = new WeakMap<Timeline['layers'], TimelineIndex>();

/**
 * The index of a timeline object, built once per object (the editor and the canvas share it). A
 * timeline with the same layers as one indexed already (a commit's answer that only gives the
 * revision) shares that index's rows and items.
 */
export function timelineIndexOf(timeline: Timeline): TimelineIndex {
  let index = indexes.get(timeline);
  if (!index) {
    const same = indexesOfLayers.get(timeline.layers);
    index =
      same && same.timeline.duration_seconds === timeline.duration_seconds
        ? { ...same, timeline }
        : buildTimelineIndex(timeline);
    indexes.set(timeline, index);
    indexesOfLayers.set(timeline.layers, index);
  }
  return index;
}
