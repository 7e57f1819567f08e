import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorServer, startSimulatorServer } from '../../../mocks/http-server.ts';
import type { AuditPage } from '../../api/bff-schema.gen.ts';
import type { components } from '../../api/schema.gen.ts';
import { buildBff } from '../app/app.ts';
import { MemoryAuditStore } from '../audit/audit-store.ts';
import { loadConfig } from '../app/config.ts';
import { cookieFrom, LogCapture, TEST_SESSION_SECRET } from '../test-support/bff-harness.ts';

type Schemas = components['schemas'];

/** Multipart uploads and the audit, through the BFF, on the real simulator. */
describe('uploads and audit through the BFF', () => {
  let simulator: SimulatorServer;
  let app: FastifyInstance;
  let port: number;
  let staticDir: string;
  const logs = new LogCapture();
  const auditStore = new MemoryAuditStore();

  beforeAll(async () => {
    simulator = await startSimulatorServer({ port: 0, seed: 42 });
    staticDir = mkdtempSync(join(tmpdir(), 'cutroom-empty-dist-'));
    const config = loadConfig({
      SESSION_SECRET: TEST_SESSION_SECRET,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    });
    config.upstream.baseUrl = simulator.baseUrl;
    app = await buildBff(config, { logStream: logs, auditStore });
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

  async function login() {
    const response = await bff('/bff/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ demo: true }),
    });
    const body = (await response.json()) as { csrf_token: string };
    const cookie = cookieFrom(response.headers.getSetCookie());
    const headers = { cookie, 'x-csrf-token': body.csrf_token };
    const post = async <T>(path: string, json: unknown, extra: Record<string, string> = {}) => {
      const answer = await bff(`/api/v1${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', ...extra },
        body: JSON.stringify(json),
      });
      return { status: answer.status, headers: answer.headers, body: (await answer.json()) as T };
    };
    return { cookie, csrf: body.csrf_token, headers, post };
  }

  it('sends part bytes through the relay and assembles the asset', async () => {
    const user = await login();
    const first = new Uint8Array(5 * 1024 * 1024).fill(7);
    const last = new Uint8Array(1000).fill(9);
    const upload = await user.post<Schemas['MultipartUpload']>(
      '/workspace/media/upload/multipart/start',
      { filename: 'relay.mp4', content_type: 'video/mp4', size_bytes: first.length + last.length },
    );
    expect(upload.status).toBe(200);
    const ref = { storage_key: upload.body.storage_key, upload_id: upload.body.upload_id };
    const etags: string[] = [];
    for (const [index, bytes] of [first, last].entries()) {
      const signed = await user.post<Schemas['MultipartSignedPart']>(
        '/workspace/media/upload/multipart/sign-part',
        { ...ref, part_number: index + 1 },
      );
      // The browser sends the bytes to its own origin, never to the service directly.
      expect(signed.body.url.startsWith('/bff/uploads/part?t=')).toBe(true);
      expect(signed.body.url).not.toContain(simulator.baseUrl);
      const put = await bff(signed.body.url, {
        method: 'PUT',
        headers: { ...user.headers, 'content-type': 'application/octet-stream' },
        body: bytes,
      });
      expect(put.status).toBe(200);
      etags.push(put.headers.get('etag') ?? '');
    }
    const listed = await bff(
      `/api/v1/workspace/media/upload/multipart/parts?${new URLSearchParams(ref)}`,
      { headers: user.headers },
    );
    const parts = ((await listed.json()) as Schemas['MultipartPartList']).parts;
    expect(parts.map((part) => part.etag)).toEqual(etags);
    const asset = await user.post<Schemas['MediaAsset']>(
      '/workspace/media/upload/multipart/complete',
      { ...ref, parts: etags.map((etag, index) => ({ part_number: index + 1, etag })) },
    );
    expect(asset.body).toMatchObject({ name: 'relay.mp4', size_bytes: first.length + last.length });
    expect(await simulator.simulator.parts.assetSize(asset.body.id)).toBe(
      first.length + last.length,
    );
  });

  it('refuses a part URL of another session, a tampered one, and a body without a length', async () => {
    const owner = await login();
    const other = await login();
    const upload = await owner.post<Schemas['MultipartUpload']>(
      '/workspace/media/upload/multipart/start',
      { filename: 'x.mp4', content_type: 'video/mp4', size_bytes: 10 },
    );
    const signed = await owner.post<Schemas['MultipartSignedPart']>(
      '/workspace/media/upload/multipart/sign-part',
      { storage_key: upload.body.storage_key, upload_id: upload.body.upload_id, part_number: 1 },
    );
    const body = new Uint8Array(10);
    const stolen = await bff(signed.body.url, { method: 'PUT', headers: other.headers, body });
    expect(stolen.status).toBe(403);
    const tampered = await bff(`${signed.body.url.slice(0, -4)}AAAA`, {
      method: 'PUT',
      headers: owner.headers,
      body,
    });
    expect(tampered.status).toBe(403);
    const noCsrf = await bff(signed.body.url, {
      method: 'PUT',
      headers: { cookie: owner.cookie },
      body,
    });
    expect(noCsrf.status).toBe(403);

    const chunked = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `http://127.0.0.1:${port}${signed.body.url}`,
        { method: 'PUT', headers: { ...owner.headers, 'transfer-encoding': 'chunked' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(Buffer.alloc(10));
    });
    expect(chunked).toBe(411);
  });

  it('records destructive calls in the audit list and as JSON log lines, never the key', async () => {
    const operation = { 'x-cutroom-operation': 'op-audit-check-1' };
    const user = await login();
    const assets = (await (
      await bff('/api/v1/workspace/media/assets?limit=100', { headers: user.headers })
    ).json()) as Schemas['MediaAssetListResponse'];
    const target = assets.assets.find((asset) => asset.name.startsWith('B-roll hands'));
    const body = { reason: 'audit check', ids: [target?.id] };
    await user.post('/workspace/media/assets/batch-delete', { ...body, dry_run: true }, operation);
    const key = { 'idempotency-key': 'audit-test-delete-1', ...operation };
    await user.post('/workspace/media/assets/batch-delete', { ...body, confirm_delete: true }, key);
    await user.post('/workspace/media/assets/batch-delete', { ...body, confirm_delete: true }, key);
    // Another operation of its own (no header).
    await user.post('/workspace/media/assets/batch-delete', { ...body, dry_run: true });
    // Not destructive: never recorded.
    await user.post('/workspace/media/folders', { name: 'Audit folder' });

    const page = (await (
      await bff('/bff/audit?limit=10', { headers: user.headers })
    ).json()) as AuditPage;
    // One operation for the dry run and its delete (the replay kept out), the lone dry run another.
    expect(page.operations.map((operation) => operation.entries.length)).toEqual([1, 2]);
    const grouped = page.operations[1];
    expect(grouped).toMatchObject({ id: 'op-audit-check-1', reason: 'audit check' });
    const [dry, confirmed] = grouped?.entries ?? [];
    expect(confirmed).toMatchObject({
      organization_id: 'org_demo',
      method: 'POST',
      endpoint: '/workspace/media/assets/batch-delete',
      path: '/workspace/media/assets/batch-delete',
      status: 200,
      reason: 'audit check',
      dry_run: false,
      selected_count: 1,
      deleted_count: 1,
      failed_count: 0,
      replayed: false,
      operation_id: 'op-audit-check-1',
    });
    expect(dry).toMatchObject({ dry_run: true, deleted_count: 0 });
    expect(page.operations[0]?.entries[0]?.operation_id).toBeNull();
    const lines = logs.lines.filter((line) => line.includes('"audit"'));
    // Four calls logged (the replay too, marked), three kept in the list.
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => JSON.parse(line).audit.replayed === true)).toBe(true);
    expect(logs.text).not.toContain('vcs_test_demo_paid');

    const other = await bff('/bff/audit?limit=500', { headers: user.headers });
    expect(other.status).toBe(400);
    expect((await bff('/bff/audit')).status).toBe(401);
  });
});
