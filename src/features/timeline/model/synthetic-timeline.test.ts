import { describe, expect, it } from 'vitest';
import { buildTimelineIndex } from './timeline-index.ts';
import { syntheticTimeline } from './synthetic-timeline.ts';

describe('synthetic timelines', () => {
  it('are deterministic, frame-aligned and non-overlapping per layer', () => {
    const a = syntheticTimeline({ itemCount: 10_000 });
    expect(syntheticTimeline({ itemCount: 10_000 })).toEqual(a);
    const index = buildTimelineIndex(a);
    expect(index.itemCount).toBe(10_000);
    expect(index.rows).toHaveLength(20);
    for (const row of index.rows) {
      for (let i = 1; i < row.items.length; i += 1) {
        expect(row.items[i]!.start_seconds).toBeGreaterThanOrEqual(row.items[i - 1]!.end_seconds);
      }
    }
    const item = a.layers[0]!.items[3]!;
    expect(Math.abs(item.start_seconds * 30 - Math.round(item.start_seconds * 30))).toBeLessThan(
      0.05,
    );
  });
});
