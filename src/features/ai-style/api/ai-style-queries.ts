import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { retryWhenRefused } from '@/api/retry-policy.ts';

export const aiEditRunsQueryOptions = queryOptions({
  queryKey: queryKeys.aiEditRuns,
  queryFn: ({ signal }) => unwrap(api.GET('/ai-edit/runs', { signal })),
});

/** Styles are Caption Looks (e.g. `mirage-black`). */
export const stylesQueryOptions = queryOptions({
  queryKey: [...queryKeys.captions.all, 'looks'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/caption-looks', { signal })),
  staleTime: 10 * 60_000,
});

export function useApplyStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryWhenRefused,
    mutationFn: (input: { runId: string; styleId: string; dryRun: boolean }) =>
      unwrap(
        api.POST('/ai-edit/runs/{runId}/apply-style', {
          params: { path: { runId: input.runId } },
          body: { style_id: input.styleId, dry_run: input.dryRun },
        }),
      ),
    onSuccess: (result) => {
      if (result.dry_run) return undefined;
      // A real apply changes the project's captions and timeline revision, and spends credits.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.aiEditRuns }),
        queryClient.invalidateQueries({ queryKey: queryKeys.credits }),
        ...(result.project_id
          ? [
              queryClient.invalidateQueries({
                queryKey: queryKeys.captions.project(result.project_id),
              }),
              queryClient.invalidateQueries({
                queryKey: queryKeys.timeline.project(result.project_id),
              }),
            ]
          : []),
      ]);
    },
  });
}
