import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useMediaQuery, WIDE_LAYOUT } from '@/lib/use-media-query.ts';
import { StatusBadge } from './plan-bits.tsx';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

/**
 * Every revision of the plan: number, status, created, approvals, series; open or compare. On a
 * phone, the approvals and the series stay out (the revision's own page shows them), so the table
 * fits the screen.
 */
export function RevisionHistory({
  projectId,
  currentId,
  revisions,
  pending,
  error,
  onRetry,
  collapsible = false,
}: {
  projectId: string;
  currentId?: string;
  revisions: FacelessPlanRevision[] | undefined;
  pending: boolean;
  error: unknown;
  onRetry(): void;
  collapsible?: boolean;
}) {
  const wide = useMediaQuery(WIDE_LAYOUT, true);
  // Only the first layout decides; after that the reader's own toggle stands.
  const [wideAtFirst] = useState(wide);
  const body = pending ? (
    <LoadingState label="Loading revisions…" />
  ) : error ? (
    <ErrorState error={error} onRetry={onRetry} />
  ) : !revisions || revisions.length === 0 ? (
    <EmptyState title="No revisions yet">
      The plan has no revisions. The service creates the first when it plans the video.
    </EmptyState>
  ) : (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Revisions of the production plan, newest first</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Revision
            </th>
            <th scope="col" className="py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2 pr-3">
              Created
            </th>
            <th scope="col" className="hidden py-2 pr-3 md:table-cell">
              Plan approved
            </th>
            <th scope="col" className="hidden py-2 pr-3 md:table-cell">
              Assets approved
            </th>
            <th scope="col" className="hidden py-2 pr-3 md:table-cell">
              Series
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {revisions.map((revision) => {
            const current = revision.id === currentId;
            return (
              <tr
                key={revision.id}
                aria-current={current ? 'true' : undefined}
                className={`border-b border-slate-100 ${current ? 'bg-indigo-50' : ''}`}
              >
                <th scope="row" className="py-2 pr-3 font-medium">
                  {current ? (
                    <span>
                      Revision {revision.revision}{' '}
                      <span className="text-xs text-slate-600">(shown)</span>
                    </span>
                  ) : (
                    <Link
                      to="/projects/$projectId/plans/$revisionId"
                      params={{ projectId, revisionId: revision.id }}
                      search={{ tab: 'overview' }}
                      className="text-indigo-700 underline"
                    >
                      Revision {revision.revision}
                    </Link>
                  )}
                </th>
                <td className="py-2 pr-3">
                  <StatusBadge status={revision.status} />
                  {revision.status === 'failed' && revision.error ? (
                    <span className="sr-only">: {revision.error}</span>
                  ) : null}
                </td>
                <td className="py-2 pr-3">{formatDateTime(revision.created_at)}</td>
                <td className="hidden py-2 pr-3 md:table-cell">
                  {formatDateTime(revision.plan_approved_at)}
                </td>
                <td className="hidden py-2 pr-3 md:table-cell">
                  {formatDateTime(revision.assets_approved_at)}
                </td>
                <td className="hidden py-2 pr-3 md:table-cell">
                  {revision.series?.name ?? '—'}
                  {revision.series?.revision !== undefined ? (
                    <span className="text-slate-600"> #{revision.series.revision}</span>
                  ) : null}
                </td>
                <td className="py-2 text-right">
                  {currentId && !current ? (
                    <Link
                      to="/projects/$projectId/plans/$revisionId"
                      params={{ projectId, revisionId: currentId }}
                      search={{ tab: 'compare', compare: revision.id }}
                      className="text-indigo-700 underline"
                    >
                      Compare
                      <span className="sr-only">
                        {' '}
                        revision {revision.revision} with the one shown
                      </span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
  if (!collapsible) return body;
  return (
    // Open on a desk; on a phone it starts folded, so the revision itself comes first.
    <details className="rounded-lg border border-slate-200 bg-white p-4" open={wideAtFirst}>
      <summary className="cursor-pointer font-semibold">
        Revision history{revisions ? ` (${revisions.length})` : ''}
      </summary>
      <div className="mt-3">{body}</div>
    </details>
  );
}
