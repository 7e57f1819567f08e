/**
 * Clip creation: source preview, list, create (idempotent, paid), get, retry (idempotent, paid),
 * clip batches, and following a short-suggestions run of an asset. Types, formats, enums and
 * lengths (and the paid plan) are the contract's, checked by route(); handlers keep behaviour.
 */
import type { HttpHandler } from 'msw';
import { videoIdOf } from '@/shared-rules/video-url.ts';
import { conflict, invalid, notFound } from '../lib/errors.ts';
import {
  clipFailureFor,
  retryClip,
  runClipPipeline,
  videoExists,
  youtubePreview,
} from '../rules/clip-pipeline.ts';
import { buildClip } from '../store/clip-factory.ts';
import type { Schema } from '../store/contract.ts';
import { newProjectRecord } from '../store/project-factory.ts';
import type { AssetRecord, ProjectRecord } from '../store/workspace.ts';
import { findAsset, findProject } from '../store/workspace.ts';
import { idempotent, pageParams, paginate } from './helpers.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { route } from './route.ts';
import type { ClipCreateRequest, ClipRetryRequest, ClipStatus } from '@/api/schema.gen.ts';

const BLOCKED = new Set<ClipStatus>(['failed', 'needs_repair', 'needs_reselection']);

function requireClip(req: RouteRequest) {
  const id = (req.params.clipId ?? '').toLowerCase();
  const clip = req.workspace.clips.find((candidate) => candidate.clip_id === id);
  if (!clip) throw notFound('clipId', `No clip ${req.params.clipId ?? ''}.`);
  return clip;
}

/**
 * The video id of an address (already a URI, per the contract) on the supported video site that
 * exists; otherwise 400 (not the site, or no video id) or 404 (no such public video).
 */
function existingVideoId(raw: string, param: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(param, `${param} must be an absolute http(s) URL.`);
  }
  const videoId = url.protocol === 'https:' || url.protocol === 'http:' ? videoIdOf(url) : null;
  if (videoId === null) {
    throw invalid(
      param,
      `${param} must be a video address on the supported short-form video site.`,
    );
  }
  if (!videoExists(videoId)) throw notFound(param, `No public video ${videoId} was found.`);
  return videoId;
}

export function clipHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/clips/source-preview', (req) => ({
      body: youtubePreview(existingVideoId(req.query.get('url') ?? '', 'url')),
    })),

    route(ctx, 'get', '/clips', (req) => {
      const page = pageParams(req);
      const assetId = req.query.get('asset_id')?.toLowerCase() ?? null;
      const projectId = req.query.get('project_id')?.toLowerCase() ?? null;
      const status = req.query.get('status') as ClipStatus | null;
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
      return idempotent(req, 'clips.create', () => {
        // "Exactly one source" is the contract's oneOf; only its existence is checked here.
        const body = req.body as ClipCreateRequest;
        const { workspace, sim } = req;
        let asset: AssetRecord | undefined;
        let videoId: string | undefined;
        if (body.asset_id) {
          asset = findAsset(workspace, body.asset_id);
          if (!asset) throw notFound('asset_id', `No media asset ${body.asset_id}.`);
          if (asset.kind === 'image') {
            throw invalid('asset_id', 'Clips need a video or audio asset.');
          }
        } else {
          videoId = existingVideoId(body.youtube_url ?? '', 'youtube_url');
        }
        const projectId = body.project_id ?? null;
        const projectName = body.project_name ?? null;
        const presetId = body.clip_preset_id ?? 'default';
        let project: ProjectRecord | undefined;
        if (projectId !== null) {
          project = findProject(workspace, projectId);
          if (!project) throw notFound('project_id', `No project ${projectId}.`);
        }
        const preview = videoId ? youtubePreview(videoId) : undefined;
        const name =
          projectName ??
          project?.project.name ??
          `Clip · ${asset?.name.replace(/\.[a-z0-9]+$/i, '') ?? preview?.title ?? 'source'}`;
        if (!project) {
          // No project given: the clip gets one of its own (see ClipCreateRequest).
          project = newProjectRecord(sim, {
            name,
            description: 'Created for a clip.',
            aspectRatio: '9:16',
          });
          workspace.projects.unshift(project);
          sim.emit(workspace.organizationId, 'project.created', {
            project_id: project.project.id,
            name: project.project.name,
          });
        }
        const now = sim.nowIso();
        const clip = buildClip(sim.rng, {
          clipId: sim.rng.uuid(),
          status: 'preparing_source',
          createdAt: now,
          updatedAt: now,
          ...(asset ? { asset } : {}),
          ...(preview
            ? {
                youtubeUrl: preview.normalized_url,
                sourceDuration: preview.duration_seconds ?? 600,
              }
            : {}),
          projectId: project.project.id,
          projectName: name,
          presetId,
        });
        workspace.clips.unshift(clip);
        const failure = clipFailureFor({
          key: asset?.id ?? videoId ?? '',
          assetKind: asset?.kind,
        });
        runClipPipeline(sim, workspace, clip, { failure });
        // The stored response is a snapshot: a replay returns the clip as it was created.
        return { status: 201, body: structuredClone(clip) };
      });
    }),

    route(ctx, 'get', '/clips/:clipId', (req) => ({ body: requireClip(req) })),

    route(ctx, 'post', '/clips/:clipId/retry', async (req) => {
      return idempotent(req, 'clips.retry', () => {
        // Fields, enums and lengths are the contract's (ClipRetryRequest); the state rules here.
        const body = req.body as ClipRetryRequest;
        const { sim, workspace } = req;
        const { step } = body;
        const suggestionId = body.suggestion_id ?? null;
        const layoutMode = body.layout_mode ?? null;
        const clip = requireClip(req);
        if (!BLOCKED.has(clip.status)) {
          throw conflict(
            'clip_not_blocked',
            `The clip is ${clip.status}; only failed, needs_repair or needs_reselection clips can be retried.`,
          );
        }
        const error = clip.blocking_error ?? clip.error;
        if (error?.step !== step) {
          throw conflict(
            'step_mismatch',
            `The clip stopped at step ${error?.step ?? 'unknown'}, not ${step}.`,
            'step',
          );
        }
        if (!error.retryable) {
          throw conflict(
            'not_retryable',
            `Retrying will not help: ${error.why_failed ?? error.message ?? 'the input must change'}`,
          );
        }
        if (!error.retry_same_input && suggestionId === null && layoutMode === null) {
          throw invalid(
            'suggestion_id',
            'Retrying the same input will not help: choose another suggestion_id or layout_mode.',
          );
        }
        const alternatives = clip.selection?.alternatives ?? [];
        if (suggestionId !== null) {
          const chosen = alternatives.find((item) => item.suggestion_id === suggestionId);
          if (!chosen) {
            throw invalid(
              'suggestion_id',
              `${suggestionId} is not one of this clip's suggestions.`,
            );
          }
          if (
            clip.status === 'needs_reselection' &&
            suggestionId === clip.selection?.requested_suggestion_id
          ) {
            throw invalid('suggestion_id', 'That suggestion is the one that was too short.');
          }
        }
        retryClip(sim, workspace, clip, {
          step,
          suggestionId: suggestionId ?? undefined,
          layoutMode: layoutMode ?? undefined,
        });
        return { status: 202, body: structuredClone(clip) };
      });
    }),

    route(ctx, 'get', '/clip-batches/:batch_id', (req) => {
      const batch = req.workspace.clipBatches.get(req.params.batch_id ?? '');
      if (!batch) throw notFound('batch_id', `No clip batch ${req.params.batch_id ?? ''}.`);
      return { body: batch };
    }),

    route(ctx, 'get', '/workspace/media/assets/:assetId/short-suggestions/:runId', (req) => {
      const asset = findAsset(req.workspace, req.params.assetId ?? '');
      if (!asset) throw notFound('assetId', `No media asset ${req.params.assetId ?? ''}.`);
      const run = req.workspace.suggestionRuns.get(req.params.runId ?? '');
      if (!run || run.asset_id !== asset.id) {
        throw notFound(
          'runId',
          `No short-suggestions run ${req.params.runId ?? ''} of this asset.`,
        );
      }
      return { body: run };
    }),
  ];
}
