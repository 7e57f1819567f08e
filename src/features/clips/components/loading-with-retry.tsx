import { skipToken, useQuery, type QueryKey } from '@tanstack/react-query';
import { describeRetrying } from '@/api/api-error.ts';
import { LoadingState } from '@/components/loading-state.tsx';

/**
 * The loading state of a read that may be retrying on its own (429, 5xx, network): says what it
 * waits for instead of a bare “Loading…”. Watches the query without fetching it (the route's
 * loader or the page does that).
 */
export function LoadingWithRetry({ queryKey, label }: { queryKey: QueryKey; label: string }) {
  const query = useQuery({ queryKey, queryFn: skipToken });
  return <LoadingState label={describeRetrying(query.failureReason) ?? label} />;
}
