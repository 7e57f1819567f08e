import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { projectQueryOptions } from '@/api/projects.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { nextTask } from '@/lib/next-task.ts';
import { timelineIndexOf } from '../model/timeline-index.ts';
import type { CaptionWord, Timeline, TimelineItem } from '@/api/schema.gen.ts';

/**
 * The timeline route's data: the timeline and the project (its frame's shape), then the
 * timeline's index (a thousand items sorted per layer) built in a task of its own, before the
 * editor renders (its first render would build it). The project's error is the page's to show.
 */
export async function loadTimeline(queryClient: QueryClient, projectId: string): Promise<Timeline> {
  const project = queryClient.prefetchQuery(projectQueryOptions(projectId));
  const timeline = await queryClient.ensureQueryData(timelineQueryOptions(projectId));
  await project;
  await nextTask();
  timelineIndexOf(timeline);
  return timeline;
}

/** The words of one caption item (the preview draws the caption under the playhead). */
export const captionItemWordsQueryOptions = (
  projectId: string,
  item: Pick<TimelineItem, 'id' | 'start_seconds' | 'end_seconds'>,
) =>
  queryOptions({
    queryKey: queryKeys.captions.itemWords(
      projectId,
      item.id,
      item.start_seconds,
      item.end_seconds,
    ),
    queryFn: async ({ signal }) => {
      const body = await unwrap(
        api.GET('/projects/{projectId}/captions/words', {
          params: { path: { projectId }, query: { timeline_item_id: item.id, limit: 500 } },
          signal,
        }),
      );
      return body.words;
    },
    staleTime: 60_000,
  });

/**
 * Every caption word of the project (pages of 500), for the safe-area check of caption pages.
 * Under the project's caption key: caption and timeline edits that move words refresh it.
 */
export const projectCaptionWordsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...queryKeys.captions.project(projectId), 'all-words-for-safe-areas'] as const,
    queryFn: async ({ signal }) => {
      const words: CaptionWord[] = [];
      for (let offset = 0; ; offset += 500) {
        const page = await unwrap(
          api.GET('/projects/{projectId}/captions/words', {
            params: { path: { projectId }, query: { limit: 500, offset } },
            signal,
          }),
        );
        words.push(...page.words);
        if (!page.pagination?.hasMore || page.words.length === 0) return words;
      }
    },
    staleTime: 30_000,
  });

/** Images and videos of the media library matching a search (the overlay picker). */
export const overlayAssetsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [
      ...queryKeys.media.assets({
        limit: 100,
        offset: 0,
        sort: 'name',
        ...(search ? { search } : {}),
      }),
      'overlay-choices',
    ] as const,
    queryFn: async ({ signal }) => {
      const page = await unwrap(
        api.GET('/workspace/media/assets', {
          params: { query: { limit: 100, offset: 0, ...(search ? { search } : {}), sort: 'name' } },
          signal,
        }),
      );
      return page.assets.filter((asset) => asset.kind !== 'audio');
    },
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
