import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { writeObject } from '@/api/object-caches.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { isFinishedJobStatus } from '@/api/jobs.ts';
import { retryWhenRefused } from '@/api/retry-policy.ts';
import type { Job } from '@/api/schema.gen.ts';

export function isFailedJobStatus(status: string): boolean {
  return status === 'failed';
}

/**
 * Polling fallback while jobs run: 2 s, then slower the longer nothing finishes (live events
 * refresh sooner). Stops when nothing runs.
 */
export function jobsPollInterval(jobs: readonly Job[] | undefined, updatedCount: number) {
  if (!jobs?.some((job) => !isFinishedJobStatus(job.status))) return false;
  return Math.min(15_000, 2_000 * 1.5 ** Math.min(updatedCount, 6));
}

const TRAY_PAGE = { limit: 20, offset: 0 };

/** The workspace's latest jobs, for the header tray (assumed `GET /jobs`). */
export const workspaceJobsQueryOptions = queryOptions({
  queryKey: queryKeys.jobs.workspace(TRAY_PAGE),
  queryFn: ({ signal }) => unwrap(api.GET('/jobs', { params: { query: TRAY_PAGE }, signal })),
  refetchInterval: (query) => jobsPollInterval(query.state.data?.jobs, query.state.dataUpdateCount),
});

export const projectJobsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.project(projectId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/projects/{projectId}/jobs', { params: { path: { projectId } }, signal })),
    refetchInterval: (query) =>
      jobsPollInterval(query.state.data?.jobs, query.state.dataUpdateCount),
  });

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryWhenRefused,
    mutationFn: (jobId: string) =>
      unwrap(api.POST('/jobs/{jobId}/cancel', { params: { path: { jobId } } })),
    onSuccess: (job) => writeObject(queryClient, 'job', job),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
  });
}
