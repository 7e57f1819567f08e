import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listedProject, projectQueryOptions } from '@/api/projects.ts';
import { queryKeys } from '@/api/query-keys.ts';
import type { ProjectListResponse } from '@/api/schema.gen.ts';

/**
 * A project's name, for screens that know the project only by id (the jobs tray, posts, AI edit
 * receipts): from a cached list page at once, else from the project itself. Undefined while
 * unknown (or when there is no project).
 */
export function useProjectName(projectId: string | null | undefined): string | undefined {
  const client = useQueryClient();
  const project = useQuery({
    ...projectQueryOptions(projectId ?? ''),
    enabled: Boolean(projectId),
    staleTime: 5 * 60_000,
    retry: false,
    initialData: () =>
      projectId
        ? listedProject(
            client
              .getQueriesData<ProjectListResponse>({ queryKey: queryKeys.projects.lists })
              .map(([, data]) => data)
              .filter((data) => Array.isArray(data?.projects)),
            projectId,
          )
        : undefined,
    initialDataUpdatedAt: 0,
  });
  return project.data?.name;
}
