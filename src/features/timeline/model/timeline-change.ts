/**
 * What one timeline gesture changes (a `TimelineChange`), what the service answered (a
 * `TimelineResult`), and the pure rules the editor kit needs around them: the optimistic copy,
 * the timeline after the answer, the change that undoes it, whether it still applies after someone
 * else's edit, and which older undo steps a commit makes void.
 */
import type { Rebase } from '@/editor-kit/conflict-retry.ts';
import type { HistoryEntry } from '@/editor-kit/history.ts';
import { stillApplies } from './conflict.ts';
import { applyEditOps, opItemIds, removeItems, restoreItems, type EditOp } from './edit-ops.ts';
import { sameAudio, sameLayout } from './item-edits.ts';
import { roundMs } from './time-scale.ts';
import type {
  Timeline,
  TimelineBatchApplyResult,
  TimelineBatchDeleteResult,
  TimelineItem,
} from '@/api/schema.gen.ts';

export type TimelineChange =
  /** Moves, trims and effects: one atomic batch. */
  | { kind: 'ops'; ops: EditOp[] }
  /** A batch delete (cannot be undone: deleted items cannot be restored). */
  | { kind: 'delete'; ids: string[]; pack: boolean };

export type TimelineResult =
  | { kind: 'ops'; batch: TimelineBatchApplyResult }
  | { kind: 'delete'; result: TimelineBatchDeleteResult; revision: number };

export const opsChange = (ops: EditOp[]): TimelineChange => ({ kind: 'ops', ops });

export function itemsById(timeline: Timeline): Map<string, TimelineItem> {
  const map = new Map<string, TimelineItem>();
  for (const layer of timeline.layers) for (const item of layer.items) map.set(item.id, item);
  return map;
}

export function changeItemIds(change: TimelineChange): string[] {
  return change.kind === 'delete' ? change.ids : change.ops.flatMap(opItemIds);
}

/** The optimistic copy: what the screen shows while the change is saved. */
export function applyChange(timeline: Timeline, change: TimelineChange): Timeline {
  return change.kind === 'ops'
    ? applyEditOps(timeline, change.ops)
    : removeItems(timeline, new Set(change.ids));
}

/**
 * The operations as the service applied them: answered positions, created effect ids. An
 * operation the service applied as sent is returned as it is (the same object).
 */
export function resolvedOps(ops: readonly EditOp[], batch: TimelineBatchApplyResult): EditOp[] {
  const byIndex = new Map(batch.results.map((result) => [result.index, result]));
  return ops.map((op, index) => {
    const answer = byIndex.get(index);
    if (!answer) return op;
    if (
      op.kind === 'move' &&
      answer.start_seconds !== undefined &&
      (answer.start_seconds !== op.toStart || (answer.layer_index ?? op.toLayer) !== op.toLayer)
    )
      return { ...op, toStart: answer.start_seconds, toLayer: answer.layer_index ?? op.toLayer };
    if (op.kind === 'add-effect' && answer.effect_id) return { ...op, effectId: answer.effect_id };
    if (op.kind === 'text-style' && answer.text_style) return { ...op, to: answer.text_style };
    if (op.kind === 'layout' && answer.item?.layout && !sameLayout(answer.item.layout, op.to))
      return { ...op, to: answer.item.layout };
    if (op.kind === 'audio' && answer.item?.audio && !sameAudio(answer.item.audio, op.to))
      return { ...op, to: answer.item.audio };
    return op;
  });
}

/**
 * Items as the service stored them where its answer gives them and they differ from the copy
 * (the effects a split or a copy got, an added item's natural size): only their layers change.
 */
function withAnsweredItems(timeline: Timeline, batch: TimelineBatchApplyResult): Timeline {
  const answered = new Map<string, TimelineItem>();
  for (const result of batch.results) {
    if (result.item) answered.set(result.item.id, result.item);
    if (result.created_item) answered.set(result.created_item.id, result.created_item);
  }
  if (answered.size === 0) return timeline;
  let changed = false;
  const layers = timeline.layers.map((layer) => {
    if (!layer.items.some((item) => answered.has(item.id))) return layer;
    let layerChanged = false;
    const items = layer.items.map((item) => {
      const answer = answered.get(item.id);
      if (!answer || JSON.stringify(answer) === JSON.stringify(item)) return item;
      layerChanged = true;
      return answer;
    });
    changed ||= layerChanged;
    return layerChanged ? { ...layer, items } : layer;
  });
  return changed ? { ...timeline, layers } : timeline;
}

/**
 * Whether every trim of the batch was applied as sent: it deleted nothing, removed no caption
 * words, was not clamped (no warning), and the answered start and end are the ones our copy shows.
 * A clamped trim is not: the answer gives the item's new start and end, but not its source in- and
 * out-points.
 */
function trimsAppliedAsSent(
  ops: readonly EditOp[],
  batch: TimelineBatchApplyResult,
  after: Timeline,
): boolean {
  const trims = ops.flatMap((op, index) => (op.kind === 'trim' ? [{ op, index }] : []));
  if (trims.length === 0) return true;
  // An item trimmed and changed again in the same batch: its answers are not its final state.
  const touches = new Map<string, number>();
  for (const op of ops) touches.set(op.itemId, (touches.get(op.itemId) ?? 0) + 1);
  const byIndex = new Map(batch.results.map((answer) => [answer.index, answer]));
  const items = itemsById(after);
  return trims.every(({ op, index }) => {
    const answer = byIndex.get(index);
    const item = items.get(op.itemId);
    return (
      touches.get(op.itemId) === 1 &&
      answer !== undefined &&
      item !== undefined &&
      answer.removed_caption_word_count === 0 &&
      answer.deleted_timeline_item_ids.length === 0 &&
      // A clamp (at the source's bounds or a neighbour) is answered with a warning: its source
      // points may differ from ours even where its start and end came out the same.
      answer.warnings.length === 0 &&
      answer.start_seconds === item.start_seconds &&
      answer.end_seconds === item.end_seconds
    );
  });
}

/**
 * The timeline after the service accepted the change. The batch is atomic and was based on the
 * revision we had, so our copy plus the answered operations is the service's timeline. Fetched
 * once instead: a trim the service clamped, or that removed caption words or deleted its item,
 * and a packing delete.
 */
export function settleChange(input: {
  base: Timeline;
  /** The timeline the screen shows (the change applied to `base`), when there is one. */
  optimistic?: Timeline;
  change: TimelineChange;
  result: TimelineResult;
}): Timeline | 'refetch' {
  const { base, optimistic, change, result } = input;
  if (change.kind === 'ops' && result.kind === 'ops') {
    const resolved = resolvedOps(change.ops, result.batch);
    // Answered as sent: the timeline shown is the service's, and keeps its layers (nothing is
    // indexed or drawn again for the answer).
    const asSent = optimistic !== undefined && resolved.every((op, i) => op === change.ops[i]);
    const after = withAnsweredItems(
      asSent ? optimistic : applyEditOps(base, resolved),
      result.batch,
    );
    if (!trimsAppliedAsSent(change.ops, result.batch, after)) return 'refetch';
    return { ...after, revision: result.batch.revision };
  }
  if (change.kind === 'delete' && result.kind === 'delete') {
    if (result.result.packed && (result.result.clips_shifted ?? 0) > 0) return 'refetch';
    const failed = new Set(
      (result.result.failed_items ?? []).map((failure) => failure.timeline_item_id),
    );
    const after = restoreItems(removeItems(base, new Set(change.ids)), base, failed);
    return { ...after, revision: result.revision };
  }
  return 'refetch';
}

/** The change that undoes this one, or null when it cannot be undone (something was deleted). */
export function invertChange(
  change: TimelineChange,
  result: TimelineResult,
  base: Timeline,
): TimelineChange | null {
  if (change.kind === 'delete' || result.kind !== 'ops') return null;
  const { batch } = result;
  const byIndex = new Map(batch.results.map((answer) => [answer.index, answer]));
  // A trim that deleted its item cannot be undone (the other deletions are undo steps' own).
  if (
    change.ops.some(
      (op, index) =>
        op.kind === 'trim' && (byIndex.get(index)?.deleted_timeline_item_ids.length ?? 0) > 0,
    )
  )
    return null;
  const before = itemsById(base);
  const inverse: EditOp[] = [];
  for (let index = change.ops.length - 1; index >= 0; index -= 1) {
    const op = change.ops[index]!;
    const answer = byIndex.get(index);
    switch (op.kind) {
      case 'move':
        inverse.push({
          ...op,
          fromStart: answer?.start_seconds ?? op.toStart,
          fromLayer: answer?.layer_index ?? op.toLayer,
          toStart: op.fromStart,
          toLayer: op.fromLayer,
        });
        break;
      case 'trim': {
        // What actually happened (the service may have clamped it), reversed.
        const then = before.get(op.itemId);
        const startDelta =
          then && answer?.start_seconds !== undefined
            ? answer.start_seconds - then.start_seconds
            : op.startDelta;
        const endDelta =
          then && answer?.end_seconds !== undefined
            ? answer.end_seconds - then.end_seconds
            : op.endDelta;
        inverse.push({
          kind: 'trim',
          itemId: op.itemId,
          startDelta: roundMs(-startDelta) || 0,
          endDelta: roundMs(-endDelta) || 0,
        });
        break;
      }
      case 'add-effect': {
        const effectId = answer?.effect_id ?? op.effectId;
        if (!effectId) return null;
        inverse.push({
          kind: 'remove-effect',
          itemId: op.itemId,
          effectId,
          effectType: op.effectType,
          zoomScale: op.zoomScale,
        });
        break;
      }
      case 'remove-effect':
        inverse.push({
          kind: 'add-effect',
          itemId: op.itemId,
          effectType: op.effectType,
          zoomScale: op.zoomScale,
        });
        break;
      case 'text-style':
        // The item had no style before: there is nothing to set back.
        if (!op.from) return null;
        // What the service set (it writes colours in capitals), back to what it was.
        inverse.push({
          kind: 'text-style',
          itemId: op.itemId,
          from: answer?.text_style ?? op.to,
          to: op.from,
        });
        break;
      case 'text-content':
        inverse.push({ ...op, from: op.to, to: op.from });
        break;
      case 'layout':
        inverse.push({ ...op, from: answer?.item?.layout ?? op.to, to: op.from });
        break;
      case 'audio':
        inverse.push({ ...op, from: answer?.item?.audio ?? op.to, to: op.from });
        break;
      case 'create':
        inverse.push({ ...op, kind: 'remove', item: answer?.created_item ?? op.item });
        break;
      case 'remove':
        inverse.push({ ...op, kind: 'create' });
        break;
      case 'split':
        inverse.push({ kind: 'join', itemId: op.itemId, otherId: op.newId, at: op.at });
        break;
      case 'join':
        inverse.push({ kind: 'split', itemId: op.itemId, at: op.at, newId: op.otherId });
        break;
    }
  }
  return { kind: 'ops', ops: inverse };
}

/** After someone else's edit: the change unchanged when it still applies, or why not. */
export function rebaseChange(
  change: TimelineChange,
  base: Timeline,
  fresh: Timeline,
): Rebase<TimelineChange> {
  if (change.kind === 'ops') {
    const check = stillApplies(change.ops, base, fresh);
    return check.applies ? { ok: true, change } : { ok: false, reason: check.reason };
  }
  const present = itemsById(fresh);
  const missing = change.ids.filter((id) => !present.has(id)).length;
  return missing === 0
    ? { ok: true, change }
    : {
        ok: false,
        reason: `${missing === 1 ? '1 selected item no longer exists' : `${missing} selected items no longer exist`}.`,
      };
}

/** Items a commit deleted (a delete's, minus its failures; a trim to nothing). */
export function deletedItems(change: TimelineChange, result: TimelineResult): Set<string> {
  if (result.kind === 'ops') return new Set(result.batch.deleted_timeline_item_ids);
  const failed = new Set((result.result.failed_items ?? []).map((f) => f.timeline_item_id));
  return new Set(change.kind === 'delete' ? change.ids.filter((id) => !failed.has(id)) : []);
}

/** Items a commit deleted, or moved without an undo step of their own (a packing delete). */
export function voidedItems(
  change: TimelineChange,
  result: TimelineResult,
  base: Timeline,
): Set<string> {
  const deleted = deletedItems(change, result);
  if (result.kind === 'ops') return deleted;
  const voided = new Set(deleted);
  // Closing the gaps moves later items on the same layers: undo steps about them no longer hold.
  if (result.result.packed && (result.result.clips_shifted ?? 0) > 0) {
    for (const layer of base.layers) {
      if (layer.items.some((item) => deleted.has(item.id)))
        for (const item of layer.items) voided.add(item.id);
    }
  }
  return voided;
}

export function entryTouches(
  entry: HistoryEntry<TimelineChange>,
  ids: ReadonlySet<string>,
): boolean {
  if (ids.size === 0) return false;
  return (
    changeItemIds(entry.forward).some((id) => ids.has(id)) ||
    changeItemIds(entry.inverse).some((id) => ids.has(id))
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A short label for a gesture (undo menu, announcements). */
export function describeChange(change: TimelineChange): string {
  if (change.kind === 'delete') return `Delete ${plural(change.ids.length, 'item')}`;
  const first = change.ops[0];
  const count = new Set(change.ops.map((op) => op.itemId)).size;
  const items = plural(count, 'item');
  switch (first?.kind) {
    case undefined:
      return 'Nothing';
    case 'move':
      return `Move ${items}`;
    case 'trim':
      return `Trim ${items}`;
    case 'add-effect':
      return `Add zoom effect to ${items}`;
    case 'remove-effect':
      return `Remove zoom effect from ${items}`;
    case 'text-style':
      return `Change the text style of ${items}`;
    case 'text-content':
      return 'Edit text';
    case 'layout':
      return `Place ${items} on the frame`;
    case 'audio':
      return `Change the sound of ${items}`;
    case 'create':
      return first.source.type === 'text'
        ? 'Add text'
        : first.source.type === 'overlay'
          ? 'Add overlay'
          : `Paste ${items}`;
    case 'remove':
      return `Remove ${items}`;
    case 'split':
      return 'Split';
    case 'join':
      return 'Join';
  }
}
