import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { FacelessPlanRevision, Project } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer } from './harness.ts';

let server: SimulatorServer;
let api: Client;
let path: string;
beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
  const faceless = projects.find((project) => project.name === 'Faceless: The Lighthouse Keeper');
  path = `/projects/${faceless?.id ?? ''}/faceless/plans`;
});
afterAll(async () => {
  await server.close();
});

const revisions = async (): Promise<FacelessPlanRevision[]> =>
  (await api.get<{ revisions: FacelessPlanRevision[] }>(path)).body.revisions;

describe('faceless plans', () => {
  it('revise copies a revision into a new draft with the requested changes', async () => {
    const before = await revisions();
    const source = before[before.length - 1] as FacelessPlanRevision;
    const character = source.plan?.characters?.[0];
    const answer = await api.post<FacelessPlanRevision>(`${path}/${source.id}/revise`, {
      scenes: [{ index: 1, narration: 'The light blinked twice.', durationSeconds: 9 }],
      characters: [{ id: character?.id, voiceStyle: 'whispered' }],
      models: { videoModelId: 'video-motion-3' },
    });
    expect(answer.status).toBe(200);
    const created = answer.body;
    expect(created.status).toBe('draft');
    expect(created.id).not.toBe(source.id);
    expect(created.revision).toBe(Math.max(...before.map((revision) => revision.revision)) + 1);
    expect(created.series?.revision).toBe(created.revision);
    expect(created.plan?.scenes?.[1]?.narration).toBe('The light blinked twice.');
    expect(created.plan?.scenes?.[1]?.durationSeconds).toBe(9);
    expect(created.plan?.scenes?.[2]?.startSeconds).toBe(created.plan?.scenes?.[1]?.endSeconds);
    expect(created.plan?.characters?.[0]?.voiceStyle).toBe('whispered');
    expect(created.plan?.videoModelId).toBe('video-motion-3');
    expect(created.plan?.scenes?.[0]).toEqual(source.plan?.scenes?.[0]);
    const unchanged = (await api.get<FacelessPlanRevision>(`${path}/${source.id}`)).body;
    expect(unchanged).toEqual(source);
    expect(await revisions()).toHaveLength(before.length + 1);
  });

  it('validates revise bodies', async () => {
    const source = (await revisions())[0] as FacelessPlanRevision;
    const noScene = await api.post(`${path}/${source.id}/revise`, { scenes: [{ index: 99 }] });
    expect(errorOf(noScene).param).toBe('scenes[0].index');
    const badModel = await api.post(`${path}/${source.id}/revise`, {
      models: { audioModelId: 'x' },
    });
    expect(errorOf(badModel).param).toBe('models.audioModelId');
    const missing = await api.post(`${path}/00000000-0000-0000-0000-000000000000/revise`, {});
    expect(missing.status).toBe(404);
    expect(errorOf(missing).param).toBe('revisionId');
  });

  it('approve plan then assets runs the jobs to complete', async () => {
    const draft = (
      await api.post<FacelessPlanRevision>(`${path}/${(await revisions())[0]?.id ?? ''}/revise`, {})
    ).body;
    const early = await api.post(`${path}/${draft.id}/approve`, { stage: 'assets' });
    expect(errorOf(early).param).toBe('stage');
    const plan = await api.post<FacelessPlanRevision>(`${path}/${draft.id}/approve`, {
      stage: 'plan',
    });
    expect(plan.body.plan_approved_at).toBeTruthy();
    server.simulator.advance(5000);
    const assets = await api.post<FacelessPlanRevision>(`${path}/${draft.id}/approve`, {
      stage: 'assets',
    });
    expect(assets.status).toBe(200);
    expect(assets.body.generation_job_id).toBeTruthy();
    server.simulator.advance(5000);
    const done = (await api.get<FacelessPlanRevision>(`${path}/${draft.id}`)).body;
    expect(done.status).toBe('complete');
    expect((await api.post(`${path}/${draft.id}/approve`, { stage: 'final' })).status).toBe(400);
  });
});
