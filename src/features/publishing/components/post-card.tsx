import { useQuery } from '@tanstack/react-query';
import { projectExportsQueryOptions } from '@/api/exports.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { CopyableId } from '@/components/copyable-id.tsx';
import { useProjectName } from '@/components/project-name.tsx';
import { exportFacts, exportTitle } from '@/lib/export-facts.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useFocusFallback } from '@/lib/use-focus-fallback.ts';
import type { Connection } from '../api/publishing-queries.ts';
import type { ScheduledPost } from '@/api/schema.gen.ts';

const tone: Record<string, string> = {
  scheduled: 'bg-amber-100 text-amber-900',
  publishing: 'bg-indigo-100 text-indigo-900',
  published: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

export const modeName = (mode: string | undefined) =>
  mode === 'inbox_draft' ? 'Inbox draft' : 'Direct post';

/** A post's status as a sentence about it: “Your post failed.” */
export function postStatusSentence(status: string): string {
  switch (status) {
    case 'scheduled':
      return 'Your post is scheduled; following it until it goes out.';
    case 'publishing':
      return 'Your post is being published; following it until it goes out.';
    case 'published':
      return 'Your post was published.';
    case 'failed':
      return 'Your post failed.';
    case 'cancelled':
      return 'Your post was cancelled.';
    default:
      return `Your post’s status: ${status}.`;
  }
}

/**
 * What a post carries, as people know it: the project's name and the export's render date,
 * resolution, length and size (a slideshow: its images). Ids stay secondary.
 */
function usePostTitle(post: ScheduledPost): { title: string; facts: string } {
  const video = post.media_type !== 'slideshow';
  const projectName = useProjectName(video ? post.project_id : undefined);
  const exports = useQuery({
    ...projectExportsQueryOptions(post.project_id ?? ''),
    enabled: video && Boolean(post.project_id && post.export_id),
    staleTime: 60_000,
  });
  if (!video) {
    const count = post.source_media_asset_ids?.length ?? 0;
    return { title: `Slideshow of ${count} ${count === 1 ? 'image' : 'images'}`, facts: '' };
  }
  const item = exports.data?.exports.find((candidate) => candidate.export_id === post.export_id);
  return {
    title: projectName ?? 'A video export',
    facts: item ? [exportTitle(item), exportFacts(item)].filter(Boolean).join(' · ') : '',
  };
}

/**
 * A post: status, when (in the user's time zone), where, what, its next actions, and on failure
 * the provider's own error and whether scheduling it again can help. Cancel while scheduled.
 */
export function PostCard({
  post,
  connection,
  onCancel,
  cancelling,
}: {
  post: ScheduledPost;
  connection: Connection | undefined;
  onCancel?: (postId: string) => void;
  cancelling?: boolean;
}) {
  const cancellable = post.status === 'scheduled';
  const { fallbackRef, controlFocusProps } = useFocusFallback<HTMLLIElement>(!cancellable);
  const { title, facts } = usePostTitle(post);
  return (
    <li
      ref={fallbackRef}
      tabIndex={-1}
      className="rounded-lg border border-slate-200 bg-white p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      aria-label={`Post of ${title}, ${post.status}`}
      data-shows={`post:${post.post_id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone[post.status] ?? ''}`}>
          {post.status}
        </span>
        <span className="font-medium">{title}</span>
        <span className="text-sm text-slate-600">
          · {modeName(post.publish_mode)} to {connection?.account_name ?? post.connection_id}
        </span>
        {onCancel && cancellable ? (
          <Button
            variant="secondary"
            className="ml-auto px-2 py-1 text-xs"
            pending={cancelling}
            onClick={() => onCancel(post.post_id)}
            {...controlFocusProps}
          >
            Cancel post<span className="sr-only"> of {title}</span>
          </Button>
        ) : null}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700">
        {facts ? (
          <>
            <dt className="text-slate-500">Video</dt>
            <dd>{facts}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">Publishes</dt>
        <dd>{formatDateTime(post.scheduled_for)}</dd>
        {post.published_at ? (
          <>
            <dt className="text-slate-500">Published</dt>
            <dd>{formatDateTime(post.published_at)}</dd>
          </>
        ) : null}
        {post.cancelled_at ? (
          <>
            <dt className="text-slate-500">Cancelled</dt>
            <dd>{formatDateTime(post.cancelled_at)}</dd>
          </>
        ) : null}
        {post.caption ? (
          <>
            <dt className="text-slate-500">Caption</dt>
            <dd className="truncate">{post.caption}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">Post id</dt>
        <dd>
          <CopyableId id={post.post_id} what="post" />
        </dd>
      </dl>
      {post.status === 'published' && post.provider_post_url ? (
        <a
          className="mt-2 inline-block text-sm text-indigo-700 underline"
          href={post.provider_post_url}
        >
          {post.publish_mode === 'inbox_draft' ? 'Open the draft' : 'Open the post'}
          <span className="sr-only"> of {title}</span>
        </a>
      ) : null}
      {post.status === 'failed' ? <PostFailure post={post} /> : null}
      {post.next_actions && post.next_actions.length > 0 ? (
        <p className="mt-2 text-xs text-slate-600">
          Next:{' '}
          {post.next_actions.map((action) => (
            <span key={`${action.method}-${action.path}`}>
              {action.reason}{' '}
              <code>
                {action.method} {action.path}
              </code>
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}

function PostFailure({ post }: { post: ScheduledPost }) {
  const failure = post.failure;
  return (
    <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-950">
      <p className="font-semibold">
        {failure ? `${failure.provider} refused the post` : 'The post failed'}
      </p>
      {failure ? (
        <>
          <p className="mt-1">
            “{failure.message}” <code className="text-xs">({failure.code})</code>
          </p>
          <p className="mt-1">
            {failure.retryable
              ? 'A retry can help: the platform may accept the same post later. Schedule it again when you are ready — Cutroom never retries a post by itself.'
              : 'A retry will not help until something changes. Cutroom does not retry posts automatically.'}
          </p>
          {failure.how_to_fix ? <p className="mt-1">What to do: {failure.how_to_fix}</p> : null}
        </>
      ) : (
        <p className="mt-1">The service did not say why. Check the account on the platform.</p>
      )}
    </div>
  );
}
