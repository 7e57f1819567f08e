/**
 * Test fixtures: the service's answer to an applied batch of timeline operations, one outcome per
 * operation (revision 7 → 8, the small synthetic timeline's).
 */
import { toOperation } from '../api/timeline-api.ts';
import type { EditOp } from '../model/edit-ops.ts';
import type { TimelineBatchApplyResult, TimelineBatchOperationOutcome } from '@/api/schema.gen.ts';

/** An applied batch answering each operation with `answers[i]` over a plain outcome. */
export function appliedBatch(
  ops: readonly EditOp[],
  answers: ReadonlyArray<Partial<TimelineBatchOperationOutcome>> = [],
): TimelineBatchApplyResult {
  const results = ops.map((op, index) => ({
    index,
    operation_id: toOperation(op).operation_id,
    timeline_item_id: op.itemId,
    warnings: [],
    deleted_timeline_item_ids: [],
    removed_caption_word_count: 0,
    ...answers[index],
  }));
  return {
    success: true,
    applied: true,
    dry_run: false,
    project_id: 'p1',
    previous_revision: 7,
    revision: 8,
    destructive: false,
    results,
    failed_operations: [],
    warnings: [],
    affected_timeline_item_ids: ops.map((op) => op.itemId),
    deleted_timeline_item_ids: results.flatMap((result) => result.deleted_timeline_item_ids),
  };
}
