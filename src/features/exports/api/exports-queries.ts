import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { writeObject } from '@/api/object-caches.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { retryWhenRefused } from '@/api/retry-policy.ts';
import type { ExportStartRequest } from '@/api/schema.gen.ts';
import { markStarted } from '@/lib/started-work.ts';

/**
 * Starts a render of the project. The job is remembered as started here, so its outcome toasts in
 * this browser only; its progress shows in the project's jobs and the header tray.
 */
export function useStartExport(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryWhenRefused,
    mutationFn: (body: ExportStartRequest) =>
      unwrap(api.POST('/projects/{projectId}/exports', { params: { path: { projectId } }, body })),
    onSuccess: (job) => {
      markStarted(job.job_id, job.export_id);
      // Shown in the tray and the project's jobs at once, and followed from there.
      writeObject(queryClient, 'job', job, { insert: true });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.exports.project(projectId) }),
      ]),
  });
}
