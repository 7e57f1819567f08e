import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/api/api-error.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { CreditsNotice } from '@/components/credits.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { CopyableId } from '@/components/copyable-id.tsx';
import { RefusalNote, refusedLabel, useRefusal } from '@/components/spend-gate.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { captionLooksQueryOptions } from '@/api/caption-queries.ts';
import { aiEditRunsQueryOptions, useApplyStyle } from '../api/ai-style-queries.ts';
import type { AiEditStyleResult } from '@/api/schema.gen.ts';

/**
 * Apply an AI edit style to a run: always a dry run first, every receipt shown (action, target,
 * changes), then apply the same choice. The paid-plan refusal is explained.
 */
export function AiStylePage() {
  const runs = useQuery(aiEditRunsQueryOptions);
  const styles = useQuery(captionLooksQueryOptions());
  const [runId, setRunId] = useState('');
  const [styleId, setStyleId] = useState('mirage-black');
  const [preview, setPreview] = useState<AiEditStyleResult | null>(null);
  const [applied, setApplied] = useState<AiEditStyleResult | null>(null);
  const dryRun = useApplyStyle();
  const apply = useApplyStyle();
  // The dry run is the same paid operation: a free workspace is told on the button, not by a 403.
  const refusal = useRefusal('applyAiEditStyle');
  // Keyboard and screen-reader users land on what their press produced: the dry run's receipts,
  // then what was applied (the button they pressed is gone or no longer the next step).
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const appliedHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);
  useEffect(() => {
    if (applied) appliedHeading.current?.focus();
  }, [applied]);
  const names: Names = {
    target: (id) =>
      id
        ? runs.data?.runs.find((run) => run.project_id === id)?.project_name || undefined
        : undefined,
    look: (id) => styles.data?.looks.find((look) => look.id === id)?.name ?? id,
  };
  // The dry run must match the current choice before apply is offered.
  const previewMatches =
    preview !== null && preview.run_id === runId && preview.style_id === styleId;

  const reset = () => {
    setPreview(null);
    setApplied(null);
    dryRun.reset();
    apply.reset();
  };

  if (runs.isPending) return <LoadingState label="Loading AI edit runs…" />;
  if (runs.isError) return <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">AI edit style</h1>
        <p className="mt-1 text-slate-600">
          Restyle an AI edit run. You always see a dry run of every change before anything is
          applied.
        </p>
      </div>
      {runs.data.runs.length === 0 ? (
        <EmptyState title="No AI edit runs">
          Runs appear when the service edits a project for you (for example short suggestions).
        </EmptyState>
      ) : (
        <form
          aria-label="Choose a run and a style"
          className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (refusal) return;
            setApplied(null);
            dryRun.mutate(
              { runId, styleId, dryRun: true },
              { onSuccess: (result) => setPreview(result) },
            );
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Run"
              required
              value={runId}
              placeholder="Choose a run"
              options={runs.data.runs.map((run) => [
                run.run_id,
                `${run.project_name || run.project_id} · ${formatDateTime(run.created_at)}` +
                  (run.applied_style_id ? ` · style ${run.applied_style_id}` : ''),
              ])}
              onChange={(id) => {
                setRunId(id);
                reset();
              }}
            />
            <SelectField
              label="Style"
              value={styleId}
              options={(styles.data?.looks ?? [{ id: 'mirage-black', name: 'Mirage Black' }]).map(
                (look) => [look.id, `${look.name} (${look.id})`],
              )}
              onChange={(id) => {
                setStyleId(id);
                reset();
              }}
            />
          </div>
          <PlanAwareError error={dryRun.error} />
          <div className="flex flex-col items-start gap-2">
            <Button
              type="submit"
              variant="secondary"
              disabled={!runId || refusal !== null}
              pending={dryRun.isPending}
              aria-describedby={refusal ? 'ai-style-refusal' : undefined}
            >
              {dryRun.isPending ? 'Running the dry run…' : refusedLabel('Dry run', refusal)}
            </Button>
            <RefusalNote id="ai-style-refusal" refusal={refusal} />
          </div>
        </form>
      )}

      {previewMatches && preview ? (
        <section aria-labelledby="receipts-heading" className="flex flex-col gap-3">
          <h2
            id="receipts-heading"
            ref={previewHeading}
            tabIndex={-1}
            className="text-lg font-semibold focus:outline-2 focus:outline-indigo-600"
          >
            Dry run: what “{names.look(preview.style_id ?? '')}” would change
          </h2>
          <Receipts result={preview} names={names} />
          {applied ? null : (
            <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <CreditsNotice cost={null} action="Applying a style" />
              <PlanAwareError error={apply.error} />
              <div>
                <Button
                  pending={apply.isPending}
                  disabled={refusal !== null}
                  onClick={() =>
                    apply.mutate(
                      { runId, styleId, dryRun: false },
                      { onSuccess: (result) => setApplied(result) },
                    )
                  }
                >
                  {apply.isPending ? 'Applying…' : refusedLabel('Apply style', refusal)}
                </Button>
              </div>
            </div>
          )}
        </section>
      ) : null}

      {applied ? (
        <section aria-labelledby="applied-heading" className="flex flex-col gap-3">
          <h2
            id="applied-heading"
            ref={appliedHeading}
            tabIndex={-1}
            className="text-lg font-semibold focus:outline-2 focus:outline-indigo-600"
          >
            Applied “{names.look(applied.style_id ?? '')}”
          </h2>
          <p role="status" className="text-sm text-emerald-800">
            The style was applied (transaction {applied.txid ?? '—'}).{' '}
            {applied.project_id ? (
              <Link
                to="/projects/$projectId"
                params={{ projectId: applied.project_id }}
                className="text-indigo-700 underline"
              >
                Open the project
              </Link>
            ) : null}
          </p>
          <Receipts result={applied} names={names} />
        </section>
      ) : null}
    </div>
  );
}

/** What a receipt's action did, in words ("caption_style.apply_look" → "Apply a caption look"). */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  'caption_style.apply_look': 'Apply a caption look',
};

function actionWords(action: string | undefined): string {
  if (!action) return 'Change';
  const known = ACTION_WORDS[action];
  if (known) return known;
  const words = action.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A changed field in words, and its values by name where they are looks. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  look_id: 'Caption look',
  style_id: 'Style',
};

interface Names {
  /** A receipt target by name (the run's project), undefined when unknown. */
  target(id: string | undefined): string | undefined;
  look(id: string): string;
}

function Receipts({ result, names }: { result: AiEditStyleResult; names: Names }) {
  const receipts = result.receipts ?? [];
  if (receipts.length === 0) {
    return <p className="text-sm text-slate-600">No changes: the run already uses this style.</p>;
  }
  return (
    <table className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
      <caption className="sr-only">
        {result.dry_run ? 'Changes the style would make' : 'Changes the style made'}
      </caption>
      <thead className="bg-slate-50 text-slate-600">
        <tr>
          <th scope="col" className="p-2">
            Action
          </th>
          <th scope="col" className="p-2">
            Target
          </th>
          <th scope="col" className="p-2">
            Changes
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {receipts.map((receipt, index) => {
          const target = names.target(receipt.target_id);
          return (
            <tr key={`${receipt.action}-${receipt.target_id}-${index}`}>
              <td className="p-2">{actionWords(receipt.action)}</td>
              <td className="p-2">
                <span className="block font-medium">{target ?? 'An item of the run'}</span>
                {receipt.target_id ? <CopyableId id={receipt.target_id} what="target" /> : null}
              </td>
              <td className="p-2">
                <Changes changes={receipt.changes ?? {}} names={names} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** `{field: {from, to}}` reads as "field: from → to"; anything else as JSON. */
function Changes({ changes, names }: { changes: Record<string, unknown>; names: Names }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul>
      {entries.map(([field, value]) => {
        const change = value as { from?: unknown; to?: unknown } | null;
        const shown = (side: unknown) =>
          side == null || side === ''
            ? 'none'
            : field === 'look_id' || field === 'style_id'
              ? names.look(String(side))
              : String(side);
        const text =
          change && typeof change === 'object' && ('from' in change || 'to' in change)
            ? `${shown(change.from)} → ${shown(change.to)}`
            : JSON.stringify(value);
        return (
          <li key={field}>
            <span className="font-medium">{FIELD_WORDS[field] ?? field.replace(/_/g, ' ')}</span>:{' '}
            {text}
          </li>
        );
      })}
    </ul>
  );
}

function PlanAwareError({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.code === 'plan_required') {
    return (
      <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
        <strong>AI edit styles need a paid plan.</strong> {error.message} Your workspace is on a
        plan without AI styles: upgrade it, or sign in with a key of a paid workspace. The dry run
        is refused too, so nothing was changed.
      </div>
    );
  }
  return <InlineError error={error} />;
}
