/**
 * Server state of the media library: one queryOptions factory per resource (used by the route
 * loaders and the components alike) and its writes (folder, suggestions, recording-set track,
 * run cancel).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { mediaAssetRecordQueryOptions } from '@/api/media-asset.ts';
import { queryKeys, type MediaAssetFilters } from '@/api/query-keys.ts';
import type { components } from '@/api/schema.gen.ts';

export type TrackRole = components['schemas']['RecordingSetTrackRequest']['role'];
export type SuggestionsRunState = components['schemas']['ShortSuggestionsRunState'];

export const mediaAssetsQueryOptions = (filters: MediaAssetFilters) =>
  queryOptions({
    queryKey: queryKeys.media.assets(filters),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/workspace/media/assets', {
          params: { query: filters },
          signal,
        }),
      ),
    placeholderData: (previous) => previous,
  });

export const mediaFoldersQueryOptions = queryOptions({
  queryKey: queryKeys.media.folders,
  queryFn: ({ signal }) => unwrap(api.GET('/workspace/media/folders', { signal })),
});

export const mediaAssetQueryOptions = (assetId: string) =>
  queryOptions({
    ...mediaAssetRecordQueryOptions(assetId),
    // A background run moves on its own: look again while one is working.
    refetchInterval: (query) => ((query.state.data?.active_runs?.length ?? 0) > 0 ? 5000 : false),
  });

/** The clips made from an asset (first 50, newest last as the service lists them). */
export const assetClipsQueryOptions = (assetId: string) =>
  queryOptions({
    queryKey: queryKeys.media.assetClips(assetId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/clips', {
          params: { query: { asset_id: assetId, limit: 50, offset: 0 } },
          signal,
        }),
      ),
  });

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/workspace/media/folders', { body: { name } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.media.folders }),
  });
}

export function useStartSuggestions(assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/workspace/media/assets/{assetId}/short-suggestions', {
          params: { path: { assetId } },
          body: {},
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.media.asset(assetId) }),
  });
}

export function useAddTrack(assetId: string) {
  return useMutation({
    mutationFn: ({ recordingSetId, role }: { recordingSetId: string; role: TrackRole }) =>
      unwrap(
        api.POST('/recording-sets/{recordingSetId}/tracks', {
          params: { path: { recordingSetId } },
          body: { asset_id: assetId, role },
        }),
      ),
  });
}
