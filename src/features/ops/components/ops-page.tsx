import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import type { AuditEntry, AuditOperation } from '@/api/bff-schema.gen.ts';
import { isStuck, recoveryRunsQueryOptions } from '@/api/recovery-runs.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { CancelRunDialog } from '@/components/cancel-run-dialog.tsx';
import { CopyableId } from '@/components/copyable-id.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { Pagination, pageLinkClass } from '@/components/pagination.tsx';
import { TextField } from '@/components/text-field.tsx';
import { formatDateTime, formatPercent } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { FilterSheet } from '@/components/filter-sheet.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { auditFacetsQueryOptions, auditQueryOptions } from '../api/audit-queries.ts';
import { auditFilters, exportHref, isFiltered, rangeProblem } from '../model/audit-filters.ts';
import { AUDIT_PAGE, RUNS_PAGE, type AuditOutcomeFilter, type OpsSearch } from '../ops-search.ts';
import type { Bounds, RecoveryResourceType, RecoveryRun } from '@/api/schema.gen.ts';

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
const AUDIT_COLUMNS = ['Time', 'Who', 'Operation', 'Reason', 'Steps'];

/** One of the screen's two paged lists: a table and its pages, the offset kept in the URL (`list`). */
function OpsTable({
  caption,
  columns,
  busy,
  search,
  list,
  limit,
  bounds,
  children,
}: {
  caption: string;
  columns: readonly ReactNode[];
  busy: boolean;
  search: OpsSearch;
  list: 'runs' | 'audit';
  limit: number;
  bounds: Pick<Bounds, 'total' | 'returned' | 'has_more'>;
  children: ReactNode;
}) {
  return (
    <>
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" aria-busy={busy}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col" className="p-2">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
      <Pagination
        label={list === 'runs' ? 'Runs pages' : 'Audit pages'}
        offset={search[list]}
        limit={limit}
        total={bounds.total}
        returned={bounds.returned}
        hasMore={bounds.has_more}
        renderLink={({ offset, rel, children: text }) => (
          <Link
            to="/ops"
            search={{ ...search, [list]: offset }}
            rel={rel}
            className={pageLinkClass}
          >
            {text}
          </Link>
        )}
      />
    </>
  );
}

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

function AuditSection({
  search,
  currentUserId,
}: {
  search: OpsSearch;
  currentUserId: string | undefined;
}) {
  const filters = auditFilters(search);
  const page = { limit: AUDIT_PAGE, offset: search.audit, ...filters };
  const audit = useQuery({ ...auditQueryOptions(page), refetchInterval: 15_000 });
  const filtered = isFiltered(search);
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-3">
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      <p className="text-sm text-slate-600">
        Everything done through Cutroom in this workspace that changes or removes work: deletes,
        upload aborts and run cancels, plan decisions and note changes, newest first: who, when,
        why, and what it did. A delete’s dry runs, re-check and batches are steps of one operation.
        Kept for 400 days.
      </p>
      <AuditFilterBar
        search={search}
        currentUserId={currentUserId}
        exportHref={exportHref(filters)}
      />
      {audit.isPending ? (
        <LoadingState label="Loading the audit log…" />
      ) : audit.isError && !audit.data ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data.operations.length === 0 ? (
        filtered ? (
          <EmptyState
            title="Nothing matches these filters"
            action={
              <Link to="/ops" search={{ runs: search.runs }} className={pageLinkClass}>
                Show every entry
              </Link>
            }
          >
            No entry of the audit log matches the dates, person, action and outcome chosen.
          </EmptyState>
        ) : (
          <EmptyState title="Nothing recorded yet">
            Deletes, upload aborts, run cancels, plan decisions and note changes appear here.
          </EmptyState>
        )
      ) : (
        <OpsTable
          caption="Audit log"
          columns={AUDIT_COLUMNS}
          busy={audit.isFetching}
          search={search}
          list="audit"
          limit={page.limit}
          bounds={audit.data.bounds}
        >
          {audit.data.operations.map((operation) => (
            <AuditRow key={operation.id} operation={operation} currentUserId={currentUserId} />
          ))}
        </OpsTable>
      )}
    </section>
  );
}

const OUTCOME_WORDS: Record<AuditOutcomeFilter, string> = {
  succeeded: 'Done',
  dry_run: 'Dry run only',
  partial: 'Partly done',
  failed: 'Refused or failed',
};

/**
 * The trail's filters: a range of days, a person (by name), an action and an outcome, each kept
 * in the URL (a change goes back to the first page), and the CSV of what they select.
 */
function AuditFilterBar({
  search,
  currentUserId,
  exportHref: csv,
}: {
  search: OpsSearch;
  currentUserId: string | undefined;
  exportHref: string;
}) {
  const navigate = useNavigate({ from: '/ops' });
  const facets = useQuery(auditFacetsQueryOptions);
  const set = (patch: Partial<OpsSearch>) =>
    void navigate({
      search: (previous) => ({ ...previous, ...patch, audit: 0 }),
      resetScroll: false,
    });
  const people: Array<readonly [string, string]> = [
    ['', 'Everyone'],
    ...(facets.data?.people ?? []).map(
      (person) =>
        [
          person.user_id,
          person.user_id === currentUserId
            ? 'You'
            : (person.display_name ?? `A member without a name (${person.user_id})`),
        ] as const,
    ),
  ];
  if (search.who && !people.some(([id]) => id === search.who)) {
    people.push([search.who, search.who === currentUserId ? 'You' : 'Someone not in the log']);
  }
  const actions: Array<readonly [string, string]> = [
    ['', 'Every action'],
    ...(facets.data?.actions ?? []).map((action) => [action.action, action.label] as const),
  ];
  if (search.action && !actions.some(([id]) => id === search.action)) {
    actions.push([search.action, 'An action not in the log']);
  }
  const problem = rangeProblem(search.from, search.to);
  const summary = [
    search.from || search.to
      ? `${search.from ?? 'the start'} to ${search.to ?? 'today'}`
      : 'any day',
    people.find(([id]) => id === (search.who ?? ''))?.[1].toLowerCase() ?? '',
    actions.find(([id]) => id === (search.action ?? ''))?.[1].toLowerCase() ?? '',
    search.outcome ? OUTCOME_WORDS[search.outcome].toLowerCase() : 'any outcome',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="flex flex-col gap-2">
      <FilterSheet
        label="Audit filters"
        summary={summary}
        className="flex flex-wrap items-end gap-3"
      >
        <DateField label="From" value={search.from} onChange={(from) => set({ from })} />
        <DateField label="To" value={search.to} onChange={(to) => set({ to })} />
        <SelectField
          label="Person"
          value={search.who ?? ''}
          options={people}
          onChange={(who) => set({ who: who || undefined })}
        />
        <SelectField
          label="Action"
          value={search.action ?? ''}
          options={actions}
          onChange={(action) => set({ action: action || undefined })}
        />
        <SelectField<'' | AuditOutcomeFilter>
          label="Outcome"
          value={search.outcome ?? ''}
          options={[
            ['', 'Any outcome'],
            ...(Object.entries(OUTCOME_WORDS) as Array<[AuditOutcomeFilter, string]>),
          ]}
          onChange={(outcome) => set({ outcome: outcome || undefined })}
        />
      </FilterSheet>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {facets.isError ? (
        <p className="text-sm text-slate-600">
          The people and actions of the log could not be read: the filters offer what is in the
          address only.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <a href={csv} download className="font-medium text-indigo-700 underline">
          Export these entries as CSV
        </a>
        {isFiltered(search) ? (
          <Link to="/ops" search={{ runs: search.runs }} className="text-indigo-700 underline">
            Clear the filters
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
    </div>
  );
}

/** What an operation did, by the contract's path template of its calls. */
const OPERATION_WORDS: Readonly<Record<string, string>> = {
  '/workspace/media/assets/batch-delete': 'Delete media assets',
  '/projects/batch-delete': 'Delete projects',
  '/workspace/media/folders/{folderId}/empty': 'Empty a folder',
  '/workspace/media/upload/multipart/abort': 'Abort an upload',
  '/admin/recovery/{resource_type}/{resource_id}/trigger-runs/{run_id}/cancel':
    'Cancel a background run',
  '/webhooks/{webhookId}': 'Remove a webhook',
  '/publishing/shortform/posts/{postId}/cancel': 'Cancel a scheduled post',
  '/projects/{projectId}/timeline/batch-delete': 'Delete timeline items',
  '/projects/{projectId}/effects/{effectId}': 'Remove an effect',
  '/jobs/{jobId}/cancel': 'Cancel a job',
};

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * Each call of an operation in words: its dry runs, the re-check just before deleting, and the
 * batches that deleted ("Batch 2 of 2").
 */
export function stepNames(entries: readonly AuditEntry[]): string[] {
  const batches = entries.filter((entry) => entry.dry_run === false).length;
  let batch = 0;
  return entries.map((entry, index) => {
    if (entry.dry_run === false) {
      batch += 1;
      return batches > 1 ? `Batch ${batch} of ${batches}` : 'Delete';
    }
    if (entry.dry_run === null) return 'Call';
    const next = entries[index + 1];
    return next && next.dry_run === false ? 'Re-check before deleting' : 'Dry run';
  });
}

/** One line for the whole operation: "Deleted 130 of 130 in 2 batches, after 2 dry runs". */
export function operationSummary(operation: AuditOperation): string {
  const dryRuns = operation.entries.filter((entry) => entry.dry_run === true).length;
  const confirms = operation.entries.filter((entry) => entry.dry_run === false);
  const failedCalls = operation.entries.filter((entry) => entry.status >= 400).length;
  const sum = (pick: (entry: AuditEntry) => number | null) =>
    confirms.reduce((total, entry) => total + (pick(entry) ?? 0), 0);
  const parts: string[] = [];
  if (confirms.length > 0) {
    const failed = sum((entry) => entry.failed_count);
    parts.push(
      `Deleted ${sum((entry) => entry.deleted_count)} of ${sum((entry) => entry.selected_count)}` +
        (confirms.length > 1 ? ` in ${confirms.length} batches` : '') +
        (failed > 0 ? `, ${failed} failed` : ''),
    );
    if (dryRuns > 0) parts.push(`after ${plural(dryRuns, 'dry run')}`);
  } else if (dryRuns > 0) {
    const selected = operation.entries.at(-1)?.selected_count;
    parts.push(
      `${plural(dryRuns, 'dry run')} only, nothing deleted` +
        (selected != null ? ` (${selected} selected)` : ''),
    );
  } else if (operation.entries.length === 1) {
    // A decision, a note change, a cancel: one call, done or refused.
    return failedCalls > 0 ? `Refused (${operation.entries[0]?.status})` : 'Done';
  } else {
    parts.push(plural(operation.entries.length, 'call'));
  }
  if (failedCalls > 0) parts.push(`${plural(failedCalls, 'call')} refused`);
  return parts.join(', ');
}

/** Who made it: you (this session's user), or the name they gave, their id only on demand. */
function Who({
  userId,
  name,
  currentUserId,
}: {
  userId: string;
  name: string | null | undefined;
  currentUserId: string | undefined;
}) {
  const [showId, setShowId] = useState(false);
  return (
    <span className="flex flex-col items-start">
      <span className="font-medium">
        {userId === currentUserId ? 'You' : name || 'A member without a name'}
      </span>
      {showId ? (
        <CopyableId id={userId} what="user" />
      ) : (
        <button
          type="button"
          onClick={() => setShowId(true)}
          className="rounded text-xs text-indigo-700 underline hover:bg-indigo-50"
        >
          Show id
        </button>
      )}
    </span>
  );
}

function AuditRow({
  operation,
  currentUserId,
}: {
  operation: AuditOperation;
  currentUserId: string | undefined;
}) {
  const first = operation.entries[0];
  const what = OPERATION_WORDS[operation.endpoint] ?? first?.action_label ?? 'An operation';
  const names = stepNames(operation.entries);
  const summary = operation.entries.find((entry) => entry.summary)?.summary;
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap p-2">{formatDateTime(operation.time)}</td>
      <td className="p-2">
        <Who userId={operation.user_id} name={first?.user_name} currentUserId={currentUserId} />
      </td>
      <td className="p-2">
        <span className="font-medium">{what}</span>
        <span className="block text-xs text-slate-600">{operationSummary(operation)}</span>
        {summary ? (
          <span className="mt-1 block max-w-md whitespace-pre-wrap break-words text-xs text-slate-800">
            “{summary}”
          </span>
        ) : null}
      </td>
      <td className="p-2">{operation.reason ?? '—'}</td>
      <td className="p-2">
        <details>
          <summary className="cursor-pointer text-indigo-700 underline">
            {plural(operation.entries.length, 'step')}
            <span className="sr-only"> of {what.toLowerCase()}</span>
          </summary>
          <ol aria-label={`Steps of ${what.toLowerCase()}`} className="mt-1 flex flex-col gap-1">
            {operation.entries.map((entry, index) => (
              <li key={entry.id} className="text-xs">
                <span className="font-medium">{names[index]}</span>
                {' · '}
                {formatDateTime(entry.time)}
                {entry.selected_count !== null
                  ? ` · ${entry.selected_count} selected, ${entry.deleted_count ?? 0} deleted` +
                    (entry.failed_count ? `, ${entry.failed_count} failed` : '')
                  : ''}
                {' · '}
                {entry.status < 400 ? 'done' : `refused (${entry.status})`}
                {entry.replayed ? ' (replayed)' : ''}
              </li>
            ))}
          </ol>
        </details>
      </td>
    </tr>
  );
}
