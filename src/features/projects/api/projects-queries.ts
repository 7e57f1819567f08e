import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { queryKeys, type PageParams } from '@/api/query-keys.ts';
import type { components, paths } from '@/api/schema.gen.ts';

export type Project = components['schemas']['Project'];

export type ProjectsPage = PageParams;

const projectKeys = {
  list: queryKeys.projects.list,
  detail: queryKeys.projects.detail,
  exports: queryKeys.exports.project,
  jobs: queryKeys.jobs.project,
};

export const projectsQueryOptions = (page: ProjectsPage) =>
  queryOptions({
    queryKey: projectKeys.list(page),
    queryFn: ({ signal }) => unwrap(api.GET('/projects', { params: { query: page }, signal })),
    placeholderData: (previous) => previous,
  });

export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/projects/{projectId}', { params: { path: { projectId } }, signal })),
  });

export const projectExportsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.exports(projectId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/projects/{projectId}/exports', {
          params: { path: { projectId }, query: { limit: 50, offset: 0 } },
          signal,
        }),
      ),
  });

export const projectJobsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.jobs(projectId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/projects/{projectId}/jobs', { params: { path: { projectId } }, signal })),
    // Jobs move on their own; poll while any is unfinished (live events refresh sooner).
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => !isFinishedJobStatus(job.status)) ? 3000 : false,
  });

export function isFinishedJobStatus(status: string): boolean {
  return ['complete', 'completed', 'succeeded', 'failed', 'cancelled', 'canceled'].includes(status);
}

type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type CreateProjectBody = JsonBody<paths['/projects']['post']['requestBody']>;
export type UpdateProjectBody = JsonBody<paths['/projects/{projectId}']['patch']['requestBody']>;
export type ProjectExport = components['schemas']['Export'];
export type ProjectJob = components['schemas']['Job'];

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

/** Starts a render of the project; the job then shows progress on the project page. */
export function useStartExport(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/projects/{projectId}/exports', { params: { path: { projectId } }, body: {} }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.jobs(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.exports(projectId) }),
      ]),
  });
}

export function useCancelJob(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      unwrap(api.POST('/jobs/{jobId}/cancel', { params: { path: { jobId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.jobs(projectId) }),
  });
}
