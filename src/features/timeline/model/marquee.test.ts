import { describe, expect, it } from 'vitest';
import { combineSelection, itemsInMarquee, rectFromPoints } from './marquee.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { smallTimeline } from './synthetic-timeline.ts';
import { RULER_HEIGHT, ROW_HEIGHT, type Viewport } from './time-scale.ts';

const view: Viewport = { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1200, height: 400 };
const index = buildTimelineIndex(smallTimeline());

describe('marquee', () => {
  it('normalises rectangles from any corner', () => {
    expect(rectFromPoints(10, 50, 5, 20)).toEqual({ x: 5, y: 20, width: 5, height: 30 });
  });

  it('selects the items the band touches', () => {
    const rect = rectFromPoints(350, RULER_HEIGHT + 10, 450, RULER_HEIGHT + ROW_HEIGHT + 10);
    expect(itemsInMarquee(index, view, rect).sort()).toEqual(['a', 'b', 'c']);
    const lower = rectFromPoints(
      50,
      RULER_HEIGHT + ROW_HEIGHT * 2 + 10,
      60,
      RULER_HEIGHT + ROW_HEIGHT * 4 - 10,
    );
    expect(itemsInMarquee(index, view, lower)).toEqual(['m']);
  });

  it('combines with the previous selection', () => {
    const previous = new Set(['a', 'b']);
    expect([...combineSelection(previous, ['b', 'c'], 'replace')]).toEqual(['b', 'c']);
    expect([...combineSelection(previous, ['b', 'c'], 'add')].sort()).toEqual(['a', 'b', 'c']);
    expect([...combineSelection(previous, ['b', 'c'], 'toggle')].sort()).toEqual(['a', 'c']);
  });
});
