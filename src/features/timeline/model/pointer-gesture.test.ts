import { describe, expect, it } from 'vitest';
import { hitTest } from './hit-testing.ts';
import {
  LIVE_OVERLAP_LIMIT,
  pointerDown,
  pointerMove,
  pointerUp,
  prepareMove,
  type GestureContext,
  type Modifiers,
} from './pointer-gesture.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { smallTimeline, syntheticTimeline } from './synthetic-timeline.ts';
import { RULER_HEIGHT, ROW_HEIGHT, type Viewport } from './time-scale.ts';

const view: Viewport = { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1300, height: 400 };
const index = buildTimelineIndex(smallTimeline());
const none: Modifiers = { shift: false, toggle: false, free: false };
const rowY = (row: number) => RULER_HEIGHT + row * ROW_HEIGHT + ROW_HEIGHT / 2;
const ctx = (selection: string[] = [], playhead = 0): GestureContext => ({
  index,
  fps: 30,
  selection: new Set(selection),
  playhead,
  view,
});

function press(c: GestureContext, x: number, y: number, mods = none) {
  return pointerDown(c, hitTest(index, view, x, y), x, y, mods, true);
}

describe('pointer gestures', () => {
  it('selects on press, toggles with Shift/Ctrl, and scrubs on the ruler', () => {
    expect(press(ctx(), 200, rowY(0)).selection).toEqual(new Set(['a']));
    expect(press(ctx(['a']), 500, rowY(0), { ...none, shift: true }).selection).toEqual(
      new Set(['a', 'b']),
    );
    expect(press(ctx(['a', 'b']), 500, rowY(0), { ...none, toggle: true })).toEqual({
      pending: null,
      selection: new Set(['a']),
    });
    expect(press(ctx(), 151, 10)).toMatchObject({ pending: { kind: 'scrub' }, playhead: 1.5 });
  });

  it('works out a move’s snap targets after the press, ahead of its first step', () => {
    const c = ctx(['c']);
    const pending = press(c, 300, rowY(1)).pending!;
    expect(pending).toMatchObject({ kind: 'move', targets: null });
    prepareMove(c, pending);
    const targets = pending.kind === 'move' ? pending.targets : null;
    expect(targets).not.toBeNull();
    // The first step uses them (the same snap as without preparing).
    expect(pointerMove(c, pending, 396, rowY(1), none).drag).toMatchObject({
      delta: 1,
      snappedTo: { seconds: 3 },
    });
    expect(pending.kind === 'move' && pending.targets).toBe(targets);
  });

  it('drags a group with snapping to an item edge', () => {
    const c = ctx(['c']);
    const down = press(c, 300, rowY(1));
    const pending = down.pending!;
    expect(pointerMove(c, pending, 301, rowY(1), none).drag).toBeNull();
    // c is 2–5; dragging +0.96 s puts its start 0.04 s from t's end (3 s): snaps.
    const moved = pointerMove(c, pending, 396, rowY(1), none);
    expect(moved.drag).toMatchObject({
      kind: 'move',
      delta: 1,
      snappedTo: { seconds: 3 },
      rowOffset: 0,
    });
    const free = pointerMove(c, pending, 396, rowY(1), { ...none, free: true });
    expect(free.drag).toMatchObject({ delta: 0.967, snappedTo: null });
    expect(pointerUp(c, pending, free.drag)).toEqual({
      type: 'commit',
      label: 'Move 1 item',
      ops: [{ kind: 'move', itemId: 'c', fromStart: 2, fromLayer: 1, toStart: 2.967, toLayer: 1 }],
    });
  });

  it('never moves before 0 s and stays on layers that accept the items', () => {
    const c = ctx(['c']);
    const pending = press(c, 300, rowY(1)).pending!;
    const moved = pointerMove(c, pending, 0, rowY(3), none);
    expect(moved.drag).toMatchObject({ delta: -2, rowOffset: 0, rowBlocked: expect.any(String) });
  });

  it('a drop commits the moves the drag planned, without planning again', () => {
    const c = ctx(['c']);
    const pending = press(c, 300, rowY(1)).pending!;
    const moved = pointerMove(c, pending, 400, rowY(1), { ...none, free: true });
    const planned = (moved.drag?.kind === 'move' ? moved.drag.moves : null) ?? [];
    expect(pointerMove(c, pending, 400, rowY(1), { ...none, free: true }).drag).toMatchObject({
      moves: planned,
    });
    const up = pointerUp(c, pending, moved.drag);
    expect(up.type === 'commit' && up.ops[0]).toMatchObject({ kind: 'move', ...planned[0] });
  });

  it('a group over the live limit only moves while dragged and is planned once, on the drop', () => {
    const big = buildTimelineIndex(syntheticTimeline({ itemCount: LIVE_OVERLAP_LIMIT * 2 }));
    const ids = [...big.byId.keys()];
    const first = big.rows[0]!.items[0]!;
    const c: GestureContext = { index: big, fps: 30, selection: new Set(ids), playhead: 0, view };
    const x = (first.start_seconds + 0.1) * view.pxPerSecond;
    const down = pointerDown(c, hitTest(big, view, x, rowY(0)), x, rowY(0), none, true);
    // Pressing a selected item keeps the same selection (nothing to draw again).
    expect(down.selection).toBe(c.selection);
    const pending = down.pending!;
    prepareMove(c, pending);
    const moved = pointerMove(c, pending, x + 250, rowY(0), { ...none, free: true });
    expect(moved.drag).toMatchObject({ kind: 'move', delta: 2.5, moves: null });
    const up = pointerUp({ ...c, maxOperations: ids.length }, pending, moved.drag);
    expect(up.type).toBe('commit');
    const ops = up.type === 'commit' ? up.ops : [];
    expect(ops).toHaveLength(ids.length);
    expect(ops[0]).toMatchObject({ kind: 'move', toStart: expect.any(Number) });
    for (const op of ops)
      if (op.kind === 'move') expect(op.toStart - op.fromStart).toBeCloseTo(2.5, 3);
  });

  it('refuses a drop onto another item', () => {
    const c = ctx(['c']);
    const pending = press(c, 300, rowY(1)).pending!;
    const moved = pointerMove(c, pending, 300, rowY(0), { ...none, free: true });
    expect(moved).toMatchObject({ blocked: true, drag: { rowOffset: -1 } });
    expect(pointerUp(c, pending, moved.drag)).toMatchObject({
      type: 'refused',
      reason: expect.stringMatching(/overlap “a”/),
    });
  });

  it('refuses a drop that would send more operations than one request may carry', () => {
    const c = { ...ctx(['a', 'b']), maxOperations: 1 };
    const pending = press(c, 200, rowY(0)).pending!;
    const moved = pointerMove(c, pending, 260, rowY(0), { ...none, free: true });
    expect(moved.drag).toMatchObject({ kind: 'move', moves: [{}, {}] });
    expect(pointerUp(c, pending, moved.drag)).toEqual({
      type: 'refused',
      reason:
        'One gesture can change at most 1 items; this one would change 2. Select fewer items (for example one layer at a time).',
    });
    // Within the cap, the same drop commits.
    expect(pointerUp({ ...c, maxOperations: 2 }, pending, moved.drag)).toMatchObject({
      type: 'commit',
    });
  });

  it('trims from a handle with the ghost clamped', () => {
    const c = ctx(['b']);
    const pending = press(c, 797, rowY(0)).pending!;
    expect(pending).toMatchObject({ kind: 'trim', edge: 'end' });
    const moved = pointerMove(c, pending, 697, rowY(0), none);
    expect(moved.drag).toMatchObject({ kind: 'trim', delta: -1 });
    expect(pointerUp(c, pending, moved.drag)).toMatchObject({
      type: 'commit',
      ops: [{ kind: 'trim', itemId: 'b', endDelta: -1 }],
    });
  });

  it('selects with a marquee on release (the box only redraws the overlay) and clears on a click', () => {
    const c = ctx(['m']);
    const pending = press(c, 1000, rowY(0) - 10, { ...none, shift: true }).pending!;
    const moved = pointerMove(c, pending, 450, rowY(1), none);
    expect(moved.selection).toBeUndefined();
    expect(moved.drag).toMatchObject({ kind: 'marquee', inRect: new Set(['b', 'c']) });
    expect(pointerUp(c, pending, moved.drag)).toEqual({
      type: 'select',
      selection: new Set(['m', 'b', 'c']),
    });
    // A new box without Shift clears the selection once, as it starts.
    const replace = press(c, 1000, rowY(0) - 10).pending!;
    expect(pointerMove(c, replace, 450, rowY(1), none).selection).toEqual(new Set());
    expect(pointerMove(c, replace, 440, rowY(1), none).selection).toBeUndefined();
    const click = press(c, 1000, rowY(0)).pending!;
    expect(pointerUp(c, click, null)).toEqual({ type: 'none', selection: new Set() });
  });

  it('a click on a member of a group selects only it', () => {
    const c = ctx(['a', 'b']);
    const pending = press(c, 200, rowY(0)).pending!;
    expect(pointerUp(c, pending, null)).toEqual({ type: 'none', selection: new Set(['a']) });
  });
});
