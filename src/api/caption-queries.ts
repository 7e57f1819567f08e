/**
 * The project's caption style: read by the caption styler (which edits it) and by the timeline's
 * preview (which paints captions with it); and the Caption Looks, offered by the caption styler,
 * the AI edit style screen and onboarding. Each resource's one `queryOptions` lives here.
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

export const captionLooksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.captionLooks,
    queryFn: ({ signal }) => unwrap(api.GET('/caption-looks', { signal })),
    staleTime: 10 * 60_000,
  });
