/**
 * Canvas drawing of the timeline's band: the static layer (the ruler) and the items layer (rows,
 * grid and only what is visible, with level of detail by on-screen width). What a drag shows (the
 * overlay layer, the move ghosts) is drag-drawing.ts. Plain functions over a 2D context so that
 * culling is unit-tested without a browser.
 */
import { ITEM_INSET, MIN_WIDTH_FOR_HANDLES, HANDLE_PX } from '../model/hit-testing.ts';
import { isLocked } from '@/shared-rules/timeline-layer-rules.ts';
import { forEachItemInRange, type TimelineIndex } from '../model/timeline-index.ts';
import { rulerTicks } from '../model/ruler.ts';
import {
  RULER_HEIGHT,
  ROW_HEIGHT,
  rowTop,
  timeToX,
  visibleRowRange,
  visibleTimeRange,
  type Viewport,
} from '../model/time-scale.ts';
import type { TimelineItemType } from '../model/timeline-types.ts';
import { drawSoundEnvelope, soundDrawnAlike } from './sound-envelope.ts';
import { TYPE_STYLE } from './type-style.ts';
import { drawWaveform, hasWaveform, type WaveformSource } from './waveform-drawing.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

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

export const FONT = '12px system-ui, -apple-system, "Segoe UI", sans-serif';
export const SMALL_FONT = '10px system-ui, -apple-system, "Segoe UI", sans-serif';
/** Average glyph width at 12px, to truncate names without measuring every frame. */
const CHAR_PX = 6.6;
export const SELECTION = '#facc15';
/**
 * What the items layer fills under its rows, and the ruler's fill: also each canvas element's CSS
 * background, which makes it opaque for the display compositor (see CanvasController).
 */
export const ROWS_BACKGROUND = '#0f172a';
export const RULER_BACKGROUND = '#020617';

export interface ThumbnailSource {
  /**
   * A repeating pattern of the URL's thumbnail scaled to `height` CSS pixels (one frame every
   * height × 9/16), or null while it loads (a placeholder is drawn).
   */
  pattern(url: string, height: number): CanvasPattern | null;
}

function truncate(text: string, width: number): string | null {
  const chars = Math.floor(width / CHAR_PX);
  if (chars < 2) return null;
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

/**
 * The static layer: the ruler only. Its canvas is the ruler's height (a full-size canvas would be
 * composited again on every scroll and zoom frame for a 28 px band of content).
 */
export function drawStatic(ctx: Ctx, view: Viewport, fps: number): void {
  const ticks = rulerTicks(view, fps);
  ctx.fillStyle = RULER_BACKGROUND;
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

/** Row stripes and grid lines at the ruler's labelled ticks, under the items. */
export function drawBackground(ctx: Ctx, index: TimelineIndex, view: Viewport, fps: number): void {
  ctx.fillStyle = ROWS_BACKGROUND;
  ctx.fillRect(0, RULER_HEIGHT, view.width, view.height - RULER_HEIGHT);
  const rows = visibleRowRange(view, index.rows.length);
  ctx.fillStyle = '#1e293b';
  for (let row = rows.first; row <= rows.last; row += 1) {
    if (row % 2 === 0) ctx.fillRect(0, rowTop(row, view), view.width, ROW_HEIGHT);
  }
  // Locked rows: a diagonal hatch behind their items.
  ctx.strokeStyle = 'rgba(148,163,184,0.18)';
  ctx.lineWidth = 1;
  for (let row = rows.first; row <= rows.last; row += 1) {
    if (!isLocked(index.rows[row]!.layer)) continue;
    const top = rowTop(row, view);
    ctx.beginPath();
    for (let x = -ROW_HEIGHT - (view.scrollX % 12); x < view.width; x += 12) {
      ctx.moveTo(x, top + ROW_HEIGHT);
      ctx.lineTo(x + ROW_HEIGHT, top);
    }
    ctx.stroke();
  }
  ctx.fillStyle = '#334155';
  for (const tick of rulerTicks(view, fps).major) {
    ctx.fillRect(Math.round(tick.x), RULER_HEIGHT, 1, view.height - RULER_HEIGHT);
  }
}

/** Type icons as paths (no font switches: a font change per item is costly at 10,000 items). */
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
      ctx.fillRect(x + 1, y + 5, 2, 4);
      ctx.fillRect(x + 4, y + 2, 2, 9);
      ctx.fillRect(x + 7, y + 4, 2, 6);
      ctx.fillRect(x + 10, y + 1, 2, 10);
      break;
    case 'text':
      // A “T”.
      ctx.fillRect(x + 1, y + 1, 10, 2);
      ctx.fillRect(x + 5, y + 1, 2, 10);
      break;
    case 'caption':
      // A subtitle box with two lines of text.
      ctx.strokeRect(x + 0.5, y + 1.5, 12, 9);
      ctx.fillRect(x + 3, y + 4, 7, 1.5);
      ctx.fillRect(x + 3, y + 7, 5, 1.5);
      break;
    case 'overlay':
      ctx.strokeRect(x + 0.5, y + 0.5, 8, 8);
      ctx.fillRect(x + 4, y + 4, 8, 8);
      break;
  }
}

export interface DrawItemsOptions {
  fps: number;
  selection: ReadonlySet<string>;
  /** Items being dragged: drawn faded in place (the ghost is on the overlay layer). */
  moving: ReadonlySet<string> | null;
  thumbnails: ThumbnailSource;
  /** Audio and video items' waveform peaks (none drawn without it). */
  waveforms?: WaveformSource;
  /**
   * Boxes only (no names, icons, thumbnails or badges), batched like narrow bars: for the frames
   * of a zoom sweep, drawn crisp again once the sweep settles.
   */
  draft?: boolean;
  /**
   * Where the screen's edges are on this canvas (names and badges stay in view): the view's own
   * edges unless the canvas is a band wider than the view.
   */
  pin?: { left: number; right: number };
}

/**
 * Whether the items layer draws two versions of an item the same: what drawItems reads of an item
 * (its id aside). A commit or refetch draws again only the tiles of items not drawn alike: keep
 * this in step with what drawItems and drawItemBox read.
 */
export function drawnAlike(a: TimelineItem, b: TimelineItem): boolean {
  return (
    a.start_seconds === b.start_seconds &&
    a.end_seconds === b.end_seconds &&
    a.type === b.type &&
    a.name === b.name &&
    a.thumbnail_url === b.thumbnail_url &&
    a.asset_id === b.asset_id &&
    a.source_start_seconds === b.source_start_seconds &&
    soundDrawnAlike(a.audio, b.audio) &&
    a.effects.length === b.effects.length &&
    a.effects.every((effect, i) => effect.effect_type === b.effects[i]!.effect_type)
  );
}

/** Below this width an item is a plain bar, drawn in one batched fill per type colour. */
const DETAIL_WIDTH = 24;

/**
 * Draws the visible items; returns how many were drawn. Level of detail: below 2 px an item is a
 * bar (items sharing a pixel column are drawn once), narrow bars are batched into one path per type
 * colour (few state changes however many items), from 24 px an icon and an audio or video item's
 * waveform, from 44 px the name, from 40 px a thumbnail strip for video and image items.
 */
export function drawItems(
  ctx: Ctx,
  index: TimelineIndex,
  view: Viewport,
  options: DrawItemsOptions,
): number {
  const { selection, moving, thumbnails, waveforms } = options;
  const pin = options.pin ?? { left: 0, right: view.width };
  const rows = visibleRowRange(view, index.rows.length);
  const range = visibleTimeRange(view, 2);
  const height = ROW_HEIGHT - ITEM_INSET * 2;
  // Narrow items, batched per (type, selected, faded) as flat [x, y, width] triples.
  const bars = new Map<string, number[]>();
  const outlines: number[] = [];
  const selectedOutlines: number[] = [];
  const detailed: Array<{
    item: TimelineItem;
    x0: number;
    top: number;
    width: number;
    selected: boolean;
    alpha: number;
  }> = [];
  let drawn = 0;
  for (let r = rows.first; r <= rows.last; r += 1) {
    const row = index.rows[r]!;
    const top = rowTop(r, view) + ITEM_INSET;
    const lockedRow = isLocked(row.layer);
    let lastPixel = -Infinity;
    forEachItemInRange(row, range.start, range.end, (item) => {
      const x0 = timeToX(item.start_seconds, view);
      const width = timeToX(item.end_seconds, view) - x0;
      const selected = selection.has(item.id);
      // Dragged items are faded in place (the ghost moves); items on a locked row are dimmed.
      const alpha = moving?.has(item.id) ? 0.35 : lockedRow ? 0.7 : 1;
      if (width < 2) {
        const pixel = Math.floor(x0);
        if (pixel === lastPixel) return;
        lastPixel = pixel;
      }
      drawn += 1;
      if (width >= DETAIL_WIDTH && !options.draft) {
        detailed.push({ item, x0, top, width, selected, alpha });
        return;
      }
      const key = `${item.type}|${selected ? 1 : 0}|${alpha}`;
      let list = bars.get(key);
      if (!list) bars.set(key, (list = []));
      list.push(x0, top, Math.max(1, width));
      if (selected) selectedOutlines.push(x0, top, Math.max(2, width));
      else if (width >= 6) outlines.push(x0, top, width);
    });
  }
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, RULER_HEIGHT, view.width, view.height - RULER_HEIGHT);
  ctx.clip();
  drawBackground(ctx, index, view, options.fps);
  for (const [key, list] of bars) {
    const [type, selected, alpha] = key.split('|') as [TimelineItemType, string, string];
    ctx.globalAlpha = Number(alpha);
    ctx.fillStyle = selected === '1' ? TYPE_STYLE[type].selected : TYPE_STYLE[type].fill;
    ctx.beginPath();
    for (let i = 0; i < list.length; i += 3) ctx.rect(list[i]!, list[i + 1]!, list[i + 2]!, height);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  strokeBatch(ctx, outlines, height, 'rgba(15,23,42,0.9)', 1);
  strokeBatch(ctx, selectedOutlines, height, SELECTION, 2);
  ctx.font = FONT;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  for (const entry of detailed) {
    ctx.globalAlpha = entry.alpha;
    drawItemBox(
      ctx,
      entry.item,
      entry.x0,
      entry.top,
      entry.width,
      height,
      entry.selected,
      thumbnails,
      pin,
      view.width,
      waveforms ? { source: waveforms, pxPerSecond: view.pxPerSecond } : null,
    );
  }
  ctx.globalAlpha = 1;
  ctx.restore();
  return drawn;
}

/** Outlines the boxes of `list` (x, top, width triples) `height` high, as one path. */
export function strokeBatch(
  ctx: Ctx,
  list: readonly number[],
  height: number,
  color: string,
  lineWidth: number,
): void {
  if (list.length === 0) return;
  const inset = lineWidth / 2;
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  for (let i = 0; i < list.length; i += 3) {
    ctx.rect(
      list[i]! + inset,
      list[i + 1]! + inset,
      Math.max(0, list[i + 2]! - lineWidth),
      height - lineWidth,
    );
  }
  ctx.stroke();
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
  pin: { left: number; right: number },
  canvasWidth: number,
  waveform: { source: WaveformSource; pxPerSecond: number } | null,
): void {
  const style = TYPE_STYLE[item.type];
  const w = Math.max(1, width);
  ctx.fillStyle = selected ? style.selected : style.fill;
  ctx.fillRect(x0, top, w, height);
  if (w >= 40 && (item.type === 'video' || item.type === 'image') && item.thumbnail_url) {
    drawThumbnailStrip(ctx, item.thumbnail_url, x0, top, w, height, thumbnails, canvasWidth);
  }
  // The waveform over the lower part (a pause is a flat line), on a darker band over thumbnails.
  if (waveform && hasWaveform(item) && height >= 30) {
    const box = {
      x0,
      width: w,
      top: top + 20,
      bottom: top + height - 3,
      left: 0,
      right: canvasWidth,
    };
    if (item.type === 'video') {
      ctx.fillStyle = 'rgba(2,6,23,0.45)';
      ctx.fillRect(
        Math.max(x0 + 2, 0),
        box.top,
        Math.max(0, Math.min(w - 4, canvasWidth - x0)),
        box.bottom - box.top,
      );
    }
    drawWaveform(ctx, item, box, waveform.pxPerSecond, waveform.source);
  }
  // The volume line and fade ramps, under the label (below 24 px wide the item is a bar).
  if (w >= 24 && item.audio) {
    drawSoundEnvelope(ctx, item, { x0, width: w, top: top + 18, bottom: top + height - 3 });
  }
  if (w >= 6) {
    ctx.strokeStyle = 'rgba(15,23,42,0.9)';
    ctx.lineWidth = 1;
    ctx.strokeRect(x0 + 0.5, top + 0.5, w - 1, height - 1);
  }
  if (w >= 24) {
    // Keep the label in view when the item starts left of the screen.
    const labelX = Math.max(x0, pin.left) + 4;
    const room = x0 + w - labelX - 4;
    if (room >= 14) drawIcon(ctx, item.type, labelX, top + 4);
    if (room >= 40) {
      const text = truncate(item.name, room - 18);
      if (text) {
        ctx.fillStyle = '#ffffff';
        ctx.fillText(text, labelX + 17, top + 4);
      }
    }
    if (item.effects.length > 0 && room >= 30)
      drawEffectBadge(ctx, item, Math.min(x0 + w, pin.right) - 4, top + 3, room >= 90);
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
  const left = Math.max(x0 + 2, 0);
  const right = Math.min(x0 + width - 2, viewWidth);
  if (right - left < 2) return;
  const pattern = thumbnails.pattern(url, stripHeight);
  if (!pattern) {
    ctx.fillStyle = 'rgba(15,23,42,0.35)';
    ctx.fillRect(left, stripTop, right - left, stripHeight);
    return;
  }
  // Frames start at the item's start and scroll with it; one fill for the whole strip.
  const ratio = typeof devicePixelRatio === 'number' ? devicePixelRatio : 1;
  pattern.setTransform(new DOMMatrix([1 / ratio, 0, 0, 1 / ratio, x0 + 2, stripTop]));
  ctx.fillStyle = pattern;
  ctx.fillRect(left, stripTop, right - left, stripHeight);
}

function drawEffectBadge(
  ctx: Ctx,
  item: TimelineItem,
  right: number,
  top: number,
  wide: boolean,
): void {
  const zoom = item.effects.some((effect) => effect.effect_type === 'zoom');
  const label = wide ? (zoom ? '⌕ zoom' : `${item.effects.length} fx`) : zoom ? '⌕' : 'fx';
  const width = wide ? 44 : 14;
  ctx.fillStyle = '#f8fafc';
  ctx.fillRect(right - width, top, width, 14);
  ctx.fillStyle = '#0f172a';
  ctx.font = SMALL_FONT;
  ctx.fillText(label, right - width + 3, top + 2);
  ctx.font = FONT;
}
