/**
 * Editor operations: what one gesture changes, as data. They are applied optimistically to the
 * cached timeline, sent to the service one request each, and inverted for undo and rollback.
 */
import { roundMs } from './time-scale.ts';
import type { MaskEffectType, Timeline, TimelineItem, TimelineLayer } from './timeline-types.ts';
import { trimmedItem } from './trim.ts';

export const ZOOM_EFFECT: MaskEffectType = 'zoom';

export type EditOp =
  | {
      kind: 'move';
      itemId: string;
      fromStart: number;
      fromLayer: number;
      toStart: number;
      toLayer: number;
    }
  | { kind: 'trim'; itemId: string; startDelta: number; endDelta: number }
  | { kind: 'add-effect'; itemId: string; effectType: MaskEffectType; zoomScale: number }
  | {
      kind: 'remove-effect';
      itemId: string;
      effectId: string;
      effectType: MaskEffectType;
      zoomScale: number;
    };

/** An operation the service accepted, with what undo needs to invert it. */
export interface AppliedOp {
  op: EditOp;
  /** Timeline revision after this operation. */
  revision: number;
  /** For add-effect: the created effect's id. */
  effectId?: string;
  warnings: string[];
  /** Items the operation deleted (then it cannot be undone). */
  deletedIds?: string[];
}

export function isNoop(op: EditOp): boolean {
  if (op.kind === 'move') return op.fromStart === op.toStart && op.fromLayer === op.toLayer;
  if (op.kind === 'trim') return op.startDelta === 0 && op.endDelta === 0;
  return false;
}

export function itemIdsOf(ops: readonly EditOp[]): string[] {
  return [...new Set(ops.map((op) => op.itemId))];
}

/** The operation that undoes `applied` (null when it cannot be expressed). */
export function invertApplied(applied: AppliedOp): EditOp | null {
  const { op } = applied;
  switch (op.kind) {
    case 'move':
      return {
        ...op,
        fromStart: op.toStart,
        fromLayer: op.toLayer,
        toStart: op.fromStart,
        toLayer: op.fromLayer,
      };
    case 'trim':
      return {
        ...op,
        startDelta: roundMs(-op.startDelta) || 0,
        endDelta: roundMs(-op.endDelta) || 0,
      };
    case 'add-effect':
      return applied.effectId
        ? {
            kind: 'remove-effect',
            itemId: op.itemId,
            effectId: applied.effectId,
            effectType: op.effectType,
            zoomScale: op.zoomScale,
          }
        : null;
    case 'remove-effect':
      return {
        kind: 'add-effect',
        itemId: op.itemId,
        effectType: op.effectType,
        zoomScale: op.zoomScale,
      };
  }
}

/** Inverse operations of a whole gesture, in reverse order. Null when any step cannot be inverted. */
export function invertGesture(applied: readonly AppliedOp[]): EditOp[] | null {
  const inverse: EditOp[] = [];
  for (let i = applied.length - 1; i >= 0; i -= 1) {
    const op = invertApplied(applied[i]!);
    if (!op) return null;
    inverse.push(op);
  }
  return orderForApply(inverse);
}

/**
 * Send order for a gesture: moves to the right go right-most first and moves to the left go
 * left-most first, so members of a group never pass through each other on the way.
 */
export function orderForApply(ops: readonly EditOp[]): EditOp[] {
  const moves = ops.filter((op): op is Extract<EditOp, { kind: 'move' }> => op.kind === 'move');
  const others = ops.filter((op) => op.kind !== 'move');
  const right = moves
    .filter((op) => op.toStart > op.fromStart)
    .sort((a, b) => b.fromStart - a.fromStart);
  const rest = moves
    .filter((op) => op.toStart <= op.fromStart)
    .sort((a, b) => a.fromStart - b.fromStart);
  return [...right, ...rest, ...others];
}

let pendingEffectCounter = 0;

/** Applies operations to a timeline copy (only the layers touched are copied). */
export function applyEditOps(timeline: Timeline, ops: readonly EditOp[]): Timeline {
  if (ops.length === 0) return timeline;
  const layers = new Map<number, TimelineItem[]>();
  const layerOf = new Map<string, number>();
  for (const layer of timeline.layers)
    for (const item of layer.items) layerOf.set(item.id, layer.index);
  const itemsOf = (layerIndex: number): TimelineItem[] | undefined => {
    let items = layers.get(layerIndex);
    if (!items) {
      const layer = timeline.layers.find((candidate) => candidate.index === layerIndex);
      if (!layer) return undefined;
      items = [...layer.items];
      layers.set(layerIndex, items);
    }
    return items;
  };
  const update = (itemId: string, change: (item: TimelineItem) => TimelineItem | null): void => {
    const layerIndex = layerOf.get(itemId);
    if (layerIndex === undefined) return;
    const items = itemsOf(layerIndex);
    const position = items?.findIndex((item) => item.id === itemId) ?? -1;
    if (!items || position < 0) return;
    const next = change(items[position]!);
    if (next === null) return;
    if (next.layer_index !== layerIndex) {
      const target = itemsOf(next.layer_index);
      if (!target) return;
      items.splice(position, 1);
      target.push(next);
      layerOf.set(itemId, next.layer_index);
    } else {
      items[position] = next;
    }
  };
  for (const op of ops) {
    switch (op.kind) {
      case 'move':
        update(op.itemId, (item) => {
          const length = item.end_seconds - item.start_seconds;
          return {
            ...item,
            start_seconds: op.toStart,
            end_seconds: roundMs(op.toStart + length),
            layer_index: op.toLayer,
          };
        });
        break;
      case 'trim':
        update(op.itemId, (item) => trimmedItem(item, op.startDelta, op.endDelta));
        break;
      case 'add-effect':
        pendingEffectCounter += 1;
        update(op.itemId, (item) => ({
          ...item,
          effects: [
            ...item.effects,
            { effect_id: `pending-${pendingEffectCounter}`, effect_type: op.effectType },
          ],
        }));
        break;
      case 'remove-effect':
        update(op.itemId, (item) => ({
          ...item,
          effects: item.effects.filter((effect) => effect.effect_id !== op.effectId),
        }));
        break;
    }
  }
  let duration = 0;
  const nextLayers = timeline.layers.map((layer): TimelineLayer => {
    const items = layers.get(layer.index);
    const result = items
      ? { ...layer, items: items.sort((a, b) => a.start_seconds - b.start_seconds) }
      : layer;
    for (const item of result.items) duration = Math.max(duration, item.end_seconds);
    return result;
  });
  return { ...timeline, layers: nextLayers, duration_seconds: roundMs(duration) };
}

/** Removes items (optimistic batch delete). */
export function removeItems(timeline: Timeline, ids: ReadonlySet<string>): Timeline {
  return {
    ...timeline,
    layers: timeline.layers.map((layer) =>
      layer.items.some((item) => ids.has(item.id))
        ? { ...layer, items: layer.items.filter((item) => !ids.has(item.id)) }
        : layer,
    ),
  };
}

/** Puts back items that a batch delete could not delete, from the snapshot taken before it. */
export function restoreItems(
  timeline: Timeline,
  snapshot: Timeline,
  ids: ReadonlySet<string>,
): Timeline {
  if (ids.size === 0) return timeline;
  return {
    ...timeline,
    layers: timeline.layers.map((layer) => {
      const before = snapshot.layers.find((candidate) => candidate.index === layer.index);
      const back =
        before?.items.filter(
          (item) => ids.has(item.id) && !layer.items.some((i) => i.id === item.id),
        ) ?? [];
      return back.length
        ? {
            ...layer,
            items: [...layer.items, ...back].sort((a, b) => a.start_seconds - b.start_seconds),
          }
        : layer;
    }),
  };
}

/** A short label for a gesture (undo menu, announcements). */
export function describeOps(ops: readonly EditOp[]): string {
  const first = ops[0];
  if (!first) return 'Nothing';
  const count = itemIdsOf(ops).length;
  const items = count === 1 ? '1 item' : `${count} items`;
  switch (first.kind) {
    case 'move':
      return `Move ${items}`;
    case 'trim':
      return `Trim ${items}`;
    case 'add-effect':
      return `Add zoom effect to ${items}`;
    case 'remove-effect':
      return `Remove zoom effect from ${items}`;
  }
}
