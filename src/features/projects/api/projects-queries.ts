import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { queryKeys, type PageParams } from '@/api/query-keys.ts';
import type { paths, Project } from '@/api/schema.gen.ts';

export type ProjectsPage = PageParams;

const projectKeys = {
  list: queryKeys.projects.list,
  detail: queryKeys.projects.detail,
};

export const projectsQueryOptions = (page: ProjectsPage) =>
  queryOptions({
    queryKey: projectKeys.list(page),
    queryFn: ({ signal }) => unwrap(api.GET('/projects', { params: { query: page }, signal })),
    placeholderData: (previous) => previous,
  });

type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type CreateProjectBody = JsonBody<paths['/projects']['post']['requestBody']>;
export type UpdateProjectBody = JsonBody<paths['/projects/{projectId}']['patch']['requestBody']>;

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => unwrap(api.POST('/projects', { body })),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects.lists });
    },
  });
}

/** Optimistic rename/description edit: cancel → snapshot → apply → rollback on error → refetch. */
export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  const key = projectKeys.detail(projectId);
  return useMutation({
    mutationFn: (body: UpdateProjectBody) =>
      unwrap(api.PATCH('/projects/{projectId}', { params: { path: { projectId } }, body })),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<Project>(key);
      if (previous) {
        const optimistic: Project = {
          ...previous,
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
        };
        queryClient.setQueryData(key, optimistic);
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects.lists }),
      ]),
  });
}
