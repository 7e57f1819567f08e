/**
 * The navigation's count of waiting revisions, apart from the queue's reading (loaded on every
 * screen; the queue's pagers and snapshot load with the queue page).
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error.ts';
import { api, unwrap } from '@/api/client.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { withRetries } from '@/api/retry-policy.ts';

/**
 * How many revisions wait for a decision, as one number: the assumed `waiting=true` filter with
 * `limit=0` answers it in `bounds.total` (a lower bound when `truncated`), so the navigation shows
 * it on every screen without reading every waiting revision and its plan. `count` is null when the
 * service lacks the workspace-wide list: the navigation then counts the queue's rows.
 */
export const reviewCountQueryOptions = queryOptions({
  queryKey: queryKeys.reviewCount,
  queryFn: async ({ signal }): Promise<{ count: number | null; atLeast: boolean }> => {
    try {
      const body = await withRetries(() =>
        unwrap(
          api.GET('/faceless/plans', {
            params: { query: { waiting: true, limit: 0, offset: 0 } },
            signal,
          }),
        ),
      );
      return { count: body.bounds.total, atLeast: body.bounds.truncated };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { count: null, atLeast: false };
      throw error;
    }
  },
  staleTime: 30_000,
});
