import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';

export const timelineKeys = {
  all: ['timeline'] as const,
  detail: (projectId: string) => ['timeline', projectId] as const,
  frame: (projectId: string, atSeconds: number, revision: number) =>
    ['timeline', projectId, 'frame', atSeconds, revision] as const,
};

/** The project timeline with its revision (server state: the editor never copies it). */
export const timelineQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: timelineKeys.detail(projectId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/projects/{projectId}/timeline', { params: { path: { projectId } }, signal }),
      ),
    // Edits keep it fresh themselves; a focus refetch mid-drag would only fight the person.
    refetchOnWindowFocus: false,
  });

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the frame image.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The rendered frame at a time, as a data URL (the service answers SVG or PNG). Keyed by the
 * timeline revision so an edit redraws the frame under the playhead.
 */
export const previewFrameQueryOptions = (projectId: string, atSeconds: number, revision: number) =>
  queryOptions({
    queryKey: timelineKeys.frame(projectId, atSeconds, revision),
    queryFn: async ({ signal }) => {
      const blob = await unwrap(
        api.GET('/projects/{projectId}/preview-frame', {
          params: { path: { projectId }, query: { at_seconds: atSeconds } },
          parseAs: 'blob',
          signal,
        }),
      );
      return blobToDataUrl(blob);
    },
    staleTime: Infinity,
    gcTime: 30_000,
    placeholderData: (previous) => previous,
  });
