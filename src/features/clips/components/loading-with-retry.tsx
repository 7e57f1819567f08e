import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { describeRetrying } from '@/api/api-error.ts';
import { LoadingState } from '@/components/loading-state.tsx';

/**
 * The loading state of a read that may be retrying on its own (429, 5xx, network): says what it
 * waits for instead of a bare “Loading…”. Watches the query without starting a fetch (the
 * route's loader does that); it passes the query's own options, since an observer's options
 * become the query's.
 */
export function LoadingWithRetry<TQueryFnData, TData, TQueryKey extends QueryKey>({
  options,
  label,
}: {
  options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>;
  label: string;
}) {
  const query = useQuery({ ...options, enabled: false });
  return <LoadingState label={describeRetrying(query.failureReason) ?? label} />;
}
