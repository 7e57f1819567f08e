import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { queryKeys } from '@/api/query-keys.ts';
import { useQueueFollowsPlans } from '../api/queue-follows-plans.ts';
import { reviewCountQueryOptions } from '../api/review-count-query.ts';
import type { QueueSnapshot } from '../model/queue-snapshot.ts';
import { waitingState } from '../model/waiting.ts';

const QueueReader = lazy(() =>
  import('./queue-reader.tsx').then((module) => ({ default: module.QueueReader })),
);

/**
 * The queue as the queue page (or, without the workspace list, the reader) left it in the cache,
 * read without an observer of its own: the count never starts the queue's reading.
 */
function useCachedQueue() {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  return useSyncExternalStore(
    (onChange) =>
      cache.subscribe((event) => {
        const key = event.query.queryKey;
        if (key.length === 1 && key[0] === queryKeys.reviewQueue[0]) onChange();
      }),
    () => client.getQueryState<QueueSnapshot>(queryKeys.reviewQueue),
  );
}

/**
 * The number of revisions waiting for a decision, beside "Review" in the main navigation: one
 * number from the service (see reviewCountQueryOptions), or the queue's own rows when this browser
 * has read the queue since (they agree with the page the reviewer is on, and drop at once with a
 * decision taken there). A service without the workspace-wide list leaves only the rows: the
 * queue is then read for the count. Live events, the plan review's own changes and the queue's
 * refreshes keep it true.
 */
export function ReviewCountBadge() {
  const counted = useQuery(reviewCountQueryOptions);
  const lacksList = counted.data?.count === null;
  const queue = useCachedQueue();
  useQueueFollowsPlans();
  const snapshot = queue?.data;
  const rows = useMemo(
    () =>
      snapshot?.complete ? snapshot.entries.filter((entry) => waitingState(entry)).length : null,
    [snapshot],
  );
  const rowsAreNewer = rows !== null && (queue?.dataUpdatedAt ?? 0) >= counted.dataUpdatedAt;
  const count = lacksList || rowsAreNewer ? rows : (counted.data?.count ?? null);
  const shown = !rowsAreNewer && counted.data?.atLeast ? `${count}+` : String(count);
  return (
    <>
      {lacksList ? (
        <Suspense fallback={null}>
          <QueueReader />
        </Suspense>
      ) : null}
      {count === null || count === 0 ? null : (
        <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white">
          <span aria-hidden="true">{shown}</span>
          <span className="sr-only">: {shown} waiting</span>
        </span>
      )}
    </>
  );
}
