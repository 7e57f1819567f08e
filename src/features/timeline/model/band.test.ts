import { describe, expect, it } from 'vitest';
import {
  BAND_HEIGHT_STEP,
  bandCovers,
  bandHeight,
  bandFor,
  bandMargin,
  bandPlacement,
  bandViewport,
  changedSpans,
  MAX_STRETCH,
  maxBandTiles,
  selectionChange,
  TILE_PX,
  tileInView,
  tileShown,
  tilesTouched,
} from './band.ts';
import { syntheticTimeline } from './synthetic-timeline.ts';
import { buildTimelineIndex } from './timeline-index.ts';

const view = { pxPerSecond: 40, scrollX: 2000, scrollY: 0, width: 600, height: 500 };
const content = 100_000;

describe('the drawn band', () => {
  it('reaches one view past each side, not left of the content', () => {
    const band = bandFor(view);
    expect(band.left).toBe(1400);
    expect(band.width).toBe(1800);
    expect(bandViewport(band)).toMatchObject({ scrollX: 1400, width: 1800, pxPerSecond: 40 });
    const atStart = bandFor({ ...view, scrollX: 100 });
    expect(atStart.left).toBe(0);
    expect(atStart.width).toBe(100 + 600 + 600);
  });

  it('puts most of its margins ahead of a scroll, and less room around a zoom sweep', () => {
    const right = bandFor(view, 1, { kind: 'scrolling', direction: 1 });
    expect(right.left).toBe(2000 - 180);
    expect(right.width).toBe(180 + 600 + 1020);
    const left = bandFor(view, 1, { kind: 'scrolling', direction: -1 });
    expect(left.left).toBe(2000 - 1020);
    expect(left.width).toBe(1800);
    const zooming = bandFor(view, 1, { kind: 'zooming' });
    expect(zooming.width).toBe(600 + 2 * 180);
    // Zoomed out to 1 / MAX_STRETCH around the view's middle, it still covers the view.
    const out = { ...view, pxPerSecond: 40 / MAX_STRETCH, scrollX: 2300 / MAX_STRETCH - 300 };
    expect(bandCovers(zooming, out, content)).toBe(true);
  });

  it('keeps its canvas within a pixel budget on wide, dense screens', () => {
    expect(bandMargin(600, 500, 1)).toBe(600);
    const margin = bandMargin(1600, 1000, 2);
    expect(margin).toBe(700);
    expect((1600 + 2 * margin) * 1000 * 4).toBeLessThanOrEqual(12_000_000);
    // A view already over the budget gets no margin (a scroll then draws on every frame).
    expect(bandMargin(2560, 1400, 2)).toBe(0);
  });

  it('covers a scroll until the view leaves it, with slack asked for ahead', () => {
    const band = bandFor(view);
    expect(bandCovers(band, { ...view, scrollX: 1400 }, content)).toBe(true);
    expect(bandCovers(band, { ...view, scrollX: 2600 }, content)).toBe(true);
    expect(bandCovers(band, { ...view, scrollX: 2601 }, content)).toBe(false);
    expect(bandCovers(band, { ...view, scrollX: 1399 }, content)).toBe(false);
    expect(bandCovers(band, { ...view, scrollX: 2400 }, content, 300)).toBe(false);
    expect(bandCovers(band, { ...view, scrollX: 2200 }, content, 300)).toBe(true);
    // Another vertical scroll or view size: drawn again.
    expect(bandCovers(band, { ...view, scrollY: 10 }, content)).toBe(false);
    expect(bandCovers(band, { ...view, width: 601 }, content)).toBe(false);
  });

  it('is drawn a step taller than the view, again only when the view outgrows it', () => {
    const band = bandFor(view);
    expect(band.height).toBe(bandHeight(500));
    expect(band.height % BAND_HEIGHT_STEP).toBe(0);
    expect(band.height).toBeGreaterThanOrEqual(500);
    expect(bandHeight(BAND_HEIGHT_STEP)).toBe(BAND_HEIGHT_STEP);
    expect(bandHeight(BAND_HEIGHT_STEP + 1)).toBe(2 * BAND_HEIGHT_STEP);
    expect(bandHeight(0)).toBe(BAND_HEIGHT_STEP);
    // A split dragged: each height within the band keeps it, a taller view draws it again.
    const tall = bandFor({ ...view, height: 1000 });
    expect(tall.height).toBe(4 * BAND_HEIGHT_STEP);
    for (let height = tall.height - 2 * BAND_HEIGHT_STEP + 1; height <= tall.height; height += 7)
      expect(bandCovers(tall, { ...view, height }, content)).toBe(true);
    expect(bandCovers(tall, { ...view, height: tall.height + 1 }, content)).toBe(false);
    // Shrunk by two steps: drawn again at the smaller height.
    expect(bandCovers(tall, { ...view, height: tall.height - 2 * BAND_HEIGHT_STEP }, content)).toBe(
      false,
    );
  });

  it('is stretched by a zoom, up to MAX_STRETCH', () => {
    const band = bandFor(view);
    const zoomed = { ...view, pxPerSecond: 50, scrollX: 2500 };
    const place = bandPlacement(band, zoomed);
    expect(place.scale).toBeCloseTo(1.25);
    expect(place.x).toBeCloseTo(1750);
    // Time t shows at the same view x as a fresh draw would put it.
    const t = 60;
    expect(place.x + (t * 40 - band.left) * place.scale - zoomed.scrollX).toBeCloseTo(
      t * 50 - zoomed.scrollX,
    );
    expect(bandCovers(band, zoomed, content)).toBe(true);
    const far = { ...view, pxPerSecond: 40 * MAX_STRETCH * 1.01, scrollX: 2000 * MAX_STRETCH };
    expect(bandCovers(band, far, content)).toBe(false);
  });

  it('needs to cover only the content at the end of the project', () => {
    const end = { ...view, scrollX: 9400 };
    const band = bandFor(end);
    expect(bandCovers(band, end, 10_000, 300)).toBe(true);
  });
});

describe('the tiles an item change redraws', () => {
  it('are the tiles its span (with slack) falls in', () => {
    // 40 px/s: 0–5 s is x 0–200 (tile 0); 12–14 s is x 480–560 (tiles 0 and 1).
    expect([...tilesTouched([{ start: 0, end: 5 }], 40)]).toEqual([0]);
    expect([...tilesTouched([{ start: 12, end: 14 }], 40)].sort()).toEqual([0, 1]);
    // An item ending at x 1023 is drawn up to 1025 with its outline slack: tile 2 too.
    expect([...tilesTouched([{ start: 25, end: 1023 / 40 }], 40)].sort()).toEqual([1, 2]);
    expect(tilesTouched([], 40).size).toBe(0);
    expect(TILE_PX).toBe(512);
  });

  it('come from the ids whose selection changed', () => {
    const changed = selectionChange(new Set(['a', 'b']), new Set(['b', 'c']));
    expect([...changed].sort()).toEqual(['a', 'c']);
    expect(selectionChange(new Set(['a']), new Set(['a'])).size).toBe(0);
  });
});

describe('what a data change redraws', () => {
  const base = syntheticTimeline({ itemCount: 60, layerCount: 4, seed: 3 });
  const before = buildTimelineIndex(base);
  const alike = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

  it('is nothing for the same items, even as new objects', () => {
    const copy = JSON.parse(JSON.stringify(base)) as typeof base;
    expect(changedSpans(before, buildTimelineIndex(copy), 100, alike)).toEqual([]);
  });

  it('is the old and new spans of a moved item, and the spans of added and removed ones', () => {
    const copy = JSON.parse(JSON.stringify(base)) as typeof base;
    const moved = copy.layers[1]!.items[2]!;
    const old = { start: moved.start_seconds, end: moved.end_seconds };
    moved.start_seconds += 1;
    moved.end_seconds += 1;
    const removed = copy.layers[2]!.items.pop()!;
    const spans = changedSpans(before, buildTimelineIndex(copy), 100, alike);
    expect(spans).toEqual([
      old,
      { start: old.start + 1, end: old.end + 1 },
      { start: removed.start_seconds, end: removed.end_seconds },
    ]);
  });

  it('is everything for another layer or too many changes', () => {
    const locked = JSON.parse(JSON.stringify(base)) as typeof base;
    locked.layers[0]!.locked = !locked.layers[0]!.locked;
    expect(changedSpans(before, buildTimelineIndex(locked), 100, alike)).toBeNull();
    const shifted = JSON.parse(JSON.stringify(base)) as typeof base;
    for (const layer of shifted.layers) for (const item of layer.items) item.name += '!';
    expect(changedSpans(before, buildTimelineIndex(shifted), 10, alike)).toBeNull();
  });
});

describe('tileInView', () => {
  it('is true for the tiles the view overlaps, false for those that only touch its edges', () => {
    // View 600 px wide from 1000 to 1600: tiles 1 (512-1024), 2 (1024-1536) and 3 (1536-2048).
    expect([0, 1, 2, 3, 4].map((i) => tileInView(i, 1000, 600))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    // A view ending exactly where tile 2 starts does not show tile 2.
    expect(tileInView(2, 424, 600)).toBe(false);
    expect(tileInView(1, 424, 600)).toBe(true);
  });
});

describe('tileShown', () => {
  it('shows the tiles within half a tile of the view, stretched by a zoom under way', () => {
    // View 1000-1600, shown 744-1856: tiles 1 (512-1024) to 3 (1536-2048); 0 and 4 hidden.
    const view = { scrollX: 1000, width: 600 };
    expect([0, 1, 2, 3, 4].map((i) => tileShown(i, 1, view))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    // Stretched 2×, tile 1 spans 1024-2048 on the page and tile 0 (0-1024) reaches the margin.
    expect([0, 1, 2].map((i) => tileShown(i, 2, view))).toEqual([true, true, false]);
    // Squeezed to half, tiles 2 (512-768) to 7 (1792-2048) reach the margin; 1 and 8 do not.
    expect([1, 2, 7, 8].map((i) => tileShown(i, 0.5, view))).toEqual([false, true, true, false]);
  });
});

describe('maxBandTiles', () => {
  it('covers every band a view can get, whatever its use and scroll', () => {
    const view = { pxPerSecond: 37, scrollX: 0, scrollY: 0, width: 1100, height: 1166 };
    const most = maxBandTiles(view.width, view.height);
    let widest = 0;
    for (let scrollX = 0; scrollX < 4000; scrollX += 37) {
      for (const use of [
        { kind: 'centred' },
        { kind: 'scrolling', direction: 1 },
        { kind: 'scrolling', direction: -1 },
        { kind: 'zooming' },
      ] as const) {
        const band = bandFor({ ...view, scrollX }, 1, use);
        const first = Math.floor(band.left / TILE_PX);
        const end = Math.ceil((band.left + band.width) / TILE_PX);
        widest = Math.max(widest, end - first);
      }
    }
    expect(widest).toBeLessThanOrEqual(most);
    // Not far more than needed (each spare canvas is memory held).
    expect(most - widest).toBeLessThanOrEqual(1);
  });

  it('is none for a view not laid out yet', () => {
    expect(maxBandTiles(0, 800)).toBe(0);
  });
});
