import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/api/query-keys.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import type { QueueSnapshot } from '../model/queue-snapshot.ts';
import { WAITING_STATUSES } from '@/shared-rules/plan-waiting.ts';
import { takeInRevision } from './queue-patch.ts';

const isRevision = (value: unknown): value is FacelessPlanRevision =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FacelessPlanRevision).id === 'string' &&
  typeof (value as FacelessPlanRevision).updated_at === 'string';

/** The revisions a plans query holds: one revision, or a project's list of them. */
function revisionsIn(data: unknown): FacelessPlanRevision[] {
  if (isRevision(data)) return [data];
  const list = (data as { revisions?: unknown } | undefined)?.revisions;
  return Array.isArray(list) ? list.filter(isRevision) : [];
}

const waitingStatuses: ReadonlySet<string> = new Set(WAITING_STATUSES);

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
        const snapshot = queryClient.getQueryData<QueueSnapshot>(queryKeys.reviewQueue);
        if (!snapshot?.complete) return;
        const known = new Map(snapshot.entries.map((entry) => [entry.revision.id, entry]));
        let unseen = false;
        for (const revision of revisionsIn(event.query.state.data)) {
          const entry = known.get(revision.id);
          if (!entry) unseen ||= waitingStatuses.has(revision.status);
          else if (revision.updated_at > entry.revision.updated_at) {
            takeInRevision(queryClient, revision);
          }
        }
        if (unseen) void queryClient.invalidateQueries({ queryKey: queryKeys.reviewQueue });
      }),
    [queryClient],
  );
}
