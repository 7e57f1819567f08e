import { memo, useId, useState } from 'react';
import type { ClipCounts } from '../api/clips-queries.ts';
import type { ClipSearch } from '../model/clip-search.ts';
import { CLIP_STATUSES } from '../model/clip-status-values.ts';
import { STATUS_META } from '../model/clip-status.ts';
import type { ClipStatus } from '@/api/schema.gen.ts';
import type { Choice } from './new-clip-panel.tsx';

const selectClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm';

/** Status (multi-select, each with its count), project and asset filters. */
export const ClipFilters = memo(function ClipFilters({
  status,
  project,
  asset,
  counts,
  projects,
  assets,
  onChange,
}: {
  status: readonly ClipStatus[];
  project: string | undefined;
  asset: string | undefined;
  counts: ClipCounts | undefined;
  projects: readonly Choice[];
  assets: readonly Choice[];
  onChange: (patch: Partial<ClipSearch>) => void;
}) {
  const projectId = useId();
  const assetId = useId();
  // The ticks show what was clicked at once, before the URL (the source of truth) follows: a
  // second tick made while the first navigation is still on its way adds to it, never replaces it.
  const inUrl = status.join(',');
  const [ticked, setTicked] = useState<{ inUrl: string; status: readonly ClipStatus[] } | null>(
    null,
  );
  const current = ticked?.inUrl === inUrl ? ticked.status : status;
  const selected = new Set<ClipStatus>(current);
  const choose = (next: readonly ClipStatus[]) => {
    setTicked({ inUrl, status: next });
    onChange({ status: [...next], offset: 0 });
  };
  const toggle = (status: ClipStatus) => {
    const next = new Set(selected);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    choose(CLIP_STATUSES.filter((s) => next.has(s)));
  };
  const knownProject = !project || projects.some((p) => p.id === project);
  const knownAsset = !asset || assets.some((a) => a.id === asset);
  return (
    <form
      aria-label="Clip filters"
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">
          Status{' '}
          <span className="font-normal text-slate-500">
            (any of them; none ticked shows every status)
          </span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {CLIP_STATUSES.map((status) => {
            const count = counts?.[status];
            const checked = selected.has(status);
            return (
              <label
                key={status}
                title={STATUS_META[status].summary}
                className={`flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${checked ? 'border-indigo-600 bg-indigo-50 text-indigo-900' : 'border-slate-300 bg-white text-slate-800'}`}
              >
                <input
                  type="checkbox"
                  className="accent-indigo-600"
                  checked={checked}
                  onChange={() => toggle(status)}
                />
                {STATUS_META[status].label}
                <span className="tabular-nums text-slate-600">
                  ({count === undefined ? '…' : `${count.total}${count.truncated ? '+' : ''}`})
                </span>
              </label>
            );
          })}
          {selected.size > 0 ? (
            <button
              type="button"
              className="rounded-full px-3 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
              onClick={() => choose([])}
            >
              Clear statuses
            </button>
          ) : null}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={projectId} className="text-sm font-medium text-slate-700">
            Project
          </label>
          <select
            id={projectId}
            className={selectClass}
            value={project ?? ''}
            onChange={(event) => onChange({ project: event.target.value || undefined, offset: 0 })}
          >
            <option value="">All projects</option>
            {!knownProject ? <option value={project}>Project {project}</option> : null}
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={assetId} className="text-sm font-medium text-slate-700">
            Source asset
          </label>
          <select
            id={assetId}
            className={selectClass}
            value={asset ?? ''}
            onChange={(event) => onChange({ asset: event.target.value || undefined, offset: 0 })}
          >
            <option value="">All sources</option>
            {!knownAsset ? <option value={asset}>Asset {asset}</option> : null}
            {assets.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </form>
  );
});
