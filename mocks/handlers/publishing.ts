/** Publishing: schedule a short-form post of a completed export or a slideshow of images. */
import type { HttpHandler } from 'msw';
import { invalid, notFound } from '../lib/errors.ts';
import { optionalString, optionalStringArray } from '../lib/validate.ts';
import type { ScheduledPost } from '../store/contract.ts';
import { findAsset } from '../store/workspace.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

const PUBLISH_MODES = new Set(['direct_post', 'inbox_draft']);

export function publishingHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'post', '/publishing/shortform/schedule', (req) => {
      const { body, workspace, sim } = req;
      const exportId = optionalString(body, 'export_id', { min: 1, max: 200 });
      const imageIds = optionalStringArray(body, 'source_media_asset_ids', { max: 35, uuid: true });
      if ((exportId === null) === (imageIds.length === 0)) {
        throw invalid(
          'export_id',
          'Give either export_id or source_media_asset_ids (a slideshow).',
        );
      }
      const publishMode = optionalString(body, 'publish_mode') ?? 'direct_post';
      if (!PUBLISH_MODES.has(publishMode)) {
        throw invalid('publish_mode', 'publish_mode must be direct_post or inbox_draft.');
      }
      const scheduledRaw = optionalString(body, 'scheduled_for');
      const scheduledFor = scheduledRaw === null ? sim.now() + 3_600_000 : Date.parse(scheduledRaw);
      if (Number.isNaN(scheduledFor)) {
        throw invalid('scheduled_for', 'scheduled_for must be an ISO 8601 timestamp.');
      }
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
        connection_id: optionalString(body, 'connection_id') ?? 'conn_demo_shortform',
        export_id: exportId ?? '',
        project_id: projectId,
        source: exportId !== null ? 'project_export' : 'image_slideshow',
        source_media_asset_ids: imageIds,
        media_type: exportId !== null ? 'video' : 'slideshow',
        publish_mode: publishMode,
        next_actions: [
          {
            method: 'GET',
            path: `/publishing/shortform/posts/${postId}`,
            reason: 'Check publication.',
          },
        ],
      };
      workspace.scheduledPosts.push(post);
      return { body: post };
    }),
  ];
}
