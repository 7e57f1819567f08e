/** Publishing: schedule a short-form post of a completed export or a slideshow of images. */
import type { HttpHandler } from 'msw';
import { invalid, notFound } from '../lib/errors.ts';
import type { ScheduledPost, Schema } from '../store/contract.ts';
import { findAsset } from '../store/workspace.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

/** The path `next_actions` names to check a post (an operation of the contract). */
export const scheduledPostPath = (postId: string): string =>
  `/publishing/shortform/posts/${encodeURIComponent(postId)}`;

export function publishingHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'post', '/publishing/shortform/schedule', (req) => {
      const { workspace, sim } = req;
      // Types, bounds and "exactly one of export_id / source_media_asset_ids" are the contract's.
      const body = req.body as Schema<'SchedulePostRequest'>;
      const exportId = body.export_id ?? null;
      const imageIds = body.source_media_asset_ids ?? [];
      const scheduledFor =
        body.scheduled_for === undefined ? sim.now() + 3_600_000 : Date.parse(body.scheduled_for);
      let projectId = '';
      if (exportId !== null) {
        const owner = workspace.projects.find((record) =>
          record.exports.some((item) => item.export_id === exportId),
        );
        const found = owner?.exports.find((item) => item.export_id === exportId);
        if (!owner || !found) throw notFound('export_id', `No export ${exportId}.`);
        if (found.expires_at && Date.parse(found.expires_at) < sim.now()) {
          throw invalid('export_id', `Export ${exportId} expired at ${found.expires_at}.`);
        }
        projectId = owner.project.id;
      }
      imageIds.forEach((id, index) => {
        const asset = findAsset(workspace, id);
        if (!asset || asset.kind !== 'image') {
          throw invalid(`source_media_asset_ids[${index}]`, `${id} is not an image asset.`);
        }
      });
      const postId = `post_${sim.rng.hex(12)}`;
      const post: ScheduledPost = {
        post_id: postId,
        target_id: `tgt_${sim.rng.hex(8)}`,
        platform: 'shortform',
        status: 'scheduled',
        scheduled_for: new Date(scheduledFor).toISOString(),
        connection_id: body.connection_id ?? 'conn_demo_shortform',
        export_id: exportId ?? '',
        project_id: projectId,
        source: exportId !== null ? 'project_export' : 'image_slideshow',
        source_media_asset_ids: imageIds,
        media_type: exportId !== null ? 'video' : 'slideshow',
        publish_mode: body.publish_mode ?? 'direct_post',
        next_actions: [
          { method: 'GET', path: scheduledPostPath(postId), reason: 'Check publication.' },
        ],
      };
      workspace.scheduledPosts.push(post);
      return { body: post };
    }),

    route(ctx, 'get', '/publishing/shortform/posts/:postId', (req) => {
      const postId = req.params.postId ?? '';
      const post = req.workspace.scheduledPosts.find((candidate) => candidate.post_id === postId);
      if (!post) throw notFound('postId', `No scheduled post ${postId}.`);
      return { body: post };
    }),
  ];
}
