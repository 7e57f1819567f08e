import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/api/query-keys.ts';
import type { QueueSnapshot } from '../model/queue-snapshot.ts';

/**
 * Keeps the queue and the navigation's count in step with what this browser reads or changes on
 * the plan review (another feature's cache): a newer copy of a queued revision (approved there)
 * replaces it at once, and a revision the queue has never seen that may wait (revised there)
 * makes the queue read again. The count is read again after every change the plan review writes
 * into its cache (an approval, a new revision: a `setQueryData`, never a mere read).
 */
export function useQueueFollowsPlans(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (event.query.queryKey[0] !== queryKeys.plans.all[0]) return;
        if (event.action.manual) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.reviewCount });
        }
        // The queue's own copy, when this browser has read it (plan-change.ts loads then).
        const snapshot = queryClient.getQueryData<QueueSnapshot>(queryKeys.reviewQueue);
        if (!snapshot?.complete) return;
        const { data } = event.query.state;
        void import('./plan-change.ts').then((module) =>
          module.takeInPlanRevisions(queryClient, data),
        );
      }),
    [queryClient],
  );
}
