import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { newIdempotencyKey } from '@/api/client.ts';
import { ApiError } from '@/api/api-error.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { Modal } from '@/components/modal.tsx';
import { RefusalNote, refusedLabel, useRefusal } from '@/components/spend-gate.tsx';
import { pushToast } from '@/lib/toast-store.ts';
import { applyRevision } from '@/shared-rules/faceless-staleness.ts';
import { useReviseRevision } from '../api/plans-queries.ts';
import { describeStale, draftImpact } from '../draft-impact.ts';
import { changeCount, isEmptyDraft, sendIntent } from '../plan-draft.ts';
import { formatCredits } from '../plan-format.ts';
import { describeReviseError } from '../revise-errors.ts';
import { changedRows, diffPlans } from '../revision-diff.ts';
import { usePlanDraft } from '../use-plan-draft.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

/** The unsent draft of this revision: what it changes, and sending it as a new revision. */
export function DraftBar({
  projectId,
  revision,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
}) {
  const { draft, clear } = usePlanDraft(projectId, revision.id);
  const [reviewing, setReviewing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const impact = useMemo(() => draftImpact(revision, draft.changes), [revision, draft.changes]);
  const refusal = useRefusal('reviseFacelessPlan');
  if (isEmptyDraft(draft)) return null;
  const count = changeCount(draft);
  return (
    <section
      aria-labelledby="draft-heading"
      className="sticky top-0 z-20 rounded-lg border border-amber-300 bg-amber-50 p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="draft-heading" className="font-semibold text-amber-950">
            Unsent draft: {count} {count === 1 ? 'change' : 'changes'} to revision{' '}
            {revision.revision}
          </h2>
          <p className="text-sm text-amber-950">
            {describeStale(revision, impact)}{' '}
            {impact.noAssetsYet ? null : (
              <>Credit change: {formatCredits(impact.credits)} to regenerate.</>
            )}
          </p>
        </div>
        <Button
          onClick={() => setReviewing(true)}
          disabled={refusal !== null}
          aria-describedby={refusal ? 'draft-refusal' : undefined}
        >
          {refusedLabel('Review and send', refusal)}
        </Button>
        <Button variant="secondary" onClick={() => setDiscarding(true)}>
          Discard draft
        </Button>
      </div>
      <RefusalNote id="draft-refusal" refusal={refusal} />
      {reviewing ? (
        <ReviewDialog
          projectId={projectId}
          revision={revision}
          onClose={() => setReviewing(false)}
        />
      ) : null}
      {discarding ? (
        <Modal title="Discard the draft?" onCancel={() => setDiscarding(false)}>
          <p className="text-sm">
            The {count} unsent {count === 1 ? 'change' : 'changes'} to revision {revision.revision}{' '}
            will be lost. Nothing has been sent to the service.
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDiscarding(false)}>
              Keep the draft
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                clear();
                setDiscarding(false);
              }}
            >
              Discard changes
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

function ReviewDialog({
  projectId,
  revision,
  onClose,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  onClose(): void;
}) {
  const { draft, update, clear } = usePlanDraft(projectId, revision.id);
  const revise = useReviseRevision(projectId, revision.id);
  const navigate = useNavigate();
  const plan = revision.plan ?? {};
  const sections = useMemo(() => {
    const source = revision.plan ?? {};
    return changedRows(diffPlans(source, applyRevision(source, draft.changes)));
  }, [revision.plan, draft.changes]);
  const impact = useMemo(() => draftImpact(revision, draft.changes), [revision, draft.changes]);
  const error = revise.error ? describeReviseError(revise.error, draft.changes, plan) : null;

  const send = () => {
    // One key per intent: kept in the stored draft, so a retry (even after a reload) replays.
    const { draft: withIntent, key } = sendIntent(draft, newIdempotencyKey);
    update(() => withIntent);
    revise.mutate(
      withIntent.changes,
      {
        onSuccess: (created) => {
          clear();
          onClose();
          pushToast({
            tone: 'success',
            title: `Revision ${created.revision} created`,
            detail: 'The new draft is open. Approve its plan to regenerate what went stale.',
          });
          void navigate({
            to: '/projects/$projectId/plans/$revisionId',
            params: { projectId, revisionId: created.id },
            search: { tab: 'storyboard' },
          });
        },
        onError: (failure) => {
          // The key was used for other content: the next send is a new intent with a new key.
          if (failure instanceof ApiError && failure.status === 409) {
            update((current) => ({ changes: current.changes }));
          }
        },
      },
      key,
    );
  };

  return (
    <Modal
      title={`Create a new revision from revision ${revision.revision}?`}
      onCancel={onClose}
      wide
    >
      <div className="flex flex-col gap-4 text-sm">
        <p>
          Revising copies revision {revision.revision} into a new draft with these changes. It calls
          no planning model and generates nothing until you approve the new plan.
        </p>
        <div className="relative overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Summary of the changes</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  What
                </th>
                <th scope="col" className="py-1 pr-3">
                  Now
                </th>
                <th scope="col" className="py-1">
                  In the new draft
                </th>
              </tr>
            </thead>
            <tbody>
              {sections.flatMap((section) =>
                section.rows.map((row) => (
                  <tr key={row.key} className="border-b border-slate-100 align-top">
                    <th scope="row" className="py-1 pr-3 font-medium">
                      {row.label}
                    </th>
                    <td className="py-1 pr-3 text-slate-700">
                      <del>{row.left}</del>
                    </td>
                    <td className="py-1">
                      <ins className="no-underline">{row.right}</ins>
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <p>{describeStale(revision, impact)}</p>
          {impact.noAssetsYet ? null : (
            <p className="mt-1 font-semibold">
              Credit change: {formatCredits(impact.credits)} to regenerate when the new plan is
              approved.
            </p>
          )}
        </div>
        {error ? (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            <p className="font-semibold">{error.title}</p>
            <p className="mt-1">{error.detail}</p>
          </div>
        ) : null}
        {revise.isPending && revise.failureCount > 0 ? (
          <p role="status">
            The service did not answer; retrying with the same request key (attempt{' '}
            {revise.failureCount + 1}), so only one revision can be created.
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Keep editing
          </Button>
          <Button onClick={send} disabled={revise.isPending} data-autofocus>
            {revise.isPending ? 'Creating revision…' : 'Create revision'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
