/**
 * A plan review's revisions taken into the queue this browser has read (loaded with the first
 * such change: most screens never have a queue to keep in step).
 */
import type { QueryClient } from '@tanstack/react-query';
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
 * A newer copy of a queued revision replaces it; a revision the queue has never seen that may
 * wait makes the queue read again.
 */
export function takeInPlanRevisions(queryClient: QueryClient, data: unknown): void {
  const snapshot = queryClient.getQueryData<QueueSnapshot>(queryKeys.reviewQueue);
  if (!snapshot?.complete) return;
  const known = new Map(snapshot.entries.map((entry) => [entry.revision.id, entry]));
  let unseen = false;
  for (const revision of revisionsIn(data)) {
    const entry = known.get(revision.id);
    if (!entry) unseen ||= waitingStatuses.has(revision.status);
    else if (revision.updated_at > entry.revision.updated_at) {
      takeInRevision(queryClient, revision);
    }
  }
  if (unseen) void queryClient.invalidateQueries({ queryKey: queryKeys.reviewQueue });
}
