/**
 * The drawn band of the timeline: the items canvas is drawn wider than the view (a margin each
 * side) and placed in content coordinates inside the scroll box, so that a horizontal scroll moves
 * it natively (the compositor scrolls it; nothing is drawn) until the view nears the band's end.
 * During a zoom sweep the band is stretched by a CSS transform instead of being drawn again on
 * every frame; it is drawn again once the stretch goes past MAX_STRETCH or the view leaves it, and
 * crisp once the gesture settles.
 */
import type { TimelineIndex } from './timeline-index.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';
import type { Viewport } from './time-scale.ts';

export interface Band {
  /** Content x (at `pxPerSecond`) of the band's left edge. */
  left: number;
  /** Width of the band in CSS pixels. */
  width: number;
  pxPerSecond: number;
  scrollY: number;
  /** The view's width it was drawn for: another width draws it again. */
  viewWidth: number;
  /** Its height: the view's, rounded up to BAND_HEIGHT_STEP (see `bandHeight`). */
  height: number;
}

/**
 * A band is drawn this much taller at a time: a split dragged changes the view's height on every
 * frame, and a band drawn again at each height (every tile reallocated and repainted) costs more
 * than a frame has. Below the view the scroll content clips what is drawn.
 */
export const BAND_HEIGHT_STEP = 256;

/** The height a band is drawn at for a view `viewHeight` tall (CSS px). */
export function bandHeight(viewHeight: number): number {
  return Math.max(BAND_HEIGHT_STEP, Math.ceil(viewHeight / BAND_HEIGHT_STEP) * BAND_HEIGHT_STEP);
}

/** A band stretched further than this (either way) by a zoom is drawn again at the new zoom. */
export const MAX_STRETCH = 1.5;
/** Device pixels a band's canvas may hold (its memory, and its copy for the compositor). */
const MAX_BAND_PIXELS = 12_000_000;

/**
 * The margin drawn past each side of the view: one view's width, less when the canvas would get
 * too large (wide views at a high device pixel ratio), and never negative.
 */
export function bandMargin(viewWidth: number, height: number, pixelRatio = 1): number {
  const budget = MAX_BAND_PIXELS / Math.max(1, height * pixelRatio * pixelRatio);
  return Math.max(0, Math.min(viewWidth, Math.floor((budget - viewWidth) / 2)));
}

/** What a band is drawn for, which sets its margins. */
export type BandUse =
  /** Still, or after a jump: a margin each side. */
  | { kind: 'centred' }
  /** A scroll going one way: most of the margins ahead of it (drawn again less often). */
  | { kind: 'scrolling'; direction: 1 | -1 }
  /** A zoom sweep: margins just wide enough for a MAX_STRETCH zoom out (a smaller canvas). */
  | { kind: 'zooming' };

/** Share of the two margins put ahead of a scroll. */
const AHEAD = 0.85;

/** The band to draw for `view`: the view with margins, not left of the content. */
export function bandFor(view: Viewport, pixelRatio = 1, use: BandUse = { kind: 'centred' }): Band {
  const height = bandHeight(view.height);
  let margin = bandMargin(view.width, height, pixelRatio);
  if (use.kind === 'zooming') margin = Math.min(margin, Math.ceil(view.width * 0.3));
  const before =
    use.kind === 'scrolling'
      ? Math.round(2 * margin * (use.direction > 0 ? 1 - AHEAD : AHEAD))
      : margin;
  const left = Math.max(0, Math.floor(view.scrollX - before));
  return {
    left,
    width: Math.ceil(view.scrollX - left + view.width + 2 * margin - before),
    pxPerSecond: view.pxPerSecond,
    scrollY: view.scrollY,
    viewWidth: view.width,
    height,
  };
}

/** The viewport the band is drawn with: its own left edge and width. */
export function bandViewport(band: Band): Viewport {
  return {
    pxPerSecond: band.pxPerSecond,
    scrollX: band.left,
    scrollY: band.scrollY,
    width: band.width,
    height: band.height,
  };
}

/** Where the band's canvas goes for `view`: content x of its left edge, horizontal stretch. */
export function bandPlacement(band: Band, view: Viewport): { x: number; scale: number } {
  const scale = view.pxPerSecond / band.pxPerSecond;
  return { x: band.left * scale, scale };
}

/**
 * Whether the band, placed for `view`, still shows all of it with `slackPx` to spare each side
 * (where the content goes on), and is not stretched past MAX_STRETCH. A view grown taller than the
 * band draws it again; one shrunk keeps it until it is a whole step too tall (a split dragged back
 * and forth across a step's edge does not draw it at each crossing).
 */
export function bandCovers(
  band: Band,
  view: Viewport,
  contentWidthPx: number,
  slackPx = 0,
): boolean {
  if (band.scrollY !== view.scrollY) return false;
  if (band.height < view.height || band.height > bandHeight(view.height) + BAND_HEIGHT_STEP)
    return false;
  if (band.viewWidth !== view.width) return false;
  const { x, scale } = bandPlacement(band, view);
  if (scale > MAX_STRETCH || scale < 1 / MAX_STRETCH) return false;
  const right = x + band.width * scale;
  const needLeft = Math.max(0, view.scrollX - slackPx);
  const needRight = Math.min(contentWidthPx, view.scrollX + view.width + slackPx);
  return x <= needLeft + 0.5 && right >= Math.max(needRight, view.scrollX + view.width) - 0.5;
}

/** Width of a band tile (CSS px): the band is drawn and shown in tiles this wide. */
export const TILE_PX = 512;

/**
 * The most tiles a band drawn for a view this size can span: its two margins and the view, widened
 * to whole tiles (one more tile when its edges fall inside tiles).
 */
export function maxBandTiles(viewWidth: number, height: number, pixelRatio = 1): number {
  if (viewWidth <= 0) return 0;
  return Math.ceil((viewWidth + 2 * bandMargin(viewWidth, height, pixelRatio)) / TILE_PX) + 1;
}

/**
 * How far past the view's edges a tile of the band stays shown (CSS px): a native scroll moves the
 * band on the compositor before the page hears of it, so the tiles just outside are shown too.
 */
export const SHOWN_MARGIN_PX = TILE_PX / 2;

/**
 * Whether tile `index` of a band placed for `view` (stretched by `scale` while a zoom is under way)
 * lies within SHOWN_MARGIN_PX of the view. The others are hidden: in Chromium's software
 * compositing every shown 2D canvas is copied to the compositor on each commit, drawn or not.
 */
export function tileShown(
  index: number,
  scale: number,
  view: { scrollX: number; width: number },
): boolean {
  const left = index * TILE_PX * scale;
  const right = left + TILE_PX * scale;
  return (
    right > view.scrollX - SHOWN_MARGIN_PX && left < view.scrollX + view.width + SHOWN_MARGIN_PX
  );
}

/** Whether tile `index` shows any of the view `scrollX` … `scrollX + width` (content px). */
export function tileInView(index: number, scrollX: number, width: number): boolean {
  return index * TILE_PX < scrollX + width && (index + 1) * TILE_PX > scrollX;
}

/**
 * The tiles (indexes, TILE_PX wide from content x 0 at `pxPerSecond`) that show any of `spans`
 * (item spans in seconds), with `slackPx` each side (outlines and narrow bars drawn wider than the
 * item). A change to how those items look (selected, faded) redraws only these tiles.
 */
export function tilesTouched(
  spans: Iterable<{ start: number; end: number }>,
  pxPerSecond: number,
  slackPx = 2,
): Set<number> {
  const tiles = new Set<number>();
  for (const { start, end } of spans) {
    const first = Math.floor((start * pxPerSecond - slackPx) / TILE_PX);
    const last = Math.floor((end * pxPerSecond + slackPx) / TILE_PX);
    for (let i = Math.max(0, first); i <= last; i += 1) tiles.add(i);
  }
  return tiles;
}

/** The ids in one selection and not the other (what a selection change redraws). */
export function selectionChange(
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
): Set<string> {
  const changed = new Set<string>();
  for (const id of before) if (!after.has(id)) changed.add(id);
  for (const id of after) if (!before.has(id)) changed.add(id);
  return changed;
}

/** An item's span in seconds (what a tile shows of it). */
export interface Span {
  start: number;
  end: number;
}

const layerKey = (layer: TimelineIndex['rows'][number]['layer']): string =>
  JSON.stringify({ ...layer, items: undefined });

/**
 * Where the band drawn for `before` differs from `after`: the spans (before and after) of the
 * items added, removed or drawn differently (`alike`: whether the band draws two versions of an
 * item the same), or null when the whole band is to be drawn again (other layers, or more than
 * `max` items changed).
 */
export function changedSpans(
  before: TimelineIndex,
  after: TimelineIndex,
  max: number,
  alike: (a: TimelineItem, b: TimelineItem) => boolean,
): Span[] | null {
  if (before.byId === after.byId) return []; // the same items (see timelineIndexOf)
  if (before.rows.length !== after.rows.length) return null;
  for (const [i, row] of after.rows.entries()) {
    const old = before.rows[i]!.layer;
    if (row.layer !== old && layerKey(row.layer) !== layerKey(old)) return null;
  }
  const spans: Span[] = [];
  const add = (item: TimelineItem) =>
    spans.push({ start: item.start_seconds, end: item.end_seconds });
  for (const [id, ref] of after.byId) {
    const old = before.byId.get(id);
    if (old && (old.item === ref.item || (old.row === ref.row && alike(old.item, ref.item))))
      continue;
    if (old) add(old.item);
    add(ref.item);
    if (spans.length > 2 * max) return null;
  }
  for (const [id, old] of before.byId) {
    if (after.byId.has(id)) continue;
    add(old.item);
    if (spans.length > 2 * max) return null;
  }
  return spans;
}
