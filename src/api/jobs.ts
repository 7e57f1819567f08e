import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';

const FINISHED = new Set(['complete', 'completed', 'succeeded', 'failed', 'cancelled', 'canceled']);

/** The job statuses after which nothing moves (the contract's open set, as the service spells them). */
export function isFinishedJobStatus(status: string): boolean {
  return FINISHED.has(status);
}

/**
 * How soon a running job is read again, by how long this browser has followed it: four times a
 * second in its first second (the screen says "running" within it even on a slow link), twice a
 * second up to 3 s, then every second, every 2 s, and from half a minute every 5 s. The service
 * sends no progress events, only its end (which stops the polling at once), so the progress comes
 * from here. (By time followed, not by reads: every write of the job into its views counts as an
 * update of its query.)
 */
export function followJobIntervalMs(followedMs: number): number {
  if (followedMs < 1_000) return 250;
  if (followedMs < 3_000) return 500;
  if (followedMs < 10_000) return 1_000;
  if (followedMs < 30_000) return 2_000;
  return 5_000;
}

/** When this browser began following each running job (forgotten when it ends). */
const followedSince = new Map<string, number>();

function nextRead(jobId: string, status: string | undefined): number | false {
  if (status === undefined || isFinishedJobStatus(status)) {
    followedSince.delete(jobId);
    return false;
  }
  const now = Date.now();
  const since = followedSince.get(jobId) ?? now;
  followedSince.set(jobId, since);
  return followJobIntervalMs(now - since);
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
    refetchInterval: (query) => nextRead(jobId, query.state.data?.status),
    // Followed wherever the screen is: progress is the point.
    refetchIntervalInBackground: true,
  });
