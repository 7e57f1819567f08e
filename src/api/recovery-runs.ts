/**
 * Background (trigger) runs of assets, clip batches and exports, and their cancel (the
 * administration recovery endpoint): used by the asset page and the ops screen. A cancel is safe
 * to retry: a run cancelled once answers 409 `run_finished` the second time.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys, type PageParams } from './query-keys.ts';
import { retryDelayMs, shouldRetry } from './retry-policy.ts';
import type { BackgroundRun, components, RecoveryResourceType } from './schema.gen.ts';

export type RunCancelResult = components['schemas']['RecoveryRunCancelResult'];

export const recoveryRunsQueryOptions = (page: PageParams) =>
  queryOptions({
    queryKey: [...queryKeys.recoveryRuns, page],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/admin/recovery/trigger-runs', { params: { query: page }, signal })),
    placeholderData: (previous) => previous,
  });

export interface CancelRunInput {
  resourceType: RecoveryResourceType;
  resourceId: string;
  runId: string;
  reason: string;
}

export function useCancelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelRunInput) =>
      unwrap(
        api.POST('/admin/recovery/{resource_type}/{resource_id}/trigger-runs/{run_id}/cancel', {
          params: {
            path: {
              resource_type: input.resourceType,
              resource_id: input.resourceId,
              run_id: input.runId,
            },
          },
          body: { reason: input.reason.trim() },
        }),
      ),
    retry: shouldRetry,
    retryDelay: retryDelayMs,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.recoveryRuns }),
        queryClient.invalidateQueries({ queryKey: queryKeys.media.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
      ]),
  });
}

/** A run that has not moved for this long is called stuck. */
export const STUCK_AFTER_MS = 15 * 60_000;

export function isStuck(run: Pick<BackgroundRun, 'updated_at' | 'started_at'>, now: number) {
  const moved = Date.parse(run.updated_at ?? run.started_at ?? '');
  return Number.isFinite(moved) && now - moved > STUCK_AFTER_MS;
}
