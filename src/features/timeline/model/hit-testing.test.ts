import { describe, expect, it } from 'vitest';
import { hitTest, HANDLE_PX, itemScreenRect } from './hit-testing.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { smallTimeline } from './synthetic-timeline.ts';
import { RULER_HEIGHT, ROW_HEIGHT, type Viewport } from './time-scale.ts';

const view: Viewport = { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1200, height: 400 };
const index = buildTimelineIndex(smallTimeline());
const rowMiddle = (row: number) => RULER_HEIGHT + row * ROW_HEIGHT + ROW_HEIGHT / 2;

describe('hit testing', () => {
  it('finds the ruler, items, handles and empty space', () => {
    expect(hitTest(index, view, 150, 10)).toEqual({ kind: 'ruler', seconds: 1.5 });
    expect(hitTest(index, view, 200, rowMiddle(0))).toMatchObject({
      kind: 'item',
      zone: 'body',
      row: 0,
      item: { id: 'a' },
    });
    expect(hitTest(index, view, 402, rowMiddle(0))).toMatchObject({
      kind: 'item',
      zone: 'trim-start',
      item: { id: 'b' },
    });
    expect(hitTest(index, view, 798, rowMiddle(0))).toMatchObject({
      kind: 'item',
      zone: 'trim-end',
      item: { id: 'b' },
    });
    expect(hitTest(index, view, 900, rowMiddle(0))).toMatchObject({ kind: 'empty', row: 0 });
    expect(hitTest(index, view, 100, rowMiddle(5))).toMatchObject({ kind: 'empty', row: null });
    expect(hitTest(index, view, -1, 10)).toEqual({ kind: 'outside' });
  });

  it('respects scroll', () => {
    const scrolled = { ...view, scrollX: 300, scrollY: ROW_HEIGHT };
    expect(hitTest(index, scrolled, 50, rowMiddle(0))).toMatchObject({
      kind: 'item',
      item: { id: 'c' },
    });
  });

  it('gives narrow items no handles', () => {
    const zoomedOut = { ...view, pxPerSecond: 3 };
    expect(hitTest(index, zoomedOut, 2, rowMiddle(0))).toMatchObject({
      kind: 'item',
      zone: 'body',
    });
    expect(HANDLE_PX).toBeGreaterThan(0);
  });

  it('gives the screen rectangle of an item', () => {
    expect(itemScreenRect(index, view, 'b')).toMatchObject({ x: 400, width: 400 });
    expect(itemScreenRect(index, view, 'nope')).toBeNull();
  });
});
