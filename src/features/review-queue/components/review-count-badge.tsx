import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useQueueFollowsPlans } from '../api/queue-follows-plans.ts';
import { reviewCountQueryOptions, reviewQueueQueryOptions } from '../api/queue-queries.ts';
import { waitingState } from '../model/waiting.ts';

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
  // Read for the count only without the workspace list; otherwise whatever the queue page read.
  const queue = useQuery({ ...reviewQueueQueryOptions, enabled: lacksList });
  useQueueFollowsPlans();
  const snapshot = queue.data;
  const rows = useMemo(
    () =>
      snapshot?.complete ? snapshot.entries.filter((entry) => waitingState(entry)).length : null,
    [snapshot],
  );
  const rowsAreNewer = rows !== null && queue.dataUpdatedAt >= counted.dataUpdatedAt;
  const count = lacksList || rowsAreNewer ? rows : (counted.data?.count ?? null);
  if (count === null || count === 0) return null;
  const shown = !rowsAreNewer && counted.data?.atLeast ? `${count}+` : String(count);
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white">
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">: {shown} waiting</span>
    </span>
  );
}
