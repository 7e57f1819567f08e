import { describe, expect, it } from 'vitest';
import { clampTrimDelta, planGroupTrim, trimLimits, trimmedItem } from './trim.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { smallTimeline } from './synthetic-timeline.ts';

const index = buildTimelineIndex(smallTimeline());
const item = (id: string) => index.byId.get(id)!.item;

describe('trim', () => {
  it('limits the start edge by 0 s, the source start and one frame', () => {
    // b: 4–8, source from 1 s: the start may go 1 s earlier at most.
    expect(trimLimits(item('b'), 'start', 30)).toEqual({ min: -1, max: 4 - 0.033 });
    // a starts at 0 s: it cannot extend earlier.
    expect(trimLimits(item('a'), 'start', 30).min).toBe(0);
    // Text has no source: only 0 s limits it.
    expect(trimLimits(item('t'), 'start', 30).min).toBe(-1);
    expect(trimLimits(item('b'), 'end', 30)).toEqual({ min: -(4 - 0.033), max: Infinity });
  });

  it('clamps a group trim to what every item allows', () => {
    expect(clampTrimDelta([item('b'), item('c')], 'start', -5, 30)).toBe(-1);
    expect(clampTrimDelta([item('b'), item('t')], 'end', -5, 30)).toBe(-1.967);
    const plan = planGroupTrim(index, ['b', 'c'], 'end', 0.5, 30);
    expect(plan.trims).toEqual([
      { itemId: 'b', startDelta: 0, endDelta: 0.5 },
      { itemId: 'c', startDelta: 0, endDelta: 0.5 },
    ]);
    expect(planGroupTrim(index, ['a'], 'start', -1, 30)).toEqual({ delta: 0, trims: [] });
  });

  it('shifts the source window with the edges', () => {
    expect(trimmedItem(item('b'), 0.5, -1)).toMatchObject({
      start_seconds: 4.5,
      end_seconds: 7,
      source_start_seconds: 1.5,
      source_end_seconds: 4,
    });
    expect(trimmedItem(item('t'), 0.5, 0)).toMatchObject({
      start_seconds: 1.5,
      source_start_seconds: null,
    });
  });
});

describe('trim against neighbours', () => {
  it('stops an edge at the neighbouring item on the row', () => {
    // a (0–4) is followed directly by b (4–8): a's end cannot extend; b's start cannot go earlier.
    expect(planGroupTrim(index, ['a'], 'end', 1, 30)).toEqual({ delta: 0, trims: [] });
    expect(planGroupTrim(index, ['b'], 'start', -1, 30)).toEqual({ delta: 0, trims: [] });
    // b's end is free; a's end may shrink.
    expect(planGroupTrim(index, ['b'], 'end', 3, 30).delta).toBe(3);
    expect(planGroupTrim(index, ['a'], 'end', -1, 30).delta).toBe(-1);
  });
});
