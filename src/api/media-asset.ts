import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * One media asset's record (assumed `GET /workspace/media/assets/{assetId}`), under the media
 * key, so media events refresh it. Screens add their own freshness (polling, staleTime).
 */
export const mediaAssetRecordQueryOptions = (assetId: string) =>
  queryOptions({
    queryKey: queryKeys.media.asset(assetId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/workspace/media/assets/{assetId}', { params: { path: { assetId } }, signal }),
      ),
  });
