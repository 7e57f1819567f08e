import { describe, expect, it } from 'vitest';
import * as commands from './commands.ts';
import { selectionFacts, type CommandContext, type CommandOutcome } from './command-context.ts';
import { createEntry, emptyHistory, record } from '@/editor-kit/history.ts';
import { findBinding } from '@/editor-kit/command.ts';
import { groupBounds } from './group-move.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { smallTimeline } from './synthetic-timeline.ts';
import { opsChange, type TimelineChange } from './timeline-change.ts';
import { contextDefaults } from '../testing/command-context.ts';

const ctx = (selection: string[], patch: Partial<CommandContext> = {}): CommandContext => ({
  index: buildTimelineIndex(smallTimeline()),
  fps: 30,
  selection: new Set(selection),
  playhead: 0,
  view: { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1000, height: 300 },
  history: emptyHistory(),
  ...contextDefaults,
  ...patch,
});

/** An edit outcome as `{ type: 'edit', ops }` (the shape these checks read best in). */
function view(outcome: CommandOutcome) {
  if (outcome.type === 'change' && outcome.change.kind === 'ops')
    return { type: 'edit', label: outcome.label, ops: outcome.change.ops };
  if (outcome.type === 'state') return { type: 'state', ...outcome.patch };
  return outcome;
}

describe('selection commands', () => {
  it('selects all, none, next and previous', () => {
    expect(view(commands.selectAll.perform(ctx([])))).toEqual({
      type: 'state',
      selection: new Set(['a', 'b', 'c', 't', 'm']),
    });
    expect(view(commands.clearSelection.perform(ctx(['a'])))).toEqual({
      type: 'state',
      selection: new Set(),
    });
    expect(view(commands.selectNext.perform(ctx([]), { extend: false }))).toEqual({
      type: 'state',
      selection: new Set(['a']),
    });
    expect(view(commands.selectNext.perform(ctx(['a']), { extend: false }))).toEqual({
      type: 'state',
      selection: new Set(['m']),
    });
    expect(view(commands.selectNext.perform(ctx(['a']), { extend: true }))).toEqual({
      type: 'state',
      selection: new Set(['a', 'm']),
    });
    expect(view(commands.selectPrevious.perform(ctx([]), { extend: false }))).toEqual({
      type: 'state',
      selection: new Set(['b']),
    });
    expect(view(commands.selectNext.perform(ctx(['b']), { extend: false }))).toEqual({
      type: 'state',
      selection: new Set(['b']),
    });
    expect(commands.clearSelection.canRun(ctx([]), undefined)).toBe(false);
  });
});

describe('the selection as the commands see it', () => {
  it('is worked out once per timeline and selection, ignoring ids the timeline lacks', () => {
    const index = buildTimelineIndex(smallTimeline());
    const selection = new Set(['a', 'b', 'gone']);
    const facts = selectionFacts(index, selection);
    expect(facts.ids).toEqual(['a', 'b']);
    expect(facts.bounds).toEqual(groupBounds(index, ['a', 'b']));
    expect(facts.locked).toBeNull();
    expect(facts.rows.size).toBeGreaterThan(0);
    // The same selection object: the same answer, not worked out again.
    expect(selectionFacts(index, selection)).toBe(facts);
    // A new selection or a new timeline: worked out again.
    expect(selectionFacts(index, new Set(['a']))).not.toBe(facts);
    const changed = buildTimelineIndex(smallTimeline());
    expect(selectionFacts(changed, selection)).not.toBe(facts);
    expect(selectionFacts(changed, selection)).toEqual(facts);
  });
});

describe('move commands', () => {
  it('nudges by a frame or a second, never before 0 s', () => {
    expect(view(commands.nudge.perform(ctx(['b']), { direction: 1, unit: 'frame' }))).toMatchObject(
      {
        ops: [{ kind: 'move', itemId: 'b', toStart: 4.033 }],
      },
    );
    expect(
      view(commands.nudge.perform(ctx(['b', 'c']), { direction: -1, unit: 'second' })),
    ).toMatchObject({
      ops: [
        { itemId: 'b', toStart: 3 },
        { itemId: 'c', toStart: 1 },
      ],
    });
    expect(
      view(commands.nudge.perform(ctx(['a']), { direction: -1, unit: 'frame' })),
    ).toMatchObject({
      type: 'refused',
    });
  });

  it('moves to the next layer that accepts the selection', () => {
    expect(view(commands.moveToLayer.perform(ctx(['a']), { direction: 1 }))).toMatchObject({
      ops: [{ toLayer: 1 }],
    });
    expect(view(commands.moveToLayer.perform(ctx(['c']), { direction: 1 }))).toMatchObject({
      type: 'refused',
    });
    expect(view(commands.moveToLayer.perform(ctx(['t']), { direction: -1 }))).toMatchObject({
      type: 'refused',
    });
  });

  it('sets the start of the group (frame-snapped) and the layer', () => {
    expect(view(commands.setStart.perform(ctx(['b', 'c']), { seconds: 3.01 }))).toMatchObject({
      ops: [
        { itemId: 'b', toStart: 5 },
        { itemId: 'c', toStart: 3 },
      ],
    });
    expect(view(commands.setStart.perform(ctx(['b']), { seconds: -1 }))).toMatchObject({
      type: 'refused',
    });
    expect(view(commands.setStart.perform(ctx(['b']), { seconds: Number.NaN }))).toMatchObject({
      type: 'refused',
    });
    expect(view(commands.setLayer.perform(ctx(['c']), { layerIndex: 0 }))).toMatchObject({
      ops: [{ itemId: 'c', toLayer: 0, toStart: 2 }],
    });
    expect(view(commands.setLayer.perform(ctx(['c']), { layerIndex: 2 }))).toMatchObject({
      type: 'refused',
      reason: expect.stringMatching(/accept/),
    });
    expect(view(commands.setLayer.perform(ctx(['a', 'c']), { layerIndex: 0 }))).toMatchObject({
      type: 'refused',
    });
  });
});

describe('trim commands', () => {
  it('edits end, duration and source points of one item', () => {
    expect(view(commands.setEnd.perform(ctx(['b']), { seconds: 9 }))).toMatchObject({
      ops: [{ kind: 'trim', itemId: 'b', startDelta: 0, endDelta: 1 }],
    });
    expect(view(commands.setDuration.perform(ctx(['b']), { seconds: 2 }))).toMatchObject({
      ops: [{ endDelta: -2 }],
    });
    expect(view(commands.setTrimIn.perform(ctx(['b']), { seconds: 1.5 }))).toMatchObject({
      ops: [{ startDelta: 0.5, endDelta: 0 }],
    });
    expect(view(commands.setTrimOut.perform(ctx(['b']), { seconds: 4 }))).toMatchObject({
      ops: [{ startDelta: 0, endDelta: -1 }],
    });
  });

  it('refuses impossible trims with a reason', () => {
    expect(view(commands.setEnd.perform(ctx(['b']), { seconds: 3 }))).toMatchObject({
      type: 'refused',
      reason: expect.stringMatching(/one frame/),
    });
    expect(view(commands.setTrimIn.perform(ctx(['b']), { seconds: -1 }))).toMatchObject({
      type: 'refused',
    });
    expect(view(commands.setTrimIn.perform(ctx(['t']), { seconds: 1 }))).toMatchObject({
      type: 'refused',
    });
    expect(commands.setTrimIn.canRun(ctx(['t']), { seconds: 1 })).toBe(false);
    expect(view(commands.setEnd.perform(ctx(['a', 'b']), { seconds: 9 }))).toMatchObject({
      type: 'refused',
    });
    expect(view(commands.setEnd.perform(ctx(['b']), { seconds: 8 }))).toMatchObject({
      type: 'refused',
      reason: 'Nothing to trim.',
    });
  });
});

describe('other commands', () => {
  it('asks to confirm a delete of the selection', () => {
    expect(view(commands.deleteSelection.perform(ctx(['a', 'ghost'])))).toEqual({
      type: 'state',
      deleteRequest: ['a'],
    });
    expect(view(commands.deleteSelection.perform(ctx([])))).toMatchObject({ type: 'refused' });
  });

  it('undoes and redoes only when there is something to', () => {
    expect(commands.undo.perform(ctx([]), undefined)).toMatchObject({ type: 'refused' });
    const history = record(
      emptyHistory<TimelineChange>(),
      createEntry('x', opsChange([]), opsChange([])),
    );
    expect(commands.undo.perform(ctx([], { history }), undefined)).toEqual({ type: 'undo' });
    expect(commands.redo.canRun(ctx([], { history }), undefined)).toBe(false);
  });

  it('zooms around the playhead or the middle, and fits the project', () => {
    const zoomed = view(commands.zoomIn.perform(ctx([], { playhead: 2 })));
    expect(zoomed).toMatchObject({ type: 'state', pxPerSecond: 125 });
    if ('pxPerSecond' in zoomed && 'scrollX' in zoomed)
      expect(2 * zoomed.pxPerSecond! - zoomed.scrollX!).toBeCloseTo(200, 6);
    expect(view(commands.zoomOut.perform(ctx([]), { anchorX: 0 }))).toMatchObject({
      type: 'state',
      pxPerSecond: 80,
      scrollX: 0,
    });
    expect(view(commands.zoomToFit.perform(ctx([])))).toMatchObject({ type: 'state', scrollX: 0 });
    expect(
      view(
        commands.zoomIn.perform(
          ctx([], {
            view: { pxPerSecond: 1200, scrollX: 0, scrollY: 0, width: 1000, height: 300 },
          }),
        ),
      ),
    ).toMatchObject({
      type: 'refused',
    });
  });

  it('adds a zoom effect to every selected item', () => {
    expect(view(commands.addZoomEffect.perform(ctx(['a', 'b']), { zoomScale: 1.5 }))).toMatchObject(
      {
        ops: [
          { kind: 'add-effect', itemId: 'a', zoomScale: 1.5 },
          { kind: 'add-effect', itemId: 'b', zoomScale: 1.5 },
        ],
      },
    );
    expect(view(commands.addZoomEffect.perform(ctx(['a']), { zoomScale: 9 }))).toMatchObject({
      type: 'refused',
    });
  });
});

describe('the table', () => {
  it('derives the keyboard from the bindings of the commands', () => {
    const key = (k: string, mods: { shift?: boolean; ctrl?: boolean } = {}) => ({
      key: k,
      shiftKey: !!mods.shift,
      ctrlKey: !!mods.ctrl,
      metaKey: false,
      altKey: false,
    });
    const found = (k: ReturnType<typeof key>) => {
      const hit = findBinding(commands.TIMELINE_COMMANDS, k);
      return hit ? [hit.command.name, hit.args] : null;
    };
    expect(found(key('z', { ctrl: true }))).toEqual(['undo', undefined]);
    expect(found(key('Z', { ctrl: true, shift: true }))).toEqual(['redo', undefined]);
    expect(found(key('ArrowLeft', { shift: true }))).toEqual([
      'nudge',
      { direction: -1, unit: 'second' },
    ]);
    expect(found(key(']'))).toEqual(['selectNext', { extend: false }]);
    expect(found(key('}', { shift: true }))).toEqual(['selectNext', { extend: true }]);
    expect(found(key('+', { shift: true }))).toEqual(['zoomIn', undefined]);
    expect(found(key('Backspace'))).toEqual(['deleteSelection', undefined]);
    expect(found(key('Escape'))).toEqual(['clearSelection', undefined]);
    expect(found(key('x'))).toBeNull();
  });

  it('lays the inspector out from the commands with fields', () => {
    expect(commands.INSPECTOR_COMMANDS.map((command) => command.field!.label)).toEqual([
      'Start (s)',
      'End (s)',
      'Duration (s)',
      'Layer',
      'Trim in: source start (s)',
      'Trim out: source end (s)',
      'Text',
      'Text size (px)',
      'X (px)',
      'Y (px)',
      'Width (%)',
      'Height (%)',
      'Rotation (°)',
      'Crop left (%)',
      'Crop top (%)',
      'Crop right (%)',
      'Crop bottom (%)',
      'Volume (%)',
      'Muted',
      'Fade in (s)',
      'Fade out (s)',
    ]);
  });
});
