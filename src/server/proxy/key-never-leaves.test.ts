import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { ALPHA_KEY } from '../test-support/loopback-upstream.ts';
import { openSse } from '../test-support/sse-client.ts';
import { computeSignature } from '../webhooks/verify-signature.ts';
import { exportReadyEvent } from '../test-support/webhook-events.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

interface Seen {
  label: string;
  headers: Record<string, unknown>;
  body: string;
}

describe('the key never leaves the server (promise 1)', () => {
  it('not in any response body, header, SSE frame or log line, whatever upstream echoes', async () => {
    harness = await startHarness();
    const h = harness;
    const seen: Seen[] = [];
    const record = (label: string, response: { headers: Record<string, unknown>; body: string }) =>
      seen.push({ label, headers: response.headers, body: response.body });

    // An upstream that echoes the key everywhere it can.
    h.upstream.route('GET', '/v1/projects/leaky', (request, response) => {
      const authorization = String(request.headers.authorization);
      const body = JSON.stringify({
        you_sent: authorization,
        key: ALPHA_KEY.slice(0),
        nested: { k: ALPHA_KEY },
      });
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-echo-authorization': authorization,
        'set-cookie': `leak=${ALPHA_KEY}`,
        link: `<https://x.example/?key=${ALPHA_KEY}>; rel=next`,
      });
      response.end(body);
    });
    h.upstream.route('GET', '/v1/clips', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const frame = `data: {"key":"${ALPHA_KEY}"}\n\n`;
      response.write(frame.slice(0, 20));
      setTimeout(() => response.end(frame.slice(20)), 10);
    });

    const login = await h.login();
    record('login', login.response);
    const { cookie, csrf } = login;
    const cookieValue = cookie.split('=')[1] as string;

    record('session', await h.app.inject({ url: '/bff/session', headers: { cookie } }));
    record('config', await h.app.inject({ url: '/bff/config' }));
    record(
      'echo',
      await h.app.inject({
        url: '/api/v1/projects?limit=20',
        headers: { cookie, authorization: 'Bearer from-browser' },
      }),
    );
    record('leaky', await h.app.inject({ url: '/api/v1/projects/leaky', headers: { cookie } }));
    record('stream', await h.app.inject({ url: '/api/v1/clips', headers: { cookie } }));
    record(
      'post',
      await h.app.inject({
        method: 'POST',
        url: '/api/v1/projects/batch-delete',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        payload: { reason: 'cleanup', ids: [] },
      }),
    );
    record('not-allowed', await h.app.inject({ url: '/api/v1/admin', headers: { cookie } }));
    record(
      'bad-login',
      await h.app.inject({
        method: 'POST',
        url: '/bff/session',
        payload: { api_key: `${ALPHA_KEY}x` },
      }),
    );

    // A webhook event that (absurdly) carries the key reaches the SSE stream scrubbed.
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const stream = await openSse(port, '/bff/events', { cookie });
    await stream.waitFor((text) => text.includes('retry:'));
    const event = JSON.stringify(
      exportReadyEvent('evt_leak', { download_url: `https://x.example/?k=${ALPHA_KEY}` }),
    );
    const timestamp = String(Math.floor(Date.now() / 1000));
    await h.app.inject({
      method: 'POST',
      url: '/webhooks/vcs',
      headers: {
        'content-type': 'application/json',
        'x-service-timestamp': timestamp,
        'x-service-signature': computeSignature(
          h.config.webhookSecret,
          timestamp,
          Buffer.from(event),
        ),
      },
      payload: event,
    });
    const frames = await stream.waitFor((text) => text.includes('evt_leak'));
    stream.close();
    seen.push({ label: 'sse', headers: stream.headers as Record<string, unknown>, body: frames });

    record(
      'logout',
      await h.app.inject({
        method: 'DELETE',
        url: '/bff/session',
        headers: { cookie, 'x-csrf-token': csrf },
      }),
    );

    // The upstream did get the key (so the echo really had it to leak)...
    expect(h.upstream.requests.some((r) => r.headers.authorization === `Bearer ${ALPHA_KEY}`)).toBe(
      true,
    );
    // ...and none of it came back.
    for (const { label, headers, body } of seen) {
      expect(body, `${label} body`).not.toContain(ALPHA_KEY);
      expect(JSON.stringify(headers), `${label} headers`).not.toContain(ALPHA_KEY);
    }
    expect(seen.find((s) => s.label === 'leaky')?.body).toContain('[redacted]');
    expect(frames).toContain('[redacted]');

    // Logs: plenty of lines at trace level, none with the key, the cookie or the CSRF token.
    await h.app.close();
    expect(h.logs.lines.length).toBeGreaterThan(20);
    expect(h.logs.text).not.toContain(ALPHA_KEY);
    expect(h.logs.text).not.toContain(cookieValue);
    expect(h.logs.text).not.toContain(csrf);
    expect(h.logs.text).not.toContain('from-browser');
    // Request headers are logged, with authorization and cookie redacted.
    expect(h.logs.text).toMatch(/"authorization":"\[redacted\]"/);
    expect(h.logs.text).toMatch(/"cookie":"\[redacted\]"/);
  });
});
