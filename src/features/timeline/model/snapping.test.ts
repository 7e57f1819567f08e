import { describe, expect, it } from 'vitest';
import { collectSnapTargets, snapDelta } from './snapping.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { smallTimeline } from './synthetic-timeline.ts';

const index = buildTimelineIndex(smallTimeline());

describe('snapping', () => {
  const targets = collectSnapTargets(index, new Set(['c']), { start: 0, end: 20 }, 6.5);

  it('collects edges of items that are not moving', () => {
    expect([...targets.edges]).toEqual([0, 0, 1, 3, 4, 4, 8, 12]);
  });

  it('snaps the nearest moving edge to an item edge within the threshold', () => {
    // c (2–5) moved by +1.95 → its end at 6.95; start at 3.95 is 0.05 from the edge at 4.
    const result = snapDelta({
      movingEdges: [2, 5],
      delta: 1.95,
      targets,
      pxPerSecond: 100,
      fps: 30,
      snapToItems: true,
    });
    expect(result).toEqual({ delta: 2, snappedTo: { seconds: 4, kind: 'edge' } });
  });

  it('snaps to the playhead', () => {
    const result = snapDelta({
      movingEdges: [2, 5],
      delta: 1.47,
      targets,
      pxPerSecond: 100,
      fps: 30,
      snapToItems: true,
    });
    expect(result).toEqual({ delta: 1.5, snappedTo: { seconds: 6.5, kind: 'playhead' } });
  });

  it('falls back to the frame grid outside the threshold or with Alt', () => {
    const far = snapDelta({
      movingEdges: [2, 5],
      delta: 0.51,
      targets,
      pxPerSecond: 100,
      fps: 30,
      snapToItems: true,
    });
    expect(far).toEqual({ delta: 0.5, snappedTo: null });
    const alt = snapDelta({
      movingEdges: [2, 5],
      delta: 1.95,
      targets,
      pxPerSecond: 100,
      fps: 30,
      snapToItems: false,
    });
    expect(alt.snappedTo).toBeNull();
    expect(alt.delta).toBe(1.967);
  });

  it('scales the threshold with the zoom', () => {
    // 0.05 s at 10 px/s is half a pixel: snaps; at 1000 px/s it is 50 px: does not.
    expect(
      snapDelta({
        movingEdges: [2],
        delta: 1.95,
        targets,
        pxPerSecond: 10,
        fps: 30,
        snapToItems: true,
      }).snappedTo,
    ).not.toBeNull();
    expect(
      snapDelta({
        movingEdges: [2],
        delta: 1.95,
        targets,
        pxPerSecond: 1000,
        fps: 30,
        snapToItems: true,
      }).snappedTo,
    ).toBeNull();
  });

  it('handles no targets and no edges', () => {
    const none = { edges: new Float64Array(), playhead: null };
    expect(
      snapDelta({
        movingEdges: [1],
        delta: 0.26,
        targets: none,
        pxPerSecond: 100,
        fps: 30,
        snapToItems: true,
      }),
    ).toEqual({
      delta: 0.267,
      snappedTo: null,
    });
    expect(
      snapDelta({
        movingEdges: [],
        delta: 0.2604,
        targets: none,
        pxPerSecond: 100,
        fps: 30,
        snapToItems: true,
      }).delta,
    ).toBe(0.26);
  });
});
