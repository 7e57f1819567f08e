/**
 * Decisions on a plan revision the BFF records itself: "Request changes", which the review queue
 * and the plan review both offer (approving stays the service's approve).
 */
import { useQueryClient } from '@tanstack/react-query';
import { bff, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { useIdempotentMutation } from './use-idempotent-mutation.ts';
import type { Decision } from './bff-schema.gen.ts';

/**
 * "Request changes" on a revision that waits for a decision: the BFF records the decision (it
 * needs an open note). Retried on 429/5xx under one Idempotency-Key: one decision whatever the
 * network did. Every view of the revision's review state reads it again.
 */
export function useRequestChanges() {
  const client = useQueryClient();
  return useIdempotentMutation<Decision, { projectId: string; revisionId: string }>({
    mutationFn: ({ projectId, revisionId }, idempotencyKey) =>
      unwrap(
        bff.POST('/bff/projects/{projectId}/faceless/plans/{revisionId}/decisions', {
          params: {
            path: { projectId, revisionId },
            header: { 'Idempotency-Key': idempotencyKey },
          },
          body: { kind: 'changes_requested' },
        }),
      ),
    onSettled: (_decision, _error, { variables }) =>
      Promise.all([
        client.invalidateQueries({
          queryKey: queryKeys.planNotes.revision(variables.projectId, variables.revisionId),
        }),
        client.invalidateQueries({ queryKey: queryKeys.reviewStates.all }),
        client.invalidateQueries({ queryKey: queryKeys.audit.all }),
      ]),
  });
}
