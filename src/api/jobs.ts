import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';
import type { Job } from './schema.gen.ts';

const FINISHED = new Set(['complete', 'completed', 'succeeded', 'failed', 'cancelled', 'canceled']);

/** The job statuses after which nothing moves (the contract's open set, as the service spells them). */
export function isFinishedJobStatus(status: string): boolean {
  return FINISHED.has(status);
}

/**
 * How soon a running job is read again, by its age: four times a second in its first second (the
 * screen says "running" within it even on a slow link), twice a second up to 3 s, then every
 * second, every 2 s, and from half a minute every 5 s. The service sends no progress events, only
 * its end (which stops the polling at once), so the progress comes from here.
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

/**
 * A job's age: the longer of how long this browser has followed it (by time, not by reads: every
 * write of the job into its views counts as an update of its query) and how long ago the service
 * created it, so a job found running long after it started (a page opened on someone's export)
 * is not read four times a second. A service clock ahead of the browser's counts for nothing.
 */
export function jobAgeMs(followedMs: number, createdAt: string | undefined, now: number): number {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Math.max(followedMs, Number.isFinite(created) ? now - created : 0);
}

function nextRead(jobId: string, job: Job | undefined): number | false {
  if (job === undefined || isFinishedJobStatus(job.status)) {
    followedSince.delete(jobId);
    return false;
  }
  const now = Date.now();
  const since = followedSince.get(jobId) ?? now;
  followedSince.set(jobId, since);
  return followJobIntervalMs(jobAgeMs(now - since, job.created_at, now));
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
    refetchInterval: (query) => nextRead(jobId, query.state.data),
    // Followed wherever the screen is: progress is the point.
    refetchIntervalInBackground: true,
  });
