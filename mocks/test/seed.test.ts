import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import { DEMO_KEYS } from '../lib/auth.ts';
import { ALL_CLIP_STATUSES } from '../store/clip-factory.ts';
import { client, startTestServer } from './harness.ts';
import type { Clip, Export, FacelessPlanRevision, Project, Timeline } from '@/api/schema.gen.ts';

const FIXED_NOW = Date.parse('2025-06-15T10:00:00.000Z');

let a: SimulatorServer;
let b: SimulatorServer;
let c: SimulatorServer;
beforeAll(async () => {
  [a, b, c] = await Promise.all([
    startTestServer({ seed: 42, now: () => FIXED_NOW }),
    startTestServer({ seed: 42, now: () => FIXED_NOW }),
    startTestServer({ seed: 43, now: () => FIXED_NOW }),
  ]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close(), c.close()]);
});

describe('deterministic seed', () => {
  it('gives identical GET /projects bodies for the same seed', async () => {
    for (const query of ['?limit=50', '?limit=5&offset=5']) {
      const first = await client(a).get(`/projects${query}`);
      const second = await client(b).get(`/projects${query}`);
      expect(second.body).toEqual(first.body);
    }
    const other = await client(c).get('/projects?limit=50');
    expect(other.body).not.toEqual((await client(a).get('/projects?limit=50')).body);
  });

  it('gives identical timelines, clips and assets for the same seed', async () => {
    const projects = (await client(a).get<{ projects: Project[] }>('/projects?limit=50')).body
      .projects;
    for (const path of [
      `/projects/${projects[3]?.id ?? ''}/timeline`,
      `/projects/${projects[3]?.id ?? ''}/captions/words?limit=500`,
      '/clips?limit=50',
      '/workspace/media/assets?limit=100',
    ]) {
      expect((await client(b).get(path)).body).toEqual((await client(a).get(path)).body);
    }
  });
});

describe('seeded content', () => {
  it('has 8-17 projects (two kept for the delivery screens, the talking-head interview, a 16:9 talk), one large timeline and the others 30-200 items', async () => {
    const api = client(a);
    const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
    expect(projects.length).toBeGreaterThanOrEqual(8);
    expect(projects.length).toBeLessThanOrEqual(17);
    const counts: number[] = [];
    for (const project of projects) {
      const timeline = (await api.get<Timeline>(`/projects/${project.id}/timeline`)).body;
      counts.push(timeline.layers.reduce((sum, layer) => sum + layer.items.length, 0));
    }
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(900);
    expect(
      counts.filter((count) => count < 900).every((count) => count >= 30 && count <= 200),
    ).toBe(true);
  });

  it('has clips in all 11 statuses, with errors on failed clips', async () => {
    const clips = (await client(a).get<{ clips: Clip[] }>('/clips?limit=50')).body.clips;
    expect(new Set(clips.map((clip) => clip.status))).toEqual(new Set(ALL_CLIP_STATUSES));
    for (const clip of clips.filter((item) => item.status === 'failed')) {
      expect(clip.error?.why_failed).toBeTruthy();
      expect(clip.error?.how_to_fix?.length).toBeGreaterThan(0);
      expect(clip.blocking_error).toBeDefined();
    }
    const repair = clips.find((clip) => clip.status === 'needs_repair');
    expect(repair?.qa?.issues?.length).toBeGreaterThan(0);
    expect(clips.some((clip) => (clip.selection?.alternatives?.length ?? 0) >= 3)).toBe(true);
  });

  it('has an expired export and faceless plans with several revisions', async () => {
    const api = client(a);
    const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
    const exports: Export[] = [];
    for (const project of projects) {
      exports.push(
        ...(await api.get<{ exports: Export[] }>(`/projects/${project.id}/exports?limit=50`)).body
          .exports,
      );
    }
    expect(exports.some((item) => Date.parse(item.expires_at ?? '') < FIXED_NOW)).toBe(true);
    expect(exports.some((item) => Date.parse(item.expires_at ?? '') > FIXED_NOW)).toBe(true);
    const faceless = projects.filter((project) => project.name.startsWith('Faceless'));
    expect(faceless.length).toBeGreaterThanOrEqual(3);
    for (const project of faceless.filter((p) => !p.name.includes('Two Hundred Nights'))) {
      const revisions = (
        await api.get<{ revisions: FacelessPlanRevision[] }>(
          `/projects/${project.id}/faceless/plans`,
        )
      ).body.revisions;
      expect(revisions.length).toBeGreaterThanOrEqual(2);
      const full = revisions.find((revision) => revision.status === 'complete');
      expect(full?.plan?.scenes?.length).toBeGreaterThan(2);
      expect(full?.plan?.storyKitSnapshot?.version).toBe('story-kit-snapshot-v1');
      expect(full?.plan?.costEstimate?.total).toBeGreaterThan(0);
      expect(full?.preproduction_assets?.keyframes?.length).toBe(full?.plan?.scenes?.length);
      expect(full?.preproduction_assets?.semanticActionQa?.version).toBe('semantic-action-v1');
      expect(full?.review_options?.scenes?.length).toBe(full?.plan?.scenes?.length);
    }
  });

  it('starts with no webhooks and gives the free key a small workspace', async () => {
    expect((await client(a).get('/webhooks')).body).toEqual({ webhooks: [] });
    const free = await client(a, DEMO_KEYS.free).get<{ projects: Project[] }>('/projects');
    expect(free.body.projects.length).toBeGreaterThan(0);
  });
});
