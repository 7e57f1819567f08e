import { describe, expect, it } from 'vitest';
import * as commands from './commands.ts';
import type { CommandContext } from './commands.ts';
import { emptyHistory, record, createEntry } from './command-history.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { smallTimeline } from './synthetic-timeline.ts';

const ctx = (selection: string[], patch: Partial<CommandContext> = {}): CommandContext => ({
  index: buildTimelineIndex(smallTimeline()),
  fps: 30,
  selection: new Set(selection),
  playhead: 0,
  view: { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1000, height: 300 },
  history: emptyHistory,
  ...patch,
});

describe('selection commands', () => {
  it('selects all, none, next and previous', () => {
    expect(commands.selectAll.perform(ctx([]))).toEqual({
      type: 'select',
      selection: new Set(['a', 'b', 'c', 't', 'm']),
    });
    expect(commands.clearSelection.perform(ctx(['a']))).toEqual({
      type: 'select',
      selection: new Set(),
    });
    expect(commands.selectNext.perform(ctx([]), { extend: false })).toEqual({
      type: 'select',
      selection: new Set(['a']),
    });
    expect(commands.selectNext.perform(ctx(['a']), { extend: false })).toEqual({
      type: 'select',
      selection: new Set(['m']),
    });
    expect(commands.selectNext.perform(ctx(['a']), { extend: true })).toEqual({
      type: 'select',
      selection: new Set(['a', 'm']),
    });
    expect(commands.selectPrevious.perform(ctx([]), { extend: false })).toEqual({
      type: 'select',
      selection: new Set(['b']),
    });
    expect(commands.selectNext.perform(ctx(['b']), { extend: false })).toEqual({
      type: 'select',
      selection: new Set(['b']),
    });
    expect(commands.clearSelection.enabled(ctx([]))).toBe(false);
  });
});

describe('move commands', () => {
  it('nudges by a frame or a second, never before 0 s', () => {
    expect(commands.nudge.perform(ctx(['b']), { direction: 1, unit: 'frame' })).toMatchObject({
      type: 'edit',
      ops: [{ kind: 'move', itemId: 'b', toStart: 4.033 }],
    });
    expect(
      commands.nudge.perform(ctx(['b', 'c']), { direction: -1, unit: 'second' }),
    ).toMatchObject({
      type: 'edit',
      ops: [
        { itemId: 'b', toStart: 3 },
        { itemId: 'c', toStart: 1 },
      ],
    });
    expect(commands.nudge.perform(ctx(['a']), { direction: -1, unit: 'frame' })).toMatchObject({
      type: 'noop',
    });
  });

  it('moves to the next layer that accepts the selection', () => {
    expect(commands.moveToLayer.perform(ctx(['a']), { direction: 1 })).toMatchObject({
      ops: [{ toLayer: 1 }],
    });
    expect(commands.moveToLayer.perform(ctx(['c']), { direction: 1 })).toMatchObject({
      type: 'noop',
    });
    expect(commands.moveToLayer.perform(ctx(['t']), { direction: -1 })).toMatchObject({
      type: 'noop',
    });
  });

  it('sets the start of the group (frame-snapped) and the layer', () => {
    expect(commands.setStart.perform(ctx(['b', 'c']), { seconds: 3.01 })).toMatchObject({
      ops: [
        { itemId: 'b', toStart: 5 },
        { itemId: 'c', toStart: 3 },
      ],
    });
    expect(commands.setStart.perform(ctx(['b']), { seconds: -1 })).toMatchObject({ type: 'noop' });
    expect(commands.setStart.perform(ctx(['b']), { seconds: Number.NaN })).toMatchObject({
      type: 'noop',
    });
    expect(commands.setLayer.perform(ctx(['c']), { layerIndex: 0 })).toMatchObject({
      ops: [{ itemId: 'c', toLayer: 0, toStart: 2 }],
    });
    expect(commands.setLayer.perform(ctx(['c']), { layerIndex: 2 })).toMatchObject({
      type: 'noop',
      reason: expect.stringMatching(/accept/),
    });
    expect(commands.setLayer.perform(ctx(['a', 'c']), { layerIndex: 0 })).toMatchObject({
      type: 'noop',
    });
  });
});

describe('trim commands', () => {
  it('edits end, duration and source points of one item', () => {
    expect(commands.setEnd.perform(ctx(['b']), { seconds: 9 })).toMatchObject({
      ops: [{ kind: 'trim', itemId: 'b', startDelta: 0, endDelta: 1 }],
    });
    expect(commands.setDuration.perform(ctx(['b']), { seconds: 2 })).toMatchObject({
      ops: [{ endDelta: -2 }],
    });
    expect(commands.setTrimIn.perform(ctx(['b']), { seconds: 1.5 })).toMatchObject({
      ops: [{ startDelta: 0.5, endDelta: 0 }],
    });
    expect(commands.setTrimOut.perform(ctx(['b']), { seconds: 4 })).toMatchObject({
      ops: [{ startDelta: 0, endDelta: -1 }],
    });
  });

  it('refuses impossible trims with a reason', () => {
    expect(commands.setEnd.perform(ctx(['b']), { seconds: 3 })).toMatchObject({
      type: 'noop',
      reason: expect.stringMatching(/one frame/),
    });
    expect(commands.setTrimIn.perform(ctx(['b']), { seconds: -1 })).toMatchObject({ type: 'noop' });
    expect(commands.setTrimIn.perform(ctx(['t']), { seconds: 1 })).toMatchObject({ type: 'noop' });
    expect(commands.setTrimIn.enabled(ctx(['t']))).toBe(false);
    expect(commands.setEnd.perform(ctx(['a', 'b']), { seconds: 9 })).toMatchObject({
      type: 'noop',
    });
    expect(commands.setEnd.perform(ctx(['b']), { seconds: 8 })).toMatchObject({
      type: 'noop',
      reason: 'Nothing to trim.',
    });
  });
});

describe('other commands', () => {
  it('asks to confirm a delete of the selection', () => {
    expect(commands.deleteSelection.perform(ctx(['a', 'ghost']))).toEqual({
      type: 'confirm-delete',
      ids: ['a'],
    });
    expect(commands.deleteSelection.perform(ctx([]))).toMatchObject({ type: 'noop' });
  });

  it('undoes and redoes only when there is something to', () => {
    expect(commands.undo.perform(ctx([]))).toMatchObject({ type: 'noop' });
    const history = record(emptyHistory, createEntry('x', [], []));
    expect(commands.undo.perform(ctx([], { history }))).toEqual({ type: 'undo' });
    expect(commands.redo.enabled(ctx([], { history }))).toBe(false);
  });

  it('zooms around the playhead or the middle, and fits the project', () => {
    const zoomed = commands.zoomIn.perform(ctx([], { playhead: 2 }));
    expect(zoomed).toMatchObject({ type: 'view', pxPerSecond: 125 });
    if (zoomed.type === 'view') expect(2 * zoomed.pxPerSecond - zoomed.scrollX).toBeCloseTo(200, 6);
    expect(commands.zoomOut.perform(ctx([]), { anchorX: 0 })).toMatchObject({
      type: 'view',
      pxPerSecond: 80,
      scrollX: 0,
    });
    expect(commands.zoomToFit.perform(ctx([]))).toMatchObject({ type: 'view', scrollX: 0 });
    expect(
      commands.zoomIn.perform(
        ctx([], { view: { pxPerSecond: 1200, scrollX: 0, scrollY: 0, width: 1000, height: 300 } }),
      ),
    ).toMatchObject({
      type: 'noop',
    });
  });

  it('adds a zoom effect to every selected item', () => {
    expect(commands.addZoomEffect.perform(ctx(['a', 'b']), { zoomScale: 1.5 })).toMatchObject({
      type: 'edit',
      ops: [
        { kind: 'add-effect', itemId: 'a', zoomScale: 1.5 },
        { kind: 'add-effect', itemId: 'b', zoomScale: 1.5 },
      ],
    });
    expect(commands.addZoomEffect.perform(ctx(['a']), { zoomScale: 9 })).toMatchObject({
      type: 'noop',
    });
  });
});
