import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { planNotesQueryOptions } from '@/api/plan-notes.ts';
import { useRequestChanges } from '@/api/plan-decisions.ts';
import { changesRequested } from '@/api/review-states.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { pushToast } from '@/lib/toast-store.ts';
import { decisionStage, requestChangesRefusal } from '../model/decision-refusal.ts';
import { openNotesWords } from '../model/note-list.ts';
import { personName } from '../model/people.ts';

/**
 * "Request changes", beside "Approve", on a revision that waits for a decision: refused before the
 * click without an open note (or with a read-only key), and, once sent, who asked and when.
 */
export function RequestChanges({
  projectId,
  revision,
  currentUserId,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  currentUserId: string | undefined;
}) {
  const notes = useQuery(planNotesQueryOptions(projectId, revision.id));
  const request = useRequestChanges();
  const reasonId = useId();
  const stage = decisionStage(revision);
  if (!stage || notes.isError) return null;
  const latest = notes.data?.state.latest_decision;
  if (changesRequested(notes.data?.state) && latest) {
    return (
      <p
        role="status"
        className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300"
      >
        <span className="font-semibold">Changes requested</span> by{' '}
        {personName({ id: latest.user_id, name: latest.user_name }, currentUserId)} ·{' '}
        {formatDateTime(latest.created_at)} ·{' '}
        {openNotesWords(notes.data?.state.open_notes ?? 0).toLowerCase()}
      </p>
    );
  }
  const refusal = requestChangesRefusal(notes.data);
  return (
    <div className="flex max-w-xs flex-col items-end gap-1">
      <Button
        variant="secondary"
        disabled={refusal !== null}
        pending={request.isPending}
        aria-describedby={refusal ? reasonId : undefined}
        onClick={() =>
          request.mutate(
            { projectId, revisionId: revision.id },
            {
              onSuccess: (decision) =>
                pushToast({
                  tone: 'success',
                  title: 'Changes requested',
                  detail: `Revision ${revision.revision}: ${openNotesWords(decision.open_notes).toLowerCase()} ${decision.open_notes === 1 ? 'says' : 'say'} what should change.`,
                }),
            },
          )
        }
      >
        {request.isPending ? 'Requesting…' : 'Request changes'}
      </Button>
      {refusal && notes.data ? (
        <p id={reasonId} className="text-right text-xs text-slate-700">
          {refusal}
        </p>
      ) : null}
      <InlineError error={request.error} />
    </div>
  );
}
