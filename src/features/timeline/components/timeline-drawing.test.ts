import { describe, expect, it } from 'vitest';
import { buildTimelineIndex } from '../model/timeline-index.ts';
import { smallTimeline, syntheticTimeline } from '../model/synthetic-timeline.ts';
import type { Viewport } from '../model/time-scale.ts';
import { TYPE_STYLE } from './type-style.ts';
import {
  drawMarqueeSelection,
  drawOverlay,
  marqueeBox,
  moveGhostBoxes,
  moveLabel,
  snapMarker,
} from './drag-drawing.ts';
import { drawnAlike, drawItems, drawStatic, type Ctx } from './timeline-drawing.ts';

/** A 2D context that counts calls. */
function recordingContext(): Ctx & { calls: Map<string, number>; texts: string[] } {
  const calls = new Map<string, number>();
  const texts: string[] = [];
  const count = (name: string) => () => void calls.set(name, (calls.get(name) ?? 0) + 1);
  return {
    calls,
    texts,
    fillRect: count('fillRect'),
    strokeRect: count('strokeRect'),
    fillText: (text: string) => {
      texts.push(text);
      calls.set('fillText', (calls.get('fillText') ?? 0) + 1);
    },
    beginPath: count('beginPath'),
    moveTo: count('moveTo'),
    lineTo: count('lineTo'),
    closePath: count('closePath'),
    fill: count('fill'),
    stroke: count('stroke'),
    rect: count('rect'),
    arc: count('arc'),
    save: count('save'),
    restore: count('restore'),
    clip: count('clip'),
    drawImage: count('drawImage'),
    setLineDash: count('setLineDash'),
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    globalAlpha: 1,
    textBaseline: 'top',
    textAlign: 'left',
  } as Ctx & { calls: Map<string, number>; texts: string[] };
}

const noThumbnails = { pattern: () => null };

describe('drawing', () => {
  it('draws only the visible items of a 10,000-item timeline', () => {
    const index = buildTimelineIndex(syntheticTimeline({ itemCount: 10_000 }));
    const view: Viewport = {
      pxPerSecond: 100,
      scrollX: 5_000,
      scrollY: 0,
      width: 1000,
      height: 400,
    };
    const ctx = recordingContext();
    const drawn = drawItems(ctx, index, view, {
      fps: 30,
      selection: new Set(),
      moving: null,
      thumbnails: noThumbnails,
    });
    // 10 s of 6 visible rows with items of 0.5–4.5 s: a few dozen, not thousands.
    expect(drawn).toBeGreaterThan(6);
    expect(drawn).toBeLessThan(60);
  });

  it('draws at most one bar per pixel column when zoomed far out', () => {
    const index = buildTimelineIndex(syntheticTimeline({ itemCount: 10_000 }));
    const view: Viewport = { pxPerSecond: 0.5, scrollX: 0, scrollY: 0, width: 1000, height: 2000 };
    const drawn = drawItems(recordingContext(), index, view, {
      fps: 30,
      selection: new Set(),
      moving: null,
      thumbnails: noThumbnails,
    });
    expect(drawn).toBeLessThanOrEqual(20 * 1000);
    expect(drawn).toBeLessThan(10_000);
  });

  it('labels wide items and marks selection and effects', () => {
    const timeline = smallTimeline();
    timeline.layers[0]!.items[1]!.effects = [{ effect_id: 'fx', effect_type: 'zoom' }];
    const index = buildTimelineIndex(timeline);
    const view: Viewport = { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1300, height: 300 };
    const ctx = recordingContext();
    drawItems(ctx, index, view, {
      fps: 30,
      selection: new Set(['b']),
      moving: null,
      thumbnails: noThumbnails,
    });
    expect(ctx.texts).toEqual(expect.arrayContaining(['a', 'b', 'c', 't', 'm', '⌕ zoom']));
  });

  it('draws boxes only (no names, icons or thumbnails) while a zoom sweep is drafted', () => {
    const index = buildTimelineIndex(smallTimeline());
    const view: Viewport = { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1300, height: 300 };
    const options = { fps: 30, selection: new Set(['b']), moving: null, thumbnails: noThumbnails };
    const crisp = recordingContext();
    const crispCount = drawItems(crisp, index, view, options);
    const draft = recordingContext();
    expect(drawItems(draft, index, view, { ...options, draft: true })).toBe(crispCount);
    expect(crisp.texts.length).toBeGreaterThan(0);
    expect(draft.texts).toEqual([]);
    // Every item is still there as a box: one rect per item in the batched paths.
    expect(draft.calls.get('rect') ?? 0).toBeGreaterThanOrEqual(crispCount);
  });

  it('draws the ruler, and move ghosts with their label and snap line', () => {
    const index = buildTimelineIndex(smallTimeline());
    const view: Viewport = { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1000, height: 300 };
    const ctx = recordingContext();
    drawStatic(ctx, view, 30);
    expect(ctx.texts.slice(0, 3)).toEqual(['0:00', '0:01', '0:02']);
    const drag = {
      kind: 'move' as const,
      ids: ['a', 'b'],
      originX: 0,
      originY: 0,
      delta: 1,
      rowOffset: 0,
      snappedTo: { seconds: 5, kind: 'edge' as const },
      rowBlocked: null,
      moves: [],
    };
    const ghosts = moveGhostBoxes(index, view, drag, false);
    expect(ghosts).toHaveLength(2);
    const a = index.byId.get('a')!.item;
    expect(ghosts[0]).toMatchObject({
      x: (a.start_seconds + 1) * 100,
      color: TYPE_STYLE[a.type].selected,
    });
    expect(moveGhostBoxes(index, view, drag, true).every((g) => g.color === '#dc2626')).toBe(true);
    // Scrolled so that both ghosts are left of the view: nothing to show, unless within the margin.
    expect(moveGhostBoxes(index, { ...view, scrollX: 5000 }, drag, false)).toHaveLength(0);
    expect(moveGhostBoxes(index, { ...view, scrollX: 5000 }, drag, false, 5000)).toHaveLength(2);
    expect(snapMarker(view, drag)).toEqual({ x: 500, label: 'snap' });
    expect(snapMarker(view, { ...drag, snappedTo: null })).toBeNull();
    const label = moveLabel(index, view, drag, false, 30);
    expect(label?.x).toBeCloseTo((index.byId.get('a')!.item.start_seconds + 1) * 100);
    expect(moveLabel(index, view, drag, true, 30)?.text).toBe('overlap');
  });

  it('outlines what the selection box selects on the overlay (the items layer is left alone)', () => {
    const index = buildTimelineIndex(smallTimeline());
    const view: Viewport = { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1000, height: 300 };
    const overlay = recordingContext();
    const outlined = drawOverlay(
      overlay,
      index,
      view,
      {
        blocked: false,
        selection: new Set(['b']),
        drag: {
          kind: 'marquee',
          originX: 0,
          originY: 30,
          x: 600,
          y: 150,
          mode: 'toggle',
          inRect: new Set(['a', 'b', 'c']),
        },
      },
      30,
    );
    expect(outlined).toBe(3);
  });

  it('adds only the new items of a growing selection box, and places the box', () => {
    const index = buildTimelineIndex(smallTimeline());
    const view: Viewport = { pxPerSecond: 100, scrollX: 50, scrollY: 0, width: 1000, height: 300 };
    const drag = {
      kind: 'marquee' as const,
      originX: 600,
      originY: 30,
      x: 100,
      y: 150,
      mode: 'replace' as const,
      inRect: new Set(['a', 'b', 'c']),
    };
    const all = drawMarqueeSelection(recordingContext(), index, view, drag, new Set());
    const added = drawMarqueeSelection(
      recordingContext(),
      index,
      view,
      drag,
      new Set(),
      new Set(['c']),
    );
    expect(all).toBe(3);
    expect(added).toBe(1);
    expect(drawMarqueeSelection(recordingContext(), index, view, drag, new Set(), new Set())).toBe(
      0,
    );
    expect(marqueeBox(view, drag)).toEqual({ x: 50, y: 30, width: 500, height: 120 });
  });
});

describe('drawn alike', () => {
  it('tells items the band draws the same from those it draws differently', () => {
    const item = syntheticTimeline({ itemCount: 10, layerCount: 2, seed: 5 }).layers[0]!.items[0]!;
    const copy = JSON.parse(JSON.stringify(item)) as typeof item;
    expect(drawnAlike(item, copy)).toBe(true);
    expect(drawnAlike(item, { ...copy, start_seconds: copy.start_seconds + 0.5 })).toBe(false);
    expect(drawnAlike(item, { ...copy, name: `${copy.name}!` })).toBe(false);
    expect(drawnAlike(item, { ...copy, thumbnail_url: 'data:,other' })).toBe(false);
    expect(
      drawnAlike(item, {
        ...copy,
        effects: [...copy.effects, { ...(copy.effects[0] ?? {}), effect_type: 'zoom' }],
      } as typeof item),
    ).toBe(false);
  });
});
