import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { patchObjects, spreadAnswer, writeObject } from './object-caches.ts';
import { queryKeys } from './query-keys.ts';
import type { Clip, FacelessPlanRevision, Job, ScheduledPost } from './schema.gen.ts';

const post = (status: ScheduledPost['status']): ScheduledPost =>
  ({ post_id: 'post_1', status, export_id: 'e1' }) as ScheduledPost;
const job = (status: string, progress = 0, id = 'job_1'): Job => ({
  job_id: id,
  status,
  progress,
  project_id: 'p1',
  created_at: '2026-11-23T22:00:00.000Z',
});
const page = { limit: 20, offset: 0 };

describe('spreadAnswer', () => {
  it('a followed post’s answer reaches every list page that holds it', () => {
    const client = createQueryClient();
    const all = queryKeys.publishing.posts({ ...page, status: undefined });
    const scheduled = queryKeys.publishing.posts({ ...page, status: 'scheduled' });
    client.setQueryData(all, { posts: [post('scheduled')], bounds: {} });
    client.setQueryData(scheduled, { posts: [post('scheduled')], bounds: {} });
    client.setQueryData(queryKeys.publishing.post('post_1'), post('failed'));
    spreadAnswer(client, queryKeys.publishing.post('post_1'), post('failed'));
    expect(client.getQueryData<{ posts: ScheduledPost[] }>(all)?.posts[0]?.status).toBe('failed');
    // The “scheduled” page no longer holds it: refetched, not shown failed under “scheduled”.
    expect(client.getQueryData<{ posts: ScheduledPost[] }>(scheduled)?.posts[0]?.status).toBe(
      'scheduled',
    );
    expect(client.getQueryState(scheduled)?.isInvalidated).toBe(true);
  });

  it('an older answer never takes a view back; it is brought forward itself', () => {
    const client = createQueryClient();
    const all = queryKeys.publishing.posts({ ...page, status: undefined });
    client.setQueryData(queryKeys.publishing.post('post_1'), post('failed'));
    client.setQueryData(all, { posts: [post('scheduled')], bounds: {} });
    spreadAnswer(client, all, { posts: [post('scheduled')], bounds: {} });
    expect(client.getQueryData<ScheduledPost>(queryKeys.publishing.post('post_1'))?.status).toBe(
      'failed',
    );
    expect(client.getQueryData<{ posts: ScheduledPost[] }>(all)?.posts[0]?.status).toBe('failed');
  });

  it('a job’s progress reaches the tray and the project’s jobs, keeping their update times', () => {
    const client = createQueryClient();
    const tray = queryKeys.jobs.workspace(page);
    const project = queryKeys.jobs.project('p1');
    client.setQueryData(tray, { jobs: [job('queued')], bounds: {} }, { updatedAt: 1000 });
    client.setQueryData(project, { jobs: [job('queued')] });
    spreadAnswer(client, queryKeys.jobs.detail('job_1'), job('running', 0.4));
    expect(client.getQueryData<{ jobs: Job[] }>(tray)?.jobs[0]).toMatchObject({
      status: 'running',
      progress: 0.4,
    });
    expect(client.getQueryData<{ jobs: Job[] }>(project)?.jobs[0]?.status).toBe('running');
    expect(client.getQueryState(tray)?.dataUpdatedAt).toBe(1000);
  });

  it('a clip changing status updates its card lists and marks the status counts stale', () => {
    const client = createQueryClient();
    const clip = (status: Clip['status'], updated: string): Clip => ({
      clip_id: 'c1',
      status,
      created_at: '2026-11-23T22:00:00.000Z',
      updated_at: updated,
    });
    const list = queryKeys.clips.list({ statuses: [], limit: 24, offset: 0 });
    const counts = queryKeys.clips.counts({});
    client.setQueryData(list, { clips: [clip('assembling', '2026-11-23T22:00:01.000Z')] });
    client.setQueryData(counts, {});
    spreadAnswer(client, queryKeys.clips.detail('c1'), clip('failed', '2026-11-23T22:00:05.000Z'));
    expect(client.getQueryData<{ clips: Clip[] }>(list)?.clips[0]?.status).toBe('failed');
    expect(client.getQueryState(counts)?.isInvalidated).toBe(true);
  });

  it('a plan revision’s page and the revision list agree', () => {
    const client = createQueryClient();
    const revision = (status: string, updated: string) =>
      ({ id: 'r1', project_id: 'p1', status, updated_at: updated }) as FacelessPlanRevision;
    client.setQueryData(queryKeys.plans.list('p1'), {
      revisions: [revision('plan_approved', '2026-11-23T22:00:00.000Z')],
    });
    spreadAnswer(
      client,
      queryKeys.plans.revision('p1', 'r1'),
      revision('assets_ready', '2026-11-23T22:01:00.000Z'),
    );
    expect(
      client.getQueryData<{ revisions: FacelessPlanRevision[] }>(queryKeys.plans.list('p1'))
        ?.revisions[0]?.status,
    ).toBe('assets_ready');
  });

  it('a fetched answer spreads by itself (the QueryCache’s onSuccess)', async () => {
    const client = createQueryClient();
    const tray = queryKeys.jobs.workspace(page);
    client.setQueryData(tray, { jobs: [job('queued')], bounds: {} });
    await client.fetchQuery({
      queryKey: queryKeys.jobs.detail('job_1'),
      queryFn: () => Promise.resolve(job('complete', 1)),
    });
    expect(client.getQueryData<{ jobs: Job[] }>(tray)?.jobs[0]?.status).toBe('complete');
  });
});

describe('writeObject', () => {
  it('a job just started heads the tray and its project’s jobs, and has its own entry', () => {
    const client = createQueryClient();
    const tray = queryKeys.jobs.workspace(page);
    client.setQueryData(tray, {
      jobs: [job('complete', 1, 'job_0')],
      bounds: { limit: 20, offset: 0, total: 1, returned: 1, has_more: false },
    });
    client.setQueryData(queryKeys.jobs.project('p1'), { jobs: [] });
    client.setQueryData(queryKeys.jobs.project('p2'), { jobs: [] });
    writeObject(client, 'job', job('queued'), { insert: true });
    expect(client.getQueryData<{ jobs: Job[] }>(tray)?.jobs.map((j) => j.job_id)).toEqual([
      'job_1',
      'job_0',
    ]);
    expect(client.getQueryData<{ jobs: Job[] }>(queryKeys.jobs.project('p1'))?.jobs).toHaveLength(
      1,
    );
    expect(client.getQueryData<{ jobs: Job[] }>(queryKeys.jobs.project('p2'))?.jobs).toHaveLength(
      0,
    );
    expect(client.getQueryData(queryKeys.jobs.detail('job_1'))).toMatchObject({ status: 'queued' });
  });

  it('a cancelled post’s answer reaches the list', () => {
    const client = createQueryClient();
    const all = queryKeys.publishing.posts({ ...page, status: undefined });
    client.setQueryData(all, { posts: [post('scheduled')], bounds: {} });
    writeObject(client, 'post', post('cancelled'));
    expect(client.getQueryData<{ posts: ScheduledPost[] }>(all)?.posts[0]?.status).toBe(
      'cancelled',
    );
  });
});

describe('patchObjects', () => {
  it('moves copies forward, never back', () => {
    const client = createQueryClient();
    const tray = queryKeys.jobs.workspace(page);
    client.setQueryData(tray, { jobs: [job('failed'), job('running', 0.5, 'job_2')], bounds: {} });
    patchObjects(client, 'job', () => true, { status: 'running' });
    expect(client.getQueryData<{ jobs: Job[] }>(tray)?.jobs.map((j) => j.status)).toEqual([
      'failed',
      'running',
    ]);
  });
});
