/**
 * What a drag shows over the timeline's band: the overlay layer (trim ghosts and their snap line,
 * what a selection box selects) and where a move drag's ghosts go (DOM boxes, with their label and
 * snap marker). Plain functions over a 2D context, unit-tested without a browser.
 */
import { ITEM_INSET } from '../model/hit-testing.ts';
import { idSet } from '../model/group-move.ts';
import { forEachItemInRange, type TimelineIndex } from '../model/timeline-index.ts';
import { formatTimecode } from '../model/ruler.ts';
import {
  RULER_HEIGHT,
  ROW_HEIGHT,
  rowTop,
  timeToX,
  visibleRowRange,
  visibleTimeRange,
  type Viewport,
} from '../model/time-scale.ts';
import { trimmedItem } from '../model/trim.ts';
import type { DragState } from '../state/timeline-state.ts';
import { type Ctx, SELECTION, SMALL_FONT, strokeBatch } from './timeline-drawing.ts';
import { TYPE_STYLE } from './type-style.ts';

const SNAP = '#22d3ee';

export interface OverlayState {
  drag: DragState | null;
  /** The selection as it was when the drag started (a toggling box shows what it deselects). */
  selection: ReadonlySet<string>;
  /** For a move drag: whether the drop would overlap another item. */
  blocked: boolean;
}

/**
 * The trim and selection-box layer: trim ghosts, their snap line, the box and what it selects.
 * (The playhead is a DOM element, so scrolling and zooming do not redraw this layer; it is hidden
 * when no trim or box is in progress. Move ghosts are DOM boxes: see moveGhostBoxes.)
 */
export function drawOverlay(
  ctx: Ctx,
  index: TimelineIndex,
  view: Viewport,
  state: OverlayState,
  fps: number,
): number {
  let ghosts = 0;
  const { drag } = state;
  if (drag?.kind === 'trim') ghosts = drawTrimGhosts(ctx, index, view, drag, fps);
  if (drag?.kind === 'trim' && drag.snappedTo) {
    const x = Math.round(timeToX(drag.snappedTo.seconds, view)) + 0.5;
    ctx.strokeStyle = SNAP;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, view.height);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = SNAP;
    ctx.font = SMALL_FONT;
    ctx.textBaseline = 'top';
    ctx.fillText(drag.snappedTo.kind === 'playhead' ? 'playhead' : 'snap', x + 3, RULER_HEIGHT + 2);
  }
  if (drag?.kind === 'marquee')
    ghosts = drawMarqueeSelection(ctx, index, view, drag, state.selection);
  return ghosts;
}

/** The selection box in view coordinates (its corners are content coordinates: auto-scroll). */
export function marqueeBox(
  view: Viewport,
  drag: Extract<DragState, { kind: 'marquee' }>,
): { x: number; y: number; width: number; height: number } {
  return {
    x: Math.min(drag.originX, drag.x) - view.scrollX,
    y: Math.min(drag.originY, drag.y) - view.scrollY,
    width: Math.abs(drag.x - drag.originX),
    height: Math.abs(drag.y - drag.originY),
  };
}

function ghostBox(
  ctx: Ctx,
  x: number,
  top: number,
  width: number,
  height: number,
  color: string,
): void {
  ctx.fillStyle = color;
  ctx.globalAlpha = GHOST_ALPHA;
  ctx.fillRect(x, top, Math.max(1, width), height);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 1;
  if (width >= 4) {
    ctx.setLineDash([4, 2]);
    ctx.strokeRect(x + 0.5, top + 0.5, width - 1, height - 1);
    ctx.setLineDash([]);
  }
}

type MoveDrag = Extract<DragState, { kind: 'move' }>;

/** One ghost of a move drag, in view coordinates. */
export interface GhostBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Its fill (drawn at GHOST_ALPHA), red when the drop would be refused. */
  color: string;
}

export const GHOST_ALPHA = 0.55;

/**
 * The ghosts of a move drag at its `delta` and `rowOffset`, in view coordinates, for the items in
 * the view and up to `marginPx` past each side of it (the controller lays them out once, as DOM
 * boxes in a layer it then only moves while the pointer moves). Items sharing a pixel column are
 * one ghost.
 */
export function moveGhostBoxes(
  index: TimelineIndex,
  view: Viewport,
  drag: Pick<MoveDrag, 'ids' | 'delta' | 'rowOffset'>,
  blocked: boolean,
  marginPx = 0,
): GhostBox[] {
  const moving = idSet(drag.ids);
  const rows = visibleRowRange(view, index.rows.length);
  const range = visibleTimeRange(view, 2 + marginPx);
  const height = ROW_HEIGHT - ITEM_INSET * 2;
  const boxes: GhostBox[] = [];
  for (let r = rows.first; r <= rows.last; r += 1) {
    const source = index.rows[r - drag.rowOffset];
    if (!source) continue;
    const top = rowTop(r, view) + ITEM_INSET;
    let lastPixel = -Infinity;
    forEachItemInRange(source, range.start - drag.delta, range.end - drag.delta, (item) => {
      if (!moving.has(item.id)) return;
      const x0 = timeToX(item.start_seconds + drag.delta, view);
      const width = (item.end_seconds - item.start_seconds) * view.pxPerSecond;
      if (width < 2) {
        const pixel = Math.floor(x0);
        if (pixel === lastPixel) return;
        lastPixel = pixel;
      }
      boxes.push({
        x: x0,
        y: top,
        width: Math.max(1, width),
        height,
        color: blocked ? '#dc2626' : TYPE_STYLE[item.type].selected,
      });
    });
  }
  return boxes;
}

/** The label above the first dragged item: where it would start (or "overlap"), view coordinates. */
export function moveLabel(
  index: TimelineIndex,
  view: Viewport,
  drag: MoveDrag,
  blocked: boolean,
  fps: number,
): { x: number; y: number; text: string } | null {
  const first = index.byId.get(drag.ids[0] ?? '');
  if (!first) return null;
  const start = first.item.start_seconds + drag.delta;
  return {
    x: timeToX(start, view),
    y: Math.max(RULER_HEIGHT, rowTop(first.row + drag.rowOffset, view) - 14),
    text: blocked ? 'overlap' : formatTimecode(start, fps, true),
  };
}

/** The snap line of a move drag (what it snapped to), in view coordinates. */
export function snapMarker(
  view: Viewport,
  drag: MoveDrag,
): { x: number; label: 'playhead' | 'snap' } | null {
  if (!drag.snappedTo) return null;
  return {
    x: Math.round(timeToX(drag.snappedTo.seconds, view)),
    label: drag.snappedTo.kind === 'playhead' ? 'playhead' : 'snap',
  };
}

function drawTrimGhosts(
  ctx: Ctx,
  index: TimelineIndex,
  view: Viewport,
  drag: Extract<DragState, { kind: 'trim' }>,
  fps: number,
): number {
  let drawn = 0;
  for (const id of drag.ids) {
    const ref = index.byId.get(id);
    if (!ref) continue;
    const next = trimmedItem(
      ref.item,
      drag.edge === 'start' ? drag.delta : 0,
      drag.edge === 'end' ? drag.delta : 0,
    );
    const x0 = timeToX(next.start_seconds, view);
    const x1 = timeToX(next.end_seconds, view);
    if (x1 < 0 || x0 > view.width) continue;
    const top = rowTop(ref.row, view) + ITEM_INSET;
    ghostBox(
      ctx,
      x0,
      top,
      x1 - x0,
      ROW_HEIGHT - ITEM_INSET * 2,
      TYPE_STYLE[ref.item.type].selected,
    );
    drawn += 1;
    if (drawn === 1) {
      const edgeTime = drag.edge === 'start' ? next.start_seconds : next.end_seconds;
      const x = drag.edge === 'start' ? x0 : x1 - 64;
      ctx.fillStyle = '#020617';
      ctx.fillRect(x, Math.max(RULER_HEIGHT, top - 14), 64, 14);
      ctx.fillStyle = '#ffffff';
      ctx.font = SMALL_FONT;
      ctx.textBaseline = 'top';
      ctx.fillText(
        formatTimecode(edgeTime, fps, true),
        x + 3,
        Math.max(RULER_HEIGHT, top - 14) + 2,
      );
    }
  }
  return drawn;
}

/**
 * What the selection box selects, outlined on the overlay: the items layer is not redrawn while the
 * box moves (it redraws once, when the selection changes on release). Outlines are batched into
 * two paths whatever the count; items sharing a pixel column are outlined once. With `only`, just
 * those items are drawn (a growing box adds to what the canvas already shows).
 */
export function drawMarqueeSelection(
  ctx: Ctx,
  index: TimelineIndex,
  view: Viewport,
  drag: Extract<DragState, { kind: 'marquee' }>,
  selection: ReadonlySet<string>,
  only?: ReadonlySet<string>,
): number {
  if (drag.inRect.size === 0 || only?.size === 0) return 0;
  const rows = visibleRowRange(view, index.rows.length);
  const range = visibleTimeRange(view, 2);
  const height = ROW_HEIGHT - ITEM_INSET * 2;
  const selecting: number[] = [];
  const deselecting: number[] = [];
  for (let r = rows.first; r <= rows.last; r += 1) {
    const top = rowTop(r, view) + ITEM_INSET;
    let lastPixel = -Infinity;
    forEachItemInRange(index.rows[r]!, range.start, range.end, (item) => {
      if (!drag.inRect.has(item.id) || (only && !only.has(item.id))) return;
      const x0 = timeToX(item.start_seconds, view);
      const width = Math.max(2, timeToX(item.end_seconds, view) - x0);
      const pixel = Math.floor(x0);
      if (width <= 2 && pixel === lastPixel) return;
      lastPixel = pixel;
      const list = drag.mode === 'toggle' && selection.has(item.id) ? deselecting : selecting;
      list.push(x0, top, width);
    });
  }
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, RULER_HEIGHT, view.width, view.height - RULER_HEIGHT);
  ctx.clip();
  ctx.fillStyle = 'rgba(250,204,21,0.25)';
  ctx.beginPath();
  for (let i = 0; i < selecting.length; i += 3)
    ctx.rect(selecting[i]!, selecting[i + 1]!, selecting[i + 2]!, height);
  ctx.fill();
  strokeBatch(ctx, selecting, height, SELECTION, 2);
  ctx.setLineDash([3, 2]);
  strokeBatch(ctx, deselecting, height, '#0f172a', 2);
  ctx.setLineDash([]);
  ctx.restore();
  return (selecting.length + deselecting.length) / 3;
}
