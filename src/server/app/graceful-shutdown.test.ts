import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { shutdownGracefully } from './graceful-shutdown.ts';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { openSse } from '../test-support/sse-client.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.upstream.close();
  harness = undefined;
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(port: number, path: string, cookie: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { cookie }, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
          }),
        );
      })
      .on('error', reject);
  });
}

async function listening(h: Harness): Promise<number> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return (h.app.server.address() as AddressInfo).port;
}

describe('graceful shutdown', () => {
  it('stops accepting, ends streams with a retry hint, lets in-flight requests finish', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const port = await listening(harness);
    harness.upstream.route('GET', '/v1/clips', (_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"clips":[]}');
      }, 400);
    });
    const stream = await openSse(port, '/bff/events', { cookie });
    await stream.waitFor((text) => text.includes('event: status'));
    const agent = new http.Agent({ keepAlive: true });
    // An idle keep-alive connection, and a request in flight on another.
    expect((await get(port, '/healthz', cookie, agent)).status).toBe(200);
    const inFlight = get(port, '/api/v1/clips', cookie, new http.Agent({ keepAlive: true }));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    const closing = shutdownGracefully(harness.app, { timeoutMs: 5_000 });
    await stream.ended;
    expect(stream.text()).toMatch(/retry: 1000\n\n$/);
    const answer = await inFlight;
    expect(answer).toEqual({ status: 200, connection: 'close', body: '{"clips":[]}' });
    expect(await closing).toEqual({ forced: false });
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect(get(port, '/healthz', cookie, new http.Agent())).rejects.toThrow(/ECONNREFUSED/);
  });

  it('cuts what is still open at the bound', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const port = await listening(harness);
    // Upstream never answers (its own time-out is far longer than the shutdown bound).
    harness.upstream.route('GET', '/v1/clips', () => undefined);
    const stuck = get(port, '/api/v1/clips', cookie, new http.Agent());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    expect(await shutdownGracefully(harness.app, { timeoutMs: 300 })).toEqual({ forced: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(stuck).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
