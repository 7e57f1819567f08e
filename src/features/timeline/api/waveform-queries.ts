import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { chunkSeconds } from '../model/waveform-peaks.ts';

/**
 * One chunk of an asset's waveform peaks at a resolution (model/waveform-peaks.ts): the source time
 * [chunk × its seconds, (chunk + 1) × its seconds). An asset's sound never changes: kept as long
 * as the tab lives unless memory asks.
 */
export const waveformChunkQueryOptions = (
  assetId: string,
  pixelsPerSecond: 1 | 10 | 100 | 1000,
  chunk: number,
) =>
  queryOptions({
    queryKey: queryKeys.waveform.chunk(assetId, pixelsPerSecond, chunk),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/workspace/media/assets/{assetId}/waveform', {
          params: {
            path: { assetId },
            query: {
              pixels_per_second: pixelsPerSecond,
              start_seconds: chunk * chunkSeconds(pixelsPerSecond),
              duration_seconds: chunkSeconds(pixelsPerSecond),
            },
          },
          signal,
          // Behind the preview's frames and sound for the browser's few connections to the host.
          priority: 'low',
        }),
      ),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
