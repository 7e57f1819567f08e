/**
 * Clips at work: a created clip walks preparing_source → awaiting_suggestions → selecting_clip →
 * assembling → qa_running → ready → exporting → exported. Each step is a job record (type
 * `clip_<step>`, kind `clip`) that ends with `job.complete` or `job.failed` carrying its `job_id`
 * and the clip (`clip_id`, `clip_status`); the export step adds a real Export to the clip's
 * project and sends `export.ready`. How a run ends is decided by its source (see
 * `clipFailureFor`), so the same source always behaves the same; a retry re-runs only the step
 * that stopped and then always gets through. Short-suggestion runs of an asset live here too.
 */
import { isVideoId } from '@/shared-rules/video-url.ts';
import { createRng, hashString } from '../lib/prng.ts';
import type { Activity } from '../lib/ticker.ts';
import type { Simulator } from '../simulator.ts';
import type { ClipLayoutMode, ClipStep, ClipSuggestion } from '@/api/schema.gen.ts';
import type { ClipFailure } from '../store/clip-factory.ts';
import {
  CLIP_PATH,
  clipExportRecord,
  makeAlternatives,
  setClipStatus,
  STATUS_OF_STEP,
  STEP_OF_FAILURE,
  STEP_OF_STATUS,
  statusAfterFailure,
} from '../store/clip-factory.ts';
import type { Schema } from '../store/contract.ts';
import { CDN_BASE } from '../store/seed-context.ts';
import type { AssetRecord, Workspace } from '../store/workspace.ts';
import { findProject } from '../store/workspace.ts';
import type { Clip, ClipStatus, Export, Job } from '@/api/schema.gen.ts';

/** Simulated milliseconds each step runs for (scaled by SIM_TIME_SCALE). */
export const CLIP_STEP_MS: Record<ClipStep, number> = {
  source: 4000,
  suggestions: 3000,
  selection: 1500,
  assembly: 4000,
  qa: 2500,
  export: 3000,
};
/** A ready clip waits this long before its export starts (time to look at it before the render). */
export const READY_DWELL_MS = 6000;
const EXPORT_TTL_MS = 7 * 86_400_000;

/** Every status the pipeline moves through after `from`, in order. */
const pathIndex = (status: ClipStatus): number => CLIP_PATH.indexOf(status);

/**
 * How a run from this source ends: audio-only assets cannot be decoded; otherwise a stable hash
 * of the source (asset id or video id) picks one of: fine (60%), unreadable source, render
 * time-out, speaker out of frame, best moment too short, export storage outage.
 */
export function clipFailureFor(source: {
  key: string;
  assetKind?: AssetRecord['kind'] | undefined;
}): ClipFailure | null {
  if (source.assetKind === 'audio') return 'source_unreadable';
  const bucket = hashString(`clip-outcome:${source.key}`) % 20;
  if (bucket < 2) return 'source_unreadable';
  if (bucket < 4) return 'render_timeout';
  if (bucket < 6) return 'speaker_not_framed';
  if (bucket < 7) return 'suggestion_too_short';
  if (bucket < 8) return 'export_storage';
  return null;
}

/** Video ids that exist: well-formed, not starting with missing/deleted/private. */
export function videoExists(videoId: string): boolean {
  return isVideoId(videoId) && !/^(missing|deleted|private)/i.test(videoId);
}

/** What the video site says about a video (deterministic per id). */
export function youtubePreview(videoId: string): Schema<'ClipSourcePreview'> {
  const rng = createRng(hashString(videoId));
  return {
    platform: 'youtube',
    video_id: videoId,
    title: rng.pick([
      'How we grew to 100k subscribers (full breakdown)',
      'Live Q&A: editing workflows that scale',
      'I tried 30 days of daily shorts',
      'Founder AMA: pricing, hiring and burnout',
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
}

function newClipJob(sim: Simulator, workspace: Workspace, clip: Clip, step: ClipStep): Job {
  const job: Job = {
    job_id: `job_${sim.rng.hex(16)}`,
    type: `clip_${step}`,
    kind: 'clip',
    status: 'running',
    progress: 0,
    project_id: clip.project_id ?? '',
    media_id: clip.source?.asset_id ?? '',
    estimated_credits: step === 'export' ? 2 : step === 'assembly' ? 3 : 1,
    created_at: sim.nowIso(),
    next_actions: [],
    result: { clip_id: clip.clip_id },
  };
  if (step === 'export') job.export_id = `exp_${sim.rng.hex(16)}`;
  workspace.jobs.unshift(job);
  return job;
}

function eventData(clip: Clip, job: Job): Record<string, unknown> {
  return {
    job_id: job.job_id,
    type: job.type ?? '',
    status: job.status,
    clip_id: clip.clip_id,
    clip_status: clip.status,
    project_id: clip.project_id ?? '',
    asset_id: clip.source?.asset_id ?? '',
    ...(job.export_id ? { export_id: job.export_id } : {}),
  };
}

/** The Export record of a finished clip render, added to the clip's project. */
function addClipExport(sim: Simulator, workspace: Workspace, clip: Clip, job: Job): Export {
  const created = clipExportRecord(clip, {
    exportId: job.export_id ?? `exp_${sim.rng.hex(16)}`,
    renderedAt: sim.nowIso(),
    expiresAt: new Date(sim.now() + EXPORT_TTL_MS).toISOString(),
  });
  const record = clip.project_id ? findProject(workspace, clip.project_id) : undefined;
  record?.exports.unshift(created);
  job.download_url = created.download_url;
  job.result = {
    clip_id: clip.clip_id,
    export_id: created.export_id,
    download_url: created.download_url,
    expires_at: created.expires_at,
  };
  return created;
}

/**
 * Runs a clip from `from` (default preparing_source) to exported, stopping at the step
 * `failure` names. The clip is moved to `from` at once.
 */
export function runClipPipeline(
  sim: Simulator,
  workspace: Workspace,
  clip: Clip,
  options: { failure: ClipFailure | null; from?: ClipStatus },
): void {
  const org = workspace.organizationId;
  let status: ClipStatus = options.from ?? 'preparing_source';
  let job: Job | null = null;
  let elapsed = 0;
  // Fault injection (SIM_CLIP_SLOW): clips from a matching source walk slower.
  const pace = sim.faults.clipPace(clip.source?.asset_id || clip.source?.youtube_url || '');

  const enter = (next: ClipStatus): void => {
    status = next;
    const step = STEP_OF_STATUS[next];
    job = step ? newClipJob(sim, workspace, clip, step) : null;
    setClipStatus(sim.rng, clip, next, sim.nowIso(), {
      jobId: job?.job_id,
      exportId: job?.export_id,
      shortBest: options.failure === 'suggestion_too_short',
    });
  };
  enter(status);

  const activity: Activity = {
    advance(ms) {
      elapsed += ms;
      for (;;) {
        const step = STEP_OF_STATUS[status];
        const duration = (step ? CLIP_STEP_MS[step] : READY_DWELL_MS) * pace;
        const current = job;
        if (current) current.progress = Math.round(Math.min(1, elapsed / duration) * 100) / 100;
        if (elapsed < duration) return false;
        elapsed -= duration;
        if (!step || !current) {
          enter('exporting'); // ready has waited long enough
          continue;
        }
        current.progress = 1;
        current.completed_at = sim.nowIso();
        const failure = options.failure;
        if (failure && STEP_OF_FAILURE[failure] === step) {
          current.status = 'failed';
          setClipStatus(sim.rng, clip, statusAfterFailure(failure), sim.nowIso(), {
            failure,
            jobId: current.job_id,
            exportId: current.export_id,
          });
          current.error = clip.blocking_error?.message ?? 'The clip step failed.';
          if (step === 'source') sim.emit(org, 'transcription.failed', eventData(clip, current));
          if (step === 'export') {
            sim.emit(org, 'export.failed', {
              ...eventData(clip, current),
              error: current.error,
            });
          }
          sim.emit(org, 'job.failed', { ...eventData(clip, current), error: current.error });
          return true;
        }
        current.status = 'complete';
        if (step === 'export') {
          const created = addClipExport(sim, workspace, clip, current);
          setClipStatus(sim.rng, clip, 'exported', sim.nowIso(), {
            exportId: created.export_id,
            downloadUrl: created.download_url,
          });
          sim.emit(org, 'export.ready', {
            project_id: clip.project_id ?? '',
            export_id: created.export_id ?? '',
            download_url: created.download_url ?? '',
            expires_at: created.expires_at ?? '',
            clip_id: clip.clip_id,
          });
          sim.emit(org, 'job.complete', eventData(clip, current));
          return true;
        }
        const next = CLIP_PATH[pathIndex(status) + 1] ?? 'ready';
        enter(next);
        if (step === 'source') sim.emit(org, 'transcription.complete', eventData(clip, current));
        sim.emit(org, 'job.complete', eventData(clip, current));
      }
    },
  };
  sim.schedule(activity);
}

export interface RetryInput {
  step: ClipStep;
  suggestionId?: string | undefined;
  layoutMode?: ClipLayoutMode | undefined;
}

/**
 * Re-runs the step a stopped clip is at (checked by the handler), with the changed input when
 * given: another suggestion, or another layout. Needs-reselection and needs-repair clips are
 * assembled again; a failed clip re-runs the step that failed. Retries get through.
 */
export function retryClip(
  sim: Simulator,
  workspace: Workspace,
  clip: Clip,
  input: RetryInput,
): void {
  const selection = (clip.selection ??= {});
  if (input.suggestionId) {
    selection.selection_mode = 'manual';
    selection.requested_suggestion_id = input.suggestionId;
    selection.applied_suggestion_id = '';
  }
  if (input.layoutMode) {
    const layout = (clip.layout ??= {});
    layout.requested_mode = input.layoutMode;
    layout.applied_mode = input.layoutMode === 'auto' ? 'split' : input.layoutMode;
    layout.primary_layout = input.layoutMode === 'full_camera' ? 'speaker_full' : 'speaker_top';
    layout.requested_mode_honored = true;
  }
  const from =
    clip.status === 'needs_reselection' || clip.status === 'needs_repair'
      ? 'assembling'
      : STATUS_OF_STEP[input.step];
  if (from === 'assembling' && input.suggestionId) {
    // The new moment becomes the window now; assembly renders it.
    const chosen = (selection.alternatives ?? []).find(
      (item) => item.suggestion_id === input.suggestionId,
    );
    if (chosen) {
      selection.applied_suggestion_id = chosen.suggestion_id ?? '';
      clip.clip_window = {
        start_seconds: chosen.start_seconds ?? 0,
        end_seconds: chosen.end_seconds ?? 0,
        duration_seconds: chosen.duration_seconds ?? 0,
      };
    }
  }
  runClipPipeline(sim, workspace, clip, { failure: null, from });
}

export type SuggestionsRun = Schema<'ShortSuggestionsRunState'>;

/** Suggestions take 0.5 s queued, then 3 s running (simulated). */
const SUGGESTIONS_QUEUED_MS = 500;
const SUGGESTIONS_RUNNING_MS = 3000;

/** Starts a short-suggestions run for an asset; images cannot be analysed and fail. */
export function startSuggestionsRun(
  sim: Simulator,
  workspace: Workspace,
  asset: AssetRecord,
): SuggestionsRun {
  const run: SuggestionsRun = {
    run_id: `run_${sim.rng.hex(16)}`,
    asset_id: asset.id,
    status: 'queued',
    progress: 0,
    suggestions: [],
    error: null,
    created_at: sim.nowIso(),
    completed_at: null,
  };
  workspace.suggestionRuns.set(run.run_id, run);
  let elapsed = 0;
  const org = workspace.organizationId;
  sim.schedule({
    advance(ms) {
      // Cancelled by an operator (rules/background-runs.ts): stop where it is.
      if (run.status === 'cancelled') return true;
      elapsed += ms;
      if (elapsed < SUGGESTIONS_QUEUED_MS) return false;
      run.status = 'running';
      const progress = Math.min(1, (elapsed - SUGGESTIONS_QUEUED_MS) / SUGGESTIONS_RUNNING_MS);
      run.progress = Math.round(progress * 100) / 100;
      if (progress < 1) return false;
      run.completed_at = sim.nowIso();
      const data = { run_id: run.run_id, asset_id: asset.id, type: 'short_suggestions' };
      if (asset.kind === 'image') {
        run.status = 'failed';
        run.error = 'Short suggestions need a video or audio asset with speech; this is an image.';
        sim.emit(org, 'job.failed', { ...data, status: 'failed', error: run.error });
        return true;
      }
      const suggestions: ClipSuggestion[] = makeAlternatives(
        sim.rng,
        asset.duration_seconds ?? 600,
        { count: 6 },
      );
      run.status = 'complete';
      run.suggestions = suggestions;
      sim.emit(org, 'job.complete', { ...data, status: 'complete' });
      return true;
    },
  });
  return run;
}
