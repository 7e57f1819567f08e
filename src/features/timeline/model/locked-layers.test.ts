import { describe, expect, it } from 'vitest';
import * as commands from './commands.ts';
import { emptyHistory } from '@/editor-kit/history.ts';
import { lockedLayerOf, resolveRowOffset, rowOffsetAllowed } from './group-move.ts';
import { hitTest } from './hit-testing.ts';
import { pointerDown, pointerMove, pointerUp } from './pointer-gesture.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import type { TimelineChange } from './timeline-change.ts';
import { smallTimeline, withLockedLayers } from './synthetic-timeline.ts';
import { RULER_HEIGHT, ROW_HEIGHT, type Viewport } from './time-scale.ts';
import { contextDefaults } from '../testing/command-context.ts';

// B-roll (layer 1) and Music (layer 3) locked.
const index = buildTimelineIndex(withLockedLayers(smallTimeline(), [1, 3]));
const view: Viewport = { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1300, height: 400 };
const ctx = (selection: string[]) => ({
  index,
  fps: 30,
  selection: new Set(selection),
  playhead: 0,
  view,
  history: emptyHistory<TimelineChange>(),
  ...contextDefaults,
});

describe('locked layers', () => {
  it('are never a move target and name the layer that blocks an edit', () => {
    expect(rowOffsetAllowed(index, ['a'], 1)).toBe(false);
    expect(resolveRowOffset(index, ['a'], 1)).toBe(0);
    expect(lockedLayerOf(index, ['a', 'c'])).toBe('B-roll');
    expect(lockedLayerOf(index, ['a', 't'])).toBeNull();
  });

  it('refuse moves and trims of their items with a reason', () => {
    expect(commands.nudge.perform(ctx(['m']), { direction: 1, unit: 'frame' })).toEqual({
      type: 'refused',
      reason: '“Music” is a locked layer: its items cannot be moved or trimmed.',
    });
    expect(commands.setEnd.perform(ctx(['c']), { seconds: 6 })).toMatchObject({
      type: 'refused',
      reason: expect.stringMatching(/locked/),
    });
    expect(commands.nudge.perform(ctx(['a', 'c']), { direction: 1, unit: 'second' })).toMatchObject(
      { type: 'refused' },
    );
    // Deleting still asks the service, which reports the per-item failure.
    expect(commands.deleteSelection.perform(ctx(['m']), undefined)).toEqual({
      type: 'state',
      patch: { deleteRequest: ['m'] },
    });
  });

  it('show a blocked ghost while dragging and refuse the drop', () => {
    const c = ctx([]);
    const y = RULER_HEIGHT + 3 * ROW_HEIGHT + ROW_HEIGHT / 2;
    const down = pointerDown(
      c,
      hitTest(index, view, 500, y),
      500,
      y,
      { shift: false, toggle: false, free: false },
      true,
    );
    expect(down.selection).toEqual(new Set(['m']));
    const moved = pointerMove({ ...c, selection: down.selection! }, down.pending!, 560, y, {
      shift: false,
      toggle: false,
      free: true,
    });
    expect(moved.blocked).toBe(true);
    expect(pointerUp(c, down.pending!, moved.drag)).toEqual({
      type: 'refused',
      reason: '“Music” is a locked layer: its items cannot be moved or trimmed.',
    });
  });
});
