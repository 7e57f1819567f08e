import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';
import type { Project, ProjectListResponse } from './schema.gen.ts';

/**
 * One project. Shared: the project page, and every screen that names a project it only knows by
 * id (the jobs tray, posts, AI edit receipts). A project already in a cached list page is shown
 * from there at once and read again in the background.
 */
export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projects.detail(projectId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/projects/{projectId}', { params: { path: { projectId } }, signal })),
  });

/** The project as a cached list page holds it (for a name while its own answer comes). */
export function listedProject(
  pages: ReadonlyArray<ProjectListResponse | undefined>,
  projectId: string,
): Project | undefined {
  for (const page of pages) {
    const found = page?.projects.find((project) => project.id === projectId);
    if (found) return found;
  }
  return undefined;
}

/** The name of a project the cache holds (its own answer or a list page), if any. */
export function cachedProjectName(
  client: QueryClient,
  projectId: string | null | undefined,
): string | undefined {
  if (!projectId) return undefined;
  const own = client.getQueryData<Project>(queryKeys.projects.detail(projectId));
  if (own?.name) return own.name;
  const pages = client
    .getQueriesData<ProjectListResponse>({ queryKey: queryKeys.projects.lists })
    .map(([, data]) => data)
    .filter((data) => Array.isArray(data?.projects));
  return listedProject(pages, projectId)?.name;
}
