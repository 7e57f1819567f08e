/** Clip creation: source preview, list, create (idempotent, paid), get, clip batches. */
import type { HttpHandler } from 'msw';
import { requirePaidPlan } from '../lib/auth.ts';
import { invalid, notFound } from '../lib/errors.ts';
import { createRng, hashString } from '../lib/prng.ts';
import { optionalString, queryString, requireUuid } from '../lib/validate.ts';
import { pickClipOutcome, runClip } from '../rules/jobs.ts';
import { ALL_CLIP_STATUSES, buildClip } from '../store/clip-factory.ts';
import type { ClipStatus, Schema } from '../store/contract.ts';
import { CDN_BASE } from '../store/seed-context.ts';
import { findAsset, findProject } from '../store/workspace.ts';
import { idempotent, pageParams, paginate } from './helpers.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be']);

function parseUri(value: string, param: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    return url;
  } catch {
    throw invalid(param, `${param} must be an absolute http(s) URL.`);
  }
}

function youtubeVideoId(url: URL): string | null {
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.hostname === 'youtu.be') return url.pathname.slice(1) || null;
  if (url.pathname.startsWith('/shorts/')) return url.pathname.split('/')[2] || null;
  return url.searchParams.get('v');
}

const isClipStatus = (value: string): value is ClipStatus =>
  (ALL_CLIP_STATUSES as readonly string[]).includes(value);

export function clipHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/clips/source-preview', (req) => {
      const raw = queryString(req.query, 'url', { min: 1, max: 2000 });
      if (raw === null) throw invalid('url', 'url is required.');
      const url = parseUri(raw, 'url');
      const videoId = youtubeVideoId(url);
      if (videoId === null) {
        throw invalid('url', 'url must be a video address on the supported short-form video site.');
      }
      if (!/^[A-Za-z0-9_-]{6,20}$/.test(videoId) || /^(missing|deleted|private)/i.test(videoId)) {
        throw notFound('url', `No public video ${videoId} was found.`);
      }
      const rng = createRng(hashString(videoId));
      const body: Schema<'ClipSourcePreview'> = {
        platform: 'youtube',
        video_id: videoId,
        title: rng.pick([
          'How we grew to 100k subscribers (full breakdown)',
          'Live Q&A: editing workflows that scale',
          'I tried 30 days of daily shorts',
        ]),
        channel_name: rng.chance(0.8) ? 'Creator Lab' : null,
        duration_seconds: rng.int(180, 5400),
        thumbnail_url: `${CDN_BASE}/yt/${videoId}.jpg`,
        normalized_url: `https://www.youtube.com/watch?v=${videoId}`,
        width: 1920,
        height: 1080,
        fps: rng.pick([24, 30, 60]),
        available_qualities: ['1080p', '720p', '480p'],
      };
      return { body };
    }),

    route(ctx, 'get', '/clips', (req) => {
      const page = pageParams(req, 50);
      const assetId = queryString(req.query, 'asset_id')?.toLowerCase() ?? null;
      const projectId = queryString(req.query, 'project_id')?.toLowerCase() ?? null;
      const status = queryString(req.query, 'status');
      if (status !== null && !isClipStatus(status)) {
        throw invalid('status', `status must be one of ${ALL_CLIP_STATUSES.join(', ')}.`);
      }
      const matches = req.workspace.clips.filter(
        (clip) =>
          (assetId === null || clip.source?.asset_id === assetId) &&
          (projectId === null || clip.project_id === projectId) &&
          (status === null || clip.status === status),
      );
      const { page: clips, bounds } = paginate(matches, page);
      const body: Schema<'ClipListResponse'> = { clips, bounds };
      return { body };
    }),

    route(ctx, 'post', '/clips', async (req) => {
      requirePaidPlan(req.principal, 'Clip creation');
      return idempotent(req, 'clips.create', () => {
        const { body, workspace, sim } = req;
        const hasAsset = body.asset_id !== undefined && body.asset_id !== null;
        const hasUrl = body.youtube_url !== undefined && body.youtube_url !== null;
        if (hasAsset === hasUrl) {
          throw invalid('asset_id', 'Give exactly one source: asset_id or youtube_url.');
        }
        let youtubeUrl: string | undefined;
        let asset;
        if (hasAsset) {
          const assetId = requireUuid(body.asset_id, 'asset_id');
          asset = findAsset(workspace, assetId);
          if (!asset) throw notFound('asset_id', `No media asset ${assetId}.`);
          if (asset.kind === 'image')
            throw invalid('asset_id', 'Clips need a video or audio asset.');
        } else {
          const raw = optionalString(body, 'youtube_url', { min: 1, max: 2000 }) ?? '';
          const url = parseUri(raw, 'youtube_url');
          if (youtubeVideoId(url) === null) {
            throw invalid('youtube_url', 'youtube_url must be a video address.');
          }
          youtubeUrl = url.toString();
        }
        const projectId = optionalString(body, 'project_id', { min: 1, max: 200 });
        const project = projectId === null ? undefined : findProject(workspace, projectId);
        if (projectId !== null && !project) {
          throw notFound('project_id', `No project ${projectId}.`);
        }
        const presetId = optionalString(body, 'clip_preset_id', { min: 1, max: 100 }) ?? 'default';
        const now = sim.nowIso();
        const clip = buildClip(sim.rng, {
          clipId: sim.rng.uuid(),
          status: 'preparing_source',
          createdAt: now,
          updatedAt: now,
          ...(asset ? { asset } : {}),
          ...(youtubeUrl ? { youtubeUrl } : {}),
          ...(project ? { projectId: project.project.id, projectName: project.project.name } : {}),
          presetId,
        });
        workspace.clips.unshift(clip);
        runClip(sim, workspace, clip, pickClipOutcome(sim));
        // The stored response is a snapshot: a replay returns the clip as it was created.
        return { status: 201, body: structuredClone(clip) };
      });
    }),

    route(ctx, 'get', '/clips/:clipId', (req) => {
      const id = (req.params.clipId ?? '').toLowerCase();
      const clip = req.workspace.clips.find((candidate) => candidate.clip_id === id);
      if (!clip) throw notFound('clipId', `No clip ${req.params.clipId ?? ''}.`);
      return { body: clip };
    }),

    route(
      ctx,
      'get',
      '/clip-batches/:batch_id',
      (req) => {
        const batch = req.workspace.clipBatches.get(req.params.batch_id ?? '');
        if (!batch) throw notFound('batch_id', `No clip batch ${req.params.batch_id ?? ''}.`);
        return { body: batch };
      },
      { uuidParams: ['batch_id'] },
    ),
  ];
}
