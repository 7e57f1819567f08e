import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { isStuck, recoveryRunsQueryOptions } from '@/api/recovery-runs.ts';
import type { RecoveryResourceType, RecoveryRun } from '@/api/schema.gen.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { CancelRunDialog } from '@/components/cancel-run-dialog.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { TextField } from '@/components/text-field.tsx';
import { formatDateTime, formatPercent } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { RUNS_PAGE, type OpsSearch } from '../ops-search.ts';
import { AuditSection } from './audit-section.tsx';
import { OpsTable } from './ops-table.tsx';

const RESOURCE_WORDS: Record<RecoveryResourceType, string> = {
  asset: 'Asset',
  'clip-batch': 'Clip batch',
  export: 'Export',
};

interface RunToCancel {
  resourceType: RecoveryResourceType;
  resourceId: string;
  runId: string;
  label: string;
}

/** Ops: the background runs still working (cancel the stuck ones) and the audit of deletes. */
export function OpsPage({
  search,
  currentUserId,
}: {
  search: OpsSearch;
  /** The signed-in user, named “You” in the audit list. */
  currentUserId?: string | undefined;
}) {
  const [cancelling, setCancelling] = useState<RunToCancel | null>(null);
  return (
    <section aria-labelledby="ops-heading" className="flex flex-col gap-8">
      <h1 id="ops-heading" className="text-2xl font-semibold">
        Ops
      </h1>
      <RunsSection search={search} onCancel={setCancelling} />
      <CancelByIdForm onCancel={setCancelling} />
      <AuditSection search={search} currentUserId={currentUserId} />
      {cancelling ? <CancelRunDialog run={cancelling} onClose={() => setCancelling(null)} /> : null}
    </section>
  );
}

function RunsSection({
  search,
  onCancel,
}: {
  search: OpsSearch;
  onCancel(run: RunToCancel): void;
}) {
  const page = { limit: RUNS_PAGE, offset: search.runs };
  const runs = useQuery(recoveryRunsQueryOptions(page));
  const now = useNow(30_000);
  return (
    <section aria-labelledby="runs-heading" className="flex flex-col gap-3">
      <h2 id="runs-heading" className="text-lg font-semibold">
        Background runs still working
      </h2>
      <p className="text-sm text-slate-600">
        Runs on assets, clip batches and exports, the one that last moved longest ago first. A run
        that has not moved for 15 minutes is marked stuck.
      </p>
      {runs.isPending ? (
        <LoadingState label="Loading runs…" />
      ) : runs.isError ? (
        <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.data.runs.length === 0 ? (
        <EmptyState title="Nothing is running">No background run is working right now.</EmptyState>
      ) : (
        <OpsTable
          caption="Background runs still working"
          columns={RUN_COLUMNS}
          busy={runs.isFetching}
          search={search}
          list="runs"
          limit={page.limit}
          bounds={runs.data.bounds}
        >
          {runs.data.runs.map((run) => (
            <RunRow key={run.run_id} run={run} now={now} onCancel={onCancel} />
          ))}
        </OpsTable>
      )}
    </section>
  );
}

const RUN_COLUMNS = [
  'Resource',
  'Run',
  'Status',
  'Progress',
  'Last moved',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

function RunRow({
  run,
  now,
  onCancel,
}: {
  run: RecoveryRun;
  now: number;
  onCancel(run: RunToCancel): void;
}) {
  const name = run.resource_name ?? run.resource_id;
  return (
    <tr>
      <td className="p-2">
        <span className="text-slate-600">{RESOURCE_WORDS[run.resource_type]}</span>{' '}
        {run.resource_type === 'asset' ? (
          <Link
            to="/media/assets/$assetId"
            params={{ assetId: run.resource_id }}
            className="font-medium text-indigo-700 underline"
          >
            {name}
          </Link>
        ) : run.resource_type === 'clip-batch' ? (
          <Link
            to="/clip-batches/$batchId"
            params={{ batchId: run.resource_id }}
            className="font-medium text-indigo-700 underline"
          >
            {name}
          </Link>
        ) : (
          <span className="font-medium">{name}</span>
        )}
      </td>
      <td className="p-2">
        {run.kind} <span className="font-mono text-xs text-slate-500">{run.run_id}</span>
      </td>
      <td className="p-2">
        {run.status}{' '}
        {isStuck(run, now) ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            Stuck
          </span>
        ) : null}
      </td>
      <td className="p-2 tabular-nums">{formatPercent(run.progress)}</td>
      <td className="p-2">{formatDateTime(run.updated_at ?? run.started_at)}</td>
      <td className="p-2 text-right">
        <Button
          variant="secondary"
          aria-label={`Cancel the ${run.kind} run on ${name}`}
          onClick={() =>
            onCancel({
              resourceType: run.resource_type,
              resourceId: run.resource_id,
              runId: run.run_id,
              label: `The ${run.kind} run`,
            })
          }
        >
          Cancel run…
        </Button>
      </td>
    </tr>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** For a run known from elsewhere (a support ticket, a log line). */
function CancelByIdForm({ onCancel }: { onCancel(run: RunToCancel): void }) {
  const [type, setType] = useState<RecoveryResourceType>('asset');
  const [resourceId, setResourceId] = useState('');
  const [runId, setRunId] = useState('');
  const [problems, setProblems] = useState<{ resource?: string; run?: string }>({});
  const typeId = useId();
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-medium">Cancel a run by its IDs</summary>
      <form
        className="mt-3 grid gap-3 md:grid-cols-[10rem_1fr_1fr_auto] md:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          const next = {
            ...(UUID.test(resourceId.trim())
              ? {}
              : { resource: 'The resource ID is a UUID (8-4-4-4-12 hexadecimal digits).' }),
            ...(runId.trim().length > 0 ? {} : { run: 'Give the run ID.' }),
          };
          setProblems(next);
          if (next.resource || next.run) return;
          onCancel({
            resourceType: type,
            resourceId: resourceId.trim(),
            runId: runId.trim(),
            label: 'The run',
          });
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={typeId} className="text-sm font-medium text-slate-700">
            Resource type
          </label>
          <select
            id={typeId}
            value={type}
            onChange={(event) => setType(event.target.value as RecoveryResourceType)}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="asset">Asset</option>
            <option value="clip-batch">Clip batch</option>
            <option value="export">Export</option>
          </select>
        </div>
        <TextField
          label="Resource ID"
          value={resourceId}
          autoComplete="off"
          onChange={(event) => setResourceId(event.target.value)}
          error={problems.resource}
        />
        <TextField
          label="Run ID"
          value={runId}
          autoComplete="off"
          onChange={(event) => setRunId(event.target.value)}
          error={problems.run}
        />
        <Button type="submit" variant="secondary" className="md:mt-6">
          Cancel run…
        </Button>
      </form>
    </details>
  );
}
