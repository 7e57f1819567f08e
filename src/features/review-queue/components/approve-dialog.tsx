import { useQuery } from '@tanstack/react-query';
import { ApiError, describeError } from '@/api/api-error.ts';
import { creditsQueryOptions } from '@/api/credits.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { Modal } from '@/components/modal.tsx';
import { missingAssets } from '@/shared-rules/faceless-staleness.ts';
import { formatNumber } from '@/lib/format.ts';
import type { ApprovalStage } from '../api/queue-queries.ts';
import type { QueueRow } from '../model/queue-row.ts';
import { creditsText, qaWords, sceneList } from '../model/row-words.ts';

/** What approving the plan generates: the assets the revision lacks. */
function preproductionWords(row: QueueRow): string {
  const revision = row.entry.revision;
  const missing = missingAssets(revision);
  const parts: string[] = [];
  if (missing.styleAnchor) parts.push('the style anchor');
  const anchors = missing.characterIds.length;
  if (anchors) parts.push(`${anchors} character ${anchors === 1 ? 'anchor' : 'anchors'}`);
  if (missing.sceneIndexes.length) {
    parts.push(`keyframes with QA for ${sceneList(missing.sceneIndexes)}`);
  }
  return parts.length
    ? `Preproduction will generate ${parts.join(', ')}.`
    : 'Preproduction reuses every asset of the revision before it; nothing new is generated.';
}

/** The usual approval confirmation: what runs, what it spends, and the balance. */
export function ApproveDialog({
  row,
  stage,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  row: QueueRow;
  stage: ApprovalStage;
  pending: boolean;
  error: unknown;
  onCancel(): void;
  onConfirm(): void;
}) {
  const credits = useQuery(creditsQueryOptions);
  const spend = row.credits ?? 0;
  const balance = credits.data?.balance;
  const short = balance !== undefined && balance < spend;
  const revision = row.entry.revision;
  const scenes = revision.plan?.scenes?.length ?? 0;
  const qa = stage === 'assets' ? qaWords(row.qa) : null;
  const moved = error instanceof ApiError && error.status === 409;
  const refusal = error
    ? moved
      ? {
          title: 'This approval is no longer possible',
          detail: `${error.message} The queue now shows where the revision is.`,
        }
      : describeError(error)
    : null;
  return (
    <Modal
      title={`Approve the ${stage === 'plan' ? 'plan' : 'assets'} of ${row.entry.projectName}, revision ${revision.revision}?`}
      onCancel={onCancel}
    >
      <div className="flex flex-col gap-3 text-sm">
        <p>
          {stage === 'plan'
            ? preproductionWords(row)
            : `Generation will animate all ${scenes} scenes with ${revision.plan?.videoModelId ?? 'the video model'} and render the video.`}
        </p>
        {qa ? (
          <p className="rounded-md bg-amber-50 p-3 text-amber-900">
            {qa}. Open the revision to look at those scenes first if the action matters.
          </p>
        ) : null}
        <p className="text-base font-semibold">This will spend {creditsText(spend)}.</p>
        {credits.isPending ? (
          <p className="text-slate-700">Checking the workspace balance…</p>
        ) : credits.isError ? (
          <p className="text-slate-700">The workspace balance could not be read.</p>
        ) : short ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
            Not enough credits: this approval spends {creditsText(spend)} and the workspace has{' '}
            {creditsText(balance)}. Top up the workspace first.
          </p>
        ) : (
          <p className="text-slate-700">
            Workspace balance: {creditsText(balance ?? 0)}; {formatNumber((balance ?? 0) - spend)}{' '}
            left after.
          </p>
        )}
        {refusal ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            <strong className="font-semibold">{refusal.title}.</strong> {refusal.detail}
          </p>
        ) : null}
        <div className="mt-2 flex justify-end gap-2">
          <Button
            variant="secondary"
            onClick={onCancel}
            data-autofocus={short || moved || undefined}
          >
            Cancel
          </Button>
          <Button
            onClick={onConfirm}
            pending={pending}
            disabled={short || moved}
            data-autofocus={!(short || moved) || undefined}
          >
            {pending ? 'Approving…' : `Approve and spend ${creditsText(spend)}`}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
