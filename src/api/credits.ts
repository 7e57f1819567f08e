import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The workspace's credit balance: shown in the header and before every spending action (export,
 * approve, revise, apply style). Finished jobs spend credits, so job events refresh it.
 */
export const creditsQueryOptions = queryOptions({
  queryKey: queryKeys.credits,
  queryFn: ({ signal }) => unwrap(api.GET('/credits', { signal })),
  staleTime: 30_000,
});
