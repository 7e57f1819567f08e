/**
 * The timeline endpoints as the editor uses them: every write sends `expected_revision`.
 * Implements the gesture runner's transport.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error.ts';
import { retryDelayMs } from '@/api/retry-policy.ts';
import { api, unwrap } from '@/api/client.ts';
import type { EditOp } from '../model/edit-ops.ts';
import type { ApplyResponse, TimelineTransport } from '../model/gesture-runner.ts';
import type {
  Timeline,
  TimelineBatchDeleteResult,
  TimelineOperation,
  TimelineOperationPreview,
} from '../model/timeline-types.ts';
import { timelineQueryOptions } from './timeline-queries.ts';

/** Effects can be removed (assumed DELETE effects/{effectId}), so adding one is undoable. */
export const CAN_REMOVE_EFFECTS = true;

/** The service caps one batch delete at 100 ids. */
export const DELETE_BATCH_SIZE = 100;

export class UnsupportedEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedEditError';
  }
}

const RATE_LIMIT_RETRIES = 5;

/**
 * Retries a write answered 429: the service did not apply it, and `expected_revision` turns an
 * accidental duplicate into a 409, never a double edit. (A gesture of hundreds of items is that
 * many requests; the BFF's burst allowance can run out.) Other failures are not retried.
 */
export async function retryRateLimited<T>(
  send: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429 || attempt >= RATE_LIMIT_RETRIES)
        throw error;
      await wait(retryDelayMs(attempt, error));
    }
  }
}

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** A 404 on a timeline write: the item (or project) is gone, usually deleted by someone else. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The contract operation for a move or trim (effects have their own endpoint). */
export function toOperation(op: EditOp): TimelineOperation | null {
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
    default:
      return null;
  }
}

export interface TimelineApi extends TimelineTransport {
  preview(op: EditOp, expectedRevision: number): Promise<TimelineOperationPreview>;
  batchDelete(
    ids: readonly string[],
    expectedRevision: number,
    options?: { pack?: boolean },
  ): Promise<TimelineBatchDeleteResult>;
  /** Refetches the timeline into the query cache and returns it. */
  fetchTimeline(): Promise<Timeline>;
}

/** Merges the results of a delete sent in several batches. */
export function mergeDeleteResults(
  results: readonly TimelineBatchDeleteResult[],
): TimelineBatchDeleteResult {
  const failed = results.flatMap((result) => result.failed_items ?? []);
  const deletedCount = results.reduce((sum, result) => sum + result.deleted_count, 0);
  return {
    success: results.every((result) => result.success),
    deleted_count: deletedCount,
    failed_count: results.reduce((sum, result) => sum + result.failed_count, 0),
    deleted_items: results.flatMap((result) => result.deleted_items ?? []),
    failed_items: failed,
    captions_removed: results.reduce((sum, result) => sum + (result.captions_removed ?? 0), 0),
    packed: results.some((result) => result.packed === true),
    clips_shifted: results.reduce((sum, result) => sum + (result.clips_shifted ?? 0), 0),
    message: results
      .map((result) => result.message)
      .filter(Boolean)
      .join(' '),
  };
}

export function createTimelineApi(projectId: string, queryClient: QueryClient): TimelineApi {
  const path = { projectId };
  return {
    apply(op, expectedRevision): Promise<ApplyResponse> {
      return retryRateLimited(() => applyOnce(op, expectedRevision));
    },

    async currentRevision() {
      return (await this.fetchTimeline()).revision;
    },

    async preview(op, expectedRevision) {
      const operation = toOperation(op);
      if (!operation) throw new UnsupportedEditError('Only moves and trims can be previewed.');
      return retryRateLimited(() =>
        unwrap(
          api.POST('/projects/{projectId}/timeline/operations/preview', {
            params: { path },
            body: { operation, expected_revision: expectedRevision },
          }),
        ),
      );
    },

    async batchDelete(ids, expectedRevision, options = {}) {
      const results: TimelineBatchDeleteResult[] = [];
      let revision = expectedRevision;
      for (let start = 0; start < ids.length; start += DELETE_BATCH_SIZE) {
        const body = {
          timeline_item_ids: ids.slice(start, start + DELETE_BATCH_SIZE),
          expected_revision: revision,
          ...(options.pack ? { pack: true } : {}),
        };
        const result = await retryRateLimited(() =>
          unwrap(
            api.POST('/projects/{projectId}/timeline/batch-delete', { params: { path }, body }),
          ),
        );
        results.push(result);
        // A delete that removed nothing does not count as an edit.
        if (result.deleted_count > 0) revision += 1;
      }
      return mergeDeleteResults(results);
    },

    async fetchTimeline() {
      return queryClient.fetchQuery({ ...timelineQueryOptions(projectId), staleTime: 0 });
    },
  };

  async function applyOnce(op: EditOp, expectedRevision: number): Promise<ApplyResponse> {
    if (op.kind === 'add-effect') {
      const result = await unwrap(
        api.POST('/projects/{projectId}/effects/mask', {
          params: { path },
          body: {
            timeline_item_id: op.itemId,
            effect_type: op.effectType,
            zoom_scale: op.zoomScale,
            expected_revision: expectedRevision,
          },
        }),
      );
      // The mask result carries no revision; every timeline edit increments it by one (contract rule).
      return {
        revision: expectedRevision + 1,
        ...(result.effect_id ? { effectId: result.effect_id } : {}),
      };
    }
    if (op.kind === 'remove-effect') {
      const result = await unwrap(
        api.DELETE('/projects/{projectId}/effects/{effectId}', {
          params: {
            path: { ...path, effectId: op.effectId },
            query: { expected_revision: expectedRevision },
          },
        }),
      );
      return { revision: result.revision };
    }
    const operation = toOperation(op);
    if (!operation) {
      throw new UnsupportedEditError(`The service has no operation for "${op.kind}".`);
    }
    const result = await unwrap(
      api.POST('/projects/{projectId}/timeline/operations', {
        params: { path },
        body: { operation, expected_revision: expectedRevision },
      }),
    );
    return {
      revision: result.revision,
      warnings: result.warnings,
      deletedIds: result.deleted_timeline_item_ids,
    };
  }
}
