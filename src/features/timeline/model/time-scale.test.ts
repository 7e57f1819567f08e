import { describe, expect, it } from 'vitest';
import {
  clampScroll,
  clampZoom,
  contentWidth,
  fitToProject,
  frameTime,
  maxPxPerSecond,
  MAX_CONTENT_WIDTH,
  MIN_PX_PER_SECOND,
  RULER_HEIGHT,
  ROW_HEIGHT,
  rowTop,
  snapToFrame,
  timeToX,
  visibleRowRange,
  visibleTimeRange,
  xToTime,
  yToRow,
  zoomAt,
  type Viewport,
} from './time-scale.ts';

const view = (patch: Partial<Viewport> = {}): Viewport => ({
  pxPerSecond: 100,
  scrollX: 0,
  scrollY: 0,
  width: 1000,
  height: 400,
  ...patch,
});

describe('time ↔ pixel', () => {
  it('converts both ways with scroll', () => {
    const v = view({ scrollX: 250 });
    expect(timeToX(5, v)).toBe(250);
    expect(xToTime(250, v)).toBe(5);
    for (const t of [0, 0.033, 1.5, 123.456]) expect(xToTime(timeToX(t, v), v)).toBeCloseTo(t, 9);
  });

  it('maps rows below the ruler', () => {
    const v = view({ scrollY: 10 });
    expect(rowTop(0, v)).toBe(RULER_HEIGHT - 10);
    expect(yToRow(rowTop(3, v) + 1, v)).toBe(3);
    expect(yToRow(rowTop(3, v) + ROW_HEIGHT - 1, v)).toBe(3);
    expect(yToRow(RULER_HEIGHT - 11, v)).toBe(-1);
  });
});

describe('frames', () => {
  it('rounds to frame boundaries in milliseconds', () => {
    expect(frameTime(1, 30)).toBe(0.033);
    expect(frameTime(30, 30)).toBe(1);
    expect(frameTime(45, 30)).toBe(1.5);
    expect(snapToFrame(1.02, 30)).toBe(1.033);
    expect(snapToFrame(1.01, 30)).toBe(1);
    expect(snapToFrame(0.5, 24)).toBe(0.5);
    expect(snapToFrame(0.52, 24)).toBe(0.5);
  });

  it('falls back to milliseconds without a frame rate', () => {
    expect(snapToFrame(1.23456, 0)).toBe(1.235);
  });
});

describe('zoom', () => {
  it('keeps the time under the pointer in place', () => {
    const v = view({ scrollX: 300 });
    const before = xToTime(400, v);
    const next = zoomAt(v, 2, 400, 600, 30);
    expect(next.pxPerSecond).toBe(200);
    expect(xToTime(400, { ...v, ...next })).toBeCloseTo(before, 9);
  });

  it('clamps zoom and scroll', () => {
    expect(clampZoom(0.0001, 60, 30)).toBe(MIN_PX_PER_SECOND);
    expect(clampZoom(1e9, 60, 30)).toBe(1200);
    // A very long project caps the zoom so the content stays below the browser's size limit.
    expect(maxPxPerSecond(100_000, 30) * 110_000).toBeLessThanOrEqual(MAX_CONTENT_WIDTH + 1);
    const zoomedOut = zoomAt(view({ scrollX: 5000 }), 0.01, 500, 60, 30);
    expect(zoomedOut.scrollX).toBe(0);
  });

  it('fits the project into the viewport', () => {
    const fit = fitToProject(100, 1016, 30);
    expect(fit.scrollX).toBe(0);
    expect(100 * fit.pxPerSecond).toBeLessThanOrEqual(1000);
    expect(100 * fit.pxPerSecond).toBeGreaterThan(950);
  });
});

describe('content and visibility', () => {
  it('sizes the scroll content with a tail', () => {
    expect(contentWidth(100, 10, 500)).toBe(1100);
    expect(contentWidth(1, 10, 500)).toBe(500);
  });

  it('clamps the scroll offsets to the content', () => {
    expect(clampScroll(view({ scrollX: 1e9, scrollY: 1e9 }), 100, 3)).toEqual({
      scrollX: 11_000 - 1000,
      scrollY: 0,
    });
    expect(clampScroll(view({ scrollX: -5, scrollY: 50 }), 100, 20)).toEqual({
      scrollX: 0,
      scrollY: 50,
    });
  });

  it('reports visible time and rows', () => {
    const v = view({ scrollX: 100, scrollY: ROW_HEIGHT * 2 });
    expect(visibleTimeRange(v)).toEqual({ start: 1, end: 11 });
    expect(visibleTimeRange(v, 50)).toEqual({ start: 0.5, end: 11.5 });
    expect(visibleRowRange(v, 20)).toEqual({ first: 2, last: 8 });
    expect(visibleRowRange(v, 4)).toEqual({ first: 2, last: 3 });
  });
});
