import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { describeRetrying } from '@/api/api-error.ts';
import { LoadingState } from '@/components/loading-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import {
  clipBatchQueryOptions,
  clipQueryOptions,
  clipSourcesQueryOptions,
} from '../api/clips-queries.ts';
import type { Clip } from '@/api/schema.gen.ts';
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

/**
 * A clip batch: the batch record (its fields are not shown in the reference) and its clips. The
 * clips come from the list of the batch's asset (one list, refreshed once by live events or the
 * polling fallback, whatever the batch's size); only a clip that list does not hold (or every
 * clip, when the list fails or the batch names no asset) is read on its own.
 */
export function ClipBatchPage({ batchId }: { batchId: string }) {
  const batch = useQuery(clipBatchQueryOptions(batchId));
  const record = (batch.data?.batch ?? {}) as Record<string, unknown>;
  const clipIds = Array.isArray(record.clip_ids)
    ? record.clip_ids.filter((id): id is string => typeof id === 'string')
    : [];
  const assetId = typeof record.asset_id === 'string' ? record.asset_id : '';
  const listed = useQuery({
    ...clipSourcesQueryOptions({ assetId, statuses: [] }),
    enabled: assetId !== '',
  });
  const shownIds = clipIds.slice(0, SHOWN);
  const byId = new Map<string, Clip>((listed.data?.clips ?? []).map((c) => [c.clip_id, c]));
  const listSettled = assetId === '' || listed.isSuccess || listed.isError;
  const ownIds = listSettled ? shownIds.filter((id) => !byId.has(id)) : [];
  const own = useQueries({ queries: ownIds.map((clipId) => clipQueryOptions(clipId)) });
  const ownById = new Map(ownIds.map((id, index) => [id, own[index]]));
  if (batch.isPending)
    return (
      <LoadingState label={describeRetrying(batch.failureReason) ?? 'Loading the clip batch…'} />
    );
  if (batch.isError) return <ErrorState error={batch.error} onRetry={() => void batch.refetch()} />;
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
            {shownIds.map((clipId) => {
              const clip = byId.get(clipId) ?? ownById.get(clipId)?.data;
              if (clip) return <ClipCard key={clipId} clip={clip} />;
              const query = ownById.get(clipId);
              return (
                <li
                  key={clipId}
                  className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
                >
                  {query?.isError ? (
                    <span className="text-red-800">
                      Clip {clipId} could not be loaded: {(query.error as Error).message}
                    </span>
                  ) : (
                    `Loading clip ${clipId}…`
                  )}
                </li>
              );
            })}
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
