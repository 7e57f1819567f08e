/**
 * The pointer state machine of the canvas, pure: what a press selects, what a drag shows while it
 * moves, and what a release commits. Positions are content coordinates (screen + scroll) so that
 * auto-scrolling during a drag keeps the grabbed point under the pointer.
 */
import type { DragState } from '../state/timeline-state.ts';
import { MAX_OPERATIONS_PER_GESTURE, tooManyOperations, type EditOp } from './edit-ops.ts';
import {
  effectiveMoves,
  findOverlap,
  groupBounds,
  idSet,
  lockedLayerOf,
  lockedReason,
  planGroupMove,
  resolveRowOffset,
  type ItemMove,
} from './group-move.ts';
import type { Hit } from './hit-testing.ts';
import { combineSelection, itemsInMarquee, rectFromPoints, type MarqueeMode } from './marquee.ts';
import { collectSnapTargets, snapDelta, type SnapTargets } from './snapping.ts';
import type { TimelineIndex } from './timeline-index.ts';
import {
  RULER_HEIGHT,
  ROW_HEIGHT,
  snapToFrame,
  visibleTimeRange,
  type Viewport,
} from './time-scale.ts';
import { describeChange, opsChange } from './timeline-change.ts';
import { planGroupTrim, type ItemTrim, type TrimEdge } from './trim.ts';

/** Pixels the pointer must travel before a press becomes a drag. */
export const DRAG_THRESHOLD_PX = 3;
/** Overlap checks while dragging are skipped above this many items (checked on release). */
export const LIVE_OVERLAP_LIMIT = 500;

export interface GestureContext {
  index: TimelineIndex;
  fps: number;
  selection: ReadonlySet<string>;
  playhead: number;
  view: Viewport;
  /** The most operations a drop may send (default: the contract's cap). */
  maxOperations?: number;
}

export interface Modifiers {
  shift: boolean;
  /** Ctrl or Cmd. */
  toggle: boolean;
  /** Alt: no snapping to item edges or the playhead. */
  free: boolean;
}

export type Pending =
  | {
      kind: 'move';
      ids: string[];
      anchorId: string;
      originX: number;
      originY: number;
      originRow: number;
      /** Selection to apply on a click without a drag (a click in a group selects only that item). */
      clickSelection: Set<string> | null;
      targets: SnapTargets | null;
      started: boolean;
      /**
       * The last plan, reused while the delta and row offset stay the same. A group larger than
       * LIVE_OVERLAP_LIMIT is not planned while it moves (`moves` null): its drop plans it once.
       */
      plan: { delta: number; rowOffset: number; moves: ItemMove[] | null; blocked: boolean } | null;
      /**
       * What the drag reads on every step and that does not change during it, worked out once
       * (prepareMove or the first step): the group's time span, whether it holds an item of a
       * locked layer, and the row offsets already resolved.
       */
      group?: { start: number; end: number; locked: boolean; rows: Map<number, number> };
    }
  | {
      kind: 'trim';
      ids: string[];
      anchorId: string;
      edge: TrimEdge;
      originX: number;
      targets: SnapTargets | null;
      started: boolean;
      trims: ItemTrim[];
    }
  | {
      kind: 'marquee';
      originX: number;
      originY: number;
      mode: MarqueeMode;
      base: ReadonlySet<string>;
      started: boolean;
    }
  | { kind: 'scrub'; started: boolean };

export interface DownResult {
  pending: Pending | null;
  /** The new selection; the same object when a press leaves it as it was (nothing to redraw). */
  selection?: ReadonlySet<string>;
  playhead?: number;
}

export function pointerDown(
  ctx: GestureContext,
  hit: Hit,
  x: number,
  y: number,
  mods: Modifiers,
  canEdit: boolean,
): DownResult {
  const cx = x + ctx.view.scrollX;
  const cy = y + ctx.view.scrollY;
  switch (hit.kind) {
    case 'outside':
      return { pending: null };
    case 'ruler':
      return {
        pending: { kind: 'scrub', started: true },
        playhead: snapToFrame(hit.seconds, ctx.fps),
      };
    case 'empty': {
      const mode: MarqueeMode = mods.toggle ? 'toggle' : mods.shift ? 'add' : 'replace';
      return {
        pending: {
          kind: 'marquee',
          originX: cx,
          originY: cy,
          mode,
          base: ctx.selection,
          started: false,
        },
      };
    }
    case 'item': {
      const id = hit.item.id;
      const had = ctx.selection.has(id);
      let selection: ReadonlySet<string>;
      if (mods.shift || mods.toggle) {
        const next = new Set(ctx.selection);
        if (had) next.delete(id);
        else next.add(id);
        if (had) return { pending: null, selection: next };
        selection = next;
      } else {
        // Pressing a selected item keeps the selection as it is (the same set: the items are not
        // drawn again for a press that changes nothing).
        selection = had ? ctx.selection : new Set([id]);
      }
      if (!canEdit) return { pending: null, selection };
      if (hit.zone !== 'body') {
        const ids = selection.has(id) ? [...selection] : [id];
        return {
          selection,
          pending: {
            kind: 'trim',
            ids,
            anchorId: id,
            edge: hit.zone === 'trim-start' ? 'start' : 'end',
            originX: cx,
            targets: null,
            started: false,
            trims: [],
          },
        };
      }
      return {
        selection,
        pending: {
          kind: 'move',
          ids: [...selection],
          anchorId: id,
          originX: cx,
          originY: cy,
          originRow: hit.row,
          clickSelection:
            had && selection.size > 1 && !mods.shift && !mods.toggle ? new Set([id]) : null,
          targets: null,
          started: false,
          plan: null,
        },
      };
    }
  }
}

export interface MoveResult {
  drag: DragState | null;
  selection?: Set<string>;
  playhead?: number;
  /** For a move drag: the drop would overlap an item that is not moving. */
  blocked?: boolean;
}

function snapTargetsFor(ctx: GestureContext, ids: readonly string[]): SnapTargets {
  const range = visibleTimeRange(ctx.view, ctx.view.width);
  return collectSnapTargets(ctx.index, new Set(ids), range, ctx.playhead);
}

/**
 * What a move's first step needs (its snap targets), worked out ahead: after the press, before
 * the pointer has moved, so the drag's first frame does not carry it.
 */
export function prepareMove(ctx: GestureContext, pending: Pending): void {
  if (pending.kind !== 'move' || pending.started) return;
  pending.targets ??= snapTargetsFor(ctx, pending.ids);
  groupOf(ctx, pending);
}

type MovePending = Extract<Pending, { kind: 'move' }>;

function groupOf(ctx: GestureContext, pending: MovePending): NonNullable<MovePending['group']> {
  if (pending.group) return pending.group;
  const anchor = ctx.index.byId.get(pending.anchorId);
  const bounds = groupBounds(ctx.index, pending.ids) ?? {
    start: anchor?.item.start_seconds ?? 0,
    end: anchor?.item.end_seconds ?? 0,
  };
  pending.group = {
    ...bounds,
    locked: lockedLayerOf(ctx.index, pending.ids) !== null,
    rows: new Map([[0, 0]]),
  };
  return pending.group;
}

/** Updates `pending` in place (start flag, snap targets) and returns what to show. */
export function pointerMove(
  ctx: GestureContext,
  pending: Pending,
  x: number,
  y: number,
  mods: Modifiers,
): MoveResult {
  const cx = x + ctx.view.scrollX;
  const cy = y + ctx.view.scrollY;
  const { view, index } = ctx;
  if (pending.kind === 'scrub') {
    return {
      drag: { kind: 'scrub' },
      playhead: Math.max(0, snapToFrame(cx / view.pxPerSecond, ctx.fps)),
    };
  }
  let justStarted = false;
  if (!pending.started) {
    const dx = cx - pending.originX;
    const dy = pending.kind === 'trim' ? 0 : cy - pending.originY;
    if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return { drag: null };
    pending.started = true;
    justStarted = true;
  }
  if (pending.kind === 'marquee') {
    const rect = rectFromPoints(
      pending.originX - view.scrollX,
      pending.originY - view.scrollY,
      x,
      Math.max(RULER_HEIGHT, y),
    );
    // The selection itself changes once, on release: while the box moves only the overlay layer
    // redraws (a selection change would redraw every item and re-render the inspector).
    return {
      drag: {
        kind: 'marquee',
        originX: pending.originX,
        originY: pending.originY,
        x: cx,
        y: Math.max(RULER_HEIGHT + view.scrollY, cy),
        mode: pending.mode,
        inRect: new Set(itemsInMarquee(index, view, rect)),
      },
      // A new box replaces the selection: cleared once as it starts (the items layer redraws once).
      ...(justStarted && pending.mode === 'replace' ? { selection: new Set<string>() } : {}),
    };
  }
  const anchor = index.byId.get(pending.anchorId);
  if (!anchor) return { drag: null };
  pending.targets ??= snapTargetsFor(ctx, pending.ids);
  const raw = (cx - pending.originX) / view.pxPerSecond;
  if (pending.kind === 'trim') {
    const edgeTime = pending.edge === 'start' ? anchor.item.start_seconds : anchor.item.end_seconds;
    const snapped = snapDelta({
      movingEdges: [edgeTime],
      delta: raw,
      targets: pending.targets,
      pxPerSecond: view.pxPerSecond,
      fps: ctx.fps,
      snapToItems: !mods.free,
    });
    const plan = planGroupTrim(index, pending.ids, pending.edge, snapped.delta, ctx.fps);
    pending.trims = plan.trims;
    return {
      drag: {
        kind: 'trim',
        ids: pending.ids,
        edge: pending.edge,
        originX: pending.originX,
        delta: plan.delta,
        snappedTo: plan.delta === snapped.delta ? snapped.snappedTo : null,
      },
      blocked: lockedLayerOf(index, pending.ids) !== null,
    };
  }
  const group = groupOf(ctx, pending);
  const snapped = snapDelta({
    movingEdges: [anchor.item.start_seconds, anchor.item.end_seconds, group.start, group.end],
    delta: raw,
    targets: pending.targets,
    pxPerSecond: view.pxPerSecond,
    fps: ctx.fps,
    snapToItems: !mods.free,
  });
  const delta = Math.max(snapped.delta, -group.start);
  const pointerRow = Math.floor((cy - RULER_HEIGHT) / ROW_HEIGHT);
  const wanted = Math.max(
    -anchor.row,
    Math.min(index.rows.length - 1 - anchor.row, pointerRow - pending.originRow),
  );
  let rowOffset = group.rows.get(wanted);
  if (rowOffset === undefined) {
    rowOffset = resolveRowOffset(index, pending.ids, wanted);
    group.rows.set(wanted, rowOffset);
  }
  if (!pending.plan || pending.plan.delta !== delta || pending.plan.rowOffset !== rowOffset) {
    // A small group is planned and checked for overlaps live; a large one only moves its ghosts
    // while the pointer moves (each step is then constant work), and its drop plans it once.
    const live = pending.ids.length <= LIVE_OVERLAP_LIMIT;
    const moves = live
      ? effectiveMoves(planGroupMove(index, pending.ids, delta, rowOffset, ctx.fps).moves)
      : null;
    const blocked =
      group.locked || (moves !== null && findOverlap(index, moves, idSet(pending.ids)) !== null);
    pending.plan = { delta, rowOffset, moves, blocked };
  }
  const { moves, blocked } = pending.plan;
  return {
    drag: {
      kind: 'move',
      ids: pending.ids,
      originX: pending.originX,
      originY: pending.originY,
      delta,
      rowOffset,
      snappedTo: delta === snapped.delta ? snapped.snappedTo : null,
      rowBlocked: rowOffset === wanted ? null : 'That layer does not accept the selection.',
      moves,
    },
    blocked,
  };
}

export type UpResult =
  | { type: 'none'; selection?: Set<string> }
  | { type: 'select'; selection: Set<string> }
  | { type: 'commit'; label: string; ops: EditOp[] }
  | { type: 'refused'; reason: string };

/** What a release does: the drag already planned the edit; the drop only checks and commits it. */
export function pointerUp(ctx: GestureContext, pending: Pending, drag: DragState | null): UpResult {
  if (!pending.started || !drag) {
    if (pending.kind === 'marquee' && pending.mode === 'replace')
      return { type: 'none', selection: new Set() };
    if (pending.kind === 'move' && pending.clickSelection)
      return { type: 'none', selection: pending.clickSelection };
    return { type: 'none' };
  }
  if (drag.kind === 'marquee') {
    return {
      type: 'select',
      selection: combineSelection(
        pending.kind === 'marquee' ? pending.base : new Set(),
        [...drag.inRect],
        drag.mode,
      ),
    };
  }
  if (drag.kind === 'move' || drag.kind === 'trim') {
    const locked = lockedLayerOf(ctx.index, drag.ids);
    if (locked) return { type: 'refused', reason: lockedReason(locked) };
  }
  const max = ctx.maxOperations ?? MAX_OPERATIONS_PER_GESTURE;
  if (drag.kind === 'move') {
    // Planned live for up to LIVE_OVERLAP_LIMIT items; a larger group is planned once, here.
    const moves =
      drag.moves ??
      effectiveMoves(planGroupMove(ctx.index, drag.ids, drag.delta, drag.rowOffset, ctx.fps).moves);
    if (moves.length === 0) return { type: 'none' };
    // Refused before anything is shown or sent (the items would jump back after the request).
    if (moves.length > max)
      return { type: 'refused', reason: tooManyOperations(moves.length, max) };
    // Checked live for up to LIVE_OVERLAP_LIMIT items; a larger group is checked once, here.
    const overlap = findOverlap(ctx.index, moves, idSet(drag.ids));
    if (overlap) {
      const name = ctx.index.byId.get(overlap.otherId)?.item.name ?? overlap.otherId;
      return {
        type: 'refused',
        reason: `The items cannot be dropped there: they would overlap “${name}”.`,
      };
    }
    const ops: EditOp[] = moves.map((move) => ({ kind: 'move', ...move }));
    return { type: 'commit', label: describeChange(opsChange(ops)), ops };
  }
  if (drag.kind === 'trim' && pending.kind === 'trim') {
    if (pending.trims.length === 0) return { type: 'none' };
    if (pending.trims.length > max)
      return { type: 'refused', reason: tooManyOperations(pending.trims.length, max) };
    const ops: EditOp[] = pending.trims.map((trim) => ({ kind: 'trim', ...trim }));
    return { type: 'commit', label: describeChange(opsChange(ops)), ops };
  }
  return { type: 'none' };
}
