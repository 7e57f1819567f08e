import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer, VALID_UUID } from './harness.ts';
import type { Character, Project, ProjectListResponse } from '@/api/schema.gen.ts';

let server: SimulatorServer;
let api: Client;
let project: Project;
let character: Character;
beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  project = (await api.get<{ projects: Project[] }>('/projects')).body.projects[0] as Project;
  character = server.simulator.store.workspace('org_demo').characters[0] as Character;
});
afterAll(async () => {
  await server.close();
});

async function expectInvalid(pending: Promise<{ status: number; body: unknown }>, param: string) {
  const answer = await pending;
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const error = errorOf(answer as never);
  expect(error.code).toBe('invalid_request');
  expect(error.param).toBe(param);
  expect(error.message).toBeTruthy();
}

describe('UUID path parameters', () => {
  const variants = (version: string, variant = 'a') =>
    `123e4567-e89b-${version}2d3-${variant}456-426614174000`;
  const probe = (characterId: string) =>
    api.post(`/characters/${characterId}/primary-reference`, { asset_id: VALID_UUID });

  it('accepts versions 1 to 8 (then 404 for an unknown character)', async () => {
    for (const version of ['1', '2', '3', '4', '5', '6', '7', '8']) {
      const answer = await probe(variants(version));
      expect(answer.status).toBe(404);
      expect(errorOf(answer).param).toBe('characterId');
    }
  });

  it('accepts nil, max and uppercase forms', async () => {
    for (const id of [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      variants('4').toUpperCase(),
    ]) {
      expect((await probe(id)).status).toBe(404);
    }
    const upper = await api.post(`/characters/${character.id.toUpperCase()}/primary-reference`, {
      asset_id: character.references?.[0]?.asset_id,
    });
    expect(upper.status).toBe(200);
  });

  it('rejects versions 0 and 9, variant c and wrong lengths with param characterId', async () => {
    for (const id of [
      variants('0'),
      variants('9'),
      variants('4', 'c'),
      variants('4').slice(1),
      `${variants('4')}a`,
      'abc',
    ]) {
      await expectInvalid(probe(id), 'characterId');
    }
  });

  it('names projectId on faceless routes and uuid body fields', async () => {
    await expectInvalid(api.get(`/projects/not-a-uuid/faceless/plans`), 'projectId');
    await expectInvalid(
      api.get(`/projects/${VALID_UUID}/faceless/plans/123e4567-e89b-92d3-a456-426614174000`),
      'revisionId',
    );
    await expectInvalid(
      api.post(`/characters/${character.id}/primary-reference`, { asset_id: 'nope' }),
      'asset_id',
    );
  });
});

describe('list limits', () => {
  it('limit must be 1 to 50 on clips, exports and projects', async () => {
    for (const path of ['/clips', `/projects/${project.id}/exports`, '/projects']) {
      await expectInvalid(api.get(`${path}?limit=0`), 'limit');
      await expectInvalid(api.get(`${path}?limit=51`), 'limit');
      await expectInvalid(api.get(`${path}?limit=abc`), 'limit');
      await expectInvalid(api.get(`${path}?offset=-1`), 'offset');
      await expectInvalid(api.get(`${path}?offset=1.5`), 'offset');
      expect((await api.get(`${path}?limit=50&offset=0`)).status).toBe(200);
      expect((await api.get(`${path}?limit=1`)).status).toBe(200);
    }
  });

  it('limit is 1 to 500 on caption words and 1 to 100 on media assets', async () => {
    const words = `/projects/${project.id}/captions/words`;
    await expectInvalid(api.get(`${words}?limit=0`), 'limit');
    await expectInvalid(api.get(`${words}?limit=501`), 'limit');
    expect((await api.get(`${words}?limit=500`)).status).toBe(200);
    await expectInvalid(api.get('/workspace/media/assets?limit=101'), 'limit');
    await expectInvalid(api.get('/workspace/media/assets?search='), 'search');
    expect((await api.get('/workspace/media/assets?limit=100')).status).toBe(200);
  });

  it('paginates projects with bounds', async () => {
    const first = await api.get<ProjectListResponse>('/projects?limit=5');
    expect(first.body.projects).toHaveLength(5);
    expect(first.body.bounds.total).toBeGreaterThanOrEqual(8);
    expect(first.body.bounds.has_more).toBe(true);
    const second = await api.get<{ projects: Project[] }>('/projects?limit=5&offset=5');
    expect(second.body.projects[0]?.id).not.toBe(first.body.projects[0]?.id);
  });

  it('rejects an unknown clip status', async () => {
    await expectInvalid(api.get('/clips?status=done'), 'status');
  });
});

describe('delete bodies', () => {
  const paths = ['/projects/batch-delete', '/workspace/media/assets/batch-delete'];

  it('reason must be 3 to 500 characters', async () => {
    for (const path of paths) {
      await expectInvalid(api.post(path, { ids: [VALID_UUID] }), 'reason');
      await expectInvalid(api.post(path, { reason: 'ab', ids: [VALID_UUID] }), 'reason');
      await expectInvalid(api.post(path, { reason: 'x'.repeat(501), ids: [VALID_UUID] }), 'reason');
      expect((await api.post(path, { reason: 'abc', ids: [VALID_UUID] })).status).toBe(200);
      expect((await api.post(path, { reason: 'x'.repeat(500), ids: [VALID_UUID] })).status).toBe(
        200,
      );
    }
  });

  it('ids at most 100 uuids; search and name_prefix 1 to 200 or null', async () => {
    for (const path of paths) {
      const many = Array.from({ length: 101 }, () => VALID_UUID);
      await expectInvalid(api.post(path, { reason: 'cleanup', ids: many }), 'ids');
      expect((await api.post(path, { reason: 'cleanup', ids: many.slice(1) })).status).toBe(200);
      await expectInvalid(
        api.post(path, { reason: 'cleanup', ids: [VALID_UUID, VALID_UUID, VALID_UUID, 'bad'] }),
        'ids[3]',
      );
      await expectInvalid(api.post(path, { reason: 'cleanup', search: '' }), 'search');
      await expectInvalid(api.post(path, { reason: 'cleanup', search: 'x'.repeat(201) }), 'search');
      await expectInvalid(api.post(path, { reason: 'cleanup', name_prefix: '' }), 'name_prefix');
      await expectInvalid(api.post(path, { reason: 'cleanup', search: null }), 'ids');
      await expectInvalid(
        api.post(path, { reason: 'cleanup', dry_run: 'yes', ids: [VALID_UUID] }),
        'dry_run',
      );
      expect((await api.post(path, { reason: 'cleanup', search: 'x'.repeat(200) })).status).toBe(
        200,
      );
    }
  });

  it('the body must be a JSON object', async () => {
    await expectInvalid(api.post('/projects/batch-delete', '[1,2]'), 'body');
    await expectInvalid(api.post('/projects/batch-delete', '"text"'), 'body');
    await expectInvalid(api.post('/projects/batch-delete', '{not json'), 'body');
  });
});

describe('missing resources', () => {
  it('404 not_found naming the parameter', async () => {
    for (const [path, param] of [
      [`/projects/${VALID_UUID}`, 'projectId'],
      [`/projects/${VALID_UUID}/timeline`, 'projectId'],
      ['/jobs/job_missing', 'jobId'],
      ['/clips/clip_missing', 'clipId'],
      [`/clip-batches/${VALID_UUID}`, 'batch_id'],
    ] as const) {
      const answer = await api.get(path);
      expect(answer.status).toBe(404);
      expect(errorOf(answer)).toMatchObject({ code: 'not_found', param });
    }
    const folder = await api.post(`/workspace/media/folders/${VALID_UUID}/empty`, {
      reason: 'cleanup',
    });
    expect(folder.status).toBe(404);
    expect(errorOf(folder).param).toBe('folderId');
  });
});

describe('the contract is the one source of request rules', () => {
  it('refuses fractional whole numbers (limit, offset, expected_revision are integers)', async () => {
    await expectInvalid(api.get('/clips?limit=10.5'), 'limit');
    await expectInvalid(api.get('/projects?offset=2.5'), 'offset');
    await expectInvalid(
      api.post(`/projects/${project.id}/timeline/move`, {
        timeline_item_id: 'ti_x',
        new_start_seconds: 1,
        expected_revision: 1.5,
      }),
      'expected_revision',
    );
  });

  it('names nested body fields with dots and brackets', async () => {
    await expectInvalid(
      api.patch(`/projects/${project.id}/captions/words`, {
        updates: [{ id: 'w1', style: { opacity: 'half' } }],
      }),
      'updates[0].style.opacity',
    );
    await expectInvalid(
      api.post(`/projects/${project.id}/timeline/operations/preview`, {
        expected_revision: 1,
        operation: { operation_id: 'timeline.item.spin', timeline_item_id: 'x' },
      }),
      'operation.operation_id',
    );
  });

  it('export start: the format and resolution the contract declares, and nothing else', async () => {
    const exports = `/projects/${project.id}/exports`;
    await expectInvalid(api.post(exports, { format: 'avi' }), 'format');
    await expectInvalid(api.post(exports, { resolution: '4k' }), 'resolution');
    const started = await api.post<{ status: string }>(exports, { resolution: '720p' });
    expect(started.status).toBe(202);
  });

  it('a simulator route must be an operation of the contract', async () => {
    const { route } = await import('../handlers/route.ts');
    const ctx = { sim: server.simulator, baseUrl: server.baseUrl };
    expect(() => route(ctx, 'get', '/not-in-the-contract', () => ({ body: {} }))).toThrow(
      /not an operation of src\/api\/openapi.yaml/,
    );
  });
});
