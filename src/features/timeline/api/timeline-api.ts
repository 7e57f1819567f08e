/**
 * The timeline endpoints as the editor uses them: one gesture is one atomic batch
 * (`operations/batch`, assumed in the contract) under the revision it was based on; a delete is
 * the reference's batch delete (at most 100 ids a request). Every write sends `expected_revision`.
 */
import { api, unwrap } from '@/api/client.ts';
import { postTimelineBatch } from '@/api/timeline.ts';
import { MAX_OPERATIONS_PER_GESTURE, type EditOp } from '../model/edit-ops.ts';
import type { CreateSource } from '../model/item-edits.ts';
import type {
  TimelineBatchApplyResult,
  TimelineBatchDeleteResult,
  TimelineBatchOperation,
  TimelineItem,
} from '@/api/schema.gen.ts';

/** The service caps one batch delete at 100 ids. */
export const DELETE_BATCH_SIZE = 100;
/** The contract caps a batch at 5,000 operations (a request body stays under 1 MB). */
export const MAX_BATCH_OPERATIONS = MAX_OPERATIONS_PER_GESTURE;

/** The contract operation for an edit operation. */
export function toOperation(op: EditOp): TimelineBatchOperation {
  switch (op.kind) {
    case 'move':
      return {
        operation_id: 'timeline.item.move',
        timeline_item_id: op.itemId,
        new_start_seconds: op.toStart,
        ...(op.toLayer !== op.fromLayer ? { new_layer_index: op.toLayer } : {}),
      };
    case 'trim':
      return {
        operation_id: 'timeline.item.trim',
        timeline_item_id: op.itemId,
        trim_start_delta_seconds: op.startDelta,
        trim_end_delta_seconds: op.endDelta,
        snap_to_frame: true,
      };
    case 'add-effect':
      return {
        operation_id: 'timeline.item.effect.add',
        timeline_item_id: op.itemId,
        effect_type: 'zoom',
        zoom_scale: op.zoomScale,
      };
    case 'remove-effect':
      return {
        operation_id: 'timeline.item.effect.remove',
        timeline_item_id: op.itemId,
        effect_id: op.effectId,
      };
    case 'text-style':
      // The whole style: a null font family or size sets the project's default back (undo).
      return {
        operation_id: 'timeline.item.text.style',
        timeline_item_id: op.itemId,
        color: op.to.color,
        font_family: op.to.font_family ?? null,
        // Only when either side has a size (an item at the default size sends none).
        ...(op.to.font_size !== undefined || op.from?.font_size !== undefined
          ? { font_size: op.to.font_size ?? null }
          : {}),
      };
    case 'text-content':
      return {
        operation_id: 'timeline.item.text.content',
        timeline_item_id: op.itemId,
        text: op.to,
      };
    case 'layout': {
      const { x, y, scale_x, scale_y, rotation_deg, crop } = op.to;
      return {
        operation_id: 'timeline.item.layout',
        timeline_item_id: op.itemId,
        x,
        y,
        scale_x,
        scale_y,
        rotation_deg,
        crop,
      };
    }
    case 'audio':
      return { operation_id: 'timeline.item.audio', timeline_item_id: op.itemId, ...op.to };
    case 'create':
    case 'remove':
      return op.kind === 'remove'
        ? { operation_id: 'timeline.item.remove', timeline_item_id: op.itemId }
        : createOperation(op.item, op.source);
    case 'split':
      return {
        operation_id: 'timeline.item.split',
        timeline_item_id: op.itemId,
        at_seconds: op.at,
        new_timeline_item_id: op.newId,
      };
    case 'join':
      return {
        operation_id: 'timeline.item.join',
        timeline_item_id: op.itemId,
        other_timeline_item_id: op.otherId,
      };
  }
}

/** The operation that makes a new item, with the id the editor chose for it. */
function createOperation(item: TimelineItem, source: CreateSource): TimelineBatchOperation {
  const layout = item.layout
    ? {
        x: item.layout.x,
        y: item.layout.y,
        scale_x: item.layout.scale_x,
        scale_y: item.layout.scale_y,
        rotation_deg: item.layout.rotation_deg,
      }
    : undefined;
  switch (source.type) {
    case 'text':
      return {
        operation_id: 'timeline.text.add',
        timeline_item_id: item.id,
        layer_index: item.layer_index,
        start_seconds: item.start_seconds,
        end_seconds: item.end_seconds,
        text: item.text ?? '',
        color: item.text_style?.color ?? '#FFFFFF',
        ...(item.text_style?.font_family ? { font_family: item.text_style.font_family } : {}),
        ...(item.text_style?.font_size ? { font_size: item.text_style.font_size } : {}),
        ...(layout ? { layout } : {}),
      };
    case 'overlay':
      return {
        operation_id: 'timeline.overlay.add',
        timeline_item_id: item.id,
        layer_index: item.layer_index,
        asset_id: source.assetId,
        start_seconds: item.start_seconds,
        end_seconds: item.end_seconds,
        ...(layout ? { layout } : {}),
      };
    case 'duplicate':
      return {
        operation_id: 'timeline.item.duplicate',
        timeline_item_id: source.sourceId,
        start_seconds: item.start_seconds,
        layer_index: item.layer_index,
        new_timeline_item_id: item.id,
      };
  }
}

/** Applies (or with `dryRun`, previews) a gesture's operations as one atomic request. */
export function applyBatch(
  projectId: string,
  ops: readonly EditOp[],
  expectedRevision: number,
  options: { dryRun?: boolean; idempotencyKey?: string } = {},
): Promise<TimelineBatchApplyResult> {
  return postTimelineBatch(projectId, ops.map(toOperation), expectedRevision, options);
}

/** Merges the results of a delete sent in several batches. */
export function mergeDeleteResults(
  results: readonly TimelineBatchDeleteResult[],
): TimelineBatchDeleteResult {
  return {
    success: results.every((result) => result.success),
    deleted_count: results.reduce((sum, result) => sum + result.deleted_count, 0),
    failed_count: results.reduce((sum, result) => sum + result.failed_count, 0),
    deleted_items: results.flatMap((result) => result.deleted_items ?? []),
    failed_items: results.flatMap((result) => result.failed_items ?? []),
    captions_removed: results.reduce((sum, result) => sum + (result.captions_removed ?? 0), 0),
    packed: results.some((result) => result.packed === true),
    clips_shifted: results.reduce((sum, result) => sum + (result.clips_shifted ?? 0), 0),
    message: results
      .map((result) => result.message)
      .filter(Boolean)
      .join(' '),
  };
}

/**
 * Deletes items, 100 a request (the reference's limit), chaining the revision: a delete that
 * removed nothing does not count as an edit. Returns the merged result and the revision after it.
 */
export async function batchDelete(
  projectId: string,
  ids: readonly string[],
  expectedRevision: number,
  options: { pack?: boolean } = {},
): Promise<{ result: TimelineBatchDeleteResult; revision: number }> {
  const results: TimelineBatchDeleteResult[] = [];
  let revision = expectedRevision;
  for (let start = 0; start < ids.length; start += DELETE_BATCH_SIZE) {
    const body = {
      timeline_item_ids: ids.slice(start, start + DELETE_BATCH_SIZE),
      expected_revision: revision,
      ...(options.pack ? { pack: true } : {}),
    };
    const result = await unwrap(
      api.POST('/projects/{projectId}/timeline/batch-delete', {
        params: { path: { projectId } },
        body,
      }),
    );
    results.push(result);
    if (result.deleted_count > 0) revision += 1;
  }
  return { result: mergeDeleteResults(results), revision };
}
