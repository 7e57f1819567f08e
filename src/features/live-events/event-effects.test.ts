import { describe, expect, it } from 'vitest';
import { applyLiveEvent, effectsOfEvent } from './event-effects.ts';
import { pollingIntervalMs } from './live-polling.ts';
import type { LiveEvent } from '@/api/bff-schema.gen.ts';
import { spreadAnswer } from '@/api/object-caches.ts';
import { createQueryClient } from '@/api/query-client.ts';
import { queryKeys } from '@/api/query-keys.ts';
import type { Clip, Export, FacelessPlanRevision, Job } from '@/api/schema.gen.ts';

const event = (type: LiveEvent['type'], data: Record<string, unknown> = {}): LiveEvent =>
  ({ id: `evt_${type}`, type, created_at: '2026-11-22T00:00:00Z', data }) as LiveEvent;

describe('effectsOfEvent', () => {
  it('export.ready refreshes that project’s exports and toasts with the download', () => {
    const effects = effectsOfEvent(
      event('export.ready', {
        project_id: 'p1',
        export_id: 'e1',
        download_url: 'https://cdn.test/e1.mp4',
        expires_at: '2026-11-23T00:00:00Z',
      }),
    );
    expect(effects.invalidate).toContainEqual(['exports', 'p1']);
    expect(effects.subject).toEqual({ ids: ['e1'], key: 'outcome:e1' });
    expect(effects.toast).toMatchObject({
      id: 'evt_export.ready',
      tone: 'success',
      title: 'Export ready',
      href: 'https://cdn.test/e1.mp4',
    });
  });
  it('a toast names the project the cache knows, never the export id, and says what it is about', () => {
    const client = createQueryClient();
    client.setQueryData([...queryKeys.projects.lists, { offset: 0 }], {
      projects: [{ id: 'p1', name: 'Spring launch' }],
    });
    const data = { project_id: 'p1', export_id: 'e1', job_id: 'j1' };
    const ready = applyLiveEvent(client, event('export.ready', data)).toast;
    expect(ready?.detail).toBe('The export of “Spring launch” finished rendering.');
    expect(ready?.detail).not.toContain('e1');
    expect(ready?.about).toEqual(['job:j1', 'export:e1']);
    const failed = applyLiveEvent(client, event('export.failed', { ...data, error: 'No video' }));
    expect(failed.toast?.detail).toBe('“Spring launch”: No video');
    // A project the cache does not hold: no id in its place.
    const unknown = applyLiveEvent(client, event('export.ready', { ...data, project_id: 'p9' }));
    expect(unknown.toast?.detail).toBe('The export finished rendering.');
  });
  it('does not toast an export job twice (export.ready already did)', () => {
    const done = effectsOfEvent(event('job.complete', { type: 'export', export_id: 'e1' }));
    expect(done.invalidate).toContainEqual(['jobs']);
    expect(done.toast).toBeUndefined();
    expect(effectsOfEvent(event('job.failed', { export_id: 'e1' })).toast).toBeUndefined();
  });

  it('job events refresh jobs and toast finished and failed work', () => {
    const done = effectsOfEvent(event('job.complete', { type: 'clip', job_id: 'j1' }));
    expect(done.invalidate).toContainEqual(['jobs']);
    expect(done.invalidate).toContainEqual(['credits']);
    expect(done.subject).toEqual({ ids: ['j1'], key: 'outcome:j1' });
    expect(done.toast).toMatchObject({ tone: 'success', title: 'Clip finished' });
    const failed = effectsOfEvent(event('job.failed', { error: 'Out of credits' }));
    expect(failed.toast).toMatchObject({
      tone: 'error',
      title: 'Job failed',
      detail: 'Out of credits',
    });
    const named = effectsOfEvent(
      event('job.failed', { type: 'clip_batch', project_id: 'p1', error: 'Out of credits' }),
      { project: 'Morning routine' },
    );
    expect(named.toast).toMatchObject({ title: 'Clip batch of “Morning routine” failed' });
  });
  it('faceless events refresh the plan and toast, linking to the revision', () => {
    const done = effectsOfEvent(
      event('faceless.complete', { project_id: 'p9', revision_id: 'r2', revision: 2 }),
    );
    expect(done.invalidate).toEqual([
      ['faceless-plans', 'p9'],
      ['jobs'],
      ['credits'],
      ['review-queue'],
    ]);
    // Toasted only where the revision's approval was started.
    expect(done.subject).toEqual({ ids: ['r2'], key: 'outcome:r2' });
    expect(done.toast).toMatchObject({
      tone: 'success',
      title: 'Faceless video revision 2 is ready',
      href: '/projects/p9/plans/r2',
    });
    const failed = effectsOfEvent(
      event('faceless.failed', { project_id: 'p9', error: 'Video model x is not available.' }),
    );
    expect(failed.toast).toMatchObject({
      tone: 'error',
      detail: 'Video model x is not available.',
    });
    expect(failed.toast?.href).toBeUndefined();
  });
  it('faceless jobs refresh the plan; only finished preproduction toasts', () => {
    const pre = effectsOfEvent(
      event('job.complete', { type: 'faceless_preproduction', project_id: 'p9' }),
    );
    expect(pre.invalidate).toContainEqual(['faceless-plans', 'p9']);
    expect(pre.toast).toMatchObject({ title: 'Preproduction finished' });
    const generation = effectsOfEvent(
      event('job.complete', { type: 'faceless_generation', project_id: 'p9' }),
    );
    expect(generation.toast).toBeUndefined();
    const failed = effectsOfEvent(event('job.failed', { type: 'faceless_generation' }));
    expect(failed.toast).toBeUndefined();
  });
  it('transcription and media events refresh their screens without a toast', () => {
    const media = effectsOfEvent(event('transcription.complete'));
    expect(media.invalidate).toEqual([['media'], ['clips']]);
    expect(media.toast).toBeUndefined();
  });
  it('a clip step refreshes the clip lists and jobs without a toast', () => {
    const step = effectsOfEvent(
      event('job.complete', { clip_id: 'c1', job_id: 'j1', type: 'clip_assembly' }),
    );
    expect(step.invalidate).toEqual([['clips'], ['jobs']]);
    expect(step.toast).toBeUndefined();
    const read = effectsOfEvent(event('transcription.complete', { clip_id: 'c1' }));
    expect(read.toast).toBeUndefined();
    expect(read.invalidate).toContainEqual(['clips']);
  });
  it('a clip that stops toasts what happened, with a link to the clip', () => {
    const stopped = effectsOfEvent(
      event('job.failed', { clip_id: 'c1', clip_status: 'needs_repair', error: 'Speaker cut off' }),
    );
    expect(stopped.toast).toMatchObject({
      tone: 'info',
      title: 'A clip needs repair',
      detail: 'Speaker cut off',
      href: '/clips/c1',
    });
  });
  it('a clip export refreshes the project’s exports and toasts the download once', () => {
    const ready = effectsOfEvent(
      event('export.ready', { clip_id: 'c1', project_id: 'p1', download_url: 'https://cdn/x.mp4' }),
    );
    expect(ready.invalidate).toContainEqual(['exports', 'p1']);
    expect(ready.toast).toMatchObject({ title: 'Clip exported', href: 'https://cdn/x.mp4' });
  });
  it('a short-suggestions run refreshes that run', () => {
    const done = effectsOfEvent(
      event('job.complete', { run_id: 'r1', asset_id: 'a1', type: 'short_suggestions' }),
    );
    expect(done.invalidate).toEqual([['suggestion-runs', 'a1', 'r1']]);
    expect(done.toast).toMatchObject({ title: 'Short suggestions ready' });
  });
  it('ignores unknown events', () => {
    expect(effectsOfEvent(event('something.new' as LiveEvent['type']))).toEqual({ invalidate: [] });
  });
});

describe('pollingIntervalMs', () => {
  it('backs off to a ceiling', () => {
    expect([0, 1, 2, 3, 10].map(pollingIntervalMs)).toEqual([5000, 10000, 20000, 30000, 30000]);
  });
});

/** Every cached view of the object an event names agrees at once, before any refetch. */
describe('applyLiveEvent', () => {
  const page = { limit: 20, offset: 0 };
  const job = (fields: Partial<Job>): Job => ({
    job_id: 'job_1',
    status: 'running',
    progress: 0.5,
    project_id: 'p1',
    created_at: '2026-11-22T00:00:00Z',
    ...fields,
  });
  /** The tray and the project's jobs, each holding the job. */
  function withJobViews(fields: Partial<Job> = {}) {
    const client = createQueryClient();
    client.setQueryData(queryKeys.jobs.workspace(page), { jobs: [job(fields)], bounds: {} });
    client.setQueryData(queryKeys.jobs.project('p1'), { jobs: [job(fields)] });
    client.setQueryData(queryKeys.jobs.detail('job_1'), job(fields));
    const views = () => [
      client.getQueryData<{ jobs: Job[] }>(queryKeys.jobs.workspace(page))?.jobs[0],
      client.getQueryData<{ jobs: Job[] }>(queryKeys.jobs.project('p1'))?.jobs[0],
      client.getQueryData<Job>(queryKeys.jobs.detail('job_1')),
    ];
    return { client, views };
  }

  it('job.complete ends the job in the tray, the project’s jobs and its own view', () => {
    const { client, views } = withJobViews();
    applyLiveEvent(client, event('job.complete', { job_id: 'job_1', type: 'clip' }));
    expect(views().map((view) => view?.status)).toEqual(['complete', 'complete', 'complete']);
  });

  it('job.failed says failed, with the error, everywhere', () => {
    const { client, views } = withJobViews();
    applyLiveEvent(client, event('job.failed', { job_id: 'job_1', error: 'Out of credits' }));
    for (const view of views())
      expect(view).toMatchObject({ status: 'failed', error: 'Out of credits' });
  });

  it('export.ready completes the export’s job and its row; export.failed fails them', () => {
    const { client, views } = withJobViews({ export_id: 'e1' });
    const exportsKey = [...queryKeys.exports.project('p1'), { offset: 0 }];
    client.setQueryData(exportsKey, {
      exports: [{ export_id: 'e1', status: 'rendering' } satisfies Export],
      count: 1,
    });
    applyLiveEvent(
      client,
      event('export.ready', { project_id: 'p1', export_id: 'e1', download_url: 'https://cdn/e1' }),
    );
    expect(views().map((view) => view?.status)).toEqual(['complete', 'complete', 'complete']);
    expect(client.getQueryData<{ exports: Export[] }>(exportsKey)?.exports[0]).toMatchObject({
      status: 'complete',
      download_url: 'https://cdn/e1',
    });

    const failed = withJobViews({ export_id: 'e2' });
    applyLiveEvent(
      failed.client,
      event('export.failed', { project_id: 'p1', export_id: 'e2', error: 'Empty timeline' }),
    );
    for (const view of failed.views()) expect(view).toMatchObject({ status: 'failed' });
  });

  it('faceless.failed fails the revision on its page and in the revision list', () => {
    const client = createQueryClient();
    const revision = {
      id: 'r2',
      project_id: 'p9',
      status: 'generating',
      updated_at: '2026-11-21T00:00:00Z',
    } as FacelessPlanRevision;
    client.setQueryData(queryKeys.plans.list('p9'), { revisions: [revision] });
    client.setQueryData(queryKeys.plans.revision('p9', 'r2'), revision);
    applyLiveEvent(
      client,
      event('faceless.failed', { project_id: 'p9', revision_id: 'r2', error: 'Model gone' }),
    );
    expect(
      client.getQueryData<{ revisions: FacelessPlanRevision[] }>(queryKeys.plans.list('p9'))
        ?.revisions[0],
    ).toMatchObject({ status: 'failed', error: 'Model gone' });
    expect(client.getQueryData(queryKeys.plans.revision('p9', 'r2'))).toMatchObject({
      status: 'failed',
    });
  });

  it('a clip’s step moves its card, its page and the batch’s list together', () => {
    const client = createQueryClient();
    const clip: Clip = {
      clip_id: 'c1',
      status: 'assembling',
      created_at: '2026-11-21T00:00:00Z',
      updated_at: '2026-11-21T00:00:00Z',
    };
    const list = queryKeys.clips.list({ statuses: [], limit: 24, offset: 0 });
    const sources = queryKeys.clips.sources({ assetId: 'a1', statuses: [] } as never);
    client.setQueryData(list, { clips: [clip] });
    client.setQueryData(sources, { clips: [clip], total: 1, capped: false });
    client.setQueryData(queryKeys.clips.detail('c1'), clip);
    applyLiveEvent(
      client,
      event('job.failed', { clip_id: 'c1', clip_status: 'failed', job_id: 'j9' }),
    );
    expect(client.getQueryData<{ clips: Clip[] }>(list)?.clips[0]?.status).toBe('failed');
    expect(client.getQueryData<{ clips: Clip[] }>(sources)?.clips[0]?.status).toBe('failed');
    expect(client.getQueryData<Clip>(queryKeys.clips.detail('c1'))?.status).toBe('failed');
    // And every clip query (the counts by status too) is read again.
    expect(client.getQueryState(queryKeys.clips.detail('c1'))?.isInvalidated).toBe(true);
  });

  it('an event’s few fields never outrank the whole answer read after it (the clip’s download shows)', () => {
    const client = createQueryClient();
    const clip: Clip = {
      clip_id: 'c1',
      status: 'exporting',
      created_at: '2026-11-21T00:00:00Z',
      updated_at: '2026-11-21T00:00:00Z',
    };
    const list = queryKeys.clips.list({ statuses: [], limit: 24, offset: 0 });
    const detail = queryKeys.clips.detail('c1');
    client.setQueryData(list, { clips: [clip] });
    client.setQueryData(detail, clip);
    // The event leaves the service after the clip changed (its created_at is the later time).
    applyLiveEvent(client, event('export.ready', { clip_id: 'c1', clip_status: 'exported' }));
    expect(client.getQueryData<Clip>(detail)?.status).toBe('exported');
    // The refetch it asks for brings the whole clip, with its file.
    const answer: Clip = {
      ...clip,
      status: 'exported',
      updated_at: '2026-11-21T00:00:05Z',
      export: { status: 'complete', download_url: 'https://cdn.test/c1.mp4' },
    };
    client.setQueryData(detail, answer);
    spreadAnswer(client, detail, answer);
    expect(client.getQueryData<Clip>(detail)?.export?.download_url).toBe('https://cdn.test/c1.mp4');
    expect(client.getQueryData<{ clips: Clip[] }>(list)?.clips[0]?.export?.download_url).toBe(
      'https://cdn.test/c1.mp4',
    );
  });

  it('an event that left before a newer answer does not take a view back', () => {
    const { client, views } = withJobViews({ status: 'cancelled' });
    applyLiveEvent(client, event('job.complete', { job_id: 'job_1' }));
    // Both final: the event wins only if it is further along; cancelled stays cancelled.
    expect(views()[0]?.status).toBe('cancelled');
  });

  it('refreshes what the event makes stale and the delivery log', () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.credits, { balance: 1 });
    client.setQueryData(queryKeys.webhookDeliveries, []);
    applyLiveEvent(client, event('job.complete', { job_id: 'job_1' }));
    expect(client.getQueryState(queryKeys.credits)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.webhookDeliveries)?.isInvalidated).toBe(true);
  });
});

describe('the review queue', () => {
  it('is read again when a faceless run finishes or fails, and by nothing else', () => {
    const queue = ['review-queue'];
    for (const type of ['faceless.complete', 'faceless.failed'] as const) {
      expect(
        effectsOfEvent(event(type, { project_id: 'p1', revision_id: 'r1' })).invalidate,
      ).toContainEqual(queue);
    }
    // Preproduction finishing (no faceless.* event of its own) puts assets up for review.
    expect(
      effectsOfEvent(event('job.complete', { type: 'faceless_preproduction', project_id: 'p1' }))
        .invalidate,
    ).toContainEqual(queue);
    expect(
      effectsOfEvent(event('job.failed', { type: 'faceless_generation', project_id: 'p1' }))
        .invalidate,
    ).toContainEqual(queue);
    for (const other of [
      event('job.complete', { type: 'export', export_id: 'e1' }),
      event('export.ready', { project_id: 'p1' }),
      event('project.created', { project_id: 'p1' }),
    ]) {
      expect(effectsOfEvent(other).invalidate).not.toContainEqual(queue);
    }
  });
});

describe('notes, decisions and names (the BFF’s own events)', () => {
  const note = {
    id: '11111111-1111-4111-8111-111111111111',
    project_id: 'p1',
    revision_id: 'r1',
    revision: 1,
    parent_id: null,
    anchor: { kind: 'scene', scene_index: 2 },
    body: 'The lamp should be lit.',
    author_id: 'user_b',
    author_name: 'Dana',
    created_at: '2026-12-07T10:00:00Z',
    edited_at: null,
    editable_until: '2026-12-07T10:15:00Z',
    status: 'open',
    resolved_by: null,
    resolved_by_name: null,
    resolved_at: null,
    version: 1,
    carried_from: null,
    replies: [],
  };
  const cached = () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.planNotes.revision('p1', 'r1'), {
      notes: [],
      carried_away: [],
      decisions: [],
      state: {
        revision_id: 'r1',
        project_id: 'p1',
        revision: 1,
        open_notes: 0,
        resolved_notes: 0,
        latest_decision: null,
      },
      can_write: true,
    });
    return client;
  };
  const notesOf = (client: ReturnType<typeof createQueryClient>) =>
    client.getQueryData<{
      notes: Array<{ id: string; status: string }>;
      state: { open_notes: number };
    }>(queryKeys.planNotes.revision('p1', 'r1'));
  const data = { organization_id: 'org', project_id: 'p1', revision_id: 'r1', actor_id: 'user_b' };

  it('puts a note written elsewhere into its revision’s notes at once, and its later state over it', () => {
    const client = cached();
    const created = applyLiveEvent(client, event('note.created', { ...data, note }));
    expect(created.invalidate).toContainEqual(['review-states']);
    expect(notesOf(client)?.notes.map((n) => n.id)).toEqual([note.id]);
    expect(notesOf(client)?.state.open_notes).toBe(1);
    const resolved = { ...note, status: 'resolved', version: 2 };
    applyLiveEvent(client, event('note.updated', { ...data, note: resolved, change: 'resolved' }));
    // The first event again (a replay) does not undo the newer state.
    applyLiveEvent(client, event('note.created', { ...data, note }));
    expect(notesOf(client)?.notes[0]?.status).toBe('resolved');
    expect(notesOf(client)?.state.open_notes).toBe(0);
    applyLiveEvent(client, event('note.deleted', { ...data, note_id: note.id, parent_id: null }));
    expect(notesOf(client)?.notes).toEqual([]);
  });

  it('a carry-over reads the project’s notes again, a decision its revision’s, a name everything named', () => {
    expect(
      effectsOfEvent(event('notes.carried', { ...data, note_ids: [] })).invalidate,
    ).toContainEqual(['plan-notes', 'p1']);
    expect(
      effectsOfEvent(event('decision.created', { ...data, decision: {} })).invalidate,
    ).toContainEqual(['plan-notes', 'p1', 'r1']);
    const renamed = effectsOfEvent(event('person.updated', { organization_id: 'org', person: {} }));
    expect(renamed.invalidate).toEqual(
      expect.arrayContaining([['people'], ['plan-notes'], ['audit'], ['review-states']]),
    );
    expect(renamed.toast).toBeUndefined();
  });
});
