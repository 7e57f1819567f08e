import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useQueueFollowsPlans } from '../api/queue-follows-plans.ts';
import { reviewQueueQueryOptions } from '../api/queue-queries.ts';
import { waitingRows } from '../model/queue-row.ts';

/**
 * The number of revisions waiting for a decision, beside "Review" in the main navigation. Shown
 * once the queue has been read whole; live events, the plan review's own changes and the queue's
 * refreshes keep it true.
 */
export function ReviewCountBadge() {
  const queue = useQuery(reviewQueueQueryOptions);
  useQueueFollowsPlans();
  const snapshot = queue.data;
  const count = useMemo(
    () => (snapshot?.complete ? waitingRows(snapshot.entries).length : null),
    [snapshot],
  );
  if (count === null || count === 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">: {count} waiting</span>
    </span>
  );
}
