import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Client } from './harness.ts';
import { client, startTestServer, VALID_UUID } from './harness.ts';
import type { DeletionResult, MediaAsset, MediaFolder, Project } from '@/api/schema.gen.ts';

let server: SimulatorServer;
let api: Client;
beforeEach(async () => {
  server = await startTestServer();
  api = client(server);
});
afterEach(async () => {
  await server.close();
});

const listAssets = async (): Promise<MediaAsset[]> =>
  (await api.get<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=100')).body.assets;
const listProjects = async (): Promise<Project[]> =>
  (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;

describe('asset batch delete', () => {
  it('a dry run deletes nothing and dry_run wins over confirm_delete', async () => {
    const before = await listAssets();
    const answer = await api.post<DeletionResult>('/workspace/media/assets/batch-delete', {
      reason: 'cleanup',
      name_prefix: 'b-roll',
      dry_run: true,
      confirm_delete: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.dry_run).toBe(true);
    expect(answer.body.selected_count).toBe(5);
    expect(answer.body.deleted_count).toBe(0);
    expect(answer.body.deleted_ids).toEqual([]);
    expect(await listAssets()).toHaveLength(before.length);
  });

  it('without dry_run or confirm_delete nothing is deleted (answered as a dry run)', async () => {
    const before = await listAssets();
    const answer = await api.post<DeletionResult>('/workspace/media/assets/batch-delete', {
      reason: 'cleanup',
      ids: [before[0]?.id],
    });
    expect(answer.body).toMatchObject({ dry_run: true, selected_count: 1, deleted_count: 0 });
    expect(await listAssets()).toHaveLength(before.length);
  });

  it('selects the union of ids, search and name_prefix', async () => {
    const assets = await listAssets();
    const byName = (name: string) => assets.find((asset) => asset.name === name)?.id;
    const answer = await api.post<DeletionResult>('/workspace/media/assets/batch-delete', {
      reason: 'cleanup',
      ids: [byName('Voiceover draft v3.wav'), byName('Logo - white.png')],
      search: 'DRONE',
      name_prefix: 'podcast ep 4',
    });
    const expected = [
      'Voiceover draft v3.wav',
      'Logo - white.png',
      'B-roll city night drone.mp4',
      'Podcast ep 41 - Growth loops.mp4',
      'Podcast ep 42 - Hiring slow.mp4',
      'Podcast ep 43 - Pricing.mp3',
      'Podcast ep 44 - AMA.mp4',
    ].map(byName);
    expect(answer.body.selected_ids.sort()).toEqual([...expected].sort());
    expect(answer.body.selected_count).toBe(7);
  });

  it('reports unknown ids as failed_items, not 404', async () => {
    const assets = await listAssets();
    const answer = await api.post<DeletionResult>('/workspace/media/assets/batch-delete', {
      reason: 'cleanup',
      ids: [assets[0]?.id, VALID_UUID],
      confirm_delete: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(false);
    expect(answer.body.failed_count).toBe(1);
    expect(answer.body.failed_items[0]?.id).toBe(VALID_UUID);
    expect(answer.body.failed_items[0]?.error).toMatch(/^not_found: /);
    expect(answer.body.deleted_ids).toEqual([assets[0]?.id]);
  });

  it('reports impact and cascades only when confirmed with the flags', async () => {
    const assets = await listAssets();
    const target = assets.find(
      (asset) => asset.linked_project_ids.length > 0 && asset.generated_clip_count > 0,
    );
    expect(target).toBeDefined();
    const asset = target as MediaAsset;
    const body = { reason: 'cleanup', ids: [asset.id] };
    const preview = await api.post<DeletionResult>('/workspace/media/assets/batch-delete', body);
    expect(preview.body.impact?.linked_project_count).toBe(asset.linked_project_ids.length);
    expect(preview.body.impact?.linked_projects?.map((project) => project.id).sort()).toEqual(
      [...asset.linked_project_ids].sort(),
    );
    expect(preview.body.impact?.linked_projects?.[0]?.name).toBeTruthy();
    expect(preview.body.impact?.generated_clip_count).toBe(asset.generated_clip_count);
    // The flags do not change the impact counts (dangling vs deleted).
    const flagged = await api.post<DeletionResult>('/workspace/media/assets/batch-delete', {
      ...body,
      delete_linked_projects: true,
      delete_generated_clips: true,
      dry_run: true,
    });
    expect(flagged.body.impact).toEqual(preview.body.impact);

    const projectsBefore = await listProjects();
    const done = await api.post<DeletionResult>('/workspace/media/assets/batch-delete', {
      ...body,
      confirm_delete: true,
      delete_linked_projects: true,
      delete_generated_clips: true,
    });
    expect(done.body).toMatchObject({ dry_run: false, deleted_count: 1, success: true });
    expect((await listAssets()).some((item) => item.id === asset.id)).toBe(false);
    const projectsAfter = await listProjects();
    expect(projectsAfter).toHaveLength(projectsBefore.length - asset.linked_project_ids.length);
    const clips = await api.get<{ clips: unknown[] }>(`/clips?asset_id=${asset.id}`);
    expect(clips.body.clips).toHaveLength(0);
  });

  it('confirmed without cascade flags leaves linked projects and clips', async () => {
    const assets = await listAssets();
    const asset = assets.find(
      (item) => item.linked_project_ids.length > 0 && item.generated_clip_count > 0,
    ) as MediaAsset;
    const projectsBefore = await listProjects();
    await api.post('/workspace/media/assets/batch-delete', {
      reason: 'cleanup',
      ids: [asset.id],
      confirm_delete: true,
    });
    expect(await listProjects()).toHaveLength(projectsBefore.length);
    const clips = await api.get<{ clips: unknown[] }>(`/clips?asset_id=${asset.id}`);
    expect(clips.body.clips.length).toBe(asset.generated_clip_count);
  });
});

describe('project batch delete', () => {
  it('dry runs keep the list; confirm deletes; unknown ids fail per item', async () => {
    const before = await listProjects();
    const dry = await api.post<DeletionResult>('/projects/batch-delete', {
      reason: 'cleanup',
      search: 'podcast',
    });
    expect(dry.body.dry_run).toBe(true);
    expect(dry.body.selected_count).toBe(1);
    expect(await listProjects()).toHaveLength(before.length);
    const done = await api.post<DeletionResult>('/projects/batch-delete', {
      reason: 'cleanup',
      search: 'podcast',
      ids: [VALID_UUID],
      confirm_delete: true,
    });
    expect(done.body).toMatchObject({ dry_run: false, deleted_count: 1, failed_count: 1 });
    expect(await listProjects()).toHaveLength(before.length - 1);
    expect((await api.get(`/projects/${done.body.deleted_ids[0] ?? ''}`)).status).toBe(404);
  });
});

describe('folder empty', () => {
  it('previews, then deletes every asset of the folder but keeps the folder', async () => {
    const folders = (await api.get<{ folders: MediaFolder[] }>('/workspace/media/folders')).body
      .folders;
    const folder = folders.find((item) => item.name === 'B-roll') as MediaFolder;
    const path = `/workspace/media/folders/${folder.id}/empty`;
    const preview = await api.post<DeletionResult>(path, { reason: 'spring cleaning' });
    expect(preview.body).toMatchObject({
      dry_run: true,
      selected_count: folder.asset_count,
      deleted_count: 0,
    });
    const dry = await api.post<DeletionResult>(path, {
      reason: 'spring cleaning',
      dry_run: true,
      confirm_delete: true,
    });
    expect(dry.body.deleted_count).toBe(0);
    const done = await api.post<DeletionResult>(path, {
      reason: 'spring cleaning',
      confirm_delete: true,
    });
    expect(done.body.deleted_count).toBe(folder.asset_count);
    const after = (await api.get<{ folders: MediaFolder[] }>('/workspace/media/folders')).body
      .folders;
    expect(after.find((item) => item.id === folder.id)?.asset_count).toBe(0);
    const invalid = await api.post(path, { reason: 'no' });
    expect(invalid.status).toBe(400);
  });
});
