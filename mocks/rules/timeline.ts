/**
 * Timeline editing rules (see the doc comment of simulator.ts): revision checks, trim (preview
 * and apply), move, batch delete with per-item failures, ripple packing.
 */
import { shiftedTime } from '@/shared-rules/frame-time.ts';
import { layerAccepts } from '@/shared-rules/timeline-layer-rules.ts';
import { ApiError, invalid, notFound } from '../lib/errors.ts';
import { ensureGeometry } from '../store/item-geometry.ts';
import { FPS } from '../store/seed-timeline.ts';
import { round3, toFrame } from '../store/seed-context.ts';
import type { LayerState, ProjectRecord, Workspace } from '../store/workspace.ts';
import { findAsset, timelineDuration } from '../store/workspace.ts';
import type {
  CaptionWord,
  Timeline,
  TimelineBatchDeleteFailedItem,
  TimelineBatchDeleteResult,
  TimelineItem,
} from '@/api/schema.gen.ts';

export function timelineView(
  record: ProjectRecord,
  assetKind?: (assetId: string) => 'video' | 'image' | 'audio' | undefined,
): Timeline {
  // Items stored before they had a layout and sound get them now (once: they are kept).
  ensureGeometry(record, assetKind);
  return {
    project_id: record.project.id,
    revision: record.timeline.revision,
    fps: record.timeline.fps,
    duration_seconds: timelineDuration(record),
    layers: record.timeline.layers.map((layer) => ({
      index: layer.index,
      name: layer.name,
      kind: layer.kind,
      locked: layer.locked,
      items: layer.items,
    })),
  };
}

/** 409 `revision_conflict` when `expected` is given and differs from the current revision. */
export function checkRevision(record: ProjectRecord, expected: number | null): void {
  if (expected === null) return;
  const current = record.timeline.revision;
  if (expected !== current) {
    throw new ApiError(
      409,
      'revision_conflict',
      `expected_revision ${expected} is stale; the current timeline revision is ${current}.`,
      'expected_revision',
    );
  }
}

export function bumpRevision(record: ProjectRecord, nowIso: string): void {
  record.timeline.revision += 1;
  record.project.updated_at = nowIso;
}

export interface Located {
  layer: LayerState;
  item: TimelineItem;
  index: number;
}

export function locate(record: ProjectRecord, itemId: string): Located | undefined {
  for (const layer of record.timeline.layers) {
    const index = layer.items.findIndex((item) => item.id === itemId);
    const item = layer.items[index];
    if (item) return { layer, item, index };
  }
  return undefined;
}

export function requireItem(record: ProjectRecord, itemId: string, param: string): Located {
  const found = locate(record, itemId);
  if (!found) throw notFound(param, `No timeline item ${itemId} in this project.`);
  return found;
}

/**
 * A 400 that a batch reports per operation with a code of its own (`locked_layer`, `overlap`,
 * `incompatible_layer`, `unknown_layer`); single-operation endpoints answer it as `invalid_request`.
 */
export class TimelineRuleError extends ApiError {
  constructor(
    readonly reason: string,
    param: string,
    message: string,
  ) {
    super(400, 'invalid_request', message, param);
  }
}

function lockedError(layer: LayerState, param: string): ApiError {
  return new TimelineRuleError(
    'locked_layer',
    param,
    `Layer ${layer.index} (${layer.name}) is locked; its items cannot be edited.`,
  );
}

const overlaps = (a: { start: number; end: number }, b: TimelineItem): boolean =>
  a.start < b.end_seconds && b.start_seconds < a.end;

// ─────────────────────────── trim ───────────────────────────

export interface TrimInput {
  itemId: string;
  startDelta: number;
  endDelta: number;
  snapToFrame: boolean;
}

export interface TrimPlan {
  located: Located;
  newStart: number;
  newEnd: number;
  newSourceStart: number | null;
  newSourceEnd: number | null;
  deletesItem: boolean;
  /** Caption words (ids) the trim removes. */
  removedWordIds: string[];
  warnings: string[];
}

export function planTrim(
  workspace: Workspace,
  record: ProjectRecord,
  input: TrimInput,
  prefix = 'operation.',
  find: (itemId: string) => Located | undefined = (itemId) => locate(record, itemId),
  /** The item's caption words (a batch passes its own: a split earlier in it moved some). */
  itemWords: (itemId: string) => readonly CaptionWord[] = (itemId) => wordsOf(record, itemId),
): TrimPlan {
  const found = find(input.itemId);
  if (!found) {
    throw notFound(
      `${prefix}timeline_item_id`,
      `No timeline item ${input.itemId} in this project.`,
    );
  }
  const located = found;
  const { item, layer } = located;
  if (layer.locked) throw lockedError(layer, `${prefix}timeline_item_id`);
  const warnings: string[] = [];
  const snap = (value: number): number => (input.snapToFrame ? toFrame(value, FPS) : round3(value));
  let newStart = snap(item.start_seconds + input.startDelta);
  let newEnd = snap(item.end_seconds + input.endDelta);

  // Source bounds: a video/audio item cannot reach before 0 or past the asset's duration.
  let newSourceStart = item.source_start_seconds;
  let newSourceEnd = item.source_end_seconds;
  if (
    item.source_start_seconds !== null &&
    item.source_end_seconds !== null &&
    item.type !== 'image'
  ) {
    const asset = item.asset_id ? findAsset(workspace, item.asset_id) : undefined;
    const sourceDuration = asset?.duration_seconds ?? Number.POSITIVE_INFINITY;
    let sourceStart = item.source_start_seconds + (newStart - item.start_seconds);
    if (sourceStart < 0) {
      warnings.push(
        `Trim start clamped: the source starts ${round3(-sourceStart)} s later than requested.`,
      );
      newStart = snap(newStart - sourceStart);
      sourceStart = 0;
    }
    let sourceEnd = item.source_end_seconds + (newEnd - item.end_seconds);
    if (sourceEnd > sourceDuration) {
      warnings.push(
        `Trim end clamped: the source ends at ${sourceDuration} s, ${round3(sourceEnd - sourceDuration)} s before the requested end.`,
      );
      newEnd = snap(newEnd - (sourceEnd - sourceDuration));
      sourceEnd = sourceDuration;
    }
    newSourceStart = round3(sourceStart);
    newSourceEnd = round3(sourceEnd);
  } else if (item.type === 'image' && item.source_end_seconds !== null) {
    newSourceStart = 0;
    newSourceEnd = round3(Math.max(0, newEnd - newStart));
  }

  if (newStart < 0) {
    warnings.push('Trim start clamped to the beginning of the timeline.');
    newStart = 0;
  }
  // Neighbours on the same layer: extending never overlaps them.
  const previous = layer.items
    .filter((other) => other.id !== item.id && other.end_seconds <= item.start_seconds)
    .reduce((max, other) => Math.max(max, other.end_seconds), 0);
  const next = layer.items
    .filter((other) => other.id !== item.id && other.start_seconds >= item.end_seconds)
    .reduce((min, other) => Math.min(min, other.start_seconds), Number.POSITIVE_INFINITY);
  if (newStart < previous) {
    warnings.push(`Trim start clamped at ${previous} s to avoid overlapping the previous item.`);
    newStart = previous;
  }
  if (newEnd > next) {
    warnings.push(`Trim end clamped at ${next} s to avoid overlapping the next item.`);
    newEnd = next;
  }

  const deletesItem = newEnd - newStart <= 0;
  // Only the caption words tied to this item (a caption item's own words) are affected by its trim.
  const removedWordIds = itemWords(item.id)
    .filter(
      (word) =>
        deletesItem || (word.startSeconds ?? 0) < newStart || (word.endSeconds ?? 0) > newEnd,
    )
    .map((word) => word.id);
  if (deletesItem) warnings.push('The trim leaves no length: the item would be deleted.');
  return {
    located,
    newStart,
    newEnd: deletesItem ? newStart : newEnd,
    newSourceStart,
    newSourceEnd,
    deletesItem,
    removedWordIds,
    warnings,
  };
}

export function applyTrim(record: ProjectRecord, plan: TrimPlan): void {
  const { layer, item } = plan.located;
  const removed = new Set(plan.removedWordIds);
  record.captionWords = record.captionWords.filter((word) => !removed.has(word.id));
  if (plan.deletesItem) {
    layer.items = layer.items.filter((other) => other.id !== item.id);
    return;
  }
  item.start_seconds = plan.newStart;
  item.end_seconds = plan.newEnd;
  item.source_start_seconds = plan.newSourceStart;
  item.source_end_seconds = plan.newSourceEnd;
}

// ─────────────────────────── move ───────────────────────────

export interface MoveInput {
  itemId: string;
  newStart: number;
  newLayerIndex: number | null;
}

export interface MovePlan {
  located: Located;
  target: LayerState;
  newStart: number;
  newEnd: number;
  warnings: string[];
}

export interface MoveOptions {
  /** Check overlaps now (single moves) or leave it to the caller (a batch checks at its end). */
  overlap?: boolean;
  find?: (itemId: string) => Located | undefined;
}

/** `prefix` names params inside an operation body (`operation.`) or none for /timeline/move. */
export function planMove(
  record: ProjectRecord,
  input: MoveInput,
  prefix = '',
  options: MoveOptions = {},
): MovePlan {
  if (input.newStart < 0) {
    throw invalid(`${prefix}new_start_seconds`, 'new_start_seconds must be >= 0.');
  }
  const located = options.find ? options.find(input.itemId) : locate(record, input.itemId);
  if (!located) {
    throw notFound(
      `${prefix}timeline_item_id`,
      `No timeline item ${input.itemId} in this project.`,
    );
  }
  const { item, layer } = located;
  if (layer.locked) throw lockedError(layer, `${prefix}timeline_item_id`);
  const targetIndex = input.newLayerIndex ?? layer.index;
  const target = record.timeline.layers.find((candidate) => candidate.index === targetIndex);
  if (!target) {
    throw new TimelineRuleError(
      'unknown_layer',
      `${prefix}new_layer_index`,
      `There is no layer ${targetIndex}.`,
    );
  }
  if (target.locked) throw lockedError(target, `${prefix}new_layer_index`);
  if (!layerAccepts(target.kind, item.type)) {
    throw new TimelineRuleError(
      'incompatible_layer',
      `${prefix}new_layer_index`,
      `A ${item.type} item cannot go on layer ${target.index} (${target.kind}).`,
    );
  }
  const warnings: string[] = [];
  const newStart = toFrame(input.newStart, FPS);
  if (newStart !== input.newStart) warnings.push(`Start snapped to the frame at ${newStart} s.`);
  // By whole frames: touching items moved alike still touch.
  const newEnd = shiftedTime(item.end_seconds, item.start_seconds, newStart, FPS);
  const clash =
    options.overlap === false
      ? undefined
      : target.items.find(
          (other) => other.id !== item.id && overlaps({ start: newStart, end: newEnd }, other),
        );
  if (clash) {
    throw new TimelineRuleError(
      'overlap',
      `${prefix}new_start_seconds`,
      `The item would overlap "${clash.name}" (${clash.start_seconds}-${clash.end_seconds} s) on layer ${target.index}.`,
    );
  }
  return { located, target, newStart, newEnd, warnings };
}

/** A project's caption words of one item (a batch passes an index instead of scanning). */
function wordsOf(record: ProjectRecord, itemId: string): CaptionWord[] {
  return record.captionWords.filter((word) => word.timelineItemId === itemId);
}

export function applyMove(
  record: ProjectRecord,
  plan: MovePlan,
  options: { words?: CaptionWord[]; sort?: boolean } = {},
): void {
  const { item, layer } = plan.located;
  const from = item.start_seconds;
  item.start_seconds = plan.newStart;
  item.end_seconds = plan.newEnd;
  if (plan.target !== layer) {
    const position = layer.items.indexOf(item);
    if (position >= 0) layer.items.splice(position, 1);
    item.layer_index = plan.target.index;
    plan.target.items.push(item);
  }
  if (options.sort !== false) plan.target.items.sort((a, b) => a.start_seconds - b.start_seconds);
  for (const word of options.words ?? wordsOf(record, item.id)) {
    word.startSeconds = shiftedTime(word.startSeconds ?? 0, from, plan.newStart, FPS);
    word.endSeconds = shiftedTime(word.endSeconds ?? 0, from, plan.newStart, FPS);
    word.startUnits = Math.round((word.startSeconds ?? 0) * FPS);
    word.endUnits = Math.round((word.endSeconds ?? 0) * FPS);
  }
}

// ─────────────────────────── batch delete ───────────────────────────

export function batchDelete(
  record: ProjectRecord,
  ids: readonly string[],
  pack: boolean,
): TimelineBatchDeleteResult {
  const failed: TimelineBatchDeleteFailedItem[] = [];
  const toDelete: Located[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const found = locate(record, id);
    if (!found) {
      failed.push({
        timeline_item_id: id,
        error: `not_found: no timeline item ${id} in this project`,
        error_code: 'validation_error',
        retryable: false,
        error_details: { reason: 'not_found', timeline_item_id: id },
      });
      continue;
    }
    if (found.layer.locked) {
      failed.push({
        timeline_item_id: id,
        error: `locked_layer: layer ${found.layer.index} (${found.layer.name}) is locked`,
        error_code: 'validation_error',
        retryable: false,
        error_details: {
          reason: 'locked_layer',
          layer_index: String(found.layer.index),
          layer_name: found.layer.name,
        },
      });
      continue;
    }
    toDelete.push(found);
  }
  const deletedIds = new Set(toDelete.map((entry) => entry.item.id));
  const before = record.captionWords.length;
  record.captionWords = record.captionWords.filter(
    (word) => !deletedIds.has(word.timelineItemId ?? ''),
  );
  const captionsRemoved = before - record.captionWords.length;
  let clipsShifted = 0;
  for (const layer of record.timeline.layers) {
    const removed = layer.items.filter((item) => deletedIds.has(item.id));
    if (removed.length === 0) continue;
    layer.items = layer.items.filter((item) => !deletedIds.has(item.id));
    if (!pack) continue;
    // Ripple: every later item moves left by the length of the deleted items before it.
    for (const item of layer.items) {
      const shift = removed
        .filter((gone) => gone.end_seconds <= item.start_seconds)
        .reduce((sum, gone) => sum + (gone.end_seconds - gone.start_seconds), 0);
      if (shift <= 0) continue;
      clipsShifted += 1;
      item.start_seconds = round3(item.start_seconds - shift);
      item.end_seconds = round3(item.end_seconds - shift);
      for (const word of record.captionWords) {
        if (word.timelineItemId !== item.id) continue;
        word.startSeconds = round3((word.startSeconds ?? 0) - shift);
        word.endSeconds = round3((word.endSeconds ?? 0) - shift);
        word.startUnits = Math.round((word.startSeconds ?? 0) * FPS);
        word.endUnits = Math.round((word.endSeconds ?? 0) * FPS);
      }
    }
  }
  const deletedCount = toDelete.length;
  return {
    success: failed.length === 0,
    deleted_count: deletedCount,
    failed_count: failed.length,
    deleted_items: toDelete.map(({ item }) => ({ id: item.id, name: item.name, type: item.type })),
    failed_items: failed,
    captions_removed: captionsRemoved,
    packed: pack && deletedCount > 0,
    clips_shifted: clipsShifted,
    message:
      failed.length === 0
        ? `Deleted ${deletedCount} item(s).`
        : `Deleted ${deletedCount} item(s); ${failed.length} could not be deleted.`,
  };
}
