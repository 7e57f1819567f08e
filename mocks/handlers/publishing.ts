/**
 * Publishing: connected accounts, scheduling a short-form post of a completed export or a
 * slideshow of images, following a post until the platform publishes or refuses it, cancelling
 * one before it goes. The preflight rules are the client's own (src/shared-rules/publishing-preflight.ts);
 * the first refusal is a 400 naming its field. A post is never retried by the simulator.
 */
import type { HttpHandler } from 'msw';
import { preflightPost } from '@/shared-rules/publishing-preflight.ts';
import { conflict, invalid, notFound } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import { followPost } from '../rules/publishing.ts';
import type { Workspace } from '../store/workspace.ts';
import { findAsset } from '../store/workspace.ts';
import { idempotent, pageParams, paginate } from './helpers.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { queryOf, route } from './route.ts';
import type { Export, ScheduledPost } from '@/api/schema.gen.ts';

function requirePost(req: RouteRequest): ScheduledPost {
  const id = req.params.postId ?? '';
  const post = req.workspace.scheduledPosts.find((candidate) => candidate.post_id === id);
  if (!post) throw notFound('postId', `No scheduled post ${id}.`);
  return post;
}

function findExport(workspace: Workspace, exportId: string) {
  for (const record of workspace.projects) {
    const found = record.exports.find((item) => item.export_id === exportId);
    if (found) return { record, found };
  }
  return undefined;
}

/** The path `next_actions` names to follow a post (an operation of the contract). */
export const scheduledPostPath = (postId: string): string =>
  `/publishing/shortform/posts/${encodeURIComponent(postId)}`;

const followAction = (postId: string) => [
  {
    method: 'GET',
    path: scheduledPostPath(postId),
    reason: 'Follow the post until it is published or fails.',
  },
];

function schedule(req: RouteRequest): ScheduledPost {
  const { body, workspace, sim } = req;
  // Types, enums, formats and "exactly one of export_id / source_media_asset_ids" were checked
  // against the contract (SchedulePostRequest).
  const request = body as Schema<'SchedulePostRequest'>;
  const exportId = request.export_id ?? null;
  const imageIds = request.source_media_asset_ids ?? [];
  const publishMode = request.publish_mode ?? 'direct_post';
  const scheduledFor =
    request.scheduled_for === undefined ? sim.now() + 3_600_000 : Date.parse(request.scheduled_for);
  const connectionId = request.connection_id ?? null;
  const connection =
    connectionId === null
      ? (workspace.connections[0] ?? null)
      : (workspace.connections.find((c) => c.connection.connection_id === connectionId) ?? null);
  if (connectionId !== null && connection === null) {
    throw notFound('connection_id', `No connection ${connectionId}.`);
  }
  let exported: Export | null = null;
  let projectId = '';
  if (exportId !== null) {
    const owner = findExport(workspace, exportId);
    if (!owner) throw notFound('export_id', `No export ${exportId}.`);
    exported = owner.found;
    projectId = owner.record.project.id;
  }
  imageIds.forEach((id, index) => {
    const asset = findAsset(workspace, id);
    if (!asset) throw notFound(`source_media_asset_ids[${index}]`, `No media asset ${id}.`);
    if (asset.kind !== 'image') {
      throw invalid(`source_media_asset_ids[${index}]`, `${asset.name} is not an image.`);
    }
  });
  const [refusal] = preflightPost({
    export: exported,
    imageIds,
    connection: connection?.connection ?? null,
    publishMode,
    scheduledFor,
    now: sim.now(),
  });
  if (refusal) throw invalid(refusal.param, refusal.message);
  if (!connection) throw invalid('connection_id', 'Connect an account before posting.');

  const postId = `post_${sim.rng.hex(12)}`;
  const post: ScheduledPost = {
    post_id: postId,
    target_id: `tgt_${sim.rng.hex(8)}`,
    platform: 'shortform',
    status: 'scheduled',
    scheduled_for: new Date(scheduledFor).toISOString(),
    connection_id: connection.connection.connection_id,
    export_id: exportId ?? '',
    project_id: projectId,
    source: exportId !== null ? 'project_export' : 'image_slideshow',
    source_media_asset_ids: imageIds,
    media_type: exportId !== null ? 'video' : 'slideshow',
    publish_mode: publishMode,
    caption: request.caption ?? '',
    created_at: sim.nowIso(),
    next_actions: followAction(postId),
  };
  workspace.scheduledPosts.unshift(post);
  followPost(sim, post, connection);
  return post;
}

export function publishingHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/publishing/shortform/connections', ({ workspace }) => {
      const body: Schema<'PublishingConnectionListResponse'> = {
        connections: workspace.connections.map((record) => record.connection),
      };
      return { body };
    }),

    route(ctx, 'post', '/publishing/shortform/schedule', (req) =>
      idempotent(req, 'schedule-post', () => ({ status: 200, body: schedule(req) })),
    ),

    route(ctx, 'get', '/publishing/shortform/posts', (req) => {
      const status = queryOf(req, 'listScheduledPosts').status ?? null;
      const matches = req.workspace.scheduledPosts.filter(
        (post) => status === null || post.status === status,
      );
      const { page, bounds } = paginate(matches, pageParams(req, 50));
      const body: Schema<'ScheduledPostListResponse'> = { posts: page, bounds };
      return { body };
    }),

    route(ctx, 'get', '/publishing/shortform/posts/:postId', (req) => ({ body: requirePost(req) })),

    route(ctx, 'post', '/publishing/shortform/posts/:postId/cancel', (req) => {
      const post = requirePost(req);
      if (post.status !== 'scheduled') {
        throw conflict(
          'post_not_cancellable',
          `The post is ${post.status}; only a scheduled post can be cancelled.`,
        );
      }
      post.status = 'cancelled';
      post.cancelled_at = req.sim.nowIso();
      post.next_actions = [];
      return { body: post };
    }),
  ];
}
