import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import { withRevision, type QueueSnapshot } from '../model/queue-snapshot.ts';

/** Patches the queue with a revision as the service answered it (a decision taken here). */
export function takeInRevision(queryClient: QueryClient, revision: FacelessPlanRevision): void {
  queryClient.setQueryData<QueueSnapshot>(queryKeys.reviewQueue, (snapshot) =>
    snapshot ? withRevision(snapshot, revision) : snapshot,
  );
}
