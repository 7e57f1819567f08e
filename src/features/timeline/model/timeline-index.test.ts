import { describe, expect, it } from 'vitest';
import {
  buildTimelineIndex,
  forEachItemInRange,
  itemsByTime,
  itemsInRange,
  lowerBound,
  timelineIndexOf,
} from './timeline-index.ts';
import { smallTimeline, syntheticTimeline } from './synthetic-timeline.ts';

describe('timeline index', () => {
  it('indexes rows, ids and duration', () => {
    const index = buildTimelineIndex(smallTimeline());
    expect(index.rows.map((row) => row.layer.name)).toEqual([
      'Main video',
      'B-roll',
      'Titles',
      'Music',
    ]);
    expect(index.itemCount).toBe(5);
    expect(index.byId.get('c')).toMatchObject({ row: 1, layerIndex: 1 });
    expect(index.durationSeconds).toBe(12);
  });

  it('shares the index of a timeline with the same layers (an answer that only gives the revision)', () => {
    const timeline = smallTimeline();
    const index = timelineIndexOf(timeline);
    const answered = timelineIndexOf({ ...timeline, revision: timeline.revision + 1 });
    expect(answered).not.toBe(index);
    expect(answered.timeline.revision).toBe(timeline.revision + 1);
    expect(answered.rows).toBe(index.rows);
    expect(answered.byId).toBe(index.byId);
    // New layers, or a new duration, are indexed again.
    const moved = { ...timeline, layers: [...timeline.layers] };
    expect(timelineIndexOf(moved).rows).not.toBe(index.rows);
    const longer = { ...timeline, duration_seconds: 99 };
    expect(timelineIndexOf(longer).durationSeconds).toBe(99);
  });

  it('orders rows by layer index, not array order', () => {
    const timeline = smallTimeline();
    timeline.layers.reverse();
    const index = buildTimelineIndex(timeline);
    expect(index.rows[0]!.layer.index).toBe(0);
    expect(index.rowOfLayer.get(3)).toBe(3);
  });

  it('finds items overlapping a time range, including long ones starting earlier', () => {
    const index = buildTimelineIndex(smallTimeline());
    expect(itemsInRange(index.rows[0]!, 3.9, 4.1).map((item) => item.id)).toEqual(['a', 'b']);
    expect(itemsInRange(index.rows[3]!, 11, 11.5).map((item) => item.id)).toEqual(['m']);
    expect(itemsInRange(index.rows[0]!, 8, 9)).toEqual([]);
  });

  it('matches a brute-force scan on a large timeline', () => {
    const index = buildTimelineIndex(syntheticTimeline({ itemCount: 2000 }));
    const row = index.rows[5]!;
    const fast: string[] = [];
    forEachItemInRange(row, 30, 45, (item) => fast.push(item.id));
    const slow = row.items
      .filter((item) => item.start_seconds < 45 && item.end_seconds > 30)
      .map((item) => item.id);
    expect(fast).toEqual(slow);
    expect(fast.length).toBeGreaterThan(0);
  });

  it('binary searches starts', () => {
    const starts = Float64Array.from([0, 1, 1, 4]);
    expect(lowerBound(starts, 1)).toBe(1);
    expect(lowerBound(starts, 2)).toBe(3);
    expect(lowerBound(starts, 9)).toBe(4);
  });

  it('orders items by time for keyboard stepping', () => {
    const index = buildTimelineIndex(smallTimeline());
    expect(itemsByTime(index).map((item) => item.id)).toEqual(['a', 'm', 't', 'c', 'b']);
  });
});
