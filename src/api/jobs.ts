import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';

const FINISHED = new Set(['complete', 'completed', 'succeeded', 'failed', 'cancelled', 'canceled']);

/** The job statuses after which nothing moves (the contract's open set, as the service spells them). */
export function isFinishedJobStatus(status: string): boolean {
  return FINISHED.has(status);
}

/**
 * How soon a running job is read again: a quarter of a second after it started (or was first
 * seen), so the screen says "running" well within its first second even on a slow link, then half
 * a second later, then every second, then slower the longer it runs (at most every 5 s). The
 * service sends no progress events, only its end (which stops the polling at once), so the
 * progress comes from here.
 */
export function followJobIntervalMs(reads: number): number {
  if (reads <= 0) return 250;
  if (reads === 1) return 500;
  return Math.min(5_000, Math.round(1_000 * 1.5 ** Math.max(0, reads - 2)));
}

/**
 * One job, followed until it ends. Every answer reaches the tray, the project's jobs and any
 * other view of it (see object-caches.ts).
 */
export const jobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.detail(jobId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/jobs/{jobId}', { params: { path: { jobId } }, signal })),
    refetchInterval: (query) =>
      !query.state.data || isFinishedJobStatus(query.state.data.status)
        ? false
        : followJobIntervalMs(query.state.dataUpdateCount),
    // Followed wherever the screen is: progress is the point.
    refetchIntervalInBackground: true,
  });
