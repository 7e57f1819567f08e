/**
 * The timeline's command table (the editor kit's model, after excalidraw's actions): every action
 * with its label, key bindings, toolbar group or inspector field, `canRun` and a pure `perform`
 * that returns an outcome (a selection or view change, one gesture's operations to commit as one
 * request and one undo step, or a refusal with its reason). The toolbar, the keyboard, the shortcut
 * help and the inspector are all derived from `TIMELINE_COMMANDS`.
 */
import type { AnyCommand } from '@/editor-kit/command.ts';
import { historyCommands } from '@/editor-kit/history-commands.ts';
import type { TimelineState } from '../state/timeline-state.ts';
import { ZOOM_EFFECT, type EditOp } from './edit-ops.ts';
import { lockedReason, rowOffsetAllowed } from './group-move.ts';
import { isLocked, layerAccepts } from '@/shared-rules/timeline-layer-rules.ts';
import type { TimelineChange } from './timeline-change.ts';
import { itemsByTime } from './timeline-index.ts';
import { fitToProject, frameTime, roundMs, snapToFrame, ZOOM_STEP, zoomAt } from './time-scale.ts';
import { checkFontFamily, parseHexColor, sameTextStyle, type TextStyle } from './text-style.ts';
import {
  type CommandContext,
  type CommandOutcome,
  edit,
  facts,
  hasSelection,
  moveEdit,
  noop,
  requireFinite,
  select,
  selectedIds,
  single,
  type TimelineCommand,
  trimEdit,
  unlocked,
} from './command-context.ts';
import { setFadeIn, setFadeOut, setMuted, setVolume } from './audio-commands.ts';
import {
  addText,
  copySelection,
  duplicateSelection,
  editText,
  pasteClipboard,
  setFontSize,
  splitAtPlayhead,
} from './item-commands.ts';
import { LAYOUT_FIELDS } from './layout-commands.ts';
import { stepFrames } from './playback-clock.ts';
import {
  goToEnd,
  goToStart,
  playPause,
  shuttleBackward,
  shuttleForward,
} from './playback-commands.ts';

export const selectAll: TimelineCommand = {
  name: 'selectAll',
  label: 'Select all',
  keys: [{ keys: 'Mod+A', args: undefined }],
  toolbar: 'selection',
  canRun: (ctx) => ctx.index.itemCount > 0,
  perform: (ctx) => select(new Set(ctx.index.byId.keys())),
};

export const clearSelection: TimelineCommand = {
  name: 'clearSelection',
  label: 'Clear selection',
  description: 'Clear the selection (while dragging: cancel the drag)',
  keys: [{ keys: 'Escape', args: undefined }],
  canRun: hasSelection,
  perform: () => select(new Set()),
};

function stepSelection(ctx: CommandContext, direction: 1 | -1, extend: boolean): CommandOutcome {
  const ordered = itemsByTime(ctx.index);
  if (ordered.length === 0) return noop('The timeline has no items.');
  const positions = ordered
    .map((item, i) => (ctx.selection.has(item.id) ? i : -1))
    .filter((i) => i >= 0);
  const current =
    positions.length === 0 ? -1 : direction === 1 ? Math.max(...positions) : Math.min(...positions);
  const next = current === -1 ? (direction === 1 ? 0 : ordered.length - 1) : current + direction;
  const item = ordered[Math.max(0, Math.min(ordered.length - 1, next))]!;
  return select(extend ? new Set([...ctx.selection, item.id]) : new Set([item.id]));
}

export const selectNext: TimelineCommand<{ extend: boolean }> = {
  name: 'selectNext',
  label: 'Select next item',
  description: 'Select the next item (Shift: add it to the selection)',
  shortcut: ']',
  keys: [
    { keys: 'Shift+]', args: { extend: true } },
    { keys: '}', args: { extend: true } },
    { keys: ']', args: { extend: false } },
  ],
  canRun: (ctx) => ctx.index.itemCount > 0,
  perform: (ctx, args) => stepSelection(ctx, 1, args.extend),
};

export const selectPrevious: TimelineCommand<{ extend: boolean }> = {
  name: 'selectPrevious',
  label: 'Select previous item',
  description: 'Select the previous item (Shift: add it to the selection)',
  shortcut: '[',
  keys: [
    { keys: 'Shift+[', args: { extend: true } },
    { keys: '{', args: { extend: true } },
    { keys: '[', args: { extend: false } },
  ],
  canRun: (ctx) => ctx.index.itemCount > 0,
  perform: (ctx, args) => stepSelection(ctx, -1, args.extend),
};

export const nudge: TimelineCommand<{ direction: 1 | -1; unit: 'frame' | 'second' }> = {
  name: 'nudge',
  label: 'Nudge',
  description:
    'Move the selection by one frame (Shift: one second); with nothing selected, the playhead',
  keys: [
    { keys: 'ArrowLeft', args: { direction: -1, unit: 'frame' } },
    { keys: 'ArrowRight', args: { direction: 1, unit: 'frame' } },
    { keys: 'Shift+ArrowLeft', args: { direction: -1, unit: 'second' } },
    { keys: 'Shift+ArrowRight', args: { direction: 1, unit: 'second' } },
  ],
  writes: true,
  canRun: (ctx) => !hasSelection(ctx) || unlocked(ctx),
  perform: (ctx, { direction, unit }) => {
    if (!hasSelection(ctx)) {
      const playhead =
        unit === 'frame'
          ? stepFrames(ctx.playhead, direction, ctx.fps, ctx.index.durationSeconds)
          : Math.min(ctx.index.durationSeconds, Math.max(0, roundMs(ctx.playhead + direction)));
      return { type: 'state', patch: { playhead, playbackRate: 0 } };
    }
    const step = unit === 'frame' ? frameTime(1, ctx.fps) : 1;
    return moveEdit(
      ctx,
      direction * step,
      0,
      `Nudge ${direction > 0 ? 'right' : 'left'} by one ${unit}`,
    );
  },
};

export const moveToLayer: TimelineCommand<{ direction: 1 | -1 }> = {
  name: 'moveToLayer',
  label: 'Move to the next layer that accepts the selection',
  description: 'Move the selection to the previous / next layer that accepts it',
  keys: [
    { keys: 'ArrowUp', args: { direction: -1 } },
    { keys: 'ArrowDown', args: { direction: 1 } },
  ],
  writes: true,
  canRun: (ctx) => hasSelection(ctx) && unlocked(ctx),
  perform: (ctx, { direction }) => {
    const ids = selectedIds(ctx);
    for (let offset = direction; Math.abs(offset) < ctx.index.rows.length; offset += direction) {
      if (rowOffsetAllowed(ctx.index, ids, offset))
        return moveEdit(ctx, 0, offset, direction < 0 ? 'Move up a layer' : 'Move down a layer');
    }
    return noop(
      direction < 0
        ? 'No layer above accepts the selection.'
        : 'No layer below accepts the selection.',
    );
  },
};

export const setStart: TimelineCommand<{ seconds: number }> = {
  name: 'setStart',
  label: 'Set start',
  writes: true,
  field: {
    type: 'number',
    label: 'Start (s)',
    min: 0,
    visible: hasSelection,
    read: (ctx) => facts(ctx).bounds?.start ?? null,
    toArgs: (seconds) => ({ seconds }),
  },
  canRun: (ctx) => hasSelection(ctx) && unlocked(ctx),
  perform: (ctx, { seconds }) => {
    const invalid = requireFinite(seconds, 'the start');
    if (invalid) return invalid;
    if (seconds < 0) return noop('The start cannot be before 0 s.');
    const { bounds } = facts(ctx);
    if (!bounds) return noop('Select an item first.');
    return moveEdit(ctx, roundMs(snapToFrame(seconds, ctx.fps) - bounds.start), 0, 'Set start');
  },
};

export const setLayer: TimelineCommand<{ layerIndex: number }> = {
  name: 'setLayer',
  label: 'Set layer',
  writes: true,
  field: {
    type: 'select',
    label: 'Layer',
    placeholder: 'Several layers',
    visible: hasSelection,
    read: (ctx) => {
      const { rows } = facts(ctx);
      return rows.size === 1 ? String(ctx.index.rows[[...rows][0]!]!.layer.index) : null;
    },
    options: (ctx) => {
      const { types } = facts(ctx);
      return ctx.index.rows.map((row) => ({
        value: String(row.layer.index),
        label: `${row.layer.name} (${row.layer.kind}${isLocked(row.layer) ? ', locked' : ''})`,
        disabled:
          isLocked(row.layer) || ![...types].every((type) => layerAccepts(row.layer.kind, type)),
      }));
    },
    toArgs: (value) => ({ layerIndex: Number(value) }),
  },
  canRun: (ctx) => hasSelection(ctx) && unlocked(ctx),
  perform: (ctx, { layerIndex }) => {
    const { ids, rows } = facts(ctx);
    if (rows.size !== 1)
      return noop('The selection spans several layers; move it with ↑ ↓ instead.');
    const targetRow = ctx.index.rowOfLayer.get(layerIndex);
    if (targetRow === undefined) return noop('That layer does not exist.');
    const offset = targetRow - [...rows][0]!;
    if (offset === 0) return noop('Already on that layer.');
    if (!rowOffsetAllowed(ctx.index, ids, offset))
      return noop('That layer does not accept the selected item type.');
    return moveEdit(ctx, 0, offset, 'Set layer');
  },
};

export const setEnd: TimelineCommand<{ seconds: number }> = {
  name: 'setEnd',
  label: 'Set end',
  writes: true,
  field: {
    type: 'number',
    label: 'End (s)',
    min: 0,
    visible: (ctx) => single(ctx) !== null,
    read: (ctx) => single(ctx)?.item.end_seconds ?? null,
    toArgs: (seconds) => ({ seconds }),
  },
  canRun: (ctx) => single(ctx) !== null && unlocked(ctx),
  perform: (ctx, { seconds }) => {
    const invalid = requireFinite(seconds, 'the end');
    if (invalid) return invalid;
    const ref = single(ctx);
    if (!ref) return noop('Select one item to trim it.');
    return trimEdit(ctx, 'end', snapToFrame(seconds, ctx.fps) - ref.item.end_seconds, 'Set end');
  },
};

export const setDuration: TimelineCommand<{ seconds: number }> = {
  name: 'setDuration',
  label: 'Set duration',
  writes: true,
  field: {
    type: 'number',
    label: 'Duration (s)',
    min: 0,
    visible: (ctx) => single(ctx) !== null,
    read: (ctx) => {
      const ref = single(ctx);
      return ref ? Number((ref.item.end_seconds - ref.item.start_seconds).toFixed(3)) : null;
    },
    toArgs: (seconds) => ({ seconds }),
  },
  canRun: (ctx) => single(ctx) !== null && unlocked(ctx),
  perform: (ctx, { seconds }) => {
    const invalid = requireFinite(seconds, 'the duration');
    if (invalid) return invalid;
    const ref = single(ctx);
    if (!ref) return noop('Select one item to trim it.');
    const end = snapToFrame(ref.item.start_seconds + seconds, ctx.fps);
    return trimEdit(ctx, 'end', end - ref.item.end_seconds, 'Set duration');
  },
};

export const setTrimIn: TimelineCommand<{ seconds: number }> = {
  name: 'setTrimIn',
  label: 'Set source in point',
  writes: true,
  field: {
    type: 'number',
    label: 'Trim in: source start (s)',
    min: 0,
    visible: (ctx) => single(ctx) !== null,
    read: (ctx) => single(ctx)?.item.source_start_seconds ?? null,
    hint: (ctx) => (single(ctx)?.item.source_start_seconds == null ? 'No source media' : undefined),
    toArgs: (seconds) => ({ seconds }),
  },
  canRun: (ctx) => single(ctx)?.item.source_start_seconds != null && unlocked(ctx),
  perform: (ctx, { seconds }) => {
    const invalid = requireFinite(seconds, 'the source in point');
    if (invalid) return invalid;
    const ref = single(ctx);
    if (!ref || ref.item.source_start_seconds === null)
      return noop('This item has no source media to trim.');
    return trimEdit(
      ctx,
      'start',
      snapToFrame(seconds, ctx.fps) - ref.item.source_start_seconds,
      'Trim start',
    );
  },
};

export const setTrimOut: TimelineCommand<{ seconds: number }> = {
  name: 'setTrimOut',
  label: 'Set source out point',
  writes: true,
  field: {
    type: 'number',
    label: 'Trim out: source end (s)',
    min: 0,
    visible: (ctx) => single(ctx) !== null,
    read: (ctx) => single(ctx)?.item.source_end_seconds ?? null,
    hint: (ctx) => (single(ctx)?.item.source_end_seconds == null ? 'No source media' : undefined),
    toArgs: (seconds) => ({ seconds }),
  },
  canRun: (ctx) => single(ctx)?.item.source_end_seconds != null && unlocked(ctx),
  perform: (ctx, { seconds }) => {
    const invalid = requireFinite(seconds, 'the source out point');
    if (invalid) return invalid;
    const ref = single(ctx);
    if (!ref || ref.item.source_end_seconds === null)
      return noop('This item has no source media to trim.');
    return trimEdit(
      ctx,
      'end',
      snapToFrame(seconds, ctx.fps) - ref.item.source_end_seconds,
      'Trim end',
    );
  },
};

export const deleteSelection: TimelineCommand = {
  name: 'deleteSelection',
  label: 'Delete selected',
  description: 'Delete the selection (asks first)',
  keys: [
    { keys: 'Delete', args: undefined },
    { keys: 'Backspace', args: undefined },
  ],
  toolbar: 'selection',
  writes: true,
  canRun: hasSelection,
  perform: (ctx) => {
    const ids = selectedIds(ctx);
    return ids.length
      ? { type: 'state', patch: { deleteRequest: [...ids] } }
      : noop('Select items to delete.');
  },
};

function zoomBy(ctx: CommandContext, factor: number, anchorX?: number): CommandOutcome {
  const playheadX = ctx.playhead * ctx.view.pxPerSecond - ctx.view.scrollX;
  const anchor =
    anchorX ?? (playheadX >= 0 && playheadX <= ctx.view.width ? playheadX : ctx.view.width / 2);
  const next = zoomAt(ctx.view, factor, anchor, ctx.index.durationSeconds, ctx.fps);
  if (next.pxPerSecond === ctx.view.pxPerSecond)
    return noop(factor > 1 ? 'Already fully zoomed in.' : 'Already fully zoomed out.');
  return { type: 'state', patch: { pxPerSecond: next.pxPerSecond, scrollX: next.scrollX } };
}

export const zoomIn: TimelineCommand<{ anchorX?: number } | void> = {
  name: 'zoomIn',
  label: 'Zoom in',
  keys: [
    { keys: '+', args: undefined },
    { keys: '=', args: undefined },
  ],
  toolbar: 'view',
  canRun: () => true,
  perform: (ctx, args) => zoomBy(ctx, ZOOM_STEP, args ? args.anchorX : undefined),
};

export const zoomOut: TimelineCommand<{ anchorX?: number } | void> = {
  name: 'zoomOut',
  label: 'Zoom out',
  keys: [
    { keys: '-', args: undefined },
    { keys: '_', args: undefined },
  ],
  toolbar: 'view',
  canRun: () => true,
  perform: (ctx, args) => zoomBy(ctx, 1 / ZOOM_STEP, args ? args.anchorX : undefined),
};

export const zoomToFit: TimelineCommand = {
  name: 'zoomToFit',
  label: 'Fit project',
  keys: [{ keys: '0', args: undefined }],
  toolbar: 'view',
  canRun: () => true,
  perform: (ctx) => {
    const fit = fitToProject(ctx.index.durationSeconds, ctx.view.width, ctx.fps);
    return { type: 'state', patch: { pxPerSecond: fit.pxPerSecond, scrollX: fit.scrollX } };
  },
};

export const addZoomEffect: TimelineCommand<{ zoomScale: number }> = {
  name: 'addZoomEffect',
  label: 'Add zoom effect',
  writes: true,
  canRun: hasSelection,
  perform: (ctx, { zoomScale }) => {
    if (!Number.isFinite(zoomScale) || zoomScale < 1 || zoomScale > 4)
      return noop('The zoom scale must be between 1 and 4.');
    const ids = selectedIds(ctx);
    if (ids.length === 0) return noop('Select an item first.');
    return edit(
      ids.length === 1 ? 'Add zoom effect' : `Add zoom effect to ${ids.length} items`,
      ids.map((itemId) => ({ kind: 'add-effect', itemId, effectType: ZOOM_EFFECT, zoomScale })),
    );
  },
};

/** The selected items when every one of them is a text item (the text style's selection). */
export function selectedTextItems(ctx: CommandContext) {
  const { ids, types } = facts(ctx);
  if (ids.length === 0 || types.size !== 1 || !types.has('text')) return null;
  return ids.map((id) => ctx.index.byId.get(id)!.item);
}

/** The style the selected text items share, or null when they differ (or none is a text item). */
export function sharedTextStyle(ctx: CommandContext): TextStyle | null {
  const items = selectedTextItems(ctx);
  const first = items?.[0]?.text_style;
  if (!items || !first) return null;
  return items.every((item) => sameTextStyle(item.text_style, first)) ? first : null;
}

/**
 * The colour (`#RRGGBB`, checked here so that nothing bad is ever sent) and, when given, the font
 * family of the selected text items: one request, one undo step. A font family left out keeps
 * each item's own.
 */
export const setTextStyle: TimelineCommand<{ color: string; fontFamily?: string }> = {
  name: 'setTextStyle',
  label: 'Set text colour',
  writes: true,
  canRun: (ctx) => selectedTextItems(ctx) !== null && unlocked(ctx),
  perform: (ctx, { color, fontFamily }) => {
    const items = selectedTextItems(ctx);
    if (!items)
      return noop(
        hasSelection(ctx)
          ? 'Only text items have a text colour; select text items only.'
          : 'Select a text item first.',
      );
    const { locked } = facts(ctx);
    if (locked) return noop(lockedReason(locked));
    const parsed = parseHexColor(color);
    if (!parsed.ok) return noop(parsed.reason);
    let font: string | undefined;
    if (fontFamily !== undefined) {
      const checked = checkFontFamily(fontFamily);
      if (!checked.ok) return noop(checked.reason);
      font = checked.value;
    }
    const ops: EditOp[] = [];
    for (const item of items) {
      const from = item.text_style ?? null;
      const fontOf = font ?? from?.font_family;
      // The size is kept (the text style operation sets the whole style).
      const to: TextStyle = {
        color: parsed.value,
        ...(fontOf ? { font_family: fontOf } : {}),
        ...(from?.font_size !== undefined ? { font_size: from.font_size } : {}),
      };
      if (!sameTextStyle(from ?? undefined, to))
        ops.push({ kind: 'text-style', itemId: item.id, from, to });
    }
    if (ops.length === 0)
      return noop(
        items.length === 1 ? 'The text already has that style.' : 'They already have that style.',
      );
    const what = font !== undefined ? 'text style' : 'text colour';
    return edit(ops.length === 1 ? `Set ${what}` : `Set ${what} of ${ops.length} items`, ops);
  },
};

const [undo, redo] = historyCommands<CommandContext, TimelineState, TimelineChange>();
export { undo, redo };

/**
 * The table, in the order of the toolbar groups and the shortcut help. (Method-parameter
 * bivariance lets commands of different argument types share it.)
 */
export const TIMELINE_COMMANDS: ReadonlyArray<
  AnyCommand<CommandContext, TimelineState, TimelineChange>
> = [
  undo,
  redo,
  zoomOut,
  zoomIn,
  zoomToFit,
  selectAll,
  deleteSelection,
  addText,
  splitAtPlayhead,
  duplicateSelection,
  copySelection,
  pasteClipboard,
  playPause,
  shuttleBackward,
  shuttleForward,
  goToStart,
  goToEnd,
  selectNext,
  selectPrevious,
  clearSelection,
  nudge,
  moveToLayer,
  setStart,
  setEnd,
  setDuration,
  setLayer,
  setTrimIn,
  setTrimOut,
  addZoomEffect,
  setTextStyle,
  editText,
  setFontSize,
  ...LAYOUT_FIELDS,
  setVolume,
  setMuted,
  setFadeIn,
  setFadeOut,
] as ReadonlyArray<AnyCommand<CommandContext, TimelineState, TimelineChange>>;

/** The inspector's fields, in the order they are laid out. */
export const INSPECTOR_COMMANDS = TIMELINE_COMMANDS.filter((command) => command.field);
