import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorServer, startSimulatorServer } from '../../../mocks/http-server.ts';
import type { components } from '../../api/schema.gen.ts';
import { buildBff } from '../app/app.ts';
import { loadConfig } from '../app/config.ts';
import { cookieFrom, LogCapture, TEST_SESSION_SECRET } from '../test-support/bff-harness.ts';

type Schemas = components['schemas'];

/** Sends `body` in `pieces` pieces, `pauseMs` apart; resolves with the status and the answer. */
function trickle(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  pieces: number,
  pauseMs: number,
): Promise<{ status: number; text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const request = http.request(url, {
      method: 'PUT',
      headers: { ...headers, 'content-length': String(body.length) },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text, ms: Date.now() - started }),
      );
    });
    request.on('error', (error) => resolve({ status: 0, text: String(error), ms: 0 }));
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const next = () => {
      if (sent >= body.length) return;
      const end = Math.min(body.length, sent + size);
      request.write(body.subarray(sent, end));
      sent = end;
      if (sent >= body.length) request.end();
      else setTimeout(next, pauseMs);
    };
    request.on('socket', () => next());
    request.on('timeout', () => reject(new Error('client time-out')));
  });
}

/**
 * A part that takes longer than the request time-out to arrive, its bytes moving all along, is
 * relayed (a large part on a slow link); a JSON body that slow is still cut off.
 */
describe('slow but moving upload parts', () => {
  let simulator: SimulatorServer;
  let app: FastifyInstance;
  let base: string;
  let staticDir: string;

  beforeAll(async () => {
    simulator = await startSimulatorServer({ port: 0, seed: 42 });
    staticDir = mkdtempSync(join(tmpdir(), 'cutroom-empty-dist-'));
    const config = loadConfig({
      SESSION_SECRET: TEST_SESSION_SECRET,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    });
    config.upstream.baseUrl = simulator.baseUrl;
    config.timeouts = {
      headersMs: 300,
      requestMs: 600,
      connectionMs: 1_000,
      keepAliveMs: 200,
      checkIntervalMs: 50,
    };
    app = await buildBff(config, { logStream: new LogCapture() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await simulator?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  async function signedPart(size: number) {
    const login = await fetch(`${base}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ demo: true }),
    });
    const { csrf_token: csrf } = (await login.json()) as { csrf_token: string };
    const headers = { cookie: cookieFrom(login.headers.getSetCookie()), 'x-csrf-token': csrf };
    const post = async <T>(path: string, json: unknown) =>
      (await (
        await fetch(`${base}/api/v1${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        })
      ).json()) as T;
    const upload = await post<Schemas['MultipartUpload']>(
      '/workspace/media/upload/multipart/start',
      { filename: 'slow.mp4', content_type: 'video/mp4', size_bytes: size },
    );
    const signed = await post<Schemas['MultipartSignedPart']>(
      '/workspace/media/upload/multipart/sign-part',
      { storage_key: upload.storage_key, upload_id: upload.upload_id, part_number: 1 },
    );
    return { url: `${base}${signed.url}`, headers };
  }

  it('relays a part whose bytes keep coming for longer than the request time-out', async () => {
    const body = Buffer.alloc(4_000, 5);
    const { url, headers } = await signedPart(body.length);
    // 10 pieces 150 ms apart: ~1.4 s in all, over twice the 600 ms request time-out, never idle
    // for as long as the 1 s socket time-out.
    const answer = await trickle(url, headers, body, 10, 150);
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeGreaterThan(1_000);
  });

  it('still cuts off a part that stalls for longer than the socket time-out', async () => {
    const body = Buffer.alloc(4_000, 6);
    const { url, headers } = await signedPart(body.length);
    const answer = await trickle(url, headers, body, 2, 1_500);
    expect(answer.status).not.toBe(200);
  });

  it('still cuts off a JSON body that takes longer than the request time-out', async () => {
    const login = await fetch(`${base}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ demo: true }),
    });
    const { csrf_token: csrf } = (await login.json()) as { csrf_token: string };
    const headers = {
      cookie: cookieFrom(login.headers.getSetCookie()),
      'x-csrf-token': csrf,
      'content-type': 'application/json',
    };
    const json = Buffer.from(JSON.stringify({ name: `slow ${'x'.repeat(200)}` }));
    const answer = await new Promise<{ status: number; text: string }>((resolve) => {
      const request = http.request(`${base}/api/v1/workspace/media/folders`, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(json.length) },
      });
      let text = '';
      request.on('response', (response) => {
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', () => resolve({ status: 0, text }));
      let index = 0;
      const timer = setInterval(() => {
        if (index >= json.length) {
          clearInterval(timer);
          request.end();
          return;
        }
        request.write(json.subarray(index, index + 20));
        index += 20;
      }, 150);
    });
    expect(answer.status).toBe(408);
    expect(answer.text).toContain('"code":"request_timeout"');
  });
});
