/**
 * Seed of the last mile: connected publishing accounts (one healthy, one the platform refuses at
 * publish time, one expired), and a few posts in every final state, so the publishing screens and
 * the provider's error have something to show on a fresh start.
 */
import type { SeedContext } from './seed-context.ts';
import { isoAt } from './seed-context.ts';
import type { ConnectionRecord, Workspace } from './workspace.ts';
import type { ScheduledPost, ScheduledPostFailure } from '@/api/schema.gen.ts';

const GIB = 1024 ** 3;

/** The error the platform gives for every post to the "brand" account (an unaudited app). */
export const UNAUDITED_APP_REFUSAL: ScheduledPostFailure = {
  provider: 'shortform',
  code: 'unaudited_client_can_only_post_to_private_accounts',
  message:
    'This app has not completed the platform audit, so it can only post to private accounts. The account @cutroom.brand is public.',
  retryable: false,
  how_to_fix:
    'Set @cutroom.brand to private in the platform app, or post from an audited account, then schedule the post again.',
};

export function seedConnections(): ConnectionRecord[] {
  return [
    {
      connection: {
        connection_id: 'conn_studio',
        platform: 'shortform',
        account_name: '@cutroom.studio',
        status: 'connected',
        publish_modes: ['direct_post', 'inbox_draft'],
        min_duration_seconds: 3,
        max_duration_seconds: 600,
        max_file_size_bytes: 4 * GIB,
        max_slideshow_images: 35,
      },
      providerRefusal: null,
    },
    {
      connection: {
        connection_id: 'conn_brand',
        platform: 'shortform',
        account_name: '@cutroom.brand',
        status: 'connected',
        publish_modes: ['direct_post', 'inbox_draft'],
        min_duration_seconds: 3,
        max_duration_seconds: 180,
        max_file_size_bytes: GIB,
        max_slideshow_images: 35,
      },
      providerRefusal: UNAUDITED_APP_REFUSAL,
    },
    {
      connection: {
        connection_id: 'conn_archive',
        platform: 'shortform',
        account_name: '@cutroom.archive',
        status: 'expired',
        publish_modes: ['inbox_draft'],
        min_duration_seconds: 3,
        max_duration_seconds: 60,
        max_file_size_bytes: 512 * 1024 ** 2,
        max_slideshow_images: 10,
      },
      providerRefusal: null,
    },
  ];
}

/** A published, a failed and an upcoming post over the first projects' exports. */
export function seedPosts(ctx: SeedContext, workspace: Workspace): ScheduledPost[] {
  const posts: ScheduledPost[] = [];
  const withExports = workspace.projects.filter((record) => record.exports.length > 0);
  const plans = [
    { day: 2, status: 'scheduled', connection: 'conn_studio', mode: 'direct_post' },
    { day: -1, status: 'failed', connection: 'conn_brand', mode: 'direct_post' },
    { day: -2, status: 'published', connection: 'conn_studio', mode: 'inbox_draft' },
  ] as const;
  plans.forEach((plan, index) => {
    const record = withExports[index + 1];
    const exported = record?.exports.at(-1);
    if (!record || !exported) return;
    const postId = `post_${ctx.rng.hex(12)}`;
    const post: ScheduledPost = {
      post_id: postId,
      target_id: `tgt_${ctx.rng.hex(8)}`,
      platform: 'shortform',
      status: plan.status,
      scheduled_for: isoAt(ctx, plan.day),
      connection_id: plan.connection,
      export_id: exported.export_id,
      project_id: record.project.id,
      source: 'project_export',
      source_media_asset_ids: [],
      media_type: 'video',
      publish_mode: plan.mode,
      caption: `${record.project.name} — out now.`,
      created_at: isoAt(ctx, plan.day - 1),
      next_actions:
        plan.status === 'scheduled'
          ? [
              {
                method: 'GET',
                path: `/publishing/shortform/posts/${postId}`,
                reason: 'Follow the post until it is published or fails.',
              },
            ]
          : [],
    };
    if (plan.status === 'failed') post.failure = UNAUDITED_APP_REFUSAL;
    if (plan.status === 'published') {
      post.published_at = isoAt(ctx, plan.day);
      post.provider_post_url = `https://shortform.example/@cutroom.studio/inbox/${postId}`;
    }
    posts.push(post);
  });
  return posts;
}
