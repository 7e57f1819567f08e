import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { useAnnounceOnce } from '@/lib/use-announce-once.ts';
import { isStartedHere } from '@/lib/started-work.ts';
import { pushToast } from '@/lib/toast-store.ts';
import {
  POSTS_PAGE_SIZE,
  connectionsQueryOptions,
  postQueryOptions,
  postsQueryOptions,
  useCancelPost,
  type PostStatus,
} from '../api/publishing-queries.ts';
import { PostCard, postStatusSentence } from './post-card.tsx';
import { ScheduleForm } from './schedule-form.tsx';
import type { ScheduledPost } from '@/api/schema.gen.ts';

const STATUSES: PostStatus[] = ['scheduled', 'publishing', 'published', 'failed', 'cancelled'];

export function PublishingPage({
  organizationId,
  projectId,
  exportId,
}: {
  /** The signed-in workspace: the unsent post is kept per workspace on this device. */
  organizationId: string;
  projectId?: string | undefined;
  exportId?: string | undefined;
}) {
  const [followed, setFollowed] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold">Publishing</h1>
        <p className="mt-1 text-slate-600">
          Schedule finished videos and slideshows to your short-form accounts. Every post is checked
          before it is sent, followed until it goes out, and never retried behind your back.
        </p>
      </div>
      <section aria-labelledby="schedule-heading" className="flex flex-col gap-3">
        <h2 id="schedule-heading" className="text-lg font-semibold">
          Schedule a post
        </h2>
        <ScheduleForm
          organizationId={organizationId}
          initialProjectId={projectId}
          initialExportId={exportId}
          onScheduled={(post) => setFollowed(post.post_id)}
        />
        {followed ? <FollowedPost postId={followed} /> : null}
      </section>
      <PostsList />
    </div>
  );
}

/** The post just scheduled, followed until it is published or fails; announced once when it ends. */
function FollowedPost({ postId }: { postId: string }) {
  const post = useQuery(postQueryOptions(postId));
  const connections = useQuery(connectionsQueryOptions);
  const cancel = useCancelPost();
  useAnnounceOutcome(post.data);
  if (post.isPending) return <LoadingState label="Following the post…" />;
  if (post.isError) return <ErrorState error={post.error} onRetry={() => void post.refetch()} />;
  return (
    <section aria-label="Your post" className="flex flex-col gap-2">
      <p role="status" className="text-sm text-slate-700">
        {postStatusSentence(post.data.status)}
      </p>
      <InlineError error={cancel.error} />
      <ul>
        <PostCard
          post={post.data}
          connection={connections.data?.connections.find(
            (item) => item.connection_id === post.data.connection_id,
          )}
          onCancel={(id) => cancel.mutate(id)}
          cancelling={cancel.isPending}
        />
      </ul>
    </section>
  );
}

function useAnnounceOutcome(post: ScheduledPost | undefined) {
  const announce = useAnnounceOnce();
  useEffect(() => {
    if (!post || (post.status !== 'published' && post.status !== 'failed')) return;
    if (!isStartedHere(post.post_id)) return;
    // Once in the browser, though several tabs may show the post; its starter's tab first.
    announce({ ids: [post.post_id], key: `post:${post.post_id}` }, () =>
      pushToast(
        post.status === 'published'
          ? {
              tone: 'success',
              title: 'Post published',
              detail: 'Your post went out.',
              about: [`post:${post.post_id}`],
            }
          : {
              tone: 'error',
              title: 'Post failed',
              detail: post.failure?.message ?? 'The platform refused the post.',
              about: [`post:${post.post_id}`],
            },
      ),
    );
  }, [post, announce]);
}

function PostsList() {
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<PostStatus | ''>('');
  const posts = useQuery(postsQueryOptions({ offset, status: status || undefined }));
  const connections = useQuery(connectionsQueryOptions);
  const cancel = useCancelPost();
  const bounds = posts.data?.bounds;
  return (
    <section aria-labelledby="posts-heading" className="flex flex-col gap-3">
      <div className="flex items-end gap-4">
        <h2 id="posts-heading" className="text-lg font-semibold">
          Posts
        </h2>
        <label className="ml-auto flex items-center gap-2 text-sm">
          Status
          <select
            className="rounded-md border border-slate-300 px-2 py-1"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as PostStatus | '');
              setOffset(0);
            }}
          >
            <option value="">All</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      <InlineError error={cancel.error} />
      {posts.isPending ? (
        <LoadingState label="Loading posts…" />
      ) : posts.isError ? (
        <ErrorState error={posts.error} onRetry={() => void posts.refetch()} />
      ) : posts.data.posts.length === 0 ? (
        <EmptyState title={status ? `No ${status} posts` : 'No posts yet'}>
          Scheduled posts show here with their status until they go out.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Posts" className="flex flex-col gap-3">
            {posts.data.posts.map((post) => (
              <PostCard
                key={post.post_id}
                post={post}
                connection={connections.data?.connections.find(
                  (item) => item.connection_id === post.connection_id,
                )}
                onCancel={(id) => cancel.mutate(id)}
                cancelling={cancel.isPending && cancel.variables === post.post_id}
              />
            ))}
          </ul>
          {bounds && bounds.total > POSTS_PAGE_SIZE ? (
            <nav aria-label="Post pages" className="flex items-center gap-3 text-sm">
              <Button
                variant="secondary"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - POSTS_PAGE_SIZE))}
              >
                Newer posts
              </Button>
              <span>
                {offset + 1}–{offset + bounds.returned} of {bounds.total}
              </span>
              <Button
                variant="secondary"
                disabled={!bounds.has_more}
                onClick={() => setOffset(offset + POSTS_PAGE_SIZE)}
              >
                Older posts
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
