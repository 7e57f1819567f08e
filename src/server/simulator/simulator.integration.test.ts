import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorServer, startSimulatorServer } from '../../../mocks/http-server.ts';
import { buildBff } from '../app/app.ts';
import { MemoryAuditStore } from '../audit/audit-store.ts';
import { Database } from '../db/database.ts';
import { loadConfig } from '../app/config.ts';
import { registerDemoWebhooks } from '../webhooks/demo-webhooks.ts';
import { cookieFrom, TEST_SESSION_SECRET } from '../test-support/bff-harness.ts';
import { openSse } from '../test-support/sse-client.ts';

/** The BFF in front of the real simulator (over loopback HTTP), with the real contract. */
describe('BFF ↔ simulator (integration)', () => {
  let simulator: SimulatorServer;
  let app: FastifyInstance;
  let port: number;
  let staticDir: string;

  beforeAll(async () => {
    simulator = await startSimulatorServer({
      port: 0,
      seed: 42,
      webhookSecret: 'whsec_integration',
    });
    staticDir = mkdtempSync(join(tmpdir(), 'cutroom-empty-dist-'));
    const config = loadConfig({
      SESSION_SECRET: TEST_SESSION_SECRET,
      VCS_WEBHOOK_SECRET: 'whsec_integration',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'silent',
    });
    config.upstream.baseUrl = simulator.baseUrl;
    // The audit in memory, and a database of its own: never the checkout's .cutroom/data.
    app = await buildBff(config, {
      auditStore: new MemoryAuditStore(),
      database: new Database({ kind: 'pglite', dataDir: join(staticDir, 'pglite') }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    await simulator?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const bff = (path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, init);

  async function demoLogin(profile?: 'free' | 'readonly') {
    const response = await bff('/bff/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(profile ? { demo: true, profile } : { demo: true }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { csrf_token: string; organization_id: string };
    return { cookie: cookieFrom(response.headers.getSetCookie()), csrf: body.csrf_token, body };
  }

  it('demo login → GET /api/v1/projects → 200', async () => {
    const { cookie, body } = await demoLogin();
    expect(body.organization_id).toBe('org_demo');
    const response = await bff('/api/v1/projects?limit=20', { headers: { cookie } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('vcs_test_demo_paid');
    expect(JSON.parse(text)).toBeTypeOf('object');
  });

  it('a refused key is 401 with no Set-Cookie', async () => {
    const response = await bff('/bff/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: 'vcs_test_not_a_demo_key' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_api_key',
    );
  });

  it('a write with the readonly demo key: the 403 passes through', async () => {
    const { cookie, csrf } = await demoLogin('readonly');
    const response = await bff('/api/v1/projects/batch-delete', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'integration test', ids: [], dry_run: true }),
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBeTypeOf('string');
  });

  it('the preview sound and an asset waveform pass through whole: bytes, type, revision', async () => {
    const { cookie } = await demoLogin();
    const list = (await (
      await bff('/api/v1/projects?limit=50', { headers: { cookie } })
    ).json()) as {
      projects: Array<{ id: string; name: string }>;
    };
    const interview = list.projects.find((project) => project.name.startsWith('Interview:'));
    expect(interview).toBeDefined();
    const base = `/api/v1/projects/${interview?.id}/preview-audio?start_seconds=2&duration_seconds=1`;
    const direct = await fetch(`${simulator.baseUrl}${base.replace('/api/v1', '')}`, {
      headers: { authorization: 'Bearer vcs_test_demo_paid' },
    });
    const wav = await bff(base, { headers: { cookie } });
    expect(wav.status).toBe(200);
    expect(wav.headers.get('content-type')).toMatch(/^audio\/wav/);
    expect(wav.headers.get('x-timeline-revision')).toBe(direct.headers.get('x-timeline-revision'));
    const bytes = Buffer.from(await wav.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);

    const opus = await bff(`${base}&format=opus`, { headers: { cookie } });
    expect(opus.status).toBe(200);
    expect(opus.headers.get('content-type')).toMatch(/^audio\/ogg/);
    expect(
      Buffer.from(await opus.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('OggS');

    const tooLong = await bff(base.replace('duration_seconds=1', 'duration_seconds=11'), {
      headers: { cookie },
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { param: string } }).error.param).toBe(
      'duration_seconds',
    );

    const timeline = (await (
      await bff(`/api/v1/projects/${interview?.id}/timeline`, { headers: { cookie } })
    ).json()) as { layers: Array<{ items: Array<{ type: string; asset_id: string | null }> }> };
    const camera = timeline.layers
      .flatMap((layer) => layer.items)
      .find((item) => item.type === 'video' && item.asset_id);
    const peaks = await bff(
      `/api/v1/workspace/media/assets/${camera?.asset_id}/waveform?pixels_per_second=10&start_seconds=0&duration_seconds=20`,
      { headers: { cookie } },
    );
    expect(peaks.status).toBe(200);
    const waveform = (await peaks.json()) as { version: number; length: number; data: number[] };
    expect(waveform.version).toBe(2);
    expect(waveform.data.length).toBe(waveform.length * 2);
    expect(waveform.data.some((value) => value !== 0)).toBe(true);
  });

  it('a simulator 429 and its Retry-After pass through', async () => {
    const { cookie } = await demoLogin();
    simulator.simulator.setFaults({ rate429: 1, retryAfterSeconds: 7, paths: '^/projects$' });
    try {
      const response = await bff('/api/v1/projects', { headers: { cookie } });
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('7');
    } finally {
      simulator.simulator.setFaults({});
    }
  });

  it('registered demo webhooks reach the SSE stream of the organization', async () => {
    const results = await registerDemoWebhooks({
      baseUrl: simulator.baseUrl,
      receiverUrl: `http://127.0.0.1:${port}/webhooks/vcs`,
      apiKeys: ['vcs_test_demo_paid', 'vcs_test_demo_free'],
    });
    expect(results.map((r) => [r.organizationId, r.ok])).toEqual([
      ['org_demo', true],
      ['org_demo_free', true],
    ]);
    const paid = await demoLogin();
    const free = await demoLogin('free');
    const paidStream = await openSse(port, '/bff/events', { cookie: paid.cookie });
    const freeStream = await openSse(port, '/bff/events', { cookie: free.cookie });
    try {
      await paidStream.waitFor((t) => t.includes('retry:'));
      await freeStream.waitFor((t) => t.includes('retry:'));
      const event = simulator.simulator.emit('org_demo', 'project.created', {
        project_id: 'p-int',
      });
      const text = await paidStream.waitFor((t) => t.includes(event.id));
      expect(text).toContain(`id: ${event.id}\nevent: vcs\n`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(freeStream.text()).not.toContain(event.id);
    } finally {
      paidStream.close();
      freeStream.close();
    }
  });
});
