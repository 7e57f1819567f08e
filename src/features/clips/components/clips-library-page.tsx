import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { describeRetrying } from '@/api/api-error.ts';
import { LoadingState } from '@/components/loading-state.tsx';
import { Pagination, pageLinkClass } from '@/components/pagination.tsx';
import {
  SOURCE_VIEW_MAX_CLIPS,
  clipAssetChoicesQueryOptions,
  clipCountsQueryOptions,
  clipListQueryOptions,
  clipProjectChoicesQueryOptions,
  clipSourcesQueryOptions,
  useAssetName,
} from '../api/clips-queries.ts';
import type { ClipSearch } from '../model/clip-search.ts';
import { LIST_FIELD_LABELS, MAX_PAGE_SIZE, listParamsOf } from '../model/clip-search.ts';
import { statusFilterSummary } from '../model/clip-status.ts';
import type { Bounds, Clip, ClipStatus } from '@/api/schema.gen.ts';
import { ClipCard } from './clip-card.tsx';
import { ClipFilters } from './clip-filters.tsx';
import { NewClipPanel, type Choice } from './new-clip-panel.tsx';
import { SourceView } from './source-view.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** What the filtered result holds, in words (including a total the service stopped counting). */
function resultSummary(search: ClipSearch, bounds: Pick<Bounds, 'total' | 'truncated'>): string {
  return statusFilterSummary(search.status, bounds.total, bounds.truncated === true);
}

/** How many sources the clips come from, in words. */
function sourceCount(clips: readonly Clip[]): string {
  const count = new Set(clips.map((c) => c.source?.asset_id || c.source?.youtube_url)).size;
  return `${count} ${count === 1 ? 'source' : 'sources'}`;
}

function OpenBatch() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const navigate = useNavigate();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const batchId = value.trim();
    if (!UUID.test(batchId)) {
      setError('A batch id is a UUID, like 123e4567-e89b-42d3-a456-426614174000.');
      return;
    }
    void navigate({ to: '/clip-batches/$batchId', params: { batchId } });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-8 flex flex-wrap items-end gap-2 text-sm">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-medium text-slate-700">
          Open a clip batch by id
        </label>
        <input
          id={id}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-96 max-w-full rounded-md border border-slate-300 px-3 py-2 aria-[invalid]:border-red-500"
        />
        {error ? (
          <p id={`${id}-error`} className="text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="secondary" className={error ? 'mb-5' : ''}>
        Open batch
      </Button>
    </form>
  );
}

export function ClipsLibraryPage({ search }: { search: ClipSearch }) {
  const navigate = useNavigate({ from: '/clips/' });
  const [creating, setCreating] = useState(false);
  const scope = { projectId: search.project, assetId: search.asset };
  const cards = search.view === 'cards';
  const counts = useQuery(clipCountsQueryOptions(scope));
  const list = useQuery({ ...clipListQueryOptions(listParamsOf(search)), enabled: cards });
  const sources = useQuery({
    ...clipSourcesQueryOptions({ ...scope, statuses: search.status }),
    enabled: !cards,
  });
  const projectsQuery = useQuery(clipProjectChoicesQueryOptions());
  const assetsQuery = useQuery(clipAssetChoicesQueryOptions());
  const projects: Choice[] = useMemo(
    () => (projectsQuery.data?.projects ?? []).map((p) => ({ id: p.id, name: p.name })),
    [projectsQuery.data],
  );
  // The filtered asset by name even when it is past the first 100 choices.
  const filteredAssetName = useAssetName(search.asset);
  const assets: Choice[] = useMemo(() => {
    const choices = (assetsQuery.data?.assets ?? [])
      .filter((asset) => asset.kind !== 'image')
      .map((asset) => ({ id: asset.id, name: asset.name }));
    if (search.asset && filteredAssetName && !choices.some((c) => c.id === search.asset)) {
      choices.push({ id: search.asset, name: filteredAssetName });
    }
    return choices;
  }, [assetsQuery.data, search.asset, filteredAssetName]);
  const assetNames = useMemo(() => new Map(assets.map((a) => [a.id, a.name])), [assets]);
  // Stable, so the filters (memo) do not re-render for a change that is not theirs. A filter,
  // view or order change keeps the page where it is (the controls are where the user is).
  const update = useCallback(
    (patch: Partial<ClipSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), resetScroll: false }),
    [navigate],
  );
  const statusKey = search.status.join(',');
  // The same statuses as the same array, so the memoised filters skip unrelated changes.
  const statuses = useMemo(
    () => (statusKey ? (statusKey.split(',') as ClipStatus[]) : []),
    [statusKey],
  );
  const filterKey = `${statusKey}|${search.project ?? ''}|${search.asset ?? ''}`;

  return (
    <section aria-labelledby="clips-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="clips-heading" className="text-2xl font-semibold">
          Clips
        </h1>
        {!creating ? <Button onClick={() => setCreating(true)}>New clip</Button> : null}
      </div>
      {creating ? (
        <NewClipPanel projects={projects} assets={assets} onClose={() => setCreating(false)} />
      ) : null}

      <ClipFilters
        status={statuses}
        project={search.project}
        asset={search.asset}
        counts={counts.data}
        projects={projects}
        assets={assets}
        onChange={update}
      />
      {counts.isError ? (
        <p className="text-sm text-amber-800">
          The status counts could not be loaded; the list below is still filtered.
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="View" className="inline-flex rounded-md shadow-sm">
          {(
            [
              ['cards', 'Cards'],
              ['sources', 'By source'],
            ] as const
          ).map(([view, label], index) => (
            <button
              key={view}
              type="button"
              aria-pressed={search.view === view}
              onClick={() => update({ view })}
              className={`border border-slate-300 px-3 py-1.5 text-sm font-medium ${index === 0 ? 'rounded-l-md' : '-ml-px rounded-r-md'} ${search.view === view ? 'bg-indigo-600 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'}`}
            >
              {label}
            </button>
          ))}
        </div>
        {cards ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Clips per page
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
              value={search.limit}
              onChange={(event) => update({ limit: Number(event.target.value), offset: 0 })}
            >
              {[12, 24, MAX_PAGE_SIZE].map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Order clips by
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
              value={search.sort}
              onChange={(event) =>
                update({ sort: event.target.value === 'score' ? 'score' : 'position' })
              }
            >
              <option value="position">Position in the source</option>
              <option value="score">Score, best first</option>
            </select>
          </label>
        )}
      </div>

      {cards ? (
        list.isPending ? (
          <LoadingState label={describeRetrying(list.failureReason) ?? 'Loading clips…'} />
        ) : list.isError ? (
          <ErrorState
            error={list.error}
            onRetry={() => void list.refetch()}
            fieldLabels={LIST_FIELD_LABELS}
          />
        ) : (
          <>
            <h2 className="sr-only">Results</h2>
            <p role="status" className="text-sm text-slate-700">
              {resultSummary(search, list.data.bounds)}
              {list.data.bounds.truncated
                ? '. The service stopped counting; narrow the filters to see an exact total.'
                : ''}
            </p>
            {list.data.clips.length === 0 ? (
              search.offset > 0 ? (
                <EmptyState
                  title="No clips on this page"
                  action={
                    <Link to="/clips" search={{ ...search, offset: 0 }} className={pageLinkClass}>
                      Back to the first page
                    </Link>
                  }
                />
              ) : (
                <EmptyState
                  title={
                    search.status.length || search.project || search.asset
                      ? 'No clips match these filters'
                      : 'No clips yet'
                  }
                  action={
                    !creating ? <Button onClick={() => setCreating(true)}>New clip</Button> : null
                  }
                >
                  Clips are cut from long videos. Paste a video address or pick a media asset to
                  make one.
                </EmptyState>
              )
            ) : (
              <ul
                aria-label="Clips"
                aria-busy={list.isFetching}
                data-filter={filterKey}
                data-offset={list.data.bounds.offset}
                data-fresh={!list.isPlaceholderData}
                className={`grid grid-cols-1 gap-3 md:grid-cols-2 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
              >
                {list.data.clips.map((clip) => (
                  <ClipCard key={clip.clip_id} clip={clip} />
                ))}
              </ul>
            )}
            <Pagination
              label="Clip pages"
              offset={search.offset}
              limit={search.limit}
              total={list.data.bounds.total}
              returned={list.data.bounds.returned}
              hasMore={list.data.bounds.has_more}
              renderLink={({ offset, rel, children }) => (
                <Link
                  to="/clips"
                  search={{ ...search, offset }}
                  rel={rel}
                  className={pageLinkClass}
                >
                  {children}
                </Link>
              )}
            />
          </>
        )
      ) : sources.isPending ? (
        <LoadingState
          label={describeRetrying(sources.failureReason) ?? 'Loading clips by source…'}
        />
      ) : sources.isError ? (
        <ErrorState
          error={sources.error}
          onRetry={() => void sources.refetch()}
          fieldLabels={LIST_FIELD_LABELS}
        />
      ) : (
        <>
          <h2 className="sr-only">Results</h2>
          <p role="status" className="text-sm text-slate-700">
            {resultSummary(search, { total: sources.data.total, truncated: false })} on{' '}
            {sourceCount(sources.data.clips)}
            {sources.data.capped
              ? `. Only the first ${Math.min(SOURCE_VIEW_MAX_CLIPS, sources.data.clips.length)} are drawn; filter by project, asset or status to see every clip of a source.`
              : '.'}
          </p>
          {sources.data.clips.length === 0 ? (
            <EmptyState title="No clips match these filters" />
          ) : (
            <div data-filter={filterKey} data-fresh={!sources.isPlaceholderData}>
              <SourceView clips={sources.data.clips} sort={search.sort} assetNames={assetNames} />
            </div>
          )}
        </>
      )}
      <OpenBatch />
    </section>
  );
}
