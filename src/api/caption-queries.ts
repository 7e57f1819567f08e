/**
 * The project's caption style: read by the caption styler (which edits it) and by the timeline's
 * preview (which paints captions with it), so its one `queryOptions` lives here.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const captionStyleQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.captions.style(projectId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/projects/{projectId}/captions/style', {
          params: { path: { projectId } },
          signal,
        }),
      ),
    staleTime: 60_000,
  });
