/**
 * Canvas drawing of the timeline: the static layer (background, rows, grid, ruler), the items
 * layer (only what is visible, with level of detail by on-screen width) and the overlay layer
 * (playhead, drag ghosts, snap line, marquee). Plain functions over a 2D context so that culling
 * is unit-tested without a browser.
 */
import { ITEM_INSET, MIN_WIDTH_FOR_HANDLES, HANDLE_PX } from '../model/hit-testing.ts';
import { forEachItemInRange, type TimelineIndex } from '../model/timeline-index.ts';
import { rulerTicks, formatTimecode } from '../model/ruler.ts';
import {
  RULER_HEIGHT,
  ROW_HEIGHT,
  rowTop,
  timeToX,
  visibleRowRange,
  visibleTimeRange,
  type Viewport,
} from '../model/time-scale.ts';
import type { TimelineItem, TimelineItemType } from '../model/timeline-types.ts';
import { trimmedItem } from '../model/trim.ts';
import type { DragState } from '../state/editor-store.ts';

/** The subset of CanvasRenderingContext2D the drawing uses (a recording fake in tests). */
export type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'rect'
  | 'arc'
  | 'save'
  | 'restore'
  | 'clip'
  | 'drawImage'
  | 'setLineDash'
> & {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  font: string;
  globalAlpha: number;
  textBaseline: CanvasTextBaseline;
  textAlign: CanvasTextAlign;
};

export const TYPE_STYLE: Record<TimelineItemType, { fill: string; selected: string; label: string }> = {
  video: { fill: '#4f46e5', selected: '#6366f1', label: 'Video' },
  image: { fill: '#0e7490', selected: '#0891b2', label: 'Image' },
  audio: { fill: '#047857', selected: '#059669', label: 'Audio' },
  text: { fill: '#b45309', selected: '#d97706', label: 'Text' },
  caption: { fill: '#be185d', selected: '#db2777', label: 'Caption' },
  overlay: { fill: '#6d28d9', selected: '#7c3aed', label: 'Overlay' },
};

const FONT = '12px system-ui, -apple-system, "Segoe UI", sans-serif';
const SMALL_FONT = '10px system-ui, -apple-system, "Segoe UI", sans-serif';
/** Average glyph width at 12px, to truncate names without measuring every frame. */
const CHAR_PX = 6.6;
const SELECTION = '#facc15';
const PLAYHEAD = '#ef4444';
const SNAP = '#22d3ee';

export interface ThumbnailSource {
  /** A loaded image for the URL, or null (not loaded yet: a placeholder is drawn). */
  get(url: string): CanvasImageSource | null;
}

function truncate(text: string, width: number): string | null {
  const chars = Math.floor(width / CHAR_PX);
  if (chars < 2) return null;
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

export function drawStatic(ctx: Ctx, index: TimelineIndex, view: Viewport, fps: number): void {
  ctx.fillStyle = '#0f172a';
  ctx.fillRect(0, 0, view.width, view.height);
  const rows = visibleRowRange(view, index.rows.length);
  for (let row = rows.first; row <= rows.last; row += 1) {
    ctx.fillStyle = row % 2 === 0 ? '#1e293b' : '#172033';
    ctx.fillRect(0, rowTop(row, view), view.width, ROW_HEIGHT);
  }
  const ticks = rulerTicks(view, fps);
  // Grid lines at labelled ticks.
  ctx.fillStyle = '#334155';
  for (const tick of ticks.major) ctx.fillRect(Math.round(tick.x), RULER_HEIGHT, 1, view.height - RULER_HEIGHT);
  // Ruler.
  ctx.fillStyle = '#020617';
  ctx.fillRect(0, 0, view.width, RULER_HEIGHT);
  ctx.fillStyle = '#475569';
  for (const x of ticks.minor) ctx.fillRect(Math.round(x), RULER_HEIGHT - 6, 1, 6);
  ctx.fillStyle = '#94a3b8';
  ctx.font = SMALL_FONT;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  for (const tick of ticks.major) {
    ctx.fillRect(Math.round(tick.x), RULER_HEIGHT - 12, 1, 12);
    ctx.fillText(tick.label, Math.round(tick.x) + 3, 4);
  }
  ctx.fillStyle = '#334155';
  ctx.fillRect(0, RULER_HEIGHT - 1, view.width, 1);
}

function drawIcon(ctx: Ctx, type: TimelineItemType, x: number, y: number): void {
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.lineWidth = 1;
  switch (type) {
    case 'video':
      ctx.strokeRect(x + 0.5, y + 2.5, 11, 8);
      ctx.fillRect(x + 2, y + 4, 2, 2);
      ctx.fillRect(x + 8, y + 4, 2, 2);
      ctx.fillRect(x + 2, y + 7, 2, 2);
      ctx.fillRect(x + 8, y + 7, 2, 2);
      break;
    case 'image':
      ctx.strokeRect(x + 0.5, y + 1.5, 11, 10);
      ctx.beginPath();
      ctx.moveTo(x + 2, y + 10);
      ctx.lineTo(x + 5, y + 6);
      ctx.lineTo(x + 7, y + 8);
      ctx.lineTo(x + 9, y + 5);
      ctx.lineTo(x + 11, y + 10);
      ctx.closePath();
      ctx.fill();
      break;
    case 'audio':
      for (const [dx, h] of [
        [1, 4],
        [4, 9],
        [7, 6],
        [10, 10],
      ] as const) {
        ctx.fillRect(x + dx, y + 6 - h / 2 + 1, 2, h);
      }
      break;
    case 'text':
      ctx.font = 'bold 12px serif';
      ctx.textBaseline = 'top';
      ctx.fillText('T', x + 2, y);
      break;
    case 'caption':
      ctx.strokeRect(x + 0.5, y + 2.5, 12, 8);
      ctx.font = 'bold 7px sans-serif';
      ctx.textBaseline = 'top';
      ctx.fillText('CC', x + 2, y + 4);
      break;
    case 'overlay':
      ctx.strokeRect(x + 0.5, y + 0.5, 8, 8);
      ctx.fillRect(x + 4, y + 4, 8, 8);
      break;
  }
}

export interface DrawItemsOptions {
  selection: ReadonlySet<string>;
  /** Items being dragged: drawn faded in place (the ghost is on the overlay layer). */
  moving: ReadonlySet<string> | null;
  thumbnails: ThumbnailSource;
}

/**
 * Draws the visible items; returns how many were drawn. Level of detail: below 2 px an item is a
 * bar (items sharing a pixel column are drawn once), from 24 px an icon, from 44 px the name, from
 * 40 px a thumbnail strip for video and image items.
 */
export function drawItems(ctx: Ctx, index: TimelineIndex, view: Viewport, options: DrawItemsOptions): number {
  const { selection, moving, thumbnails } = options;
  const rows = visibleRowRange(view, index.rows.length);
  const range = visibleTimeRange(view, 2);
  let drawn = 0;
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, RULER_HEIGHT, view.width, view.height - RULER_HEIGHT);
  ctx.clip();
  ctx.font = FONT;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  for (let r = rows.first; r <= rows.last; r += 1) {
    const row = index.rows[r]!;
    const top = rowTop(r, view) + ITEM_INSET;
    const height = ROW_HEIGHT - ITEM_INSET * 2;
    let lastPixel = -Infinity;
    forEachItemInRange(row, range.start, range.end, (item) => {
      const x0 = timeToX(item.start_seconds, view);
      const x1 = timeToX(item.end_seconds, view);
      const width = x1 - x0;
      const selected = selection.has(item.id);
      if (width < 2 && !selected) {
        const pixel = Math.floor(x0);
        if (pixel === lastPixel) return;
        lastPixel = pixel;
      }
      drawn += 1;
      const faded = moving?.has(item.id) ?? false;
      if (faded) ctx.globalAlpha = 0.35;
      drawItemBox(ctx, item, x0, top, width, height, selected, thumbnails, view.width);
      if (faded) ctx.globalAlpha = 1;
    });
  }
  ctx.restore();
  return drawn;
}

function drawItemBox(
  ctx: Ctx,
  item: TimelineItem,
  x0: number,
  top: number,
  width: number,
  height: number,
  selected: boolean,
  thumbnails: ThumbnailSource,
  viewWidth: number,
): void {
  const style = TYPE_STYLE[item.type];
  const w = Math.max(1, width);
  ctx.fillStyle = selected ? style.selected : style.fill;
  ctx.fillRect(x0, top, w, height);
  if (w >= 40 && (item.type === 'video' || item.type === 'image') && item.thumbnail_url) {
    drawThumbnailStrip(ctx, item.thumbnail_url, x0, top, w, height, thumbnails, viewWidth);
  }
  if (w >= 6) {
    ctx.strokeStyle = 'rgba(15,23,42,0.9)';
    ctx.lineWidth = 1;
    ctx.strokeRect(x0 + 0.5, top + 0.5, w - 1, height - 1);
  }
  if (w >= 24) {
    // Keep the label in view when the item starts left of the screen.
    const labelX = Math.max(x0, 0) + 4;
    const room = x0 + w - labelX - 4;
    if (room >= 14) drawIcon(ctx, item.type, labelX, top + 4);
    if (room >= 40) {
      const text = truncate(item.name, room - 18);
      if (text) {
        ctx.font = FONT;
        ctx.textBaseline = 'top';
        ctx.fillStyle = '#ffffff';
        ctx.fillText(text, labelX + 17, top + 4);
      }
    }
    if (item.effects.length > 0 && room >= 30) drawEffectBadge(ctx, item, Math.min(x0 + w, viewWidth) - 4, top + 3, room >= 90);
  }
  if (w >= MIN_WIDTH_FOR_HANDLES && selected) {
    ctx.fillStyle = SELECTION;
    ctx.fillRect(x0, top, HANDLE_PX / 2, height);
    ctx.fillRect(x0 + w - HANDLE_PX / 2, top, HANDLE_PX / 2, height);
  }
  if (selected) {
    ctx.strokeStyle = SELECTION;
    ctx.lineWidth = 2;
    ctx.strokeRect(x0 + 1, top + 1, Math.max(0, w - 2), height - 2);
  }
}

function drawThumbnailStrip(
  ctx: Ctx,
  url: string,
  x0: number,
  top: number,
  width: number,
  height: number,
  thumbnails: ThumbnailSource,
  viewWidth: number,
): void {
  const stripTop = top + 20;
  const stripHeight = height - 22;
  if (stripHeight < 12) return;
  const tile = Math.round((stripHeight * 9) / 16);
  const image = thumbnails.get(url);
  const from = Math.max(x0 + 2, x0 + 2 + Math.floor((0 - x0) / tile) * tile);
  const to = Math.min(x0 + width - 2, viewWidth);
  ctx.fillStyle = 'rgba(15,23,42,0.35)';
  ctx.fillRect(Math.max(x0 + 2, 0), stripTop, Math.max(0, to - Math.max(x0 + 2, 0)), stripHeight);
  if (!image) return;
  for (let x = from; x < to; x += tile) {
    const w = Math.min(tile, to - x);
    if (w <= 2) break;
    ctx.drawImage(image, 0, 0, 90 * (w / tile), 160, x, stripTop, w, stripHeight);
  }
}

function drawEffectBadge(ctx: Ctx, item: TimelineItem, right: number, top: number, wide: boolean): void {
  const zoom = item.effects.some((effect) => effect.effect_type === 'zoom');
  const label = wide ? (zoom ? '⌕ zoom' : `${item.effects.length} fx`) : zoom ? '⌕' : 'fx';
  const width = wide ? 44 : 14;
  ctx.fillStyle = '#f8fafc';
  ctx.fillRect(right - width, top, width, 14);
  ctx.fillStyle = '#0f172a';
  ctx.font = SMALL_FONT;
  ctx.textBaseline = 'top';
  ctx.fillText(label, right - width + 3, top + 2);
}

export interface OverlayState {
  playhead: number;
  drag: DragState | null;
  /** For a move drag: whether the drop would overlap another item. */
  blocked: boolean;
}

export function drawOverlay(ctx: Ctx, index: TimelineIndex, view: Viewport, state: OverlayState, fps: number): number {
  let ghosts = 0;
  const { drag } = state;
  if (drag?.kind === 'move') ghosts = drawMoveGhosts(ctx, index, view, drag, state.blocked, fps);
  if (drag?.kind === 'trim') ghosts = drawTrimGhosts(ctx, index, view, drag, fps);
  if ((drag?.kind === 'move' || drag?.kind === 'trim') && drag.snappedTo) {
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
  if (drag?.kind === 'marquee') {
    // Marquee corners are content coordinates (they survive auto-scroll).
    const x = Math.min(drag.originX, drag.x) - view.scrollX;
    const y = Math.min(drag.originY, drag.y) - view.scrollY;
    ctx.fillStyle = 'rgba(250,204,21,0.12)';
    ctx.fillRect(x, y, Math.abs(drag.x - drag.originX), Math.abs(drag.y - drag.originY));
    ctx.strokeStyle = SELECTION;
    ctx.lineWidth = 1;
    ctx.strokeRect(x + 0.5, y + 0.5, Math.abs(drag.x - drag.originX), Math.abs(drag.y - drag.originY));
  }
  const px = Math.round(timeToX(state.playhead, view)) + 0.5;
  if (px >= -8 && px <= view.width + 8) {
    ctx.strokeStyle = PLAYHEAD;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(px, RULER_HEIGHT - 8);
    ctx.lineTo(px, view.height);
    ctx.stroke();
    ctx.fillStyle = PLAYHEAD;
    ctx.beginPath();
    ctx.moveTo(px - 6, RULER_HEIGHT - 12);
    ctx.lineTo(px + 6, RULER_HEIGHT - 12);
    ctx.lineTo(px, RULER_HEIGHT - 4);
    ctx.closePath();
    ctx.fill();
  }
  return ghosts;
}

function ghostBox(ctx: Ctx, x: number, top: number, width: number, height: number, color: string): void {
  ctx.fillStyle = color;
  ctx.globalAlpha = 0.55;
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

function drawMoveGhosts(
  ctx: Ctx,
  index: TimelineIndex,
  view: Viewport,
  drag: Extract<DragState, { kind: 'move' }>,
  blocked: boolean,
  fps: number,
): number {
  const moving = new Set(drag.ids);
  const rows = visibleRowRange(view, index.rows.length);
  const range = visibleTimeRange(view, 2);
  let drawn = 0;
  for (let r = rows.first; r <= rows.last; r += 1) {
    const source = index.rows[r - drag.rowOffset];
    if (!source) continue;
    const top = rowTop(r, view) + ITEM_INSET;
    const height = ROW_HEIGHT - ITEM_INSET * 2;
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
      ghostBox(ctx, x0, top, width, height, blocked ? '#dc2626' : TYPE_STYLE[item.type].selected);
      drawn += 1;
    });
  }
  const first = index.byId.get(drag.ids[0] ?? '');
  if (first) {
    const start = first.item.start_seconds + drag.delta;
    const x = timeToX(start, view);
    const y = rowTop(first.row + drag.rowOffset, view) - 14;
    ctx.fillStyle = blocked ? '#dc2626' : '#020617';
    ctx.fillRect(x, Math.max(RULER_HEIGHT, y), 64, 14);
    ctx.fillStyle = '#ffffff';
    ctx.font = SMALL_FONT;
    ctx.textBaseline = 'top';
    ctx.fillText(blocked ? 'overlap' : formatTimecode(start, fps, true), x + 3, Math.max(RULER_HEIGHT, y) + 2);
  }
  return drawn;
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
    const next = trimmedItem(ref.item, drag.edge === 'start' ? drag.delta : 0, drag.edge === 'end' ? drag.delta : 0);
    const x0 = timeToX(next.start_seconds, view);
    const x1 = timeToX(next.end_seconds, view);
    if (x1 < 0 || x0 > view.width) continue;
    const top = rowTop(ref.row, view) + ITEM_INSET;
    ghostBox(ctx, x0, top, x1 - x0, ROW_HEIGHT - ITEM_INSET * 2, TYPE_STYLE[ref.item.type].selected);
    drawn += 1;
    if (drawn === 1) {
      const edgeTime = drag.edge === 'start' ? next.start_seconds : next.end_seconds;
      const x = drag.edge === 'start' ? x0 : x1 - 64;
      ctx.fillStyle = '#020617';
      ctx.fillRect(x, Math.max(RULER_HEIGHT, top - 14), 64, 14);
      ctx.fillStyle = '#ffffff';
      ctx.font = SMALL_FONT;
      ctx.textBaseline = 'top';
      ctx.fillText(formatTimecode(edgeTime, fps, true), x + 3, Math.max(RULER_HEIGHT, top - 14) + 2);
    }
  }
  return drawn;
}
