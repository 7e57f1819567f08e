import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { ProgressBar } from '@/components/progress-bar.tsx';
import { formatDuration } from '@/lib/format.ts';
import { suggestionRunQueryOptions } from '@/api/suggestion-runs.ts';

/** Follows a short-suggestions run (live events, polling with back-off) to its suggestions. */
export function SuggestionsRunPanel({ assetId, runId }: { assetId: string; runId: string }) {
  const run = useQuery(suggestionRunQueryOptions(assetId, runId));
  return (
    <section
      aria-label="Short suggestions"
      aria-busy={run.data ? run.data.status === 'queued' || run.data.status === 'running' : true}
      className="rounded-md border border-slate-200 p-4"
    >
      <h3 className="mb-2 font-semibold">Short suggestions</h3>
      {run.isPending ? (
        <LoadingState label="Starting the run…" />
      ) : run.isError ? (
        <ErrorState error={run.error} onRetry={() => void run.refetch()} />
      ) : run.data.status === 'failed' ? (
        <p role="alert" className="text-sm text-red-800">
          The run failed: {run.data.error ?? 'no reason given.'}
        </p>
      ) : run.data.status !== 'complete' ? (
        <div className="flex flex-col gap-2 text-sm">
          <p role="status">
            {run.data.status === 'queued' ? 'Queued' : 'Finding moments'} · run{' '}
            <code>{run.data.run_id}</code>
          </p>
          <ProgressBar value={run.data.progress} label="Short suggestions progress" />
        </div>
      ) : run.data.suggestions.length === 0 ? (
        <p role="status" className="text-sm">
          The run finished without suggestions: the asset may have no speech.
        </p>
      ) : (
        <ol aria-label="Suggested moments, best first" className="flex flex-col gap-2 text-sm">
          {run.data.suggestions.map((item) => (
            <li key={item.suggestion_id} className="rounded bg-slate-50 p-2">
              <p className="font-medium">
                {item.title}{' '}
                <span className="font-normal text-slate-600">
                  · {formatDuration(item.start_seconds)}–{formatDuration(item.end_seconds)} · score{' '}
                  {(item.score ?? 0).toFixed(2)}
                </span>
              </p>
              {item.hook ? <p className="text-slate-700">“{item.hook}”</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
