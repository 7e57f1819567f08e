/**
 * Time ↔ pixel maths of the timeline canvas. Content coordinates: x = seconds × pxPerSecond,
 * y = row × ROW_HEIGHT below the ruler. Screen coordinates subtract the scroll offsets.
 */

export const RULER_HEIGHT = 28;
export const ROW_HEIGHT = 56;
/** Zoom bounds: from a very long project fitting the screen to 40 px per frame at 30 fps. */
export const MIN_PX_PER_SECOND = 0.05;
export const MAX_PX_PER_FRAME = 40;
/** Browsers cap element sizes (~33M px in Chromium); keep the scroll content well below. */
export const MAX_CONTENT_WIDTH = 8_000_000;
export const ZOOM_STEP = 1.25;

export interface Viewport {
  pxPerSecond: number;
  scrollX: number;
  scrollY: number;
  /** Size of the drawing area in CSS pixels. */
  width: number;
  height: number;
}

export const roundMs = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Time of frame `frame` at `fps`, rounded to milliseconds (the service's own rounding). */
export function frameTime(frame: number, fps: number): number {
  return Math.round(frame * (1000 / fps)) / 1000;
}

/** Nearest frame boundary, in seconds. */
export function snapToFrame(seconds: number, fps: number): number {
  if (!(fps > 0)) return roundMs(seconds);
  return frameTime(Math.round(seconds * fps), fps);
}

export function timeToX(seconds: number, view: Pick<Viewport, 'pxPerSecond' | 'scrollX'>): number {
  return seconds * view.pxPerSecond - view.scrollX;
}

export function xToTime(x: number, view: Pick<Viewport, 'pxPerSecond' | 'scrollX'>): number {
  return (x + view.scrollX) / view.pxPerSecond;
}

export function rowTop(row: number, view: Pick<Viewport, 'scrollY'>): number {
  return RULER_HEIGHT + row * ROW_HEIGHT - view.scrollY;
}

/** Row under a screen y (may be out of range: the caller checks against the layer count). */
export function yToRow(y: number, view: Pick<Viewport, 'scrollY'>): number {
  return Math.floor((y - RULER_HEIGHT + view.scrollY) / ROW_HEIGHT);
}

/** Seconds of empty space drawn after the last item so items can be moved past the end. */
export function tailSeconds(durationSeconds: number): number {
  return Math.max(5, durationSeconds * 0.1);
}

export function maxPxPerSecond(durationSeconds: number, fps: number): number {
  const total = durationSeconds + tailSeconds(durationSeconds);
  return Math.max(
    MIN_PX_PER_SECOND,
    Math.min(MAX_PX_PER_FRAME * (fps > 0 ? fps : 30), MAX_CONTENT_WIDTH / total),
  );
}

export function clampZoom(pxPerSecond: number, durationSeconds: number, fps: number): number {
  return Math.min(maxPxPerSecond(durationSeconds, fps), Math.max(MIN_PX_PER_SECOND, pxPerSecond));
}

export function contentWidth(
  durationSeconds: number,
  pxPerSecond: number,
  viewportWidth: number,
): number {
  return Math.max(
    viewportWidth,
    Math.ceil((durationSeconds + tailSeconds(durationSeconds)) * pxPerSecond),
  );
}

export function contentHeight(rowCount: number, viewportHeight: number): number {
  return Math.max(viewportHeight, RULER_HEIGHT + rowCount * ROW_HEIGHT);
}

export function clampScroll(
  view: Viewport,
  durationSeconds: number,
  rowCount: number,
): { scrollX: number; scrollY: number } {
  const maxX = contentWidth(durationSeconds, view.pxPerSecond, view.width) - view.width;
  const maxY = contentHeight(rowCount, view.height) - view.height;
  return {
    scrollX: Math.max(0, Math.min(maxX, view.scrollX)),
    scrollY: Math.max(0, Math.min(maxY, view.scrollY)),
  };
}

/**
 * Zoom by `factor` keeping the time under screen x `anchorX` where it is (zoom around the pointer).
 */
export function zoomAt(
  view: Viewport,
  factor: number,
  anchorX: number,
  durationSeconds: number,
  fps: number,
): { pxPerSecond: number; scrollX: number } {
  const pxPerSecond = clampZoom(view.pxPerSecond * factor, durationSeconds, fps);
  const anchorTime = xToTime(anchorX, view);
  const scrollX = anchorTime * pxPerSecond - anchorX;
  const maxX = contentWidth(durationSeconds, pxPerSecond, view.width) - view.width;
  return { pxPerSecond, scrollX: Math.max(0, Math.min(maxX, scrollX)) };
}

/**
 * Empty pixels fit leaves past the project's end: wider than the auto-scroll edge of a drag, so a
 * selection box can start there without scrolling the view.
 */
export const FIT_END_MARGIN_PX = 56;

/** Zoom so the whole project fits the viewport width, with room past its end. */
export function fitToProject(
  durationSeconds: number,
  viewportWidth: number,
  fps: number,
): { pxPerSecond: number; scrollX: number } {
  const seconds = Math.max(1, durationSeconds);
  return {
    pxPerSecond: clampZoom(
      Math.max(1, viewportWidth - FIT_END_MARGIN_PX) / seconds,
      durationSeconds,
      fps,
    ),
    scrollX: 0,
  };
}

/** Visible time range of a viewport (with an optional margin in pixels on both sides). */
export function visibleTimeRange(view: Viewport, marginPx = 0): { start: number; end: number } {
  return { start: xToTime(-marginPx, view), end: xToTime(view.width + marginPx, view) };
}

/** Visible rows (inclusive bounds, clamped to [0, rowCount - 1]; empty when end < start). */
export function visibleRowRange(view: Viewport, rowCount: number): { first: number; last: number } {
  const first = Math.max(0, yToRow(RULER_HEIGHT, view));
  const last = Math.min(rowCount - 1, yToRow(view.height - 1, view));
  return { first, last };
}
