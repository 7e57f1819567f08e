import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, describeError } from '@/api/api-error.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { Modal } from '@/components/modal.tsx';
import { RefusalNote, refusedLabel, useRefusal } from '@/components/spend-gate.tsx';
import { ProgressBar } from '@/components/progress-bar.tsx';
import { pushToast } from '@/lib/toast-store.ts';
import { approvalCredits, missingAssets } from '@/shared-rules/faceless-staleness.ts';
import { creditsQueryOptions } from '@/api/credits.ts';
import { jobQueryOptions } from '@/api/jobs.ts';
import { useApproveRevision } from '../api/plans-queries.ts';
import { formatCredits, formatSceneList } from '../plan-format.ts';
import { isEmptyDraft } from '../plan-draft.ts';
import { isRunning, nextApproval, statusLabel, type ApprovalStage } from '../plan-status.ts';
import { usePlanDraft } from '../use-plan-draft.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

/** What approving the plan will generate, in words. */
function preproductionWork(revision: FacelessPlanRevision): string {
  const plan = revision.plan ?? {};
  const scenes = plan.scenes?.length ?? 0;
  if (!revision.preproduction_assets) {
    const characters = plan.characters?.length ?? 0;
    return `the style anchor, ${characters} character ${characters === 1 ? 'anchor' : 'anchors'}, and keyframes with semantic-action QA for all ${scenes} scenes`;
  }
  const missing = missingAssets(revision);
  const parts: string[] = [];
  if (missing.styleAnchor) parts.push('the style anchor');
  const names = missing.characterIds.map(
    (id) => plan.characters?.find((character) => character.id === id)?.name ?? id,
  );
  if (names.length) parts.push(`the anchor of ${names.join(' and ')}`);
  if (missing.sceneIndexes.length) {
    parts.push(`keyframes with QA for ${formatSceneList(missing.sceneIndexes)}`);
  }
  return parts.length
    ? parts.join(', ')
    : 'nothing new: every asset of the source revision is reused';
}

export function ApprovalControls({
  projectId,
  revision,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
}) {
  const stage = nextApproval(revision);
  const [confirming, setConfirming] = useState<ApprovalStage | null>(null);
  const approve = useApproveRevision(projectId, revision.id);
  // The plan and the balance are known: a refusal is said on the button, before the confirmation.
  const refusal = useRefusal(
    'approveFacelessPlan',
    stage ? approvalCredits(revision, stage) : null,
  );
  // An open confirmation stays while the revision refreshes underneath it (another tab, a live
  // event): confirming a transition that is no longer allowed gets the service's refusal in words.
  if (!stage && !approve.error && !confirming) return null;
  return (
    <div className="flex flex-col items-end gap-2">
      {stage ? (
        <Button
          disabled={refusal !== null}
          aria-describedby={refusal ? 'approval-refusal' : undefined}
          onClick={() => {
            approve.reset();
            setConfirming(stage);
          }}
        >
          {refusedLabel(stage === 'plan' ? 'Approve plan' : 'Approve assets', refusal)}
        </Button>
      ) : null}
      {stage ? <RefusalNote id="approval-refusal" refusal={refusal} /> : null}
      {approve.error && !confirming ? <ApprovalError error={approve.error} /> : null}
      {confirming ? (
        <ConfirmApproval
          projectId={projectId}
          revision={revision}
          stage={confirming}
          pending={approve.isPending}
          error={approve.error}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            approve.mutate(confirming, {
              onSuccess: () => {
                setConfirming(null);
                pushToast({
                  tone: 'success',
                  title: confirming === 'plan' ? 'Plan approved' : 'Assets approved',
                  detail:
                    confirming === 'plan'
                      ? `Preproduction of revision ${revision.revision} started.`
                      : `Generation of revision ${revision.revision} started.`,
                });
              },
              onError: (error) => {
                // A refusal because the revision moved on: the page now shows its status.
                if (error instanceof ApiError && error.status === 409) setConfirming(null);
              },
            })
          }
        />
      ) : null}
    </div>
  );
}

function ApprovalError({ error }: { error: unknown }) {
  const moved = error instanceof ApiError && error.status === 409;
  const { title, detail } = moved
    ? {
        title: 'This approval is no longer possible',
        detail: `${error.message} The page now shows the revision as it is; reload the history to see what changed.`,
      }
    : describeError(error);
  return (
    <p role="alert" className="max-w-md rounded-md bg-red-50 p-3 text-sm text-red-800">
      <strong className="font-semibold">{title}.</strong> {detail}
    </p>
  );
}

function ConfirmApproval({
  projectId,
  revision,
  stage,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  stage: ApprovalStage;
  pending: boolean;
  error: unknown;
  onCancel(): void;
  onConfirm(): void;
}) {
  const credits = useQuery(creditsQueryOptions);
  const { draft } = usePlanDraft(projectId, revision.id);
  const hasDraft = !isEmptyDraft(draft);
  const spend = approvalCredits(revision, stage);
  const scenes = revision.plan?.scenes?.length ?? 0;
  const failedQa = (revision.preproduction_assets?.semanticActionQa?.scenes ?? []).filter(
    (scene) => scene.status && scene.status !== 'passed',
  );
  const balance = credits.data?.balance;
  return (
    <Modal
      title={
        stage === 'plan'
          ? `Approve the plan of revision ${revision.revision}?`
          : `Approve the assets of revision ${revision.revision}?`
      }
      onCancel={onCancel}
    >
      <div className="flex flex-col gap-3 text-sm">
        <p>
          {stage === 'plan'
            ? `Preproduction will generate ${preproductionWork(revision)}.`
            : `Generation will animate all ${scenes} scenes with ${revision.plan?.videoModelId ?? 'the video model'} and render the video.`}
        </p>
        <p className="text-base font-semibold">This will spend {formatCredits(spend)}.</p>
        <p className="text-slate-700">
          {credits.isPending
            ? 'Checking the workspace balance…'
            : credits.isError
              ? 'The workspace balance could not be read.'
              : `Workspace balance: ${formatCredits(balance)}.`}
        </p>
        {balance !== undefined && balance < spend ? (
          <p className="rounded-md bg-amber-50 p-3 text-amber-900">
            The balance is lower than this approval will spend; the run may stop when credits run
            out.
          </p>
        ) : null}
        {stage === 'assets' && failedQa.length > 0 ? (
          <p className="rounded-md bg-amber-50 p-3 text-amber-900">
            {failedQa.length === 1 ? 'One scene' : `${failedQa.length} scenes`} did not pass
            semantic-action QA ({formatSceneList(failedQa.map((scene) => scene.sceneIndex ?? 0))}).
            Revise them first if the action matters.
          </p>
        ) : null}
        {hasDraft ? (
          <p className="rounded-md bg-amber-50 p-3 text-amber-900">
            Your unsent draft is not part of this approval: it approves revision {revision.revision}{' '}
            as it is. Send the draft first to approve your changes instead.
          </p>
        ) : null}
        {error ? <ApprovalError error={error} /> : null}
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={pending} data-autofocus>
            {pending ? 'Approving…' : `Approve and spend ${formatCredits(spend)}`}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** A run in progress (with its job's progress), or why the revision failed. */
export function RunStatus({ revision }: { revision: FacelessPlanRevision }) {
  const running = isRunning(revision.status);
  const jobId =
    revision.status === 'plan_approved'
      ? revision.preproduction_job_id
      : revision.status === 'generating'
        ? revision.generation_job_id
        : '';
  const job = useQuery({ ...jobQueryOptions(jobId ?? ''), enabled: running && Boolean(jobId) });
  if (revision.status === 'failed') {
    return (
      <div
        role="alert"
        className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
      >
        <p className="font-semibold">This revision failed</p>
        <p className="mt-1 text-sm">{revision.error || 'The service did not say why.'}</p>
        <p className="mt-1 text-sm">
          A failed revision cannot be approved again. Edit the plan below (for example, choose an
          available model in the overview) and send the draft to create a new revision.
        </p>
      </div>
    );
  }
  if (!running) return null;
  return (
    <div className="mt-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sky-950" role="status">
      <p className="font-medium">{statusLabel(revision.status)}</p>
      {job.data ? (
        <ProgressBar
          className="mt-2"
          label={`${revision.status === 'plan_approved' ? 'Preproduction' : 'Generation'} progress`}
          value={job.data.progress ?? 0}
        />
      ) : (
        <p className="mt-1 text-sm">Waiting for the job’s progress…</p>
      )}
    </div>
  );
}
