import { useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { changedRows, countChanged, diffRevisions } from '../revision-diff.ts';
import { statusLabel } from '../plan-status.ts';
import { Section } from './plan-bits.tsx';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

/** Any two revisions side by side; what differs (scenes, characters, models, costs) highlighted. */
export function RevisionCompare({
  projectId,
  current,
  compareId,
  revisions,
  pending,
  error,
}: {
  projectId: string;
  current: FacelessPlanRevision;
  compareId: string | undefined;
  revisions: FacelessPlanRevision[] | undefined;
  pending: boolean;
  error: unknown;
}) {
  const navigate = useNavigate();
  const [onlyDifferences, setOnlyDifferences] = useState(true);
  const leftId = useId();
  const rightId = useId();
  const list = revisions ?? [];
  const left =
    list.find((revision) => revision.id === compareId) ??
    // Default: the revision before this one.
    [...list]
      .filter((revision) => revision.revision < current.revision)
      .sort((a, b) => b.revision - a.revision)[0] ??
    list.find((revision) => revision.id !== current.id);
  const sections = useMemo(() => (left ? diffRevisions(left, current) : []), [left, current]);
  const shown = onlyDifferences ? changedRows(sections) : sections;
  const differences = countChanged(sections);

  if (pending) return <LoadingState label="Loading revisions…" />;
  if (error) return <ErrorState error={error} />;
  if (!left) {
    return <EmptyState title="Nothing to compare">This plan has only one revision.</EmptyState>;
  }
  const option = (revision: FacelessPlanRevision) => (
    <option key={revision.id} value={revision.id}>
      Revision {revision.revision} ({statusLabel(revision.status)})
    </option>
  );
  return (
    <Section title="Compare revisions" id="compare-heading">
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={leftId} className="text-sm font-medium text-slate-700">
            Compare
          </label>
          <select
            id={leftId}
            value={left.id}
            onChange={(event) =>
              void navigate({
                to: '/projects/$projectId/plans/$revisionId',
                params: { projectId, revisionId: current.id },
                search: { tab: 'compare', compare: event.target.value },
              })
            }
            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            {list.map(option)}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={rightId} className="text-sm font-medium text-slate-700">
            with
          </label>
          <select
            id={rightId}
            value={current.id}
            onChange={(event) =>
              void navigate({
                to: '/projects/$projectId/plans/$revisionId',
                params: { projectId, revisionId: event.target.value },
                search: { tab: 'compare', compare: left.id },
              })
            }
            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            {list.map(option)}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
          />
          Only differences
        </label>
        <p className="text-sm font-medium" role="status">
          {differences === 0
            ? 'The two revisions are identical.'
            : `${differences} ${differences === 1 ? 'difference' : 'differences'}`}
        </p>
      </div>
      <div className="flex flex-col gap-6">
        {shown.map((section) => (
          <div key={section.id}>
            <h3 className="mb-2 font-medium">{section.title}</h3>
            <div className="relative overflow-x-auto">
              <table className="w-full table-fixed text-left text-sm">
                <caption className="sr-only">
                  {section.title}: revision {left.revision} and revision {current.revision}
                </caption>
                <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="w-1/4 py-1 pr-3">
                      Field
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Revision {left.revision}
                    </th>
                    <th scope="col" className="py-1">
                      Revision {current.revision}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {section.rows.map((row) => (
                    <tr
                      key={row.key}
                      className={`border-b border-slate-100 align-top ${row.changed ? 'bg-amber-50' : ''}`}
                    >
                      <th scope="row" className="break-words py-1 pr-3 font-medium">
                        {row.label}
                        {row.changed ? <span className="sr-only"> (changed)</span> : null}
                      </th>
                      <td className="break-words py-1 pr-3">{row.left}</td>
                      <td
                        className={`break-words py-1 ${row.changed ? 'font-semibold text-amber-950' : ''}`}
                      >
                        {row.right}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))}
      </div>
    </Section>
  );
}
