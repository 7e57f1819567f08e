import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { ClipFailure } from '../store/clip-factory.ts';
import { ALL_CLIP_STATUSES, CLIP_PATH } from '../store/clip-factory.ts';
import type { Schema } from '../store/contract.ts';
import { CLIP_STEP_MS, READY_DWELL_MS, clipFailureFor } from '../rules/clip-pipeline.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer } from './harness.ts';
import type { Clip, Export, Job, MediaAsset, Project } from '@/api/schema.gen.ts';

type Run = Schema<'ShortSuggestionsRunState'>;
interface Emitted {
  type: string;
  data: Record<string, unknown>;
}

let server: SimulatorServer;
let api: Client;
const emitted: Emitted[] = [];
let projectId = '';

/** A video id whose clips end the way `wanted` says (null: exported). */
function videoIdFor(wanted: ClipFailure | null, prefix = 'tst'): string {
  for (let i = 0; i < 10_000; i += 1) {
    const id = `${prefix}${String(i).padStart(6, '0')}`;
    if (clipFailureFor({ key: id }) === wanted) return id;
  }
  throw new Error(`no video id for ${String(wanted)}`);
}

const url = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

/** Moves simulated time on by `ms` in 250 ms steps (the ticker is nearly stopped). */
function advance(ms: number): void {
  for (let t = 0; t < ms; t += 250) server.simulator.advance(250);
}

async function getClip(id: string): Promise<Clip> {
  return (await api.get<Clip>(`/clips/${id}`)).body;
}

async function createFrom(videoId: string): Promise<Clip> {
  const created = await api.post<Clip>('/clips', {
    youtube_url: url(videoId),
    project_id: projectId,
  });
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  // A nearly stopped ticker: the tests move time with advance().
  server = await startTestServer({ timeScale: 0.0001 });
  api = client(server);
  const sim = server.simulator;
  const emit = sim.emit.bind(sim);
  sim.emit = (organizationId, type, data) => {
    emitted.push({ type, data });
    return emit(organizationId, type, data);
  };
  const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
  projectId = projects.find((project) => project.name === 'Dashboard tour short')?.id ?? '';
  expect(projectId).not.toBe('');
});
afterAll(async () => {
  await server.close();
});

describe('clip pipeline', () => {
  it('walks a clip through every status to exported, a job per step, a real export', async () => {
    const clip = await createFrom(videoIdFor(null));
    expect(clip.status).toBe('preparing_source');
    expect(clip.source?.source_type).toBe('youtube');
    const seen: string[] = [clip.status];
    for (let i = 0; i < 120; i += 1) {
      advance(250);
      const now = await getClip(clip.clip_id);
      if (seen.at(-1) !== now.status) seen.push(now.status);
      if (now.status === 'exported') break;
    }
    expect(seen).toEqual([...CLIP_PATH]);

    const done = await getClip(clip.clip_id);
    expect(done.export?.status).toBe('complete');
    expect(done.clip_window?.duration_seconds).toBeGreaterThan(0);
    expect(done.selection?.applied_suggestion_id).toBe(
      done.selection?.alternatives?.[0]?.suggestion_id,
    );
    expect(done.qa?.status).toBe('passed');
    const exportId = done.export?.export_id ?? '';
    const exports = (
      await api.get<{ exports: Export[] }>(`/projects/${projectId}/exports?limit=50`)
    ).body.exports;
    expect(exports.find((item) => item.export_id === exportId)?.download_url).toBe(
      done.export?.download_url,
    );

    const events = emitted.filter((event) => event.data.clip_id === clip.clip_id);
    const jobEvents = events.filter((event) => event.type === 'job.complete');
    expect(jobEvents.map((event) => event.data.type)).toEqual([
      'clip_source',
      'clip_suggestions',
      'clip_selection',
      'clip_assembly',
      'clip_qa',
      'clip_export',
    ]);
    for (const event of jobEvents) {
      const job = (await api.get<Job>(`/jobs/${String(event.data.job_id)}`)).body;
      expect(job.status).toBe('complete');
      expect(job.result).toMatchObject({ clip_id: clip.clip_id });
    }
    expect(events.map((event) => event.type)).toContain('export.ready');
    expect(events.find((event) => event.type === 'export.ready')?.data.export_id).toBe(exportId);
  });

  it('fails at assembly with fix steps and a failed job, and a retry re-runs only that step', async () => {
    const clip = await createFrom(videoIdFor('render_timeout'));
    advance(16_000);
    const failed = await getClip(clip.clip_id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({
      step: 'assembly',
      code: 'render_timeout',
      retryable: true,
      retry_same_input: true,
    });
    expect(failed.error?.how_to_fix?.length).toBeGreaterThan(0);
    const job = (await api.get<Job>(`/jobs/${failed.error?.upstream?.job_id ?? ''}`)).body;
    expect(job).toMatchObject({ status: 'failed', type: 'clip_assembly' });
    const failedEvent = emitted.find(
      (event) => event.type === 'job.failed' && event.data.clip_id === clip.clip_id,
    );
    expect(failedEvent?.data).toMatchObject({ job_id: job.job_id, clip_status: 'failed' });
    const windowBefore = failed.clip_window;

    const mismatch = await api.post(`/clips/${clip.clip_id}/retry`, { step: 'qa' });
    expect(mismatch.status).toBe(409);
    expect(errorOf(mismatch).code).toBe('step_mismatch');

    const headers = { 'Idempotency-Key': `retry-${clip.clip_id}` };
    const retried = await api.post<Clip>(
      `/clips/${clip.clip_id}/retry`,
      { step: 'assembly' },
      headers,
    );
    expect(retried.status).toBe(202);
    expect(retried.body.status).toBe('assembling');
    expect(retried.body.error).toBeUndefined();
    expect(retried.body.clip_window).toEqual(windowBefore);
    const replay = await api.post<Clip>(
      `/clips/${clip.clip_id}/retry`,
      { step: 'assembly' },
      headers,
    );
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const again = await api.post(`/clips/${clip.clip_id}/retry`, { step: 'assembly' });
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('clip_not_blocked');
    advance(16_000);
    expect((await getClip(clip.clip_id)).status).toBe('exported');
  });

  it('needs repair: a retry must change the layout (or the moment), then gets through', async () => {
    const clip = await createFrom(videoIdFor('speaker_not_framed'));
    advance(18_000);
    const stopped = await getClip(clip.clip_id);
    expect(stopped.status).toBe('needs_repair');
    expect(stopped.blocking_error).toMatchObject({ step: 'qa', retry_same_input: false });
    expect(stopped.qa?.issues?.map((issue) => issue.severity)).toContain('error');

    const same = await api.post(`/clips/${clip.clip_id}/retry`, { step: 'qa' });
    expect(same.status).toBe(400);
    expect(errorOf(same).param).toBe('suggestion_id');
    const badMode = await api.post(`/clips/${clip.clip_id}/retry`, {
      step: 'qa',
      layout_mode: 'sideways',
    });
    expect(errorOf(badMode).param).toBe('layout_mode');
    const extra = await api.post(`/clips/${clip.clip_id}/retry`, { step: 'qa', force: true });
    expect(errorOf(extra).param).toBe('force');

    const retried = await api.post<Clip>(`/clips/${clip.clip_id}/retry`, {
      step: 'qa',
      layout_mode: 'full_camera',
    });
    expect(retried.status).toBe(202);
    expect(retried.body.status).toBe('assembling');
    expect(retried.body.blocking_error).toBeUndefined();
    advance(20_000);
    const done = await getClip(clip.clip_id);
    expect(done.status).toBe('exported');
    expect(done.layout).toMatchObject({
      requested_mode: 'full_camera',
      applied_mode: 'full_camera',
    });
  });

  it('needs reselection: the retry names another suggestion, which becomes the window', async () => {
    const clip = await createFrom(videoIdFor('suggestion_too_short'));
    advance(10_000);
    const stopped = await getClip(clip.clip_id);
    expect(stopped.status).toBe('needs_reselection');
    const requested = stopped.selection?.requested_suggestion_id;
    const tooShort = stopped.selection?.alternatives?.find((a) => a.suggestion_id === requested);
    expect(tooShort?.duration_seconds).toBeLessThan(15);

    const sameOne = await api.post(`/clips/${clip.clip_id}/retry`, {
      step: 'selection',
      suggestion_id: requested,
    });
    expect(sameOne.status).toBe(400);
    const unknown = await api.post(`/clips/${clip.clip_id}/retry`, {
      step: 'selection',
      suggestion_id: 'sug_nope',
    });
    expect(errorOf(unknown).param).toBe('suggestion_id');

    const other = stopped.selection?.alternatives?.[1];
    const retried = await api.post<Clip>(`/clips/${clip.clip_id}/retry`, {
      step: 'selection',
      suggestion_id: other?.suggestion_id,
    });
    expect(retried.status).toBe(202);
    expect(retried.body.clip_window?.start_seconds).toBe(other?.start_seconds);
    advance(20_000);
    const done = await getClip(clip.clip_id);
    expect(done.status).toBe('exported');
    expect(done.selection?.applied_suggestion_id).toBe(other?.suggestion_id);
  });

  it('an unreadable source fails for good: no retry, and the source says why', async () => {
    const clip = await createFrom(videoIdFor('source_unreadable'));
    advance(5_000);
    const failed = await getClip(clip.clip_id);
    expect(failed.status).toBe('failed');
    expect(failed.source?.processing?.processing_status).toBe('failed');
    expect(failed.source?.suitability?.verdict).toBe('unsuitable');
    expect(
      emitted.some((e) => e.type === 'transcription.failed' && e.data.clip_id === clip.clip_id),
    ).toBe(true);
    const retry = await api.post(`/clips/${clip.clip_id}/retry`, { step: 'source' });
    expect(retry.status).toBe(409);
    expect(errorOf(retry).code).toBe('not_retryable');
  });

  it('a failed export is retried on the export step and names a real export', async () => {
    const clip = await createFrom(videoIdFor('export_storage'));
    // Every step and the ready dwell, with a second to spare.
    advance(Object.values(CLIP_STEP_MS).reduce((sum, ms) => sum + ms, 0) + READY_DWELL_MS + 1_000);
    const failed = await getClip(clip.clip_id);
    expect(failed.status).toBe('failed');
    expect(failed.error?.step).toBe('export');
    expect(failed.export?.status).toBe('failed');
    const retried = await api.post<Clip>(`/clips/${clip.clip_id}/retry`, { step: 'export' });
    expect(retried.body.status).toBe('exporting');
    advance(4_000);
    const done = await getClip(clip.clip_id);
    expect(done.status).toBe('exported');
    const exports = (
      await api.get<{ exports: Export[] }>(`/projects/${projectId}/exports?limit=50`)
    ).body.exports;
    expect(exports.some((item) => item.export_id === done.export?.export_id)).toBe(true);
  });

  it('SIM_CLIP_SLOW: clips of a matching source walk their steps 4× slower, others do not', async () => {
    server.simulator.setFaults({ clipSlow: 'v=slowpoke' });
    try {
      const slow = await createFrom(videoIdFor(null, 'slowpoke'));
      const normal = await createFrom(videoIdFor(null, 'brisk'));
      // Past the source step at the normal pace, well within it at the slow one.
      advance(CLIP_STEP_MS.source + 500);
      expect((await getClip(normal.clip_id)).status).toBe('awaiting_suggestions');
      expect((await getClip(slow.clip_id)).status).toBe('preparing_source');
      advance(CLIP_STEP_MS.source * 3);
      expect((await getClip(slow.clip_id)).status).toBe('awaiting_suggestions');
    } finally {
      server.simulator.setFaults({});
    }
  });

  it('gives a clip without a project one of its own, named as asked', async () => {
    const created = await api.post<Clip>('/clips', {
      youtube_url: url(videoIdFor(null, 'own')),
      project_name: 'My clip project',
    });
    expect(created.status).toBe(201);
    expect(created.body.requested_project_name).toBe('My clip project');
    const project = (await api.get<Project>(`/projects/${created.body.project_id ?? ''}`)).body;
    expect(project.name).toBe('My clip project');
    expect(
      emitted.some((e) => e.type === 'project.created' && e.data.project_id === project.id),
    ).toBe(true);
  });

  it('refuses unknown and malformed sources', async () => {
    const missing = await api.get(
      '/clips/source-preview?url=' + encodeURIComponent(url('missing123')),
    );
    expect(missing.status).toBe(404);
    const other = await api.post('/clips', { youtube_url: 'https://vimeo.com/123456' });
    expect(errorOf(other).param).toBe('youtube_url');
    const notFound = await api.post('/clips', { youtube_url: url('deleted1234') });
    expect(notFound.status).toBe(404);
  });
});

describe('short-suggestion runs', () => {
  async function assetOf(kind: MediaAsset['kind']): Promise<MediaAsset> {
    const assets = (await api.get<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=100'))
      .body.assets;
    return assets.find((asset) => asset.kind === kind) as MediaAsset;
  }

  it('runs from queued to complete with suggestions, announced by job.complete', async () => {
    const video = await assetOf('video');
    const started = await api.post<{ run_id: string }>(
      `/workspace/media/assets/${video.id}/short-suggestions`,
      {},
    );
    const path = `/workspace/media/assets/${video.id}/short-suggestions/${started.body.run_id}`;
    expect((await api.get<Run>(path)).body.status).toBe('queued');
    advance(1_500);
    const running = (await api.get<Run>(path)).body;
    expect(running.status).toBe('running');
    expect(running.progress).toBeGreaterThan(0);
    advance(3_000);
    const done = (await api.get<Run>(path)).body;
    expect(done.status).toBe('complete');
    expect(done.suggestions).toHaveLength(6);
    for (const suggestion of done.suggestions) {
      expect(suggestion.end_seconds ?? 0).toBeLessThanOrEqual(video.duration_seconds ?? 0);
    }
    expect(
      emitted.some((e) => e.type === 'job.complete' && e.data.run_id === started.body.run_id),
    ).toBe(true);
  });

  it('fails for an image, and answers 404 for a run of another asset', async () => {
    const image = await assetOf('image');
    const video = await assetOf('video');
    const started = await api.post<{ run_id: string }>(
      `/workspace/media/assets/${image.id}/short-suggestions`,
      {},
    );
    advance(4_000);
    const path = `/workspace/media/assets/${image.id}/short-suggestions/${started.body.run_id}`;
    const failed = (await api.get<Run>(path)).body;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/image/);
    const other = await api.get(
      `/workspace/media/assets/${video.id}/short-suggestions/${started.body.run_id}`,
    );
    expect(other.status).toBe(404);
    expect(errorOf(other).param).toBe('runId');
  });
});

describe('seeded clips', () => {
  it('are newest first, in every status, and exported ones name a real export', async () => {
    const fresh = await startTestServer({ timeScale: 0.0001 });
    try {
      const freshApi = client(fresh);
      const clips = (await freshApi.get<{ clips: Clip[] }>('/clips?limit=50')).body.clips;
      expect(new Set(clips.map((clip) => clip.status))).toEqual(new Set(ALL_CLIP_STATUSES));
      const created = clips.map((clip) => clip.created_at);
      expect(created).toEqual([...created].sort().reverse());
      for (const clip of clips.filter((item) => item.status === 'exported')) {
        const exports = (
          await freshApi.get<{ exports: Export[] }>(`/projects/${clip.project_id}/exports?limit=50`)
        ).body.exports;
        expect(exports.some((item) => item.export_id === clip.export?.export_id)).toBe(true);
      }
      const stopped = clips.filter((clip) => clip.blocking_error);
      expect(new Set(stopped.map((clip) => clip.blocking_error?.step))).toEqual(
        new Set(['source', 'assembly', 'export', 'qa', 'selection']),
      );
      // A clip whose source could not be read has no suggestions to choose from.
      const sourceFailed = stopped.filter((clip) => clip.blocking_error?.step === 'source');
      expect(sourceFailed.length).toBeGreaterThan(0);
      for (const clip of sourceFailed) {
        expect(clip.selection?.alternatives).toEqual([]);
        expect(clip.source?.suggestions_status).not.toBe('complete');
      }
    } finally {
      await fresh.close();
    }
  });
});
