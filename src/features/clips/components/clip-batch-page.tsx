import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { clipBatchQueryOptions, clipQueryOptions } from '../api/clips-queries.ts';
import { ClipCard } from './clip-card.tsx';
import { Fact, Facts, linkClass, words } from './clip-parts.tsx';

/** Clips of a batch shown at once; a larger batch links to the rest by asset. */
const SHOWN = 24;

function factValue(key: string, value: unknown) {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && /_at$/.test(key)) return formatDateTime(value);
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (typeof value === 'object') return <code className="text-xs">{JSON.stringify(value)}</code>;
  return String(value);
}

/** A clip batch: the batch record (its fields are not shown in the reference) and its clips. */
export function ClipBatchPage({ batchId }: { batchId: string }) {
  const batch = useQuery(clipBatchQueryOptions(batchId));
  const record = (batch.data?.batch ?? {}) as Record<string, unknown>;
  const clipIds = Array.isArray(record.clip_ids)
    ? record.clip_ids.filter((id): id is string => typeof id === 'string')
    : [];
  const clips = useQueries({
    queries: clipIds.slice(0, SHOWN).map((clipId) => clipQueryOptions(clipId)),
  });
  if (batch.isPending) return <LoadingState label="Loading the clip batch…" />;
  if (batch.isError) return <ErrorState error={batch.error} onRetry={() => void batch.refetch()} />;
  const assetId = typeof record.asset_id === 'string' ? record.asset_id : '';
  return (
    <article aria-labelledby="batch-heading" className="flex flex-col gap-5">
      <div>
        <Link to="/clips" className={`text-sm ${linkClass}`}>
          ← All clips
        </Link>
        <h1 id="batch-heading" className="mt-2 text-2xl font-semibold">
          Clip batch
        </h1>
        <p className="text-sm text-slate-600">
          <code>{batchId}</code>
        </p>
      </div>
      <section
        aria-label="Batch record"
        className="rounded-lg border border-slate-200 bg-white p-5"
      >
        <Facts>
          {Object.entries(record).map(([key, value]) => (
            <Fact key={key} label={words(key).replace(/^./, (c) => c.toUpperCase())}>
              {factValue(key, value)}
            </Fact>
          ))}
        </Facts>
        {assetId ? (
          <p className="mt-3 text-sm">
            <Link to="/clips" search={{ asset: assetId, view: 'sources' }} className={linkClass}>
              See the batch’s source with its clips
            </Link>
          </p>
        ) : null}
      </section>
      <section aria-labelledby="batch-clips-heading">
        <h2 id="batch-clips-heading" className="mb-3 text-lg font-semibold">
          Clips in this batch ({clipIds.length})
        </h2>
        {clipIds.length === 0 ? (
          <p className="text-sm text-slate-600">The batch lists no clips.</p>
        ) : (
          <ul aria-label="Batch clips" className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {clips.map((query, index) =>
              query.data ? (
                <ClipCard key={query.data.clip_id} clip={query.data} />
              ) : (
                <li
                  key={clipIds[index]}
                  className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
                >
                  {query.isError ? (
                    <span className="text-red-800">
                      Clip {clipIds[index]} could not be loaded: {(query.error as Error).message}
                    </span>
                  ) : (
                    `Loading clip ${clipIds[index]}…`
                  )}
                </li>
              ),
            )}
          </ul>
        )}
        {clipIds.length > SHOWN ? (
          <p className="mt-2 text-sm text-slate-600">
            The first {SHOWN} of {clipIds.length} clips are shown.
          </p>
        ) : null}
      </section>
    </article>
  );
}
