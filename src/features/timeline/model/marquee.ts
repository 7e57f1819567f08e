/**
 * Rubber-band selection: the items a screen rectangle touches, combined with the prior selection.
 */
import { forEachItemInRange, type TimelineIndex } from './timeline-index.ts';
import { ITEM_INSET } from './hit-testing.ts';
import { ROW_HEIGHT, rowTop, xToTime, type Viewport } from './time-scale.ts';

export interface ScreenRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Normalises a rectangle given by two corners. */
export function rectFromPoints(ax: number, ay: number, bx: number, by: number): ScreenRect {
  return {
    x: Math.min(ax, bx),
    y: Math.min(ay, by),
    width: Math.abs(bx - ax),
    height: Math.abs(by - ay),
  };
}

export function itemsInMarquee(index: TimelineIndex, view: Viewport, rect: ScreenRect): string[] {
  const start = xToTime(rect.x, view);
  const end = xToTime(rect.x + rect.width, view);
  const ids: string[] = [];
  for (const row of index.rows) {
    const top = rowTop(row.row, view) + ITEM_INSET;
    const bottom = top + ROW_HEIGHT - ITEM_INSET * 2;
    if (bottom < rect.y || top > rect.y + rect.height) continue;
    // Touching is enough: an item whose edge lies inside the band is selected.
    forEachItemInRange(row, start, end + 1e-9, (item) => ids.push(item.id));
  }
  return ids;
}

export type MarqueeMode = 'replace' | 'add' | 'toggle';

export function combineSelection(
  previous: ReadonlySet<string>,
  inRect: readonly string[],
  mode: MarqueeMode,
): Set<string> {
  if (mode === 'replace') return new Set(inRect);
  const next = new Set(previous);
  for (const id of inRect) {
    if (mode === 'toggle' && previous.has(id)) next.delete(id);
    else next.add(id);
  }
  return next;
}
