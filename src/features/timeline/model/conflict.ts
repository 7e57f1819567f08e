/**
 * 409 handling: what changed between the timeline an edit was based on and the server's current
 * one, and whether the person's pending operations still apply to it unchanged.
 */
import type { EditOp } from './edit-ops.ts';
import { sameAudio, sameLayout } from './item-edits.ts';
import { sameTextStyle } from './text-style.ts';
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';

export type ChangeKind = 'added' | 'removed' | 'moved' | 'trimmed' | 'changed';

export interface TimelineChange {
  kind: ChangeKind;
  itemId: string;
  name: string;
}

function itemMap(timeline: Timeline): Map<string, TimelineItem> {
  const map = new Map<string, TimelineItem>();
  for (const layer of timeline.layers) for (const item of layer.items) map.set(item.id, item);
  return map;
}

function sameEffects(a: TimelineItem, b: TimelineItem): boolean {
  return (
    a.effects.length === b.effects.length &&
    a.effects.every((effect, i) => effect.effect_id === b.effects[i]?.effect_id)
  );
}

export function diffTimelines(base: Timeline, fresh: Timeline): TimelineChange[] {
  const before = itemMap(base);
  const after = itemMap(fresh);
  const changes: TimelineChange[] = [];
  for (const [id, item] of after) {
    const old = before.get(id);
    if (!old) {
      changes.push({ kind: 'added', itemId: id, name: item.name });
      continue;
    }
    const length = item.end_seconds - item.start_seconds;
    const oldLength = old.end_seconds - old.start_seconds;
    if (
      Math.abs(length - oldLength) > 1e-6 ||
      item.source_start_seconds !== old.source_start_seconds
    ) {
      changes.push({ kind: 'trimmed', itemId: id, name: item.name });
    } else if (item.start_seconds !== old.start_seconds || item.layer_index !== old.layer_index) {
      changes.push({ kind: 'moved', itemId: id, name: item.name });
    } else if (
      item.name !== old.name ||
      item.text !== old.text ||
      !sameEffects(item, old) ||
      !sameTextStyle(item.text_style, old.text_style) ||
      !sameLayout(item.layout, old.layout) ||
      !sameAudio(item.audio, old.audio)
    ) {
      changes.push({ kind: 'changed', itemId: id, name: item.name });
    }
  }
  for (const [id, item] of before)
    if (!after.has(id)) changes.push({ kind: 'removed', itemId: id, name: item.name });
  return changes;
}

const VERB: Record<ChangeKind, string> = {
  added: 'added',
  removed: 'removed',
  moved: 'moved',
  trimmed: 'trimmed',
  changed: 'changed',
};

/** ““Intro” moved, “Music” removed and 3 more changes”. */
export function describeChanges(changes: readonly TimelineChange[], limit = 3): string {
  if (changes.length === 0) return 'No item changed (only the revision moved on).';
  const shown = changes.slice(0, limit).map((change) => `“${change.name}” ${VERB[change.kind]}`);
  const rest = changes.length - shown.length;
  const list =
    shown.length > 1
      ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`
      : shown[0]!;
  return rest > 0
    ? `${shown.join(', ')} and ${rest} more ${rest === 1 ? 'change' : 'changes'}.`
    : `${list}.`;
}

export type Applicability = { applies: true } | { applies: false; reason: string };

/**
 * The pending operations still apply when every item they touch exists in the fresh timeline
 * exactly as it was in the base one (same place, same length) and every target layer still exists.
 */
export function stillApplies(
  ops: readonly EditOp[],
  base: Timeline,
  fresh: Timeline,
): Applicability {
  const before = itemMap(base);
  const after = itemMap(fresh);
  const layers = new Set(fresh.layers.map((layer) => layer.index));
  for (const op of ops) {
    const now = after.get(op.itemId);
    const then = before.get(op.itemId);
    const name = then?.name ?? now?.name ?? op.itemId;
    if (op.kind === 'create') {
      if (now && !then) return { applies: false, reason: `“${name}” exists already.` };
      if (!layers.has(op.item.layer_index))
        return { applies: false, reason: 'The target layer no longer exists.' };
      if (op.source.type === 'duplicate' && !after.has(op.source.sourceId))
        return { applies: false, reason: 'The item copied was deleted.' };
      continue;
    }
    if (!now) return { applies: false, reason: `“${name}” was deleted.` };
    if (!then) continue;
    if (op.kind === 'move' || op.kind === 'trim') {
      if (
        now.start_seconds !== then.start_seconds ||
        now.end_seconds !== then.end_seconds ||
        now.layer_index !== then.layer_index
      ) {
        return { applies: false, reason: `“${name}” was changed by someone else.` };
      }
    }
    if (op.kind === 'move' && !layers.has(op.toLayer))
      return { applies: false, reason: 'The target layer no longer exists.' };
    if (op.kind === 'split' || op.kind === 'join') {
      const other = op.kind === 'split' ? op.newId : op.otherId;
      if (op.kind === 'split' && after.has(other) && !before.has(other))
        return { applies: false, reason: `“${name}” was split by someone else.` };
      if (op.kind === 'join' && !after.has(other))
        return { applies: false, reason: `The second part of “${name}” was deleted.` };
      if (now.start_seconds !== then.start_seconds || now.end_seconds !== then.end_seconds)
        return { applies: false, reason: `“${name}” was changed by someone else.` };
    }
    if (op.kind === 'layout' && !sameLayout(now.layout, then.layout))
      return { applies: false, reason: `Someone else moved “${name}” on the frame.` };
    if (op.kind === 'audio' && !sameAudio(now.audio, then.audio))
      return { applies: false, reason: `Someone else changed the sound of “${name}”.` };
    if (op.kind === 'text-content' && now.text !== then.text)
      return { applies: false, reason: `Someone else changed the text of “${name}”.` };
    if (op.kind === 'text-style' && !sameTextStyle(now.text_style, then.text_style)) {
      return { applies: false, reason: `Someone else changed the text style of “${name}”.` };
    }
    if (
      op.kind === 'remove-effect' &&
      !now.effects.some((effect) => effect.effect_id === op.effectId)
    ) {
      return { applies: false, reason: `The effect on “${name}” was already removed.` };
    }
  }
  return { applies: true };
}
