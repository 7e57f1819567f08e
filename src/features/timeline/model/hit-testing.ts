/**
 * What is under a pointer: the ruler, an item body, one of its trim handles, or empty space.
 * Uses the timeline index, never Konva's hit graph (the items layer does not listen).
 */
import { forEachItemInRange, type TimelineIndex } from './timeline-index.ts';
import {
  RULER_HEIGHT,
  ROW_HEIGHT,
  rowTop,
  timeToX,
  xToTime,
  yToRow,
  type Viewport,
} from './time-scale.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

/** Width of a trim handle at each end of an item, in CSS pixels. */
export const HANDLE_PX = 6;
/** Items narrower than this have no handles (the whole item is a move target). */
export const MIN_WIDTH_FOR_HANDLES = HANDLE_PX * 3;
/** Vertical inset of an item inside its row. */
export const ITEM_INSET = 4;

export type HitZone = 'body' | 'trim-start' | 'trim-end';

export type Hit =
  | { kind: 'ruler'; seconds: number }
  | { kind: 'item'; item: TimelineItem; zone: HitZone; row: number }
  | { kind: 'empty'; row: number | null; seconds: number }
  | { kind: 'outside' };

export function hitTest(index: TimelineIndex, view: Viewport, x: number, y: number): Hit {
  if (x < 0 || y < 0 || x > view.width || y > view.height) return { kind: 'outside' };
  const seconds = xToTime(x, view);
  if (y < RULER_HEIGHT) return { kind: 'ruler', seconds: Math.max(0, seconds) };
  const rowNumber = yToRow(y, view);
  const row = index.rows[rowNumber];
  if (!row) return { kind: 'empty', row: null, seconds };
  const top = rowTop(rowNumber, view);
  if (y < top + ITEM_INSET || y > top + ROW_HEIGHT - ITEM_INSET)
    return { kind: 'empty', row: rowNumber, seconds };
  // A pixel of slack either side so one-pixel-wide items stay clickable.
  const slack = 1 / view.pxPerSecond;
  let found: TimelineItem | undefined;
  forEachItemInRange(row, seconds - slack, seconds + slack, (item) => {
    found = item; // Later (higher start) items are drawn on top, so the last match wins.
  });
  if (!found) return { kind: 'empty', row: rowNumber, seconds };
  const left = timeToX(found.start_seconds, view);
  const right = timeToX(found.end_seconds, view);
  let zone: HitZone = 'body';
  if (right - left >= MIN_WIDTH_FOR_HANDLES) {
    if (x - left <= HANDLE_PX) zone = 'trim-start';
    else if (right - x <= HANDLE_PX) zone = 'trim-end';
  }
  return { kind: 'item', item: found, zone, row: rowNumber };
}

/** Screen rectangle of an item (unclipped), or null when the item is not in the index. */
export function itemScreenRect(
  index: TimelineIndex,
  view: Viewport,
  itemId: string,
): { x: number; y: number; width: number; height: number } | null {
  const ref = index.byId.get(itemId);
  if (!ref) return null;
  const x = timeToX(ref.item.start_seconds, view);
  return {
    x,
    y: rowTop(ref.row, view) + ITEM_INSET,
    width: Math.max(1, timeToX(ref.item.end_seconds, view) - x),
    height: ROW_HEIGHT - ITEM_INSET * 2,
  };
}
