import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { computeSignature } from '../webhooks/verify-signature.ts';
import { exportReadyEvent } from '../test-support/webhook-events.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('GET /healthz and /readyz', () => {
  it('healthz is up; readyz checks upstream and shared state', async () => {
    harness = await startHarness();
    const health = await harness.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: {
        upstream: { ok: true, detail: 'HTTP 200' },
        shared_state: { kind: 'memory', ok: true, detail: 'reachable' },
      },
    });
    // The probe carries the request id, never a key.
    const probe = harness.upstream.requests.find((request) => request.url === '/v1/');
    expect(probe?.headers.authorization).toBeUndefined();
    expect(probe?.headers['x-request-id']).toBe(ready.headers['x-request-id']);
  });

  it('readyz is 503 when the upstream cannot be reached, and while shutting down', async () => {
    harness = await startHarness();
    harness.app.startDraining();
    const draining = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'shutting_down' });

    const other = await startHarness();
    try {
      await other.upstream.close();
      const down = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: 'not_ready',
        checks: { upstream: { ok: false }, shared_state: { ok: true } },
      });
      // Liveness does not depend on the upstream.
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics', () => {
  it('counts requests by contract route and status, upstream errors, webhook checks, streams', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    await harness.app.inject({
      method: 'GET',
      url: '/api/v1/projects?limit=5',
      headers: { cookie },
    });
    await harness.app.inject({ method: 'GET', url: '/api/v1/projects/p_1', headers: { cookie } });
    await harness.app.inject({ method: 'GET', url: '/api/v1/projects/p_2', headers: { cookie } });
    harness.upstream.route('GET', '/v1/clips', (_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"error":{"code":"unavailable","message":"down"}}');
    });
    await harness.app.inject({ method: 'GET', url: '/api/v1/clips', headers: { cookie } });
    const timestamp = String(Math.floor(Date.now() / 1000));
    await harness.app.inject({
      method: 'POST',
      url: '/webhooks/vcs',
      headers: { 'content-type': 'application/json', 'x-service-timestamp': timestamp },
      payload: '{}',
    });
    const body = Buffer.from(JSON.stringify(exportReadyEvent('evt_m')));
    await harness.app.inject({
      method: 'POST',
      url: '/webhooks/vcs',
      headers: {
        'content-type': 'application/json',
        'x-service-timestamp': timestamp,
        'x-service-signature': computeSignature('whsec_demo_cutroom', timestamp, body),
      },
      payload: body,
    });

    const metrics = await harness.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    const text = metrics.body;
    expect(text).toContain(
      'cutroom_http_requests_total{method="GET",route="/api/v1/projects",status="200"} 1',
    );
    expect(text).toContain(
      'cutroom_http_requests_total{method="GET",route="/api/v1/projects/{projectId}",status="200"} 2',
    );
    expect(text).toContain(
      'cutroom_http_requests_total{method="POST",route="/bff/session",status="200"} 1',
    );
    expect(text).toMatch(
      /cutroom_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\/projects",status="200"\} 1/,
    );
    expect(text).toContain('cutroom_upstream_errors_total{kind="status_5xx"} 1');
    expect(text).toContain('cutroom_webhook_verifications_total{outcome="missing_signature"} 1');
    expect(text).toContain('cutroom_webhook_verifications_total{outcome="valid"} 1');
    expect(text).toContain('cutroom_webhook_events_total{outcome="published"} 1');
    expect(text).toContain('cutroom_sse_streams_open 0');
    expect(text).toContain('cutroom_shared_state_available 1');
    expect(text).toContain('cutroom_process_cpu_seconds_total');
  });

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    harness = await startHarness({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    expect((await harness.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await harness.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await harness.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe('request ids and logs', () => {
  it('one JSON log line per request with its id, which is also sent upstream and to the browser', async () => {
    harness = await startHarness({ env: { LOG_LEVEL: 'info' } });
    const { cookie } = await harness.login();
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/projects?limit=2',
      headers: { cookie },
    });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const upstreamSaw = harness.upstream.requests.at(-1);
    expect(upstreamSaw?.headers['x-request-id']).toBe(id);
    const lines = harness.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const mine = lines.filter((line) => line.reqId === id);
    expect(mine).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'GET',
        route: '/api/v1/projects',
        path: '/api/v1/projects',
        status: 200,
        level: 30,
      }),
    ]);
    expect(typeof mine[0]?.ms).toBe('number');
  });

  it('adopts a well-formed X-Request-Id from the load balancer, replaces a malformed one', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const adopted = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/projects',
      headers: { cookie, 'x-request-id': 'lb-1234abcd' },
    });
    expect(adopted.headers['x-request-id']).toBe('lb-1234abcd');
    expect(harness.upstream.requests.at(-1)?.headers['x-request-id']).toBe('lb-1234abcd');
    const replaced = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/projects',
      headers: { cookie, 'x-request-id': 'bad id\twith tab' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('compression of API answers', () => {
  it('compresses large JSON for browsers that accept it (br, else gzip), never small or unasked', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const large = JSON.stringify({
      items: Array.from({ length: 200 }, (_, i) => ({ id: `p_${i}`, name: 'Project name' })),
    });
    harness.upstream.route('GET', '/v1/projects', (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        etag: '"v1"',
        'content-length': Buffer.byteLength(large),
      });
      response.end(large);
    });
    const get = (acceptEncoding?: string) =>
      harness!.app.inject({
        method: 'GET',
        url: '/api/v1/projects',
        headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe('W/"v1"');
    expect(br.rawPayload.length).toBeLessThan(large.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(large);

    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(large);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(large);

    harness.upstream.route('GET', '/v1/clips', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
      response.end('{}');
    });
    const small = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/clips',
      headers: { cookie, 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('{}');
  });

  it('compresses a streamed (over 1 MiB) JSON answer too', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const big = JSON.stringify({ data: 'x'.repeat(3 * 1024 * 1024) });
    harness.upstream.route('GET', '/v1/projects', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(big);
    });
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/projects',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(big);
  });
});
