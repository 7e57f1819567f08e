/**
 * Editor operations: what one gesture changes, as data. They are applied optimistically to the
 * cached timeline and sent to the service as one atomic batch (timeline-change.ts inverts them).
 */
import {
  joinItems,
  splitItem,
  type CreateSource,
  type ItemAudio,
  type ItemLayout,
} from './item-edits.ts';
import type { TextStyle } from './text-style.ts';
import { roundMs } from './time-scale.ts';
import type { MaskEffectType } from './timeline-types.ts';
import { trimmedItem } from './trim.ts';
import { shiftedTime } from '@/shared-rules/frame-time.ts';
import type { Timeline, TimelineItem, TimelineLayer } from '@/api/schema.gen.ts';

export const ZOOM_EFFECT: MaskEffectType = 'zoom';

/**
 * The most operations one gesture may send: the contract caps an atomic batch at 5,000 (a request
 * body stays under 1 MB). A bigger gesture is refused before anything is shown or sent, not split:
 * split, it would no longer be one atomic change under one revision (a conflict or failure between
 * the parts would leave some items moved, and undo would take several requests).
 */
export const MAX_OPERATIONS_PER_GESTURE = 5000;

export const tooManyOperations = (count: number, max = MAX_OPERATIONS_PER_GESTURE): string =>
  `One gesture can change at most ${max.toLocaleString('en')} items; this one would change ${count.toLocaleString('en')}. Select fewer items (for example one layer at a time).`;

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
  | {
      kind: 'add-effect';
      itemId: string;
      effectType: MaskEffectType;
      zoomScale: number;
      /** Known once the service created it (the optimistic copy uses a placeholder id). */
      effectId?: string;
    }
  | {
      kind: 'remove-effect';
      itemId: string;
      effectId: string;
      effectType: MaskEffectType;
      zoomScale: number;
    }
  /**
   * A text item's colour and font: `to` is the whole new style; its inverse swaps the two (`from`
   * is null when the item carried no style, and then there is nothing to go back to).
   */
  | { kind: 'text-style'; itemId: string; from: TextStyle | null; to: TextStyle }
  /** A text item's words. */
  | { kind: 'text-content'; itemId: string; from: string; to: string }
  /** Where a visual item sits on the frame: the whole layout before and after. */
  | { kind: 'layout'; itemId: string; from: ItemLayout; to: ItemLayout }
  /** An item's sound: the whole of it before and after. */
  | { kind: 'audio'; itemId: string; from: ItemAudio; to: ItemAudio }
  /** A new item (`item` as the editor shows it until the service answers), made as `source` says. */
  | { kind: 'create'; itemId: string; item: TimelineItem; source: CreateSource }
  /** The undo of a creation: the item goes (its creation is kept to redo it). */
  | { kind: 'remove'; itemId: string; item: TimelineItem; source: CreateSource }
  /** Cut `itemId` at `at`; the part after it becomes `newId`. */
  | { kind: 'split'; itemId: string; at: number; newId: string }
  /** The undo of a split: `otherId` (starting at `at`) joins `itemId` again. */
  | { kind: 'join'; itemId: string; otherId: string; at: number };

/** Every item an operation names (the undo history drops steps about deleted items). */
export function opItemIds(op: EditOp): string[] {
  switch (op.kind) {
    case 'split':
      return [op.itemId, op.newId];
    case 'join':
      return [op.itemId, op.otherId];
    case 'create':
      return op.source.type === 'duplicate' ? [op.itemId, op.source.sourceId] : [op.itemId];
    default:
      return [op.itemId];
  }
}

let pendingEffectCounter = 0;

/** Applies operations to a timeline copy (only the layers touched are copied). */
export function applyEditOps(timeline: Timeline, ops: readonly EditOp[]): Timeline {
  if (ops.length === 0) return timeline;
  const layers = new Map<number, TimelineItem[]>();
  const layerOf = new Map<string, number>();
  for (const layer of timeline.layers)
    for (const item of layer.items) layerOf.set(item.id, layer.index);
  const left = new Set<TimelineItem>();
  // Positions within the copied layers, so a 10,000-item gesture is not quadratic.
  const positions = new Map<TimelineItem[], Map<string, number>>();
  const positionIn = (items: TimelineItem[], itemId: string): number => {
    let map = positions.get(items);
    if (!map) {
      map = new Map(items.map((item, i) => [item.id, i]));
      positions.set(items, map);
    }
    const at = map.get(itemId);
    return at !== undefined && items[at]?.id === itemId
      ? at
      : items.findIndex((item) => item.id === itemId);
  };
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
    const position = items ? positionIn(items, itemId) : -1;
    if (!items || position < 0) return;
    const next = change(items[position]!);
    if (next === null) return;
    if (next.layer_index !== layerIndex) {
      const target = itemsOf(next.layer_index);
      if (!target) return;
      // Left in place and filtered out at the end (a splice would shift every later position).
      left.add(items[position]!);
      target.push(next);
      positionIn(target, itemId);
      positions.get(target)!.set(itemId, target.length - 1);
      layerOf.set(itemId, next.layer_index);
    } else {
      items[position] = next;
    }
  };
  const insert = (item: TimelineItem): void => {
    const target = itemsOf(item.layer_index);
    if (!target) return;
    target.push(item);
    positionIn(target, item.id);
    positions.get(target)!.set(item.id, target.length - 1);
    layerOf.set(item.id, item.layer_index);
  };
  const drop = (itemId: string): TimelineItem | undefined => {
    const layerIndex = layerOf.get(itemId);
    const items = layerIndex === undefined ? undefined : itemsOf(layerIndex);
    const position = items ? positionIn(items, itemId) : -1;
    if (!items || position < 0) return undefined;
    const item = items[position]!;
    left.add(item);
    layerOf.delete(itemId);
    return item;
  };
  const current = (itemId: string): TimelineItem | undefined => {
    const layerIndex = layerOf.get(itemId);
    const items = layerIndex === undefined ? undefined : itemsOf(layerIndex);
    const position = items ? positionIn(items, itemId) : -1;
    return items && position >= 0 ? items[position] : undefined;
  };
  for (const op of ops) {
    switch (op.kind) {
      case 'text-content':
        update(op.itemId, (item) => ({ ...item, text: op.to }));
        break;
      case 'layout':
        update(op.itemId, (item) => ({ ...item, layout: op.to }));
        break;
      case 'audio':
        update(op.itemId, (item) => ({ ...item, audio: op.to }));
        break;
      case 'create':
        if (!layerOf.has(op.itemId)) insert(op.item);
        break;
      case 'remove':
        drop(op.itemId);
        break;
      case 'split': {
        const item = current(op.itemId);
        if (!item || layerOf.has(op.newId)) break;
        const [before, after] = splitItem(item, op.at, op.newId);
        update(op.itemId, () => before);
        insert(after);
        break;
      }
      case 'join': {
        const next = current(op.otherId);
        if (!next) break;
        update(op.itemId, (item) => joinItems(item, next));
        drop(op.otherId);
        break;
      }
      case 'move':
        // By whole frames, as the service moves items (touching items moved alike still touch).
        update(op.itemId, (item) => ({
          ...item,
          start_seconds: op.toStart,
          end_seconds: shiftedTime(item.end_seconds, item.start_seconds, op.toStart, timeline.fps),
          layer_index: op.toLayer,
        }));
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
            {
              effect_id: op.effectId ?? `pending-${pendingEffectCounter}`,
              effect_type: op.effectType,
            },
          ],
        }));
        break;
      case 'remove-effect':
        update(op.itemId, (item) => ({
          ...item,
          effects: item.effects.filter((effect) => effect.effect_id !== op.effectId),
        }));
        break;
      case 'text-style':
        update(op.itemId, (item) => ({ ...item, text_style: op.to }));
        break;
    }
  }
  let duration = 0;
  const nextLayers = timeline.layers.map((layer): TimelineLayer => {
    const items = layers.get(layer.index);
    const result = items
      ? {
          ...layer,
          items: (left.size ? items.filter((item) => !left.has(item)) : items).sort(
            (a, b) => a.start_seconds - b.start_seconds,
          ),
        }
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
