import { describe, expect, it } from 'vitest';
import {
  clampGroupDelta,
  effectiveMoves,
  findOverlap,
  groupBounds,
  planGroupMove,
  resolveRowOffset,
} from './group-move.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { smallTimeline } from './synthetic-timeline.ts';

const index = buildTimelineIndex(smallTimeline());

describe('group move', () => {
  it('moves every item by the same delta, keeping relative positions', () => {
    const plan = planGroupMove(index, ['b', 'c'], 1.5, 0);
    expect(plan.moves).toEqual([
      { itemId: 'b', fromStart: 4, fromLayer: 0, toStart: 5.5, toLayer: 0 },
      { itemId: 'c', fromStart: 2, fromLayer: 1, toStart: 3.5, toLayer: 1 },
    ]);
  });

  it('snaps each new start to a frame as the service does, given the frame rate', () => {
    // 4 + 1.033 = 5.033 s and 2 + 1.033 = 3.033 s: frames 151 and 91 at 30 fps (5.033, 3.033); at
    // 24 fps, 5.033 s is nearest frame 121 (5.042 s) and 3.033 s frame 73 (3.042 s).
    const at30 = planGroupMove(index, ['b', 'c'], 1.033, 0, 30);
    expect(at30.moves.map((move) => move.toStart)).toEqual([5.033, 3.033]);
    const at24 = planGroupMove(index, ['b', 'c'], 1.033, 0, 24);
    expect(at24.moves.map((move) => move.toStart)).toEqual([5.042, 3.042]);
    // Without it, to the millisecond.
    expect(planGroupMove(index, ['b'], 1.0334, 0).moves[0]!.toStart).toBe(5.033);
  });

  it('stops the group at 0 s', () => {
    expect(clampGroupDelta(index, ['b', 'c'], -10)).toBe(-2);
    const plan = planGroupMove(index, ['b', 'c'], -10, 0);
    expect(plan.moves.map((move) => move.toStart)).toEqual([2, 0]);
    expect(groupBounds(index, ['b', 'c'])).toEqual({ start: 2, end: 8 });
    expect(groupBounds(index, [])).toBeNull();
  });

  it('moves across layers only where the layer kind accepts every item', () => {
    // Videos a and c may go down one row (video layers); the text layer below does not take them.
    expect(resolveRowOffset(index, ['a'], 1)).toBe(1);
    expect(resolveRowOffset(index, ['a'], 2)).toBe(1);
    expect(resolveRowOffset(index, ['a', 'c'], 1)).toBe(0);
    expect(resolveRowOffset(index, ['c'], -1)).toBe(-1);
    expect(resolveRowOffset(index, ['c'], -5)).toBe(-1);
    const blocked = planGroupMove(index, ['t'], 0, 1);
    expect(blocked.rowOffset).toBe(0);
    expect(blocked.rowBlocked).toMatch(/layer kind/);
    const down = planGroupMove(index, ['a'], 0, 1);
    expect(down.moves[0]).toMatchObject({ toLayer: 1, toStart: 0 });
  });

  it('ignores unknown ids and drops moves that change nothing', () => {
    const plan = planGroupMove(index, ['a', 'ghost'], 0, 0);
    expect(plan.moves).toHaveLength(1);
    expect(effectiveMoves(plan.moves)).toEqual([]);
  });
});

describe('overlaps', () => {
  it('finds a move onto an item that is not moving', () => {
    const onto = planGroupMove(index, ['c'], 2, -1); // c (2–5) → row 0 at 4–7 overlaps b
    expect(findOverlap(index, onto.moves, new Set(['c']))).toEqual({ itemId: 'c', otherId: 'b' });
    const both = planGroupMove(index, ['a', 'b'], 1, 0); // the group moves together: no clash
    expect(findOverlap(index, both.moves, new Set(['a', 'b']))).toBeNull();
    const alone = planGroupMove(index, ['a'], 1, 0); // a alone runs into b
    expect(findOverlap(index, alone.moves, new Set(['a']))).toEqual({ itemId: 'a', otherId: 'b' });
    const touching = planGroupMove(index, ['c'], 6, -1); // c → 8–11 just after b: fine
    expect(findOverlap(index, touching.moves, new Set(['c']))).toBeNull();
  });
});
