import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AuditOperation } from '@/api/bff-schema.gen.ts';
import { CopyableId } from '@/components/copyable-id.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { pageLinkClass } from '@/components/pagination.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { auditQueryOptions } from '../api/audit-queries.ts';
import { auditFilters, auditPage, exportHref, isFiltered } from '../model/audit-filters.ts';
import { operationSummary, plural, stepNames } from '../model/audit-summary.ts';
import type { OpsSearch } from '../ops-search.ts';
import { AuditFilterBar } from './audit-filter-bar.tsx';
import { OpsTable } from './ops-table.tsx';

const AUDIT_COLUMNS = ['Time', 'Who', 'Operation', 'Reason', 'Steps'];

/** The durable audit trail of the workspace: filtered, paged, exported, by name. */
export function AuditSection({
  search,
  currentUserId,
}: {
  search: OpsSearch;
  currentUserId: string | undefined;
}) {
  const filters = auditFilters(search);
  const page = auditPage(search);
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
