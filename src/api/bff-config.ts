import { queryOptions } from '@tanstack/react-query';
import { bff, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The BFF's public configuration (bff.yaml `BffConfig`): what the login screen may offer, and the
 * BFF's own webhook receiver offered when registering a webhook. Shared by the session and
 * workspace features.
 */
export const bffConfigQueryOptions = queryOptions({
  queryKey: queryKeys.bffConfig,
  queryFn: ({ signal }) => unwrap(bff.GET('/bff/config', { signal })),
  staleTime: Infinity,
});
