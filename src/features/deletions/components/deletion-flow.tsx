import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { queryKeys } from '@/api/query-keys.ts';
import type { DeletionFlowProps } from '@/components/deletion-flow-slot.ts';
import { newIdempotencyKey } from '@/api/client.ts';
import {
  type CascadeFlags,
  comparePlans,
  confirmBatches,
  confirmationMatches,
  type DeletionTarget,
  describeFailure,
  describeFilter,
  type MergedResult,
  mergeResults,
  REASON_MAX,
  reasonProblem,
  snapshotOf,
} from '@/shared-rules/deletion-plan.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { Modal } from '@/components/modal.tsx';
import { TextAreaField, TextField } from '@/components/text-field.tsx';
import type { DeletionResult } from '@/api/schema.gen.ts';
import { type DryRun, lookUpNames, runConfirm, runDryRun } from '../api/deletion-requests.ts';
import { blastRadius } from '../blast-radius.ts';

type Step =
  | { name: 'edit' }
  | { name: 'dry-running' }
  | { name: 'reviewed'; plan: DryRun; changed?: string }
  | { name: 'deleting'; plan: DryRun; batch: number; total: number }
  | { name: 'done'; plan: DryRun; result: MergedResult; retrying?: boolean };

const NOUN: Record<DeletionTarget['kind'], [string, string]> = {
  assets: ['asset', 'assets'],
  projects: ['project', 'projects'],
  folder: ['asset', 'assets'],
};

const plural = (count: number, kind: DeletionTarget['kind']) =>
  `${count} ${NOUN[kind][count === 1 ? 0 : 1]}`;

function titleOf(target: DeletionTarget): string {
  if (target.kind === 'folder') return `Empty the folder “${target.folderName}”`;
  return `Delete ${target.kind === 'assets' ? 'media assets' : 'projects'}`;
}

/**
 * The one deletion flow (asset batch delete, folder empty, project batch delete): reason, dry run
 * (always), cascade toggles that re-run it, a typed confirmation, a re-check that nothing changed
 * since the dry run, batches of 100, and the result with a retry for what failed.
 */
export function DeletionFlow({ target, onClose, onDeleted }: DeletionFlowProps) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const [flags, setFlags] = useState<CascadeFlags>({
    deleteGeneratedClips: false,
    deleteLinkedProjects: false,
  });
  const [typed, setTyped] = useState('');
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const [error, setError] = useState<unknown>(null);
  // Every call of this deletion (dry runs, re-check, batches, retry) is one operation in the audit.
  const [operationId] = useState(newIdempotencyKey);
  // A double click must not start a second confirm (the keys would also make it a replay).
  const busy = useRef(false);
  const problem = reasonProblem(reason);
  const noun = NOUN[target.kind];

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.media.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.projects.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.clips.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
    ]);

  async function dryRun(nextFlags = flags) {
    setReasonTouched(true);
    if (reasonProblem(reason) !== null || busy.current) return;
    busy.current = true;
    setError(null);
    setTyped('');
    setStep({ name: 'dry-running' });
    try {
      const plan = await runDryRun(target, reason, nextFlags, operationId);
      setStep({ name: 'reviewed', plan });
    } catch (cause) {
      setError(cause);
      setStep({ name: 'edit' });
    } finally {
      busy.current = false;
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit.all });
    }
  }

  async function confirm(plan: DryRun) {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    try {
      // Re-check: the same dry run again must select exactly what the user saw.
      const again = await runDryRun(plan.target, plan.reason, plan.flags, operationId);
      const change = comparePlans(snapshotOf(plan.results), snapshotOf(again.results));
      if (!change.unchanged) {
        setTyped('');
        setStep({
          name: 'reviewed',
          plan: again,
          changed: [
            'The selection changed since the dry run',
            change.added.length > 0 ? `${plural(change.added.length, target.kind)} added` : null,
            change.removed.length > 0 ? `${change.removed.length} gone` : null,
            change.impactChanged ? 'the linked projects or clips changed' : null,
          ]
            .filter(Boolean)
            .join(', ')
            .concat('. Nothing was deleted: review the new dry run and confirm again.'),
        });
        return;
      }
      setStep({ name: 'deleting', plan, batch: 0, total: plan.keys.length });
      const results = await runConfirm(plan, (batch, total) =>
        setStep({ name: 'deleting', plan, batch, total }),
      );
      const result = mergeResults(results);
      onDeleted?.(result.deletedIds);
      setStep({ name: 'done', plan, result });
    } catch (cause) {
      setError(cause);
      setStep({ name: 'reviewed', plan });
    } finally {
      busy.current = false;
      await refresh();
    }
  }

  async function retryFailed(plan: DryRun, previous: MergedResult) {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setStep({ name: 'done', plan, result: previous, retrying: true });
    try {
      // Items already gone (not_found) cannot be deleted again; the others are retried.
      const gone = previous.failed.filter((item) => item.error.startsWith('not_found'));
      const failedIds = previous.failed
        .filter((item) => !item.error.startsWith('not_found'))
        .map((item) => item.id);
      // The failed items were confirmed already: a fresh dry run of just them, then delete them.
      const retryTarget: DeletionTarget = {
        kind: target.kind === 'projects' ? 'projects' : 'assets',
        mode: 'selection',
        ids: failedIds,
        names: {},
      };
      const retryPlan = await runDryRun(retryTarget, plan.reason, plan.flags, operationId);
      const results: DeletionResult[] = await runConfirm(retryPlan, () => undefined);
      const retried = mergeResults(results);
      onDeleted?.(retried.deletedIds);
      setStep({
        name: 'done',
        plan,
        result: {
          selected: previous.selected,
          deleted: previous.deleted + retried.deleted,
          deletedIds: [...previous.deletedIds, ...retried.deletedIds],
          failed: [...gone, ...retried.failed],
          batches: [...previous.batches, ...retried.batches],
        },
      });
    } catch (cause) {
      setError(cause);
      setStep({ name: 'done', plan, result: previous });
    } finally {
      busy.current = false;
      await refresh();
    }
  }

  const reviewed = step.name === 'reviewed' ? step : null;
  const plan = step.name === 'edit' || step.name === 'dry-running' ? null : step.plan;
  const working = step.name === 'dry-running' || step.name === 'deleting';

  return (
    <Modal title={titleOf(target)} onCancel={() => (working ? undefined : onClose())} wide>
      <div className="flex flex-col gap-4">
        <WhatIsSelected target={target} />

        {step.name !== 'done' ? (
          <TextAreaField
            label="Reason (kept in the audit log)"
            value={reason}
            rows={2}
            maxLength={REASON_MAX + 50}
            disabled={step.name !== 'edit' && step.name !== 'reviewed'}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonTouched(true);
              if (step.name === 'reviewed') setStep({ name: 'edit' });
            }}
            error={reasonTouched ? (problem ?? undefined) : undefined}
            hint={`${reason.trim().length}/${REASON_MAX} characters, at least 3.`}
          />
        ) : null}

        {target.kind !== 'folder' && step.name !== 'done' ? (
          <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">Also delete</legend>
            <CascadeToggle
              label="Generated clips"
              checked={flags.deleteGeneratedClips}
              disabled={working}
              detail={
                reviewed
                  ? `Adds the ${reviewed.plan.results.reduce((n, r) => n + (r.impact?.generated_clip_count ?? 0), 0)} clips made from these ${noun[1]}; without it they stay, without their source.`
                  : `Adds the clips made from these ${noun[1]}; without it they stay, without their source.`
              }
              onChange={(checked) => {
                const next = { ...flags, deleteGeneratedClips: checked };
                setFlags(next);
                if (step.name === 'reviewed') void dryRun(next);
              }}
            />
            {target.kind === 'assets' ? (
              <CascadeToggle
                label="Linked projects"
                checked={flags.deleteLinkedProjects}
                disabled={working}
                detail={
                  reviewed
                    ? `Adds the ${snapshotOf(reviewed.plan.results).linkedProjectIds.length} projects that use these assets; without it they stay and lose these sources.`
                    : 'Adds the projects that use these assets; without it they stay and lose these sources.'
                }
                onChange={(checked) => {
                  const next = { ...flags, deleteLinkedProjects: checked };
                  setFlags(next);
                  if (step.name === 'reviewed') void dryRun(next);
                }}
              />
            ) : null}
          </fieldset>
        ) : null}

        <InlineError error={error} />

        {step.name === 'edit' || step.name === 'dry-running' ? (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={working}>
              Cancel
            </Button>
            <Button onClick={() => void dryRun()} disabled={working}>
              {step.name === 'dry-running' ? 'Running the dry run…' : 'Run dry run'}
            </Button>
          </div>
        ) : null}

        {reviewed ? (
          <DryRunReview
            plan={reviewed.plan}
            changed={reviewed.changed}
            typed={typed}
            onType={setTyped}
            onConfirm={() => void confirm(reviewed.plan)}
            onCancel={onClose}
          />
        ) : null}

        {step.name === 'deleting' ? (
          <p role="status" className="text-sm text-slate-700">
            Deleting… batch {Math.min(step.batch + 1, step.total)} of {step.total}
          </p>
        ) : null}

        {step.name === 'done' && plan ? (
          <DeletionOutcome
            plan={plan}
            result={step.result}
            retrying={step.retrying === true}
            onRetry={() => void retryFailed(plan, step.result)}
            onClose={onClose}
          />
        ) : null}
      </div>
    </Modal>
  );
}

function WhatIsSelected({ target }: { target: DeletionTarget }) {
  if (target.kind === 'folder') {
    return (
      <p className="text-sm text-slate-700">
        Every asset in “{target.folderName}” is deleted; the folder itself stays.
      </p>
    );
  }
  if (target.mode === 'filter') {
    return (
      <p className="text-sm text-slate-700">
        {describeFilter(target.kind, target.search, target.namePrefix)}
      </p>
    );
  }
  const batches = Math.ceil(target.ids.length / 100);
  return (
    <p className="text-sm text-slate-700">
      {plural(target.ids.length, target.kind)} you selected
      {batches > 1 ? `, sent in ${batches} batches of at most 100` : ''}.
    </p>
  );
}

function CascadeToggle({
  label,
  detail,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  detail: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-1"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-detail`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-detail`} className="text-xs text-slate-600">
          {detail}
        </p>
      </div>
    </div>
  );
}

function useNames(plan: DryRun): Record<string, string> {
  const { target } = plan;
  const ids = snapshotOf(plan.results).selected;
  const known = target.kind !== 'folder' && target.mode === 'selection' ? target.names : {};
  const missing = ids.filter((id) => !(id in known));
  const lookup = useQuery({
    queryKey: queryKeys.deletionNames(target.kind === 'projects' ? 'projects' : 'assets', missing),
    enabled: missing.length > 0,
    staleTime: 60_000,
    queryFn: () =>
      lookUpNames(
        target.kind === 'projects' ? 'projects' : 'assets',
        missing,
        target.kind === 'folder'
          ? { folderId: target.folderId }
          : target.mode === 'filter'
            ? { search: target.search, namePrefix: target.namePrefix }
            : {},
      ),
  });
  return { ...known, ...lookup.data };
}

function DryRunReview({
  plan,
  changed,
  typed,
  onType,
  onConfirm,
  onCancel,
}: {
  plan: DryRun;
  changed: string | undefined;
  typed: string;
  onType(value: string): void;
  onConfirm(): void;
  onCancel(): void;
}) {
  const kind = plan.target.kind;
  const snapshot = snapshotOf(plan.results);
  const names = useNames(plan);
  const count = snapshot.selected.length;
  // What the heading, the number to type and the button count: everything that goes.
  const radius = blastRadius(kind, snapshot, plan.flags);
  const batches = kind === 'folder' ? [snapshot.selected] : confirmBatches(plan.results);
  const linked = new Map<string, string>();
  for (const result of plan.results) {
    for (const project of result.impact?.linked_projects ?? []) {
      if (project.id) linked.set(project.id, project.name ?? project.id);
    }
  }
  const missing = snapshot.missing;
  const matches = confirmationMatches(typed, radius.total);
  return (
    <section aria-label="Dry run" className="flex flex-col gap-3 rounded-md bg-slate-50 p-4">
      {changed ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {changed}
        </p>
      ) : null}
      <h3 className="font-semibold">
        Dry run: {radius.words} would be deleted
        {batches.length > 1 ? ` in ${batches.length} batches` : ''}
      </h3>
      {batches.length > 1 ? (
        <ol aria-label="Batches" className="text-sm text-slate-700">
          {batches.map((batch, index) => (
            <li key={index}>
              Batch {index + 1} of {batches.length}: {plural(batch.length, kind)}
            </li>
          ))}
        </ol>
      ) : null}
      {count > 0 ? (
        // The list scrolls when long: focusable so that a keyboard can scroll it too.
        <div
          role="region"
          aria-label={`Names of the ${NOUN[kind][1]}`}
          tabIndex={0}
          className="max-h-48 overflow-auto rounded border border-slate-200 bg-white p-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ul aria-label={`${NOUN[kind][1]} that would be deleted`}>
            {snapshot.selected.map((id) => (
              <li key={id}>{names[id] ?? id}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-slate-700">Nothing matches: there is nothing to delete.</p>
      )}
      {missing.length > 0 ? (
        <p className="text-sm text-slate-700">
          {plural(missing.length, kind)} no longer exist and will be skipped.
        </p>
      ) : null}
      <div className="text-sm">
        <h4 className="font-medium">Linked projects: {linked.size}</h4>
        {linked.size > 0 ? (
          <ul aria-label="Linked projects" className="ml-4 list-disc">
            {[...linked].map(([id, name]) => (
              <li key={id}>
                <Link
                  to="/projects/$projectId"
                  params={{ projectId: id }}
                  className="text-indigo-700 underline"
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-1">Generated clips: {snapshot.generatedClipCount}</p>
        {kind !== 'folder' ? (
          <p role="status" className="mt-2 text-slate-700">
            With these options,{' '}
            {kind === 'assets'
              ? linked.size === 0
                ? 'no project is affected'
                : plan.flags.deleteLinkedProjects
                  ? `the ${linked.size} linked ${linked.size === 1 ? 'project is' : 'projects are'} deleted too`
                  : `the ${linked.size} linked ${linked.size === 1 ? 'project stays' : 'projects stay'} (without these sources)`
              : 'no other project is affected'}
            , and{' '}
            {snapshot.generatedClipCount === 0
              ? 'no generated clip is affected'
              : plan.flags.deleteGeneratedClips
                ? `the ${snapshot.generatedClipCount} generated clips are deleted too`
                : `the ${snapshot.generatedClipCount} generated clips stay (without their source)`}
            .
          </p>
        ) : (
          <p className="mt-2 text-slate-700">
            Emptying a folder deletes only its assets: linked projects and generated clips stay,
            without these sources.
          </p>
        )}
      </div>
      {count > 0 ? (
        <>
          <TextField
            label={`Type ${radius.total} to confirm`}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => onType(event.target.value)}
            hint={
              radius.total === count
                ? 'The number of items that will be deleted.'
                : `Everything that will be deleted: ${radius.words}.`
            }
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="danger" disabled={!matches} onClick={onConfirm}>
              Delete {radius.words}
            </Button>
          </div>
        </>
      ) : (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Close
          </Button>
        </div>
      )}
    </section>
  );
}

function DeletionOutcome({
  plan,
  result,
  retrying,
  onRetry,
  onClose,
}: {
  plan: DryRun;
  result: MergedResult;
  retrying: boolean;
  onRetry(): void;
  onClose(): void;
}) {
  const kind = plan.target.kind;
  const names = useNames(plan);
  const retryable = result.failed.filter((item) => !item.error.startsWith('not_found')).length;
  return (
    <section aria-label="Result" className="flex flex-col gap-3">
      <p role="status" className="font-semibold">
        Deleted {result.deleted} of {plural(result.selected, kind)}
        {result.failed.length > 0 ? `; ${result.failed.length} failed` : ''}.
      </p>
      {result.batches.length > 1 ? (
        <ol aria-label="Batch results" className="text-sm text-slate-700">
          {result.batches.map((batch, index) => (
            <li key={index}>
              Request {index + 1} of {result.batches.length}: {batch.deleted} deleted
              {batch.failed > 0 ? `, ${batch.failed} failed` : ''}
            </li>
          ))}
        </ol>
      ) : null}
      {result.failed.length > 0 ? (
        <ul aria-label="Failed items" className="flex flex-col gap-1 text-sm">
          {result.failed.map((item) => (
            <li key={item.id} className="rounded bg-red-50 p-2 text-red-900">
              <span className="font-medium">{names[item.id] ?? item.id}</span>:{' '}
              {describeFailure(item.error)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex justify-end gap-2">
        {retryable > 0 ? (
          <Button variant="danger" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Retrying…' : `Retry the ${retryable} failed`}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose} disabled={retrying}>
          Close
        </Button>
      </div>
    </section>
  );
}
