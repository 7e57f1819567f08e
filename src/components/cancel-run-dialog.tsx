import { useState } from 'react';
import { ApiError } from '@/api/api-error.ts';
import { useCancelRun } from '@/api/recovery-runs.ts';
import { reasonProblem, REASON_MAX } from '@/shared-rules/deletion-plan.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { InlineError } from './error-state.tsx';
import { Modal } from './modal.tsx';
import { TextAreaField } from './text-field.tsx';
import type { RecoveryResourceType } from '@/api/schema.gen.ts';

const RESOURCE_WORDS: Record<RecoveryResourceType, string> = {
  asset: 'asset',
  'clip-batch': 'clip batch',
  export: 'export',
};

/**
 * Cancels one background run, with a reason (kept in the audit log), then shows the status the
 * service answered. A run that finished meanwhile is said so, not shown as a failure.
 */
export function CancelRunDialog({
  run,
  onClose,
}: {
  run: {
    resourceType: RecoveryResourceType;
    resourceId: string;
    runId: string;
    /** What the run does and on what, for the title. */
    label: string;
  };
  onClose(): void;
}) {
  const cancel = useCancelRun();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = reasonProblem(reason, 'this run is cancelled');
  const finished =
    cancel.error instanceof ApiError && cancel.error.status === 409 ? cancel.error : null;
  return (
    <Modal title={`Cancel the run ${run.runId}`} onCancel={onClose}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (problem !== null || cancel.isPending || cancel.isSuccess) return;
          cancel.mutate({ ...run, reason });
        }}
      >
        <p className="text-sm text-slate-700">
          {run.label} on the {RESOURCE_WORDS[run.resourceType]} {run.resourceId}. Cancelling stops
          it; what it made so far is kept.
        </p>
        {!cancel.isSuccess ? (
          <TextAreaField
            label="Reason (kept in the audit log)"
            rows={2}
            value={reason}
            maxLength={REASON_MAX + 50}
            onChange={(event) => {
              setReason(event.target.value);
              setTouched(true);
            }}
            error={touched ? (problem ?? undefined) : undefined}
            hint={`${reason.trim().length}/${REASON_MAX} characters, at least 3.`}
          />
        ) : null}
        {finished ? (
          <p role="status" className="rounded-md bg-slate-100 p-3 text-sm">
            This run had already finished: {finished.message}
          </p>
        ) : (
          <InlineError error={cancel.error} />
        )}
        {cancel.isSuccess ? (
          <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
            The service answered: run {cancel.data.run_id ?? run.runId} is now{' '}
            <strong>{cancel.data.status ?? 'unknown'}</strong>
            {cancel.data.success === false ? ' (it reports that the cancel did not succeed)' : ''}.
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {!cancel.isSuccess && !finished ? (
            <Button type="submit" variant="danger" disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : 'Cancel the run'}
            </Button>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
