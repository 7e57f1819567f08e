/**
 * A short-suggestions run of a media asset: started from the asset page (media) and followed from
 * the clip library (clips). One query definition, so both screens share one cache entry and one
 * polling policy.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';
import type { components } from './schema.gen.ts';

type RunStatus = components['schemas']['ShortSuggestionsRunState']['status'];

/** Statuses after which a run never changes again. */
const FINISHED: ReadonlySet<RunStatus> = new Set<RunStatus>(['complete', 'failed', 'cancelled']);

export function isSuggestionRunFinished(status: RunStatus): boolean {
  return FINISHED.has(status);
}

/** Poll delay after `updates` answers: 1, 2, 4, 8, 8… seconds (backs off while the run works). */
export function suggestionRunPollDelayMs(updates: number): number {
  return Math.min(8_000, 1_000 * 2 ** Math.max(0, updates - 1));
}

/** A short-suggestions run, polled with back-off until it finishes. */
export const suggestionRunQueryOptions = (assetId: string, runId: string) =>
  queryOptions({
    queryKey: queryKeys.suggestionRun(assetId, runId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/workspace/media/assets/{assetId}/short-suggestions/{runId}', {
          params: { path: { assetId, runId } },
          signal,
        }),
      ),
    refetchInterval: (query) => {
      const run = query.state.data;
      if (run && isSuggestionRunFinished(run.status)) return false;
      return suggestionRunPollDelayMs(query.state.dataUpdateCount);
    },
  });
