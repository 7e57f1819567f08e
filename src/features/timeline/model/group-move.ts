/**
 * Moving a selection as one group: one time delta and one row offset for every item, clamped so
 * that no item starts before 0 s and every item lands on a row whose layer kind accepts it.
 */
import { isLocked, layerAccepts } from '@/shared-rules/timeline-layer-rules.ts';
import { forEachItemInRange, type TimelineIndex } from './timeline-index.ts';
import { roundMs, snapToFrame } from './time-scale.ts';

export interface ItemMove {
  itemId: string;
  fromStart: number;
  fromLayer: number;
  toStart: number;
  toLayer: number;
}

export interface GroupMovePlan {
  delta: number;
  rowOffset: number;
  moves: ItemMove[];
  /** Why the requested row offset was reduced (for a hint while dragging), if it was. */
  rowBlocked: string | null;
}

/** The earliest start of the selection (the group's left edge), or null when nothing is selected. */
export function groupBounds(
  index: TimelineIndex,
  ids: Iterable<string>,
): { start: number; end: number } | null {
  let start = Infinity;
  let end = -Infinity;
  for (const id of ids) {
    const ref = index.byId.get(id);
    if (!ref) continue;
    start = Math.min(start, ref.item.start_seconds);
    end = Math.max(end, ref.item.end_seconds);
  }
  return Number.isFinite(start) ? { start, end } : null;
}

/** The delta limited so the group's earliest item starts at 0 s at the earliest. */
export function clampGroupDelta(
  index: TimelineIndex,
  ids: Iterable<string>,
  delta: number,
): number {
  const bounds = groupBounds(index, ids);
  if (!bounds) return 0;
  return Math.max(delta, -bounds.start);
}

/** Whether every item can move `offset` rows (rows exist and accept each item's type). */
export function rowOffsetAllowed(
  index: TimelineIndex,
  ids: readonly string[],
  offset: number,
): boolean {
  for (const id of ids) {
    const ref = index.byId.get(id);
    if (!ref) continue;
    const target = index.rows[ref.row + offset];
    if (!target || isLocked(target.layer) || !layerAccepts(target.layer.kind, ref.item.type))
      return false;
  }
  return true;
}

/**
 * The allowed row offset nearest to `wanted`, searching from `wanted` back towards 0 (so the group
 * stops at the last row it may enter while the pointer keeps going).
 */
export function resolveRowOffset(
  index: TimelineIndex,
  ids: readonly string[],
  wanted: number,
): number {
  const step = wanted > 0 ? -1 : 1;
  for (let offset = wanted; offset !== 0; offset += step) {
    if (rowOffsetAllowed(index, ids, offset)) return offset;
  }
  return 0;
}

/**
 * With `fps`, each new start is snapped to a frame as the service snaps it: the answer then holds
 * the starts the editor already shows (a 1,000-item move's answer differed by a millisecond on
 * about half its items, and drew the whole band again for nothing).
 */
export function planGroupMove(
  index: TimelineIndex,
  selection: Iterable<string>,
  wantedDelta: number,
  wantedRowOffset: number,
  fps?: number,
): GroupMovePlan {
  const ids = [...selection].filter((id) => index.byId.has(id));
  const delta = roundMs(clampGroupDelta(index, ids, wantedDelta));
  const rowOffset = resolveRowOffset(index, ids, wantedRowOffset);
  const rowBlocked =
    rowOffset === wantedRowOffset
      ? null
      : 'Some selected items cannot go on that layer (the layer kind does not accept them).';
  const moves = ids.map((id): ItemMove => {
    const ref = index.byId.get(id)!;
    const target = index.rows[ref.row + rowOffset]!;
    return {
      itemId: id,
      fromStart: ref.item.start_seconds,
      fromLayer: ref.layerIndex,
      toStart:
        fps === undefined
          ? roundMs(Math.max(0, ref.item.start_seconds + delta))
          : snapToFrame(Math.max(0, ref.item.start_seconds + delta), fps),
      toLayer: target.layer.index,
    };
  });
  return { delta, rowOffset, moves, rowBlocked };
}

const idSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/**
 * The ids a drag moves, as a set made once per drag (a drag keeps its ids array): each step of a
 * 10,000-item group drag would otherwise copy 10,000 ids (overlap checks, drawing, ghosts).
 */
export function idSet(ids: readonly string[]): ReadonlySet<string> {
  let set = idSets.get(ids);
  if (!set) idSets.set(ids, (set = new Set(ids)));
  return set;
}

/** Moves that actually change something. */
export function effectiveMoves(moves: readonly ItemMove[]): ItemMove[] {
  return moves.filter((move) => move.toStart !== move.fromStart || move.toLayer !== move.fromLayer);
}

/**
 * The first move that would overlap an item that is not moving (the service refuses overlapping
 * items on a layer), or null. Members of the group cannot overlap each other: they keep their
 * relative positions and one row offset maps distinct rows to distinct rows.
 */
export function findOverlap(
  index: TimelineIndex,
  moves: readonly ItemMove[],
  moving: ReadonlySet<string>,
): { itemId: string; otherId: string } | null {
  for (const move of moves) {
    const ref = index.byId.get(move.itemId);
    const row = index.rows[index.rowOfLayer.get(move.toLayer) ?? -1];
    if (!ref || !row) continue;
    const end = move.toStart + (ref.item.end_seconds - ref.item.start_seconds);
    let clash: string | null = null;
    forEachItemInRange(row, move.toStart + 1e-6, end - 1e-6, (other) => {
      if (clash === null && !moving.has(other.id)) clash = other.id;
    });
    if (clash !== null) return { itemId: move.itemId, otherId: clash };
  }
  return null;
}

/**
 * The name of a locked layer holding one of the items, or null. Items on a locked layer cannot be
 * moved or trimmed (the service refuses; the editor says so before sending anything).
 */
export function lockedLayerOf(index: TimelineIndex, ids: Iterable<string>): string | null {
  for (const id of ids) {
    const ref = index.byId.get(id);
    const layer = ref ? index.rows[ref.row]?.layer : undefined;
    if (layer && isLocked(layer)) return layer.name;
  }
  return null;
}

export const lockedReason = (layerName: string) =>
  `“${layerName}” is a locked layer: its items cannot be moved or trimmed.`;
