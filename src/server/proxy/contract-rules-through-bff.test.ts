import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorServer, startSimulatorServer } from '../../../mocks/http-server.ts';
import type { paths } from '../../api/schema.gen.ts';
import { buildBff } from '../app/app.ts';
import { loadConfig } from '../app/config.ts';
import { cookieFrom, TEST_SESSION_SECRET } from '../test-support/bff-harness.ts';

/**
 * The service's rules as the browser meets them: the typed client, through the BFF, against the
 * simulator over real HTTP (issue: "tests against the simulator over real HTTP through the BFF").
 */
describe('contract rules through the BFF', () => {
  let simulator: SimulatorServer;
  let app: FastifyInstance;
  let staticDir: string;
  let client: ReturnType<typeof createClient<paths>>;

  beforeAll(async () => {
    simulator = await startSimulatorServer({ port: 0, seed: 42 });
    staticDir = mkdtempSync(join(tmpdir(), 'cutroom-empty-dist-'));
    const config = loadConfig({
      SESSION_SECRET: TEST_SESSION_SECRET,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'silent',
    });
    config.upstream.baseUrl = simulator.baseUrl;
    app = await buildBff(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${origin}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ demo: true }),
    });
    const { csrf_token } = (await login.json()) as { csrf_token: string };
    client = createClient<paths>({
      baseUrl: `${origin}/api/v1`,
      headers: { cookie: cookieFrom(login.headers.getSetCookie()), 'x-csrf-token': csrf_token },
    });
  });

  afterAll(async () => {
    await app?.close();
    await simulator?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  async function facelessRevision() {
    const { data } = await client.GET('/projects', { params: { query: { limit: 50 } } });
    const project = data!.projects.find((p) => p.name.startsWith('Faceless:'))!;
    const plans = await client.GET('/projects/{projectId}/faceless/plans', {
      params: { path: { projectId: project.id } },
    });
    return { projectId: project.id, revisionId: plans.data!.revisions[0]!.id };
  }

  it('a malformed UUID is 400 naming the parameter', async () => {
    const { projectId } = await facelessRevision();
    const { response, error } = await client.POST(
      '/projects/{projectId}/faceless/plans/{revisionId}/revise',
      {
        params: { path: { projectId, revisionId: '123e4567-e89b-02d3-a456-426614174000' } },
        body: {},
      },
    );
    expect(response.status).toBe(400);
    expect(error?.error.param).toBe('revisionId');
  });

  it('an Idempotency-Key replays the same input and refuses different input with 409', async () => {
    const { projectId, revisionId } = await facelessRevision();
    const revise = (title: string) =>
      client.POST('/projects/{projectId}/faceless/plans/{revisionId}/revise', {
        params: {
          path: { projectId, revisionId },
          header: { 'Idempotency-Key': 'cutroom-test-key-0001' },
        },
        body: { scenes: [{ index: 0, title }] },
      });
    const first = await revise('A colder open');
    expect(first.response.status).toBe(200);
    const replay = await revise('A colder open');
    expect(replay.response.status).toBe(200);
    expect(replay.data?.id).toBe(first.data?.id);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    const conflict = await revise('A warmer open');
    expect(conflict.response.status).toBe(409);
    expect(conflict.error?.error.code).toBe('idempotency_conflict');
  });

  it('a dry run deletes nothing and reports per-item failures and impact', async () => {
    const before = await client.GET('/workspace/media/assets', {
      params: { query: { limit: 100 } },
    });
    const existing = before.data!.assets[0]!.id;
    const missing = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const { data } = await client.POST('/workspace/media/assets/batch-delete', {
      body: { reason: 'cleanup test', ids: [existing, missing], dry_run: true },
    });
    expect(data?.dry_run).toBe(true);
    expect(data?.deleted_count).toBe(0);
    expect(data?.failed_items).toEqual([expect.objectContaining({ id: missing })]);
    expect(data?.impact?.linked_project_count).toBeGreaterThanOrEqual(0);
    const after = await client.GET('/workspace/media/assets', {
      params: { query: { limit: 100 } },
    });
    expect(after.data!.bounds.total).toBe(before.data!.bounds.total);
  });

  it('a timeline edit with a stale expected_revision is 409, and a negative start is 400', async () => {
    const { data: list } = await client.GET('/projects', { params: { query: { limit: 50 } } });
    const projectId = list!.projects.find((p) => !p.name.startsWith('Faceless:'))!.id;
    const { data: timeline } = await client.GET('/projects/{projectId}/timeline', {
      params: { path: { projectId } },
    });
    const item = timeline!.layers.flatMap((l) => (l.locked ? [] : l.items))[0]!;
    const stale = await client.POST('/projects/{projectId}/timeline/move', {
      params: { path: { projectId } },
      body: {
        timeline_item_id: item.id,
        new_start_seconds: item.start_seconds,
        expected_revision: timeline!.revision - 1,
      },
    });
    expect(stale.response.status).toBe(409);
    const negative = await client.POST('/projects/{projectId}/timeline/move', {
      params: { path: { projectId } },
      body: { timeline_item_id: item.id, new_start_seconds: -1 },
    });
    expect(negative.response.status).toBe(400);
    expect(negative.error?.error.param).toBe('new_start_seconds');
  });
});
