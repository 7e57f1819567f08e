import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer } from './harness.ts';
import type { Clip, FacelessPlanRevision, MediaAsset, Project } from '@/api/schema.gen.ts';

let server: SimulatorServer;
let api: Client;
let video: MediaAsset;
let otherVideo: MediaAsset;
beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  const assets = (await api.get<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=100')).body
    .assets;
  const videos = assets.filter((asset) => asset.kind === 'video');
  video = videos[0] as MediaAsset;
  otherVideo = videos[1] as MediaAsset;
});
afterAll(async () => {
  await server.close();
});

describe('Idempotency-Key on clip creation', () => {
  it('replays the original response for the same key and input', async () => {
    const headers = { 'Idempotency-Key': 'clip-create:0001' };
    const first = await api.post<Clip>('/clips', { asset_id: video.id }, headers);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api.post<Clip>('/clips', { asset_id: video.id }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const clips = (await api.get<{ clips: Clip[] }>(`/clips?asset_id=${video.id}&limit=50`)).body
      .clips;
    expect(clips.filter((clip) => clip.clip_id === first.body.clip_id)).toHaveLength(1);
  });

  it('answers 409 idempotency_conflict for the same key with different input', async () => {
    const headers = { 'Idempotency-Key': 'clip-create:0002' };
    expect((await api.post('/clips', { asset_id: video.id }, headers)).status).toBe(201);
    const conflict = await api.post('/clips', { asset_id: otherVideo.id }, headers);
    expect(conflict.status).toBe(409);
    expect(errorOf(conflict).code).toBe('idempotency_conflict');
  });

  it('without a key every call creates a new clip', async () => {
    const a = await api.post<Clip>('/clips', { asset_id: video.id });
    const b = await api.post<Clip>('/clips', { asset_id: video.id });
    expect(a.body.clip_id).not.toBe(b.body.clip_id);
  });

  it('rejects malformed keys with param Idempotency-Key', async () => {
    for (const key of ['short', 'has space here', 'x'.repeat(201), 'bad/slash-key']) {
      const answer = await api.post('/clips', { asset_id: video.id }, { 'Idempotency-Key': key });
      expect(answer.status).toBe(400);
      expect(errorOf(answer).param).toBe('Idempotency-Key');
    }
    const ok = await api.post(
      '/clips',
      { asset_id: video.id },
      { 'Idempotency-Key': 'A.b_c:d-12' },
    );
    expect(ok.status).toBe(201);
  });

  it('scopes keys per operation', async () => {
    const key = { 'Idempotency-Key': 'shared-key-123' };
    expect((await api.post('/clips', { asset_id: video.id }, key)).status).toBe(201);
    const character = server.simulator.store.workspace('org_demo').characters[0];
    const reference = character?.references?.[1]?.asset_id ?? character?.references?.[0]?.asset_id;
    const other = await api.post(
      `/characters/${character?.id ?? ''}/primary-reference`,
      { asset_id: reference },
      key,
    );
    expect(other.status).toBe(200);
  });
});

describe('Idempotency-Key on faceless revise and primary reference', () => {
  it('replays a revise instead of creating another revision', async () => {
    const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
    const faceless = projects.find((project) => project.name.startsWith('Faceless')) as Project;
    const path = `/projects/${faceless.id}/faceless/plans`;
    const before = (await api.get<{ revisions: FacelessPlanRevision[] }>(path)).body.revisions;
    const source = before[0] as FacelessPlanRevision;
    const headers = { 'Idempotency-Key': 'revise-0001' };
    const body = { scenes: [{ index: 0, title: 'A new opening' }] };
    const first = await api.post<FacelessPlanRevision>(
      `${path}/${source.id}/revise`,
      body,
      headers,
    );
    expect(first.status).toBe(200);
    const replay = await api.post<FacelessPlanRevision>(
      `${path}/${source.id}/revise`,
      body,
      headers,
    );
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const after = (await api.get<{ revisions: FacelessPlanRevision[] }>(path)).body.revisions;
    expect(after).toHaveLength(before.length + 1);
    const conflict = await api.post(
      `${path}/${source.id}/revise`,
      { scenes: [{ index: 0, title: 'Different' }] },
      headers,
    );
    expect(conflict.status).toBe(409);
  });

  it('replays the primary reference response', async () => {
    const character = server.simulator.store.workspace('org_demo').characters[1];
    const path = `/characters/${character?.id ?? ''}/primary-reference`;
    const assetId = character?.references?.[0]?.asset_id;
    const headers = { 'Idempotency-Key': 'primary-ref-1' };
    const first = await api.post(path, { asset_id: assetId }, headers);
    const again = await api.post(path, { asset_id: assetId }, headers);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
