/**
 * Clip creation: source preview, list, create (idempotent, paid), get, retry (idempotent, paid),
 * clip batches, and following a short-suggestions run of an asset.
 */
import type { HttpHandler } from 'msw';
import { requirePaidPlan } from '../lib/auth.ts';
import { conflict, invalid, notFound } from '../lib/errors.ts';
import { optionalString, queryString, requireString, requireUuid } from '../lib/validate.ts';
import {
  clipFailureFor,
  retryClip,
  runClipPipeline,
  videoExists,
  youtubePreview,
} from '../rules/clip-pipeline.ts';
import { videoIdOf } from '@/lib/video-url.ts';
import type { ClipLayoutMode, ClipStep } from '../store/clip-factory.ts';
import { ALL_CLIP_STATUSES, buildClip, STATUS_OF_STEP } from '../store/clip-factory.ts';
import type { ClipStatus, Schema } from '../store/contract.ts';
import { newProjectRecord } from '../store/project-factory.ts';
import type { AssetRecord, ProjectRecord } from '../store/workspace.ts';
import { findAsset, findProject } from '../store/workspace.ts';
import { idempotent, pageParams, paginate } from './helpers.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { route } from './route.ts';

function parseUri(value: string, param: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    return url;
  } catch {
    throw invalid(param, `${param} must be an absolute http(s) URL.`);
  }
}

const isClipStatus = (value: string): value is ClipStatus =>
  (ALL_CLIP_STATUSES as readonly string[]).includes(value);

const STEPS = Object.keys(STATUS_OF_STEP) as ClipStep[];
const LAYOUT_MODES: readonly ClipLayoutMode[] = ['auto', 'split', 'full_camera', 'full_screen'];
const RETRY_FIELDS = new Set(['step', 'suggestion_id', 'layout_mode']);
const BLOCKED = new Set<ClipStatus>(['failed', 'needs_repair', 'needs_reselection']);

function requireClip(req: RouteRequest) {
  const id = (req.params.clipId ?? '').toLowerCase();
  const clip = req.workspace.clips.find((candidate) => candidate.clip_id === id);
  if (!clip) throw notFound('clipId', `No clip ${req.params.clipId ?? ''}.`);
  return clip;
}

/** The video id of a supported address that exists, or the error the reference declares. */
function existingVideoId(raw: string, param: string): string {
  const url = parseUri(raw, param);
  const videoId = videoIdOf(url);
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
    route(ctx, 'get', '/clips/source-preview', (req) => {
      const raw = queryString(req.query, 'url', { min: 1, max: 2000 });
      if (raw === null) throw invalid('url', 'url is required.');
      return { body: youtubePreview(existingVideoId(raw, 'url')) };
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
        let asset: AssetRecord | undefined;
        let videoId: string | undefined;
        if (hasAsset) {
          const assetId = requireUuid(body.asset_id, 'asset_id');
          asset = findAsset(workspace, assetId);
          if (!asset) throw notFound('asset_id', `No media asset ${assetId}.`);
          if (asset.kind === 'image')
            throw invalid('asset_id', 'Clips need a video or audio asset.');
        } else {
          const raw = optionalString(body, 'youtube_url', { min: 1, max: 2000 }) ?? '';
          videoId = existingVideoId(raw, 'youtube_url');
        }
        const projectId = optionalString(body, 'project_id', { min: 1, max: 200 });
        const projectName = optionalString(body, 'project_name', { min: 1, max: 200 });
        const presetId = optionalString(body, 'clip_preset_id', { min: 1, max: 100 }) ?? 'default';
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
      requirePaidPlan(req.principal, 'Retrying a clip');
      return idempotent(req, 'clips.retry', () => {
        const { body, sim, workspace } = req;
        for (const key of Object.keys(body)) {
          if (!RETRY_FIELDS.has(key)) throw invalid(key, `Unknown field ${key}.`);
        }
        const step = requireString(body, 'step') as ClipStep;
        if (!STEPS.includes(step))
          throw invalid('step', `step must be one of ${STEPS.join(', ')}.`);
        const suggestionId = optionalString(body, 'suggestion_id', { min: 1, max: 200 });
        const layoutMode = optionalString(body, 'layout_mode') as ClipLayoutMode | null;
        if (layoutMode !== null && !LAYOUT_MODES.includes(layoutMode)) {
          throw invalid('layout_mode', `layout_mode must be one of ${LAYOUT_MODES.join(', ')}.`);
        }
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
