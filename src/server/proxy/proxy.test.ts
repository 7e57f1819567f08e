import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { ALPHA_KEY } from '../test-support/loopback-upstream.ts';
import { rawHttp, statusOf } from '../test-support/raw-http.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function setUp(options: Parameters<typeof startHarness>[0] = {}) {
  harness = await startHarness(options);
  const login = await harness.login();
  return { h: harness, ...login };
}

/** Upstream requests other than the login's key check. */
const apiCalls = (h: Harness) => h.upstream.requests.filter((r) => r.url !== '/v1/auth/validate');

describe('proxy: forwarding (promise 2)', () => {
  it('forwards to ${VCS_BASE_URL}/path with the query string unchanged', async () => {
    const { h, cookie } = await setUp();
    const response = await h.app.inject({
      url: '/api/v1/projects?limit=20&offset=0&q=a%20b&x=%27',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const [call] = apiCalls(h);
    expect(call?.method).toBe('GET');
    expect(call?.url).toBe('/v1/projects?limit=20&offset=0&q=a%20b&x=%27');
  });

  it('sends Authorization: Bearer <session key> exactly once, never the browser one', async () => {
    const { h, cookie } = await setUp();
    await h.app.inject({
      url: '/api/v1/projects',
      headers: { cookie, authorization: 'Bearer browser_sent_key_xyz' },
    });
    const [call] = apiCalls(h);
    const authorizations = [];
    for (let index = 0; index < (call?.rawHeaders.length ?? 0); index += 2) {
      if (call?.rawHeaders[index]?.toLowerCase() === 'authorization') {
        authorizations.push(call.rawHeaders[index + 1]);
      }
    }
    expect(authorizations).toEqual([`Bearer ${ALPHA_KEY}`]);
    expect(JSON.stringify(call?.rawHeaders)).not.toContain('browser_sent_key_xyz');
  });

  it('forwards only allow-listed request headers: never Cookie, Host tricks or X-Forwarded-*', async () => {
    const { h, cookie, csrf } = await setUp();
    await h.app.inject({
      method: 'POST',
      url: '/api/v1/characters/c1/primary-reference',
      headers: {
        cookie: `${cookie}; other=1`,
        'x-csrf-token': csrf,
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': 'fr',
        'idempotency-key': 'key-12345678',
        'if-match': '"v1"',
        'x-request-id': 'req-1',
        'x-forwarded-for': '10.0.0.1',
        'x-forwarded-host': 'evil.example',
        'x-evil': '1',
        origin: 'http://localhost:80',
        referer: 'http://localhost/secret-page',
      },
      payload: '{"asset_id":"a1"}',
    });
    const [call] = apiCalls(h);
    expect(Object.keys(call?.headers ?? {}).sort()).toEqual(
      [
        'accept',
        'accept-encoding',
        'accept-language',
        'authorization',
        'connection',
        'content-length',
        'content-type',
        'host',
        'idempotency-key',
        'if-match',
        'user-agent',
        'x-request-id',
      ].sort(),
    );
    expect(call?.headers.host).toBe(new URL(h.upstream.baseUrl).host);
    expect(call?.headers['idempotency-key']).toBe('key-12345678');
    expect(call?.body.toString()).toBe('{"asset_id":"a1"}');
  });

  it('never returns upstream Set-Cookie or hop-by-hop headers', async () => {
    const { h, cookie } = await setUp();
    h.upstream.route('GET', '/v1/projects/p1', (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': ['upstream_session=abc; Path=/', 'tracker=1'],
        connection: 'keep-alive, x-private-hop',
        'keep-alive': 'timeout=5',
        'x-private-hop': 'secret',
        'proxy-authenticate': 'Basic',
        'proxy-agent': 'x',
        upgrade: 'websocket',
        'x-kept': 'yes',
        'content-length': '11',
      });
      response.end('{"id":"p1"}');
    });
    const response = await h.app.inject({ url: '/api/v1/projects/p1', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"id":"p1"}');
    expect(response.headers['x-kept']).toBe('yes');
    for (const name of [
      'set-cookie',
      'keep-alive',
      'x-private-hop',
      'proxy-authenticate',
      'proxy-agent',
      'upgrade',
      'transfer-encoding',
      'te',
    ]) {
      expect(response.headers[name], name).toBeUndefined();
    }

    // A chunked upstream answer with a trailer: streamed, but its framing headers stay behind.
    h.upstream.route('GET', '/v1/projects/p2', (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        trailer: 'x-checksum',
        'set-cookie': 'upstream_session=abc',
      });
      response.write('{"id":');
      response.addTrailers({ 'x-checksum': 'abc' });
      response.end('"p2"}');
    });
    const streamed = await h.app.inject({ url: '/api/v1/projects/p2', headers: { cookie } });
    expect(streamed.body).toBe('{"id":"p2"}');
    expect(streamed.headers.trailer).toBeUndefined();
    expect(streamed.headers['set-cookie']).toBeUndefined();
    expect(streamed.trailers).toEqual({});
  });

  it('passes 429 and its Retry-After through unchanged', async () => {
    const { h, cookie } = await setUp();
    h.upstream.route('GET', '/v1/projects', (_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
      response.end('{"error":{"code":"rate_limited","message":"slow down"}}');
    });
    const response = await h.app.inject({ url: '/api/v1/projects', headers: { cookie } });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('7');
    expect(response.json()).toEqual({ error: { code: 'rate_limited', message: 'slow down' } });
  });

  it('streams event streams and bodies of unknown length', async () => {
    const { h, cookie } = await setUp();
    h.upstream.route('GET', '/v1/clips', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
      setTimeout(() => response.end('data: two\n\n'), 20);
    });
    const response = await h.app.inject({ url: '/api/v1/clips', headers: { cookie } });
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.body).toBe('data: one\n\ndata: two\n\n');
  });

  it('without a session: 401 and no upstream call', async () => {
    harness = await startHarness();
    const response = await harness.app.inject({ url: '/api/v1/projects' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
    expect(harness.upstream.requests).toHaveLength(0);
  });
});

describe('proxy: contract allow-list and paths (promise 3)', () => {
  it('forwards only method + path pairs of the contract; anything else is 404 before upstream', async () => {
    const { h, cookie, csrf } = await setUp();
    const refused: Array<[string, string]> = [
      ['GET', '/api/v1/admin/users'],
      ['DELETE', '/api/v1/projects/p1'],
      ['POST', '/api/v1/projects'],
      ['GET', '/api/v1/projects/p1/secret'],
      ['GET', '/api/v1/projects/'],
      ['PUT', '/api/v1/projects/p1'],
      ['OPTIONS', '/api/v1/projects'],
      ['HEAD', '/api/v1/projects'],
    ];
    for (const [method, url] of refused) {
      const response = await h.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie, 'x-csrf-token': csrf },
      });
      expect([400, 404], `${method} ${url}`).toContain(response.statusCode);
      if (method !== 'HEAD') expect(response.json().error.code).toMatch(/not_found|invalid_path/);
    }
    expect(apiCalls(h)).toHaveLength(0);
    const allowed = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/projects/p1',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(allowed.statusCode).toBe(200);
    expect(apiCalls(h).map((call) => `${call.method} ${call.url}`)).toEqual([
      'PATCH /v1/projects/p1',
    ]);
  });

  it('path tricks are 400/404 on the wire and never reach upstream', async () => {
    const { h, cookie } = await setUp();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const tricks = [
      '/api/v1/../bff/session',
      '/api/v1/projects/../../admin',
      '/api/v1/%2e%2e/%2e%2e/admin',
      '/api/v1/projects/%2e%2e',
      '/api/v1/projects%2F..%2Fadmin',
      '/api/v1/projects/p1%2F..%2F..%2Fadmin',
      '/api/v1//evil.example/projects',
      '/api/v1/http://evil.example/projects',
      '/api/v1/projects\\..\\admin',
      '/api/v1/projects/%0d%0aHost:%20evil.example',
      '/api/v1/projects/%00',
      '/api/v1/projects/%zz',
      'http://evil.example/api/v1/projects',
      '//evil.example/api/v1/projects',
      '/api/v1/projects/p1/..',
      '/api/v1/./projects',
    ];
    for (const path of tricks) {
      const answer = await rawHttp(
        port,
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
      );
      const status = statusOf(answer);
      expect([400, 404], `${path} → ${answer.split('\r\n', 1)[0]}`).toContain(status);
    }
    const nul = await rawHttp(port, `GET /api/v1/projects\x00x HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(statusOf(nul)).toBe(400);
    // Double encoding is not decoded twice: it is a literal (odd) project id under /v1/projects.
    await rawHttp(
      port,
      `GET /api/v1/projects/%252e%252e HTTP/1.1\r\nHost: a\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
    expect(apiCalls(h).map((call) => call.url)).toEqual(['/v1/projects/%252e%252e']);
    // Every call that did reach upstream stayed on its host, under /v1, on a contract path.
    for (const call of apiCalls(h)) {
      expect(call.url.startsWith('/v1/projects/')).toBe(true);
      expect(call.url).not.toMatch(/\.\.|%2e|%2f|admin|evil|\/\/|\\/i);
    }
  });
});

describe('proxy: limits (promise 5)', () => {
  it('JSON bodies over 8 MiB are 413 before any upstream call (with or without Content-Length)', async () => {
    const { h, cookie, csrf } = await setUp();
    const big = JSON.stringify({ reason: 'x'.repeat(8 * 1024 * 1024) });
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v1/projects/batch-delete',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: big,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');

    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const chunk = big.slice(0, 4.5 * 1024 * 1024);
    const chunked = await rawHttp(
      port,
      `POST /api/v1/projects/batch-delete HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
        `X-CSRF-Token: ${csrf}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n` +
        `Connection: close\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n` +
        `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
    );
    expect(statusOf(chunked)).toBe(413);
    expect(apiCalls(h)).toHaveLength(0);
  });

  it('a body of a few MiB (as the undo of a large clean-up is) is forwarded whole', async () => {
    const { h, cookie, csrf } = await setUp();
    const body = JSON.stringify({ reason: 'x'.repeat(3 * 1024 * 1024), dry_run: true });
    await h.app.inject({
      method: 'POST',
      url: '/api/v1/projects/batch-delete',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: body,
    });
    const [call] = apiCalls(h);
    expect(call?.url).toBe('/v1/projects/batch-delete');
    expect(call?.body.length).toBe(Buffer.byteLength(body));
  });

  it('non-JSON bodies are 415 and invalid JSON is 400, before any upstream call', async () => {
    const { h, cookie, csrf } = await setUp();
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/v1/projects/batch-delete',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': contentType },
        payload: 'reason=abc',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().error.code).toBe('unsupported_media_type');
    }
    const invalid = await h.app.inject({
      method: 'POST',
      url: '/api/v1/projects/batch-delete',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: '{"reason": ',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('invalid_json');
    expect(apiCalls(h)).toHaveLength(0);
  });

  it('upstream time-out → 504 upstream_timeout with a clear message', async () => {
    const { h, cookie } = await setUp({ configure: (c) => void (c.upstreamTimeoutMs = 150) });
    h.upstream.route('GET', '/v1/projects', (_request, response) => {
      setTimeout(() => response.end('{}'), 1_000);
    });
    const started = Date.now();
    const response = await h.app.inject({ url: '/api/v1/projects', headers: { cookie } });
    expect(Date.now() - started).toBeLessThan(900);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      error: {
        code: 'upstream_timeout',
        message: 'The Video Creation Service did not answer within 150 ms.',
        param: null,
        doc_url: 'http://localhost:80/bff/errors#upstream_timeout',
      },
    });
  });

  it('a body that stalls mid-way also ends in 504', async () => {
    const { h, cookie } = await setUp({ configure: (c) => void (c.upstreamTimeoutMs = 150) });
    h.upstream.route('GET', '/v1/projects', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"partial":');
    });
    const response = await h.app.inject({ url: '/api/v1/projects', headers: { cookie } });
    expect(response.statusCode).toBe(504);
    expect(response.json().error.code).toBe('upstream_timeout');
  });

  it('a browser that goes away abandons its upstream call', async () => {
    const { h, cookie } = await setUp();
    let upstreamClosed = false;
    h.upstream.route('GET', '/v1/projects', (_request, response) => {
      response.on('close', () => (upstreamClosed = true));
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    socket.write(`GET /api/v1/projects HTTP/1.1\r\nHost: a\r\nCookie: ${cookie}\r\n\r\n`);
    await expect.poll(() => apiCalls(h).length).toBe(1);
    socket.destroy();
    await expect.poll(() => upstreamClosed, { timeout: 2_000 }).toBe(true);
  });

  it('upstream unreachable → 502 upstream_unreachable', async () => {
    const { h, cookie } = await setUp();
    await h.upstream.close();
    const response = await h.app.inject({ url: '/api/v1/projects', headers: { cookie } });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('upstream_unreachable');
  });
});

describe('proxy: Idempotency-Key (promise 6)', () => {
  const post = (h: Harness, cookie: string, csrf: string, key: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/characters/c1/primary-reference',
      headers: {
        cookie,
        'x-csrf-token': csrf,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      payload: '{"asset_id":"a"}',
    });

  it.each([
    'short',
    'has space in it',
    'x'.repeat(201),
    'semi;colon12',
    'slash/12345',
    'é-unicode-key',
  ])('refuses %j with 400 param Idempotency-Key before upstream', async (key) => {
    const { h, cookie, csrf } = await setUp();
    const response = await post(h, cookie, csrf, key);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'invalid_request',
      param: 'Idempotency-Key',
    });
    expect(apiCalls(h)).toHaveLength(0);
  });

  it('passes a valid key through unchanged', async () => {
    const { h, cookie, csrf } = await setUp();
    const key = 'retry:2024-01-01_abc.DEF-123';
    expect((await post(h, cookie, csrf, key)).statusCode).toBe(200);
    expect(apiCalls(h)[0]?.headers['idempotency-key']).toBe(key);
  });
});

describe('proxy: per-session rate limit (promise 7)', () => {
  it('answers 429 with Retry-After past the burst, per session', async () => {
    const { h, cookie } = await setUp({
      configure: (c) => {
        c.limits.apiRatePerSecond = 1;
        c.limits.apiBurst = 3;
      },
    });
    const statuses = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push(
        (await h.app.inject({ url: '/api/v1/projects', headers: { cookie } })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await h.app.inject({ url: '/api/v1/projects', headers: { cookie } });
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json().error.code).toBe('rate_limited');
    expect(apiCalls(h)).toHaveLength(3);
    const other = await h.login();
    expect(
      (await h.app.inject({ url: '/api/v1/projects', headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(200);
  });
});
