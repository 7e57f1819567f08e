/**
 * Editor actions as named commands with a pure `perform` (the excalidraw model): the toolbar,
 * the keyboard shortcuts and the inspector all call the same commands. A command never writes:
 * it returns an outcome that the editor carries out (a selection, a view change, or one gesture's
 * operations to send as one undo step).
 */
import { canRedo, canUndo, type History } from './command-history.ts';
import { ZOOM_EFFECT, type EditOp } from './edit-ops.ts';
import {
  effectiveMoves,
  groupBounds,
  lockedLayerOf,
  lockedReason,
  planGroupMove,
  rowOffsetAllowed,
} from './group-move.ts';
import { itemsByTime, type TimelineIndex } from './timeline-index.ts';
import {
  fitToProject,
  frameTime,
  roundMs,
  snapToFrame,
  ZOOM_STEP,
  zoomAt,
  type Viewport,
} from './time-scale.ts';
import { clampTrimDelta, trimLimits } from './trim.ts';

export interface CommandContext {
  index: TimelineIndex;
  fps: number;
  selection: ReadonlySet<string>;
  playhead: number;
  view: Viewport;
  history: History;
}

export type CommandOutcome =
  | { type: 'select'; selection: Set<string> }
  | { type: 'view'; pxPerSecond: number; scrollX: number }
  | { type: 'edit'; label: string; ops: EditOp[] }
  | { type: 'confirm-delete'; ids: string[] }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'noop'; reason: string };

export interface Command<Args = void> {
  name: string;
  label: string;
  /** Shown in tooltips and the shortcut help. */
  shortcut?: string;
  enabled(ctx: CommandContext): boolean;
  perform(ctx: CommandContext, args: Args): CommandOutcome;
}

const noop = (reason: string): CommandOutcome => ({ type: 'noop', reason });
const hasSelection = (ctx: CommandContext) =>
  [...ctx.selection].some((id) => ctx.index.byId.has(id));
const selectedIds = (ctx: CommandContext) =>
  [...ctx.selection].filter((id) => ctx.index.byId.has(id));
const single = (ctx: CommandContext) => {
  const ids = selectedIds(ctx);
  return ids.length === 1 ? ctx.index.byId.get(ids[0]!)! : null;
};

function moveEdit(
  ctx: CommandContext,
  delta: number,
  rowOffset: number,
  label: string,
): CommandOutcome {
  const locked = lockedLayerOf(ctx.index, selectedIds(ctx));
  if (locked) return noop(lockedReason(locked));
  const plan = planGroupMove(ctx.index, selectedIds(ctx), delta, rowOffset);
  if (plan.rowOffset !== rowOffset)
    return noop(plan.rowBlocked ?? 'That layer does not accept the selection.');
  const moves = effectiveMoves(plan.moves);
  if (moves.length === 0)
    return noop(delta < 0 ? 'The selection already starts at 0 s.' : 'Nothing to move.');
  return { type: 'edit', label, ops: moves.map((move) => ({ kind: 'move', ...move })) };
}

function trimEdit(
  ctx: CommandContext,
  edge: 'start' | 'end',
  delta: number,
  label: string,
): CommandOutcome {
  const ref = single(ctx);
  if (!ref) return noop('Select one item to trim it.');
  const locked = lockedLayerOf(ctx.index, [ref.item.id]);
  if (locked) return noop(lockedReason(locked));
  const limits = trimLimits(ref.item, edge, ctx.fps);
  const rounded = roundMs(delta);
  if (rounded < limits.min - 1e-9 || rounded > limits.max + 1e-9) {
    return noop(
      edge === 'start'
        ? 'That trim would go before 0 s or past the end of the item.'
        : 'The item must stay at least one frame long.',
    );
  }
  const clamped = clampTrimDelta([ref.item], edge, rounded, ctx.fps);
  if (clamped === 0) return noop('Nothing to trim.');
  return {
    type: 'edit',
    label,
    ops: [
      {
        kind: 'trim',
        itemId: ref.item.id,
        startDelta: edge === 'start' ? clamped : 0,
        endDelta: edge === 'end' ? clamped : 0,
      },
    ],
  };
}

function requireFinite(value: number, what: string): CommandOutcome | null {
  return Number.isFinite(value) ? null : noop(`Enter a number of seconds for ${what}.`);
}

export const selectAll: Command = {
  name: 'selectAll',
  label: 'Select all',
  shortcut: 'Ctrl+A',
  enabled: (ctx) => ctx.index.itemCount > 0,
  perform: (ctx) => ({ type: 'select', selection: new Set(ctx.index.byId.keys()) }),
};

export const clearSelection: Command = {
  name: 'clearSelection',
  label: 'Clear selection',
  shortcut: 'Escape',
  enabled: hasSelection,
  perform: () => ({ type: 'select', selection: new Set() }),
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
  return {
    type: 'select',
    selection: extend ? new Set([...ctx.selection, item.id]) : new Set([item.id]),
  };
}

export const selectNext: Command<{ extend: boolean }> = {
  name: 'selectNext',
  label: 'Select next item',
  shortcut: ']',
  enabled: (ctx) => ctx.index.itemCount > 0,
  perform: (ctx, args) => stepSelection(ctx, 1, args.extend),
};

export const selectPrevious: Command<{ extend: boolean }> = {
  name: 'selectPrevious',
  label: 'Select previous item',
  shortcut: '[',
  enabled: (ctx) => ctx.index.itemCount > 0,
  perform: (ctx, args) => stepSelection(ctx, -1, args.extend),
};

export const nudge: Command<{ direction: 1 | -1; unit: 'frame' | 'second' }> = {
  name: 'nudge',
  label: 'Nudge',
  shortcut: '← → (Shift: 1 s)',
  enabled: hasSelection,
  perform: (ctx, { direction, unit }) => {
    const step = unit === 'frame' ? frameTime(1, ctx.fps) : 1;
    return moveEdit(
      ctx,
      direction * step,
      0,
      `Nudge ${direction > 0 ? 'right' : 'left'} by one ${unit}`,
    );
  },
};

export const moveToLayer: Command<{ direction: 1 | -1 }> = {
  name: 'moveToLayer',
  label: 'Move to the next layer that accepts the selection',
  shortcut: '↑ ↓',
  enabled: hasSelection,
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

export const setStart: Command<{ seconds: number }> = {
  name: 'setStart',
  label: 'Set start',
  enabled: hasSelection,
  perform: (ctx, { seconds }) => {
    const invalid = requireFinite(seconds, 'the start');
    if (invalid) return invalid;
    if (seconds < 0) return noop('The start cannot be before 0 s.');
    const bounds = groupBounds(ctx.index, selectedIds(ctx));
    if (!bounds) return noop('Select an item first.');
    return moveEdit(ctx, roundMs(snapToFrame(seconds, ctx.fps) - bounds.start), 0, 'Set start');
  },
};

export const setLayer: Command<{ layerIndex: number }> = {
  name: 'setLayer',
  label: 'Set layer',
  enabled: hasSelection,
  perform: (ctx, { layerIndex }) => {
    const ids = selectedIds(ctx);
    const rows = new Set(ids.map((id) => ctx.index.byId.get(id)!.row));
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

export const setEnd: Command<{ seconds: number }> = {
  name: 'setEnd',
  label: 'Set end',
  enabled: (ctx) => single(ctx) !== null,
  perform: (ctx, { seconds }) => {
    const invalid = requireFinite(seconds, 'the end');
    if (invalid) return invalid;
    const ref = single(ctx);
    if (!ref) return noop('Select one item to trim it.');
    return trimEdit(ctx, 'end', snapToFrame(seconds, ctx.fps) - ref.item.end_seconds, 'Set end');
  },
};

export const setDuration: Command<{ seconds: number }> = {
  name: 'setDuration',
  label: 'Set duration',
  enabled: (ctx) => single(ctx) !== null,
  perform: (ctx, { seconds }) => {
    const invalid = requireFinite(seconds, 'the duration');
    if (invalid) return invalid;
    const ref = single(ctx);
    if (!ref) return noop('Select one item to trim it.');
    const end = snapToFrame(ref.item.start_seconds + seconds, ctx.fps);
    return trimEdit(ctx, 'end', end - ref.item.end_seconds, 'Set duration');
  },
};

export const setTrimIn: Command<{ seconds: number }> = {
  name: 'setTrimIn',
  label: 'Set source in point',
  enabled: (ctx) => single(ctx)?.item.source_start_seconds != null,
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

export const setTrimOut: Command<{ seconds: number }> = {
  name: 'setTrimOut',
  label: 'Set source out point',
  enabled: (ctx) => single(ctx)?.item.source_end_seconds != null,
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

export const deleteSelection: Command = {
  name: 'deleteSelection',
  label: 'Delete selected items',
  shortcut: 'Delete',
  enabled: hasSelection,
  perform: (ctx) => {
    const ids = selectedIds(ctx);
    return ids.length ? { type: 'confirm-delete', ids } : noop('Select items to delete.');
  },
};

export const undo: Command = {
  name: 'undo',
  label: 'Undo',
  shortcut: 'Ctrl+Z',
  enabled: (ctx) => canUndo(ctx.history),
  perform: (ctx) => (canUndo(ctx.history) ? { type: 'undo' } : noop('Nothing to undo.')),
};

export const redo: Command = {
  name: 'redo',
  label: 'Redo',
  shortcut: 'Shift+Ctrl+Z',
  enabled: (ctx) => canRedo(ctx.history),
  perform: (ctx) => (canRedo(ctx.history) ? { type: 'redo' } : noop('Nothing to redo.')),
};

function zoomBy(ctx: CommandContext, factor: number, anchorX?: number): CommandOutcome {
  const playheadX = ctx.playhead * ctx.view.pxPerSecond - ctx.view.scrollX;
  const anchor =
    anchorX ?? (playheadX >= 0 && playheadX <= ctx.view.width ? playheadX : ctx.view.width / 2);
  const next = zoomAt(ctx.view, factor, anchor, ctx.index.durationSeconds, ctx.fps);
  if (next.pxPerSecond === ctx.view.pxPerSecond)
    return noop(factor > 1 ? 'Already fully zoomed in.' : 'Already fully zoomed out.');
  return { type: 'view', ...next };
}

export const zoomIn: Command<{ anchorX?: number } | void> = {
  name: 'zoomIn',
  label: 'Zoom in',
  shortcut: '+',
  enabled: () => true,
  perform: (ctx, args) => zoomBy(ctx, ZOOM_STEP, args ? args.anchorX : undefined),
};

export const zoomOut: Command<{ anchorX?: number } | void> = {
  name: 'zoomOut',
  label: 'Zoom out',
  shortcut: '−',
  enabled: () => true,
  perform: (ctx, args) => zoomBy(ctx, 1 / ZOOM_STEP, args ? args.anchorX : undefined),
};

export const zoomToFit: Command = {
  name: 'zoomToFit',
  label: 'Fit project',
  shortcut: '0',
  enabled: () => true,
  perform: (ctx) => ({
    type: 'view',
    ...fitToProject(ctx.index.durationSeconds, ctx.view.width, ctx.fps),
  }),
};

export const addZoomEffect: Command<{ zoomScale: number }> = {
  name: 'addZoomEffect',
  label: 'Add zoom effect',
  enabled: hasSelection,
  perform: (ctx, { zoomScale }) => {
    if (!Number.isFinite(zoomScale) || zoomScale < 1 || zoomScale > 4)
      return noop('The zoom scale must be between 1 and 4.');
    const ids = selectedIds(ctx);
    if (ids.length === 0) return noop('Select an item first.');
    return {
      type: 'edit',
      label: ids.length === 1 ? 'Add zoom effect' : `Add zoom effect to ${ids.length} items`,
      ops: ids.map((itemId) => ({
        kind: 'add-effect',
        itemId,
        effectType: ZOOM_EFFECT,
        zoomScale,
      })),
    };
  },
};

/** Every command by name: shortcuts and toolbar look commands up here. */
export const commandsByName = {
  selectAll,
  clearSelection,
  selectNext,
  selectPrevious,
  nudge,
  moveToLayer,
  setStart,
  setLayer,
  setEnd,
  setDuration,
  setTrimIn,
  setTrimOut,
  deleteSelection,
  undo,
  redo,
  zoomIn,
  zoomOut,
  zoomToFit,
  addZoomEffect,
} as const;
