import { describe, expect, it } from 'vitest';
import { describeSelection } from './announce.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { smallTimeline } from './synthetic-timeline.ts';

const index = buildTimelineIndex(smallTimeline());

describe('selection announcements', () => {
  it('describes none, one and many', () => {
    expect(describeSelection(index, new Set())).toBe('No items selected.');
    expect(describeSelection(index, new Set(['b']))).toBe(
      'Selected video “b” on Main video, 4 s to 8 s.',
    );
    expect(describeSelection(index, new Set(['a', 'b', 'c', 'm']))).toBe(
      '4 items selected: “a”, “b”, “c” and 1 more.',
    );
  });
});
