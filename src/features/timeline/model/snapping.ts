/**
 * Snapping of a moving edge set (a dragged group, or one trimmed edge) to other items' edges and
 * the playhead within a pixel threshold, and otherwise to the frame grid. Alt turns the edge and
 * playhead snapping off; the frame grid stays (the timeline's time base is frames).
 */
import { forEachItemInRange, lowerBound, type TimelineIndex } from './timeline-index.ts';
import { roundMs, snapToFrame } from './time-scale.ts';

export const SNAP_THRESHOLD_PX = 8;

export type SnapKind = 'edge' | 'playhead';

export interface SnapTargets {
  /** Sorted edge times of items that are not moving. */
  edges: Float64Array;
  playhead: number | null;
}

export interface SnapResult {
  /** The adjusted delta in seconds. */
  delta: number;
  /** Where a snap line is drawn, when snapped to an edge or the playhead. */
  snappedTo: { seconds: number; kind: SnapKind } | null;
}

/**
 * Edges of the non-moving items within [start, end] (the visible range plus a margin: only what
 * the person can see is a target, which also keeps drag start cheap at 10,000 items).
 */
export function collectSnapTargets(
  index: TimelineIndex,
  exclude: ReadonlySet<string>,
  range: { start: number; end: number },
  playhead: number | null,
): SnapTargets {
  const edges: number[] = [];
  for (const row of index.rows) {
    forEachItemInRange(row, range.start, range.end, (item) => {
      if (exclude.has(item.id)) return;
      edges.push(item.start_seconds, item.end_seconds);
    });
  }
  edges.sort((a, b) => a - b);
  return { edges: Float64Array.from(edges), playhead };
}

function nearestIn(sorted: Float64Array, value: number): number | null {
  if (sorted.length === 0) return null;
  const at = lowerBound(sorted, value);
  const after = at < sorted.length ? sorted[at]! : null;
  const before = at > 0 ? sorted[at - 1]! : null;
  if (after === null) return before;
  if (before === null) return after;
  return value - before <= after - value ? before : after;
}

/**
 * Snaps `delta` so that one of `movingEdges` (times before the move) lands on a target. The
 * first moving edge is the reference put on the frame grid when nothing is near.
 */
export function snapDelta(options: {
  movingEdges: readonly number[];
  delta: number;
  targets: SnapTargets;
  pxPerSecond: number;
  fps: number;
  snapToItems: boolean;
  thresholdPx?: number;
}): SnapResult {
  const { movingEdges, delta, targets, pxPerSecond, fps, snapToItems } = options;
  const threshold = (options.thresholdPx ?? SNAP_THRESHOLD_PX) / pxPerSecond;
  if (snapToItems) {
    let best: { distance: number; delta: number; seconds: number; kind: SnapKind } | null = null;
    for (const edge of movingEdges) {
      const moved = edge + delta;
      const nearest = nearestIn(targets.edges, moved);
      const candidates: Array<[number | null, SnapKind]> = [
        [targets.playhead, 'playhead'],
        [nearest, 'edge'],
      ];
      for (const [target, kind] of candidates) {
        if (target === null) continue;
        const distance = Math.abs(target - moved);
        if (distance <= threshold && (!best || distance < best.distance - 1e-9)) {
          best = { distance, delta: target - edge, seconds: target, kind };
        }
      }
    }
    if (best)
      return { delta: roundMs(best.delta), snappedTo: { seconds: best.seconds, kind: best.kind } };
  }
  const reference = movingEdges[0];
  if (reference === undefined) return { delta: roundMs(delta), snappedTo: null };
  return { delta: roundMs(snapToFrame(reference + delta, fps) - reference), snappedTo: null };
}
