import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { WebhookEvent } from '@/api/schema.gen.ts';
import type { Schema } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer } from './harness.ts';
import { DEMO_KEYS } from '../lib/auth.ts';
import { seedStore } from '../store/seed.ts';
import { contractValidator } from '../lib/contract-validator.ts';
import type {
  Character,
  FacelessPlanRevision,
  Job,
  MediaAsset,
  Project,
} from '@/api/schema.gen.ts';

let server: SimulatorServer;
let api: Client;
let projects: Project[];
let path: string;
const events: WebhookEvent[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
  const faceless = projects.find((project) => project.name === 'Faceless: The Lighthouse Keeper');
  path = `/projects/${faceless?.id ?? ''}/faceless/plans`;
  const emit = server.simulator.emit.bind(server.simulator);
  server.simulator.emit = (organizationId, type, data) => {
    const event = emit(organizationId, type, data);
    events.push(event);
    return event;
  };
});
afterAll(async () => {
  await server.close();
});

const revisions = async (plansPath = path): Promise<FacelessPlanRevision[]> =>
  (await api.get<{ revisions: FacelessPlanRevision[] }>(plansPath)).body.revisions;

const byStatus = async (status: string, plansPath = path) =>
  (await revisions(plansPath)).find(
    (revision) => revision.status === status,
  ) as FacelessPlanRevision;

const revise = (source: FacelessPlanRevision, body: unknown, key?: string) =>
  api.post<FacelessPlanRevision>(
    `${path}/${source.id}/revise`,
    body,
    key ? { 'Idempotency-Key': key } : {},
  );

describe('seeded faceless plans', () => {
  it('has revisions in every status, each naming jobs that exist', async () => {
    // The seed as created (the running simulator moves mid-run revisions on at once).
    const workspace = seedStore(server.simulator.seed, Date.now()).workspace('org_demo');
    const all = workspace.projects.flatMap((record) => record.facelessRevisions);
    const jobIds = new Set(workspace.jobs.map((job) => job.job_id));
    expect(new Set(all.map((revision) => revision.status))).toEqual(
      new Set(['draft', 'plan_approved', 'assets_ready', 'generating', 'complete', 'failed']),
    );
    for (const revision of all) {
      for (const jobId of [revision.preproduction_job_id, revision.generation_job_id]) {
        if (!jobId) continue;
        expect(jobIds.has(jobId)).toBe(true);
        expect((await api.get<Job>(`/jobs/${jobId}`)).status).toBe(200);
      }
      if (revision.status === 'draft') {
        expect(revision.plan_approved_at).toBeUndefined();
        expect(revision.preproduction_job_id).toBe('');
      }
      if (revision.status === 'failed') expect(revision.error).toMatch(/not available/);
    }
  });

  it('a draft revised from approved assets lacks the changed scene’s keyframe and QA', async () => {
    const draft = await byStatus('draft');
    const keyframes = draft.preproduction_assets?.keyframes?.map((k) => k.sceneIndex);
    expect(keyframes).toEqual([0, 1, 3, 4]);
    const qa = draft.preproduction_assets?.semanticActionQa;
    expect(qa?.scenes?.some((scene) => scene.sceneIndex === 2)).toBe(false);
    expect(qa?.status).toBe('pending');
    expect(draft.review_options?.scenes?.[2]?.current_asset_id).toBeUndefined();
  });

  it('serves generated keyframes as media assets, and characters by id', async () => {
    const ready = await byStatus('assets_ready');
    const assetId = ready.preproduction_assets?.keyframes?.[0]?.assetId ?? '';
    const asset = await api.get<MediaAsset>(`/workspace/media/assets/${assetId}`);
    expect(asset.status).toBe(200);
    expect(asset.body.thumbnail_url).toMatch(/^data:image\/svg\+xml/);
    const characterId = ready.plan?.characters?.[0]?.sourceCharacterId ?? '';
    const character = await api.get<Character>(`/characters/${characterId}`);
    expect(character.body.references?.some((reference) => reference.is_primary)).toBe(true);
    expect((await api.get('/characters/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('gives every story kit location a reference image, served as a media asset', async () => {
    const [revision] = await revisions();
    const locations = revision?.plan?.storyKitSnapshot?.locations ?? [];
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations) {
      expect(location.referenceAssetIds).toHaveLength(1);
      const asset = await api.get<MediaAsset>(
        `/workspace/media/assets/${location.referenceAssetIds?.[0] ?? ''}`,
      );
      expect(asset.status).toBe(200);
      expect(asset.body.thumbnail_url).toMatch(/^data:image\/svg\+xml/);
    }
  });

  it('has a 200-scene plan with keyframes and QA for every scene', async () => {
    const long = projects.find((project) => project.name === 'Faceless: Two Hundred Nights');
    const [revision] = await revisions(`/projects/${long?.id ?? ''}/faceless/plans`);
    expect(revision?.plan?.scenes).toHaveLength(200);
    expect(revision?.preproduction_assets?.semanticActionQa?.scenes).toHaveLength(200);
  });
});

describe('revise', () => {
  it('copies a revision into a new draft with the requested changes', async () => {
    const before = await revisions();
    const source = await byStatus('assets_ready');
    const character = source.plan?.characters?.[0];
    const answer = await revise(source, {
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
    expect(created.plan_approved_at).toBeUndefined();
    // Duration changed: scene 1's keyframe and QA are stale; the rest are kept.
    expect(created.preproduction_assets?.keyframes?.map((k) => k.sceneIndex)).toEqual([0, 2, 3, 4]);
    expect(created.preproduction_assets?.styleAnchorAssetId).toBe(
      source.preproduction_assets?.styleAnchorAssetId,
    );
    const unchanged = (await api.get<FacelessPlanRevision>(`${path}/${source.id}`)).body;
    expect(unchanged).toEqual(source);
    expect(await revisions()).toHaveLength(before.length + 1);
  });

  it('drops a changed character’s anchor and the scenes that show it', async () => {
    const source = await byStatus('assets_ready');
    const character = source.plan?.characters?.[1];
    const created = (
      await revise(source, { characters: [{ id: character?.id, anchorPrompt: 'green cap' }] })
    ).body;
    const showing = (source.plan?.scenes ?? [])
      .filter((scene) => scene.characterIds?.includes(character?.id ?? ''))
      .map((scene) => scene.index);
    expect(showing.length).toBeGreaterThan(0);
    const kept = created.preproduction_assets?.keyframes?.map((k) => k.sceneIndex) ?? [];
    expect(kept.some((index) => showing.includes(index))).toBe(false);
    expect(
      created.preproduction_assets?.characterAnchors?.some((a) => a.characterId === character?.id),
    ).toBe(false);
  });

  it('replays a retried revise instead of creating a second draft', async () => {
    const source = await byStatus('assets_ready');
    const count = (await revisions()).length;
    const body = { scenes: [{ index: 0, title: 'Storm' }] };
    const first = await revise(source, body, 'plans-test-key-0001');
    const again = await revise(source, body, 'plans-test-key-0001');
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await revisions()).toHaveLength(count + 1);
    const other = await revise(
      source,
      { scenes: [{ index: 0, title: 'Gale' }] },
      'plans-test-key-0001',
    );
    expect(other.status).toBe(409);
  });

  it('validates revise bodies against the source plan', async () => {
    const source = (await revisions())[0] as FacelessPlanRevision;
    const noScene = await revise(source, { scenes: [{ index: 99 }] });
    expect(errorOf(noScene).param).toBe('scenes[0].index');
    const twice = await revise(source, { scenes: [{ index: 1 }, { index: 1, title: 'x' }] });
    expect(errorOf(twice).param).toBe('scenes[1].index');
    const stranger = await revise(source, { scenes: [{ index: 1, characterIds: ['pc_nobody'] }] });
    expect(errorOf(stranger).param).toBe('scenes[0].characterIds');
    const badModel = await revise(source, { models: { audioModelId: 'x' } });
    expect(errorOf(badModel).param).toBe('models.audioModelId');
    const empty = await revise(source, { scenes: [{ index: 1, imagePrompt: '  ' }] });
    expect(errorOf(empty).param).toBe('scenes[0].imagePrompt');
    const missing = await api.post(`${path}/00000000-0000-0000-0000-000000000000/revise`, {});
    expect(missing.status).toBe(404);
    expect(errorOf(missing).param).toBe('revisionId');
  });

  it('refuses the free plan with 403 plan_required', async () => {
    const free = client(server, DEMO_KEYS.free);
    const list = (await free.get<{ projects: Project[] }>('/projects')).body.projects;
    const paper = list.find((project) => project.name === 'Faceless: Paper Boats');
    const freePath = `/projects/${paper?.id ?? ''}/faceless/plans`;
    const [revision] = (await free.get<{ revisions: FacelessPlanRevision[] }>(freePath)).body
      .revisions;
    const answer = await free.post(`${freePath}/${revision?.id ?? ''}/revise`, {});
    expect(answer.status).toBe(403);
    expect(errorOf(answer).code).toBe('plan_required');
  });
});

describe('approve', () => {
  it('runs preproduction for only the missing assets, then generation to complete', async () => {
    const source = await byStatus('assets_ready');
    const draft = (await revise(source, { scenes: [{ index: 3, motionPrompt: 'lever snaps' }] }))
      .body;
    const kept = draft.preproduction_assets?.keyframes?.find((k) => k.sceneIndex === 0)?.assetId;
    const early = await api.post(`${path}/${draft.id}/approve`, { stage: 'assets' });
    expect(early.status).toBe(409);
    expect(errorOf(early).code).toBe('invalid_transition');
    const plan = await api.post<FacelessPlanRevision>(`${path}/${draft.id}/approve`, {
      stage: 'plan',
    });
    expect(plan.body.status).toBe('plan_approved');
    const job = (await api.get<Job>(`/jobs/${plan.body.preproduction_job_id ?? ''}`)).body;
    expect(job.estimated_credits).toBe(7);
    const again = await api.post(`${path}/${draft.id}/approve`, { stage: 'plan' });
    expect(again.status).toBe(409);
    server.simulator.advance(5000);
    const ready = (await api.get<FacelessPlanRevision>(`${path}/${draft.id}`)).body;
    expect(ready.status).toBe('assets_ready');
    expect(ready.preproduction_assets?.keyframes?.map((k) => k.sceneIndex)).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect(ready.preproduction_assets?.keyframes?.[0]?.assetId).toBe(kept);
    expect(ready.preproduction_assets?.semanticActionQa?.scenes).toHaveLength(5);
    const assets = await api.post<FacelessPlanRevision>(`${path}/${draft.id}/approve`, {
      stage: 'assets',
    });
    expect(assets.body.status).toBe('generating');
    server.simulator.advance(5000);
    const done = (await api.get<FacelessPlanRevision>(`${path}/${draft.id}`)).body;
    expect(done.status).toBe('complete');
    expect(
      events.some((e) => e.type === 'faceless.complete' && e.data.revision_id === draft.id),
    ).toBe(true);
    const complete = events.find((e) => e.type === 'faceless.complete');
    expect(contractValidator().schemaErrors('WebhookEvent', complete)).toEqual([]);
    const completeAgain = await api.post(`${path}/${draft.id}/approve`, { stage: 'plan' });
    expect(completeAgain.status).toBe(409);
    expect((await api.post(`${path}/${draft.id}/approve`, { stage: 'final' })).status).toBe(400);
  });

  it('fails a run with an unavailable model and sends faceless.failed', async () => {
    const source = await byStatus('assets_ready');
    const draft = (await revise(source, { models: { videoModelId: 'video-motion-0' } })).body;
    await api.post(`${path}/${draft.id}/approve`, { stage: 'plan' });
    server.simulator.advance(5000);
    await api.post(`${path}/${draft.id}/approve`, { stage: 'assets' });
    server.simulator.advance(5000);
    const failed = (await api.get<FacelessPlanRevision>(`${path}/${draft.id}`)).body;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/video-motion-0 is not available/);
    const event = events.find(
      (e): e is Schema<'FacelessWebhookEvent'> =>
        e.type === 'faceless.failed' && e.data.revision_id === draft.id,
    );
    expect(event?.data.error).toBe(failed.error);
    expect(contractValidator().schemaErrors('WebhookEvent', event)).toEqual([]);
    const job = (await api.get<Job>(`/jobs/${failed.generation_job_id ?? ''}`)).body;
    expect(job.status).toBe('failed');
  });
});
