import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';
import type { components } from './schema.gen.ts';

export type ProjectExport = components['schemas']['Export'];

export const EXPORTS_PAGE_SIZE = 50;

/**
 * One page (50) of a project's exports. Shared: the exports list and the publishing scheduler's
 * export picker read the same cache entries, refreshed by `export.ready` events.
 */
export const projectExportsQueryOptions = (projectId: string, offset = 0) =>
  queryOptions({
    queryKey: [...queryKeys.exports.project(projectId), { offset }] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/projects/{projectId}/exports', {
          params: { path: { projectId }, query: { limit: EXPORTS_PAGE_SIZE, offset } },
          signal,
        }),
      ),
    placeholderData: (previous) => previous,
  });
