import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { writeObject } from '@/api/object-caches.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { retryWhenRefused } from '@/api/retry-policy.ts';
import type { components, ScheduledPost } from '@/api/schema.gen.ts';
import { useIdempotentMutation } from '@/api/use-idempotent-mutation.ts';
import { markStarted } from '@/lib/started-work.ts';

export type PostStatus = components['schemas']['ScheduledPostStatus'];
export type Connection = components['schemas']['PublishingConnection'];
export type SchedulePostBody = components['schemas']['SchedulePostRequest'];

export const POSTS_PAGE_SIZE = 20;

export function isFinalPostStatus(status: string): boolean {
  return status === 'published' || status === 'failed' || status === 'cancelled';
}

/**
 * Follow-up interval of a post that has not reached a final state: every 2 s while the platform
 * is publishing or the post is due within two minutes, then slower with each poll (the reference
 * prefers polling with backoff; there is no event for posts). False when there is nothing to follow.
 */
export function postPollInterval(
  posts: readonly ScheduledPost[],
  now: number,
  polls: number,
): number | false {
  const open = posts.filter((post) => !isFinalPostStatus(post.status));
  if (open.length === 0) return false;
  const soon = open.some(
    (post) => post.status === 'publishing' || Date.parse(post.scheduled_for ?? '') - now < 120_000,
  );
  if (!soon) return 60_000;
  return Math.min(10_000, Math.round(2_000 * 1.25 ** Math.min(polls, 8)));
}

export const connectionsQueryOptions = queryOptions({
  queryKey: queryKeys.publishing.connections,
  queryFn: ({ signal }) => unwrap(api.GET('/publishing/shortform/connections', { signal })),
  staleTime: 60_000,
});

export const postsQueryOptions = (page: { offset: number; status?: PostStatus | undefined }) => {
  const query = { limit: POSTS_PAGE_SIZE, offset: page.offset, status: page.status };
  return queryOptions({
    queryKey: queryKeys.publishing.posts(query),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/publishing/shortform/posts', { params: { query }, signal })),
    placeholderData: (previous) => previous,
    refetchInterval: (q) =>
      postPollInterval(q.state.data?.posts ?? [], Date.now(), q.state.dataUpdateCount),
  });
};

/** One post, followed (the path of its `next_actions`) until it is published or fails. */
export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.publishing.post(postId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/publishing/shortform/posts/{postId}', {
          params: { path: { postId } },
          signal,
        }),
      ),
    refetchInterval: (q) =>
      q.state.data ? postPollInterval([q.state.data], Date.now(), q.state.dataUpdateCount) : false,
  });

/** Images of the workspace for a slideshow (assumed `kind` filter). */
export const imageAssetsQueryOptions = queryOptions({
  queryKey: [...queryKeys.media.all, 'images'] as const,
  queryFn: ({ signal }) =>
    unwrap(
      api.GET('/workspace/media/assets', {
        params: { query: { kind: 'image', limit: 100, offset: 0 } },
        signal,
      }),
    ),
});

export const projectsPickerQueryOptions = queryOptions({
  queryKey: [...queryKeys.projects.lists, 'picker'] as const,
  queryFn: ({ signal }) =>
    unwrap(api.GET('/projects', { params: { query: { limit: 50, offset: 0 } }, signal })),
});

/**
 * Schedules a post. One Idempotency-Key per submission, so a retried request (429/5xx) can never
 * schedule the same post twice. A post the platform refuses is never retried automatically.
 */
export function useSchedulePost() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: SchedulePostBody, idempotencyKey: string) =>
      unwrap(
        api.POST('/publishing/shortform/schedule', {
          body,
          params: { header: { 'Idempotency-Key': idempotencyKey } },
        }),
      ),
    onSuccess: (post) => {
      markStarted(post.post_id);
      writeObject(queryClient, 'post', post);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.publishing.all }),
  });
}

export function useCancelPost() {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryWhenRefused,
    mutationFn: (postId: string) =>
      unwrap(
        api.POST('/publishing/shortform/posts/{postId}/cancel', { params: { path: { postId } } }),
      ),
    onSuccess: (post) => writeObject(queryClient, 'post', post),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.publishing.all }),
  });
}
