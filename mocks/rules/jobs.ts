/**
 * Background work: jobs (export, faceless preproduction / generation). Clips walk their status
 * machine in clip-pipeline.ts. See the doc comment of simulator.ts for the timings and events.
 */
import type { Simulator } from '../simulator.ts';
import type { Activity } from '../lib/ticker.ts';
import { CDN_BASE } from '../store/seed-context.ts';
import type { ProjectRecord, Workspace } from '../store/workspace.ts';
import { allItems, timelineDuration } from '../store/workspace.ts';
import type { Export, Job } from '@/api/schema.gen.ts';

export const QUEUED_MS = 500;
export const RUNNING_MS = 2500;
const EXPORT_TTL_MS = 7 * 86_400_000;

export const FINISHED_JOB_STATUSES = new Set(['complete', 'failed', 'cancelled']);

/** Job as served: adds status_url / cancel_url / next_actions for the caller's base URL. */
export function jobView(job: Job, baseUrl: string): Job {
  const finished = FINISHED_JOB_STATUSES.has(job.status);
  const view: Job = {
    ...job,
    status_url: `${absolute(baseUrl)}/jobs/${job.job_id}`,
    cancel_url: `${absolute(baseUrl)}/jobs/${job.job_id}/cancel`,
    next_actions: finished
      ? job.export_id && job.status === 'complete' && job.project_id
        ? [
            {
              method: 'GET',
              path: `/projects/${job.project_id}/exports`,
              reason: 'Download the export.',
            },
          ]
        : []
      : [{ method: 'GET', path: `/jobs/${job.job_id}`, reason: 'Poll until the job finishes.' }],
  };
  return view;
}

/** `/api/v1` (browser) becomes `http://localhost/api/v1`-style only where a base is known. */
function absolute(baseUrl: string): string {
  if (/^https?:\/\//.test(baseUrl)) return baseUrl;
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin ? `${origin}${baseUrl}` : `http://localhost${baseUrl}`;
}

interface JobHooks {
  onComplete?: () => void;
  onFail?: () => string | null;
  /** Simulated running time (default RUNNING_MS). */
  runningMs?: number;
}

/** A render takes 0.2 s of simulated time per second of video, between 2.5 s and 60 s. */
export function exportRenderMs(durationSeconds: number): number {
  return Math.min(60_000, Math.max(RUNNING_MS, Math.round(durationSeconds * 200)));
}

/** Runs a job through queued → running → complete/failed. `onFail` returning a message fails it. */
export function runJob(sim: Simulator, workspace: Workspace, job: Job, hooks: JobHooks = {}): void {
  let elapsed = 0;
  const runningMs = hooks.runningMs ?? RUNNING_MS;
  const activity: Activity = {
    advance(ms) {
      if (FINISHED_JOB_STATUSES.has(job.status)) return true;
      elapsed += ms;
      if (elapsed < QUEUED_MS) return false;
      const progress = Math.min(1, (elapsed - QUEUED_MS) / runningMs);
      job.status = 'running';
      job.progress = Math.round(progress * 100) / 100;
      if (progress < 1) return false;
      const failure = hooks.onFail?.() ?? null;
      job.completed_at = sim.nowIso();
      const data = {
        job_id: job.job_id,
        type: job.type ?? '',
        project_id: job.project_id ?? '',
        export_id: job.export_id ?? '',
      };
      if (failure) {
        job.status = 'failed';
        job.error = failure;
        sim.emit(workspace.organizationId, 'job.failed', { ...data, error: failure });
      } else {
        job.status = 'complete';
        // Credits are spent when the work is done (assumed: the reference shows no costs).
        workspace.credits.balance = Math.max(
          0,
          workspace.credits.balance - (job.estimated_credits ?? 0),
        );
        hooks.onComplete?.();
        sim.emit(workspace.organizationId, 'job.complete', data);
      }
      return true;
    },
  };
  sim.schedule(activity);
}

export function newJob(
  sim: Simulator,
  fields: { type: string; kind: string; projectId?: string; estimatedCredits?: number },
): Job {
  return {
    job_id: `job_${sim.rng.hex(16)}`,
    type: fields.type,
    kind: fields.kind,
    status: 'queued',
    progress: 0,
    project_id: fields.projectId ?? '',
    estimated_credits: fields.estimatedCredits ?? 0,
    created_at: sim.nowIso(),
    next_actions: [],
  };
}

export function startExport(
  sim: Simulator,
  workspace: Workspace,
  record: ProjectRecord,
  resolution: string,
): Job {
  const job = newJob(sim, {
    type: 'export',
    kind: 'render',
    projectId: record.project.id,
    // One credit per started minute of video (assumed).
    estimatedCredits: Math.max(1, Math.ceil(timelineDuration(record) / 60)),
  });
  const exportId = sim.rng.uuid();
  job.export_id = exportId;
  workspace.jobs.unshift(job);
  scheduleExport(sim, workspace, record, job, resolution);
  return job;
}

function scheduleExport(
  sim: Simulator,
  workspace: Workspace,
  record: ProjectRecord,
  job: Job,
  resolution: string,
): void {
  const exportId = job.export_id ?? sim.rng.uuid();
  job.export_id = exportId;
  runJob(sim, workspace, job, {
    runningMs: exportRenderMs(timelineDuration(record)),
    onFail: () => {
      if (allItems(record).length > 0) return null;
      const error = 'The timeline is empty; there is nothing to render.';
      sim.emit(workspace.organizationId, 'export.failed', {
        project_id: record.project.id,
        export_id: exportId,
        error,
      });
      return error;
    },
    onComplete: () => {
      const duration = timelineDuration(record);
      const downloadUrl = `${CDN_BASE}/exports/${exportId}.mp4`;
      const expiresAt = new Date(sim.now() + EXPORT_TTL_MS).toISOString();
      const created: Export = {
        export_id: exportId,
        status: 'complete',
        download_url: downloadUrl,
        short_download_url: `${CDN_BASE}/s/${exportId.slice(4, 12)}`,
        thumbnail_url: `${CDN_BASE}/exports/${exportId}.jpg`,
        thumbnail: {
          url: `${CDN_BASE}/exports/${exportId}.jpg`,
          frame: 30,
          frame_seconds: 1,
          selection_mode: 'auto',
          rationale: 'First frame with a face and title on screen.',
        },
        platform_metadata: { resolution, project_id: record.project.id, rendered_at: sim.nowIso() },
        expires_at: expiresAt,
        file_size_bytes: Math.round(duration * (resolution === '720p' ? 450_000 : 950_000)),
        duration_seconds: duration,
        container_format: 'mp4',
        image_formats: { thumbnail: 'jpg' },
      };
      record.exports.unshift(created);
      job.download_url = downloadUrl;
      job.result = { export_id: exportId, download_url: downloadUrl, expires_at: expiresAt };
      sim.emit(workspace.organizationId, 'export.ready', {
        project_id: record.project.id,
        export_id: exportId,
        download_url: downloadUrl,
        expires_at: expiresAt,
      });
    },
  });
}

/** Seeded queued / running export jobs move too, once the simulator starts. */
export function resumeSeededJobs(sim: Simulator): void {
  for (const workspace of sim.store.all()) {
    for (const job of workspace.jobs) {
      if (FINISHED_JOB_STATUSES.has(job.status) || job.type !== 'export') continue;
      const record = workspace.projects.find((project) => project.project.id === job.project_id);
      if (record) scheduleExport(sim, workspace, record, job, '1080p');
    }
  }
}
