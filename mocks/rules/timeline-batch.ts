/**
 * The atomic batch of timeline operations (assumed `POST .../timeline/operations/batch`): the
 * operations run in order on a draft copy of the timeline and its caption words; the draft
 * replaces the project's only when every operation passed (and it is not a dry run). Moves are
 * checked for overlaps once, on the draft after the whole batch, so the members of a group move
 * may pass through each other's places; trims clamp at the neighbours they meet on the draft.
 *
 * Cost is linear in the batch and the touched layers (an id index, caption words indexed by item,
 * one sort per touched layer): a 1,000-item group move is a few milliseconds.
 */
import { ApiError } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import type { LayerState, ProjectRecord, Workspace } from '../store/workspace.ts';
import {
  applyMove,
  applyTrim,
  planMove,
  planTrim,
  TimelineRuleError,
  type Located,
} from './timeline.ts';
import type { CaptionWord, TimelineItem } from '@/api/schema.gen.ts';
import { ensureGeometry, frameOfRecord } from '../store/item-geometry.ts';
import { findAsset } from '../store/workspace.ts';
import {
  addOverlay,
  addText,
  applyAudio,
  applyLayout,
  applyTextContent,
  duplicate,
  join,
  refitText,
  remove,
  restore,
  snapshot,
  split,
  type ItemDraft,
} from './timeline-items.ts';
import { applyTextStyle, planTextStyle } from './timeline-text-style.ts';

type Operation = Schema<'TimelineBatchOperation'>;
type Outcome = Schema<'TimelineBatchOperationOutcome'>;
type Failure = Schema<'TimelineBatchOperationFailure'>;
export type BatchResult = Schema<'TimelineBatchApplyResult'>;

export interface BatchOptions {
  dryRun: boolean;
  /** How fields are named in refusals (`operation` for the single-operation endpoints). */
  prefix?: string;
  newEffectId(): string;
  newItemId(): string;
  newWordId(): string;
}

/** A copy of the project's timeline and caption words that the batch may change freely. */
function draftOf(record: ProjectRecord): ProjectRecord {
  return {
    ...record,
    timeline: {
      ...record.timeline,
      layers: record.timeline.layers.map((layer) => ({
        ...layer,
        // Nested fields (layout, audio, text style) are replaced, never changed in place.
        items: layer.items.map((item) => ({ ...item, effects: [...item.effects] })),
      })),
    },
    captionWords: record.captionWords.map((word) => ({ ...word })),
  };
}

/** The item an operation names (a restore names the item it re-creates). */
const itemIdOf = (op: Operation): string =>
  op.operation_id === 'timeline.item.restore' ? op.item.id : (op.timeline_item_id ?? '');

function failureOf(index: number, op: Operation, error: unknown): Failure {
  const base = {
    index,
    operation_id: op.operation_id,
    timeline_item_id: itemIdOf(op),
  };
  if (error instanceof TimelineRuleError) {
    return { ...base, code: error.reason, message: error.message, param: error.param ?? undefined };
  }
  if (error instanceof ApiError) {
    return { ...base, code: error.code, message: error.message, param: error.param ?? undefined };
  }
  throw error;
}

export function applyBatch(
  workspace: Workspace,
  record: ProjectRecord,
  operations: readonly Operation[],
  options: BatchOptions,
): BatchResult {
  ensureGeometry(record, (assetId) => findAsset(workspace, assetId)?.kind);
  const draft = draftOf(record);
  const byId = new Map<string, { layer: LayerState; item: TimelineItem }>();
  for (const layer of draft.timeline.layers)
    for (const item of layer.items) byId.set(item.id, { layer, item });
  const wordsByItem = new Map<string, CaptionWord[]>();
  for (const word of draft.captionWords) {
    const list = wordsByItem.get(word.timelineItemId ?? '');
    if (list) list.push(word);
    else wordsByItem.set(word.timelineItemId ?? '', [word]);
  }
  const find = (itemId: string): Located | undefined => {
    const entry = byId.get(itemId);
    return entry ? { ...entry, index: entry.layer.items.indexOf(entry.item) } : undefined;
  };
  const results: Outcome[] = [];
  const failures: Failure[] = [];
  const moved = new Map<string, number>();
  const touched = new Set<LayerState>();
  const deleted = new Set<string>();
  const created: string[] = [];
  let removedWords = 0;
  // Words moved between items (split, join, duplicate, remove): the list is rebuilt at the end,
  // a new item's words after those of the item it came from.
  let wordsMoved = false;
  const wordsAfter = new Map<string, string>();
  const restoredItems: Array<{ item: TimelineItem; layer: LayerState }> = [];
  // The ids of the draft's words, made when a restore first asks (kept as words come and go).
  let wordIds: Set<string> | null = null;
  let currentIndex = 0;
  const items: ItemDraft = {
    workspace,
    draft,
    find,
    add(item, layer) {
      layer.items.push(item);
      byId.set(item.id, { layer, item });
      touched.add(layer);
      moved.set(item.id, currentIndex);
      created.push(item.id);
    },
    remove({ item, layer }) {
      layer.items = layer.items.filter((other) => other !== item);
      byId.delete(item.id);
      deleted.add(item.id);
      const words = wordsByItem.get(item.id) ?? [];
      removedWords += words.length;
      if (wordIds) for (const word of words) wordIds.delete(word.id);
      wordsByItem.delete(item.id);
      wordsMoved = true;
    },
    words: (itemId) => wordsByItem.get(itemId) ?? [],
    setWords(itemId, words) {
      wordsByItem.set(itemId, words);
      if (wordIds) for (const word of words) wordIds.add(word.id);
      wordsMoved = true;
    },
    wordTaken(wordId) {
      wordIds ??= new Set([...wordsByItem.values()].flatMap((words) => words.map((w) => w.id)));
      return wordIds.has(wordId);
    },
    restored(item) {
      const entry = byId.get(item.id);
      if (entry) restoredItems.push(entry);
    },
    newItemId: options.newItemId,
    newWordId: options.newWordId,
    newEffectId: options.newEffectId,
  };

  operations.forEach((op, index) => {
    currentIndex = index;
    const prefix = `${options.prefix ?? `operations[${index}]`}.`;
    const outcome = (extra: Partial<Outcome>): Outcome => ({
      index,
      operation_id: op.operation_id,
      timeline_item_id: itemIdOf(op),
      warnings: [],
      deleted_timeline_item_ids: [],
      removed_caption_word_count: 0,
      ...extra,
    });
    try {
      switch (op.operation_id) {
        case 'timeline.item.move': {
          const plan = planMove(
            draft,
            {
              itemId: op.timeline_item_id,
              newStart: op.new_start_seconds,
              newLayerIndex: op.new_layer_index ?? null,
            },
            prefix,
            { overlap: false, find },
          );
          const from = plan.located.layer;
          applyMove(draft, plan, {
            words: wordsByItem.get(op.timeline_item_id) ?? [],
            sort: false,
          });
          byId.set(op.timeline_item_id, { layer: plan.target, item: plan.located.item });
          touched.add(from).add(plan.target);
          moved.set(op.timeline_item_id, index);
          results.push(
            outcome({
              start_seconds: plan.newStart,
              end_seconds: plan.newEnd,
              layer_index: plan.target.index,
              warnings: plan.warnings,
            }),
          );
          break;
        }
        case 'timeline.item.trim': {
          const plan = planTrim(
            workspace,
            draft,
            {
              itemId: op.timeline_item_id,
              startDelta: op.trim_start_delta_seconds ?? 0,
              endDelta: op.trim_end_delta_seconds ?? 0,
              snapToFrame: op.snap_to_frame !== false,
            },
            prefix,
            find,
            (itemId) => wordsByItem.get(itemId) ?? [],
          );
          applyTrim(draft, plan);
          if (plan.removedWordIds.length > 0) {
            const gone = new Set(plan.removedWordIds);
            const words = wordsByItem.get(op.timeline_item_id) ?? [];
            wordsByItem.set(
              op.timeline_item_id,
              words.filter((word) => !gone.has(word.id)),
            );
          }
          if (plan.deletesItem) {
            byId.delete(op.timeline_item_id);
            deleted.add(op.timeline_item_id);
          }
          removedWords += plan.removedWordIds.length;
          results.push(
            outcome({
              start_seconds: plan.newStart,
              end_seconds: plan.newEnd,
              layer_index: plan.located.layer.index,
              warnings: [
                ...plan.warnings,
                ...(plan.removedWordIds.length > 0 && !plan.deletesItem
                  ? [`${plan.removedWordIds.length} caption word(s) would be removed.`]
                  : []),
              ],
              deleted_timeline_item_ids: plan.deletesItem ? [op.timeline_item_id] : [],
              removed_caption_word_count: plan.removedWordIds.length,
            }),
          );
          break;
        }
        case 'timeline.item.effect.add': {
          const located = requireEditable(find, op.timeline_item_id, prefix);
          const effectId = options.newEffectId();
          located.item.effects.push({ effect_id: effectId, effect_type: op.effect_type });
          results.push(outcome({ effect_id: effectId, layer_index: located.layer.index }));
          break;
        }
        case 'timeline.item.text.style': {
          const plan = planTextStyle(find, op, prefix);
          const item = applyTextStyle(plan);
          refitText(item, frameOfRecord(draft));
          results.push(
            outcome({
              layer_index: plan.located.layer.index,
              text_style: item.text_style,
              item: snapshot(item),
            }),
          );
          break;
        }
        case 'timeline.item.text.content':
        case 'timeline.item.layout':
        case 'timeline.item.audio': {
          const located =
            op.operation_id === 'timeline.item.layout'
              ? applyLayout(items, op, prefix)
              : op.operation_id === 'timeline.item.audio'
                ? applyAudio(items, op, prefix)
                : applyTextContent(items, op, prefix);
          results.push(outcome({ layer_index: located.layer.index, item: snapshot(located.item) }));
          break;
        }
        case 'timeline.text.add':
        case 'timeline.overlay.add': {
          const { item, warnings } =
            op.operation_id === 'timeline.text.add'
              ? { item: addText(items, op, prefix), warnings: [] }
              : addOverlay(items, op, prefix);
          results.push(
            outcome({
              timeline_item_id: item.id,
              start_seconds: item.start_seconds,
              end_seconds: item.end_seconds,
              layer_index: item.layer_index,
              created_item: snapshot(item),
              warnings,
            }),
          );
          break;
        }
        case 'timeline.item.split': {
          const { left, right } = split(items, op, prefix);
          wordsAfter.set(right.id, left.id);
          results.push(
            outcome({
              start_seconds: left.start_seconds,
              end_seconds: left.end_seconds,
              layer_index: left.layer_index,
              item: snapshot(left),
              created_item: snapshot(right),
            }),
          );
          break;
        }
        case 'timeline.item.join': {
          const { item, layer } = join(items, op, prefix);
          results.push(
            outcome({
              start_seconds: item.start_seconds,
              end_seconds: item.end_seconds,
              layer_index: layer.index,
              item: snapshot(item),
              deleted_timeline_item_ids: [op.other_timeline_item_id],
            }),
          );
          break;
        }
        case 'timeline.item.duplicate': {
          const copy = duplicate(items, op, prefix);
          wordsAfter.set(copy.id, op.timeline_item_id);
          results.push(
            outcome({
              start_seconds: copy.start_seconds,
              end_seconds: copy.end_seconds,
              layer_index: copy.layer_index,
              created_item: snapshot(copy),
            }),
          );
          break;
        }
        case 'timeline.item.remove': {
          const before = removedWords;
          const { layer } = remove(items, op, prefix);
          results.push(
            outcome({
              layer_index: layer.index,
              deleted_timeline_item_ids: [op.timeline_item_id],
              removed_caption_word_count: removedWords - before,
            }),
          );
          break;
        }
        case 'timeline.item.restore': {
          const item = restore(items, op, prefix);
          results.push(
            outcome({
              timeline_item_id: item.id,
              start_seconds: item.start_seconds,
              end_seconds: item.end_seconds,
              layer_index: item.layer_index,
              created_item: snapshot(item),
            }),
          );
          break;
        }
        case 'timeline.item.effect.remove': {
          const located = requireEditable(find, op.timeline_item_id, prefix);
          const before = located.item.effects.length;
          located.item.effects = located.item.effects.filter(
            (effect) => effect.effect_id !== op.effect_id,
          );
          if (located.item.effects.length === before) {
            throw new ApiError(
              404,
              'not_found',
              `No effect ${op.effect_id} on timeline item ${op.timeline_item_id}.`,
              `${prefix}effect_id`,
            );
          }
          results.push(outcome({ effect_id: op.effect_id, layer_index: located.layer.index }));
          break;
        }
      }
    } catch (error) {
      failures.push(failureOf(index, op, error));
    }
  });

  // Overlaps, once, after the whole batch: each moved item that lands on another is refused.
  for (const layer of touched) {
    layer.items.sort((a, b) => a.start_seconds - b.start_seconds || a.end_seconds - b.end_seconds);
    for (let i = 1; i < layer.items.length; i += 1) {
      const previous = layer.items[i - 1]!;
      const item = layer.items[i]!;
      if (previous.end_seconds <= item.start_seconds + 1e-6) continue;
      const culprit = moved.has(item.id) ? item : previous;
      const other = culprit === item ? previous : item;
      const index = moved.get(culprit.id);
      if (index === undefined) continue;
      const op = operations[index]!;
      failures.push(
        failureOf(
          index,
          op,
          new TimelineRuleError(
            'overlap',
            `${options.prefix ?? `operations[${index}]`}.${op.operation_id === 'timeline.item.move' ? 'new_start_seconds' : 'start_seconds'}`,
            `"${culprit.name}" would overlap "${other.name}" (${other.start_seconds}-${other.end_seconds} s) on layer ${layer.index}.`,
          ),
        ),
      );
    }
  }

  const success = failures.length === 0;
  const applied = success && !options.dryRun;
  const previous = record.timeline.revision;
  if (applied && wordsMoved) {
    const wordsBefore = new Map<string, string>();
    for (const { item, layer } of restoredItems)
      placeWords(item, layer, wordsByItem, { after: wordsAfter, before: wordsBefore });
    draft.captionWords = rebuildWords(wordsByItem, wordsAfter, wordsBefore);
  }
  if (applied) {
    record.timeline = { ...draft.timeline, revision: previous + 1 };
    record.captionWords = draft.captionWords;
  }
  failures.sort((a, b) => a.index - b.index);
  return {
    success,
    applied,
    dry_run: options.dryRun,
    project_id: record.project.id,
    previous_revision: previous,
    revision: record.timeline.revision,
    destructive: deleted.size > 0 || removedWords > 0,
    results: success ? results : results.filter((r) => !failures.some((f) => f.index === r.index)),
    failed_operations: failures,
    warnings: results.flatMap((result) => result.warnings),
    affected_timeline_item_ids: [...new Set(results.map((result) => result.timeline_item_id))],
    deleted_timeline_item_ids: [...deleted],
    created_timeline_item_ids: created.filter((id) => !deleted.has(id)),
  };
}

/**
 * Where a restored caption's words are listed: after the words of the caption before it on its
 * layer, or before those of the caption after it when it is the layer's first (a caption's words
 * stay in time order, as they were before it was removed).
 */
function placeWords(
  item: TimelineItem,
  layer: LayerState,
  wordsByItem: ReadonlyMap<string, CaptionWord[]>,
  order: { after: Map<string, string>; before: Map<string, string> },
): void {
  if (!(wordsByItem.get(item.id)?.length ?? 0)) return;
  let previous: TimelineItem | undefined;
  let next: TimelineItem | undefined;
  for (const other of layer.items) {
    if (other === item || !(wordsByItem.get(other.id)?.length ?? 0)) continue;
    if (other.start_seconds < item.start_seconds) {
      if (!previous || other.start_seconds > previous.start_seconds) previous = other;
    } else if (!next || other.start_seconds < next.start_seconds) next = other;
  }
  if (previous) order.after.set(item.id, previous.id);
  else if (next) order.before.set(item.id, next.id);
}

/**
 * The caption word list after words moved between items: a new item's words after its source's
 * (several in time order), a restored caption's where placeWords put them.
 */
function rebuildWords(
  wordsByItem: ReadonlyMap<string, CaptionWord[]>,
  after: ReadonlyMap<string, string>,
  before: ReadonlyMap<string, string> = new Map(),
): CaptionWord[] {
  const out: CaptionWord[] = [];
  const emitted = new Set<string>();
  const followers = new Map<string, string[]>();
  const leaders = new Map<string, string[]>();
  for (const [item, source] of after)
    followers.set(source, [...(followers.get(source) ?? []), item]);
  for (const [item, next] of before) leaders.set(next, [...(leaders.get(next) ?? []), item]);
  // Several parts of one item (a cut splits it at each stretch, the last part first) are listed
  // in time order.
  const firstStart = (itemId: string) =>
    wordsByItem.get(itemId)?.[0]?.startSeconds ?? Number.POSITIVE_INFINITY;
  const emit = (itemId: string): void => {
    if (emitted.has(itemId)) return;
    emitted.add(itemId);
    for (const leader of leaders.get(itemId) ?? []) emit(leader);
    out.push(...(wordsByItem.get(itemId) ?? []));
    const list = followers.get(itemId);
    if (list)
      for (const follower of [...list].sort((a, b) => firstStart(a) - firstStart(b)))
        emit(follower);
  };
  for (const itemId of wordsByItem.keys())
    if (!after.has(itemId) && !before.has(itemId)) emit(itemId);
  for (const itemId of wordsByItem.keys()) emit(itemId);
  return out;
}

function requireEditable(
  find: (itemId: string) => Located | undefined,
  itemId: string,
  prefix: string,
): Located {
  const located = find(itemId);
  if (!located) {
    throw new ApiError(
      404,
      'not_found',
      `No timeline item ${itemId} in this project.`,
      `${prefix}timeline_item_id`,
    );
  }
  if (located.layer.locked) {
    throw new TimelineRuleError(
      'locked_layer',
      `${prefix}timeline_item_id`,
      `Layer ${located.layer.index} (${located.layer.name}) is locked; its items cannot be edited.`,
    );
  }
  return located;
}
