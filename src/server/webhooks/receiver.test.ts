import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { BETA_KEY } from '../test-support/loopback-upstream.ts';
import { rawHttp, statusOf } from '../test-support/raw-http.ts';
import { openSse, type SseConnection } from '../test-support/sse-client.ts';
import { computeSignature } from './verify-signature.ts';

const SECRET = 'whsec_demo_cutroom';

let harness: Harness | undefined;
const streams: SseConnection[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await harness?.close();
  harness = undefined;
});

const eventBody = (
  id: string,
  type = 'export.ready',
  organization_id: string | null = 'org_alpha',
) =>
  JSON.stringify({
    id,
    type,
    created_at: '2025-06-15T12:00:00Z',
    // export.ready's data as the contract declares it (openapi.yaml ExportReadyData).
    data: {
      project_id: 'p1',
      export_id: 'x1',
      download_url: 'https://cdn.example/x1.mp4',
      expires_at: '2025-06-16T12:00:00Z',
      ...(organization_id ? { organization_id } : {}),
    },
  });

function deliver(
  h: Harness,
  body: string | Buffer,
  options: { timestamp?: number; secret?: string; url?: string; signature?: string } = {},
) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return h.app.inject({
    method: 'POST',
    url: options.url ?? '/webhooks/vcs',
    headers: {
      'content-type': 'application/json',
      'x-service-timestamp': timestamp,
      'x-service-signature':
        options.signature ?? computeSignature(options.secret ?? SECRET, timestamp, raw),
    },
    payload: raw,
  });
}

async function listen(h: Harness): Promise<number> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return (h.app.server.address() as AddressInfo).port;
}

async function subscribe(port: number, cookie: string, headers: Record<string, string> = {}) {
  const stream = await openSse(port, '/bff/events', { cookie, ...headers });
  streams.push(stream);
  await stream.waitFor((text) => text.includes('retry:'));
  return stream;
}

describe('POST /webhooks/vcs', () => {
  it('accepts a valid signature over the raw bytes (200)', async () => {
    harness = await startHarness();
    const response = await deliver(harness, eventBody('evt_1'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });

  it('keeps the raw bytes: odd whitespace signed as sent is valid; a re-serialised body is 401', async () => {
    harness = await startHarness();
    const raw = `{ "id" : "evt_ws",\n  "type":"job.complete", "created_at":"2025-06-15T12:00:00Z", "data":{"organization_id":"org_alpha"} }`;
    expect((await deliver(harness, raw)).statusCode).toBe(200);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const reserialised = await harness.app.inject({
      method: 'POST',
      url: '/webhooks/vcs',
      headers: {
        'content-type': 'application/json',
        'x-service-timestamp': timestamp,
        'x-service-signature': computeSignature(SECRET, timestamp, Buffer.from(raw)),
      },
      payload: JSON.stringify(JSON.parse(raw)),
    });
    expect(reserialised.statusCode).toBe(401);
  });

  it('401 for wrong secret, tampered body, stale or future timestamp, missing or malformed headers', async () => {
    harness = await startHarness();
    const now = Math.floor(Date.now() / 1000);
    const body = eventBody('evt_bad');
    const cases = [
      await deliver(harness, body, { secret: 'whsec_wrong' }),
      await deliver(harness, body, { timestamp: now - 301 }),
      // Well past the 300 s window: a slow run must not bring it back inside.
      await deliver(harness, body, { timestamp: now + 330 }),
      await deliver(harness, body, { signature: 'not-hex'.padEnd(64, 'z') }),
      await deliver(harness, body, { signature: 'ab'.repeat(31) }),
      await harness.app.inject({
        method: 'POST',
        url: '/webhooks/vcs',
        payload: body,
        headers: { 'content-type': 'application/json' },
      }),
      await harness.app.inject({
        method: 'POST',
        url: '/webhooks/vcs',
        payload: body.replace('p1', 'p2'),
        headers: {
          'content-type': 'application/json',
          'x-service-timestamp': String(now),
          'x-service-signature': computeSignature(SECRET, String(now), Buffer.from(body)),
        },
      }),
      await harness.app.inject({
        method: 'POST',
        url: '/webhooks/vcs',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-service-timestamp': 'yesterday',
          'x-service-signature': computeSignature(SECRET, 'yesterday', Buffer.from(body)),
        },
      }),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('invalid_signature');
    }
  });

  it('a signed body with any content type is verified on its bytes', async () => {
    harness = await startHarness();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = eventBody('evt_text');
    const response = await harness.app.inject({
      method: 'POST',
      url: '/webhooks/vcs',
      headers: {
        'content-type': 'text/plain',
        'x-service-timestamp': timestamp,
        'x-service-signature': computeSignature(SECRET, timestamp, Buffer.from(body)),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    // No Content-Type at all (raw bytes on the wire).
    const port = await listen(harness);
    const raw = await rawHttp(
      port,
      `POST /webhooks/vcs HTTP/1.1\r\nHost: a\r\nConnection: close\r\n` +
        `x-service-timestamp: ${timestamp}\r\n` +
        `x-service-signature: ${computeSignature(SECRET, timestamp, Buffer.from(body))}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(statusOf(raw)).toBe(200);
  });

  it('valid signature but not an event: 400', async () => {
    harness = await startHarness();
    expect((await deliver(harness, 'not json')).statusCode).toBe(400);
    expect(
      (await deliver(harness, '{"id":"a\\nb","type":"x","created_at":"t","data":{}}')).statusCode,
    ).toBe(400);
  });

  it("a known event type must be the contract's WebhookEvent (400 otherwise); unknown types are ignored", async () => {
    harness = await startHarness();
    const event = JSON.parse(eventBody('evt_partial')) as { data: Record<string, unknown> };
    delete event.data.download_url;
    const partial = await deliver(harness, JSON.stringify(event));
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error).toMatchObject({ code: 'invalid_request' });
    const badOrg = JSON.parse(eventBody('evt_bad_org', 'job.complete')) as {
      data: Record<string, unknown>;
    };
    badOrg.data.organization_id = 7;
    expect((await deliver(harness, JSON.stringify(badOrg))).statusCode).toBe(400);
    const unknown = await deliver(harness, eventBody('evt_new_type', 'video.teleported'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, ignored: true });
  });
});

describe('webhooks → live events (GET /bff/events)', () => {
  it('401 without a session', async () => {
    harness = await startHarness();
    const response = await harness.app.inject({ url: '/bff/events' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('streams verified events with retry, id and event name vcs, only to the organization', async () => {
    harness = await startHarness();
    const alpha = await harness.login();
    const beta = await harness.login(BETA_KEY);
    const port = await listen(harness);
    const alphaStream = await subscribe(port, alpha.cookie);
    const betaStream = await subscribe(port, beta.cookie);
    expect(alphaStream.status).toBe(200);
    expect(alphaStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(alphaStream.headers['cache-control']).toContain('no-cache');
    expect(alphaStream.headers['x-frame-options']).toBe('DENY');
    expect(alphaStream.text()).toMatch(/^retry: \d+\n\n/);

    expect((await deliver(harness, eventBody('evt_a1'))).statusCode).toBe(200);
    expect(
      (await deliver(harness, eventBody('evt_b1', 'job.complete', 'org_beta'))).statusCode,
    ).toBe(200);
    const text = await alphaStream.waitFor((t) => t.includes('evt_a1'));
    expect(text).toContain(
      `id: evt_a1\nevent: vcs\ndata: ${JSON.stringify(JSON.parse(eventBody('evt_a1')))}\n\n`,
    );
    await betaStream.waitFor((t) => t.includes('evt_b1'));
    expect(alphaStream.text()).not.toContain('evt_b1');
    expect(betaStream.text()).not.toContain('evt_a1');
  });

  it('a redelivery (same id) is 200 and delivered once; unknown types are acknowledged and ignored', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const port = await listen(harness);
    const stream = await subscribe(port, cookie);
    expect((await deliver(harness, eventBody('evt_dup'))).statusCode).toBe(200);
    const again = await deliver(harness, eventBody('evt_dup'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const unknown = await deliver(harness, eventBody('evt_unknown', 'video.teleported'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, ignored: true });
    expect((await deliver(harness, eventBody('evt_after'))).statusCode).toBe(200);
    const text = await stream.waitFor((t) => t.includes('evt_after'));
    expect(text.match(/id: evt_dup\n/g)).toHaveLength(1);
    expect(text).not.toContain('evt_unknown');
  });

  it('routes by ?org= when the payload has no organization_id (and drops a mismatch)', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const port = await listen(harness);
    const stream = await subscribe(port, cookie);
    await deliver(harness, eventBody('evt_q1', 'job.complete', null), {
      url: '/webhooks/vcs?org=org_alpha',
    });
    await deliver(harness, eventBody('evt_q2', 'job.complete', 'org_beta'), {
      url: '/webhooks/vcs?org=org_alpha',
    });
    await deliver(harness, eventBody('evt_q3', 'job.complete', null));
    await deliver(harness, eventBody('evt_q4'));
    const text = await stream.waitFor((t) => t.includes('evt_q4'));
    expect(text).toContain('id: evt_q1\n');
    expect(text).not.toContain('evt_q2');
    expect(text).not.toContain('evt_q3');
  });

  it('replays recent events after Last-Event-ID', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const port = await listen(harness);
    for (const id of ['evt_r1', 'evt_r2', 'evt_r3']) await deliver(harness, eventBody(id));
    const stream = await subscribe(port, cookie, { 'last-event-id': 'evt_r1' });
    const text = await stream.waitFor((t) => t.includes('evt_r3'));
    expect(text).not.toContain('evt_r1');
    expect(text.indexOf('id: evt_r2')).toBeLessThan(text.indexOf('id: evt_r3'));
    const fresh = await subscribe(port, cookie);
    await fresh.waitFor((t) => t.includes('event: status'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A new stream replays nothing; it only says where it stands (the newest event).
    expect(fresh.text()).not.toContain('event: vcs');
    expect(fresh.text()).toContain('id: evt_r3\nevent: status\ndata: {"live":true}\n\n');
  });

  it('a new stream says where it stands; resuming from there (last_event_id) misses nothing', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const port = await listen(harness);
    const first = await subscribe(port, cookie);
    await first.waitFor((t) => t.includes('event: status'));
    // No recent event yet: the position is one no history holds.
    expect(first.text()).toContain('id: 0\nevent: status\n');
    first.close();

    // Events arrive while no stream is open (a tab handing the stream to another).
    for (const id of ['evt_h1', 'evt_h2']) await deliver(harness, eventBody(id));
    const resumed = await subscribe(port, cookie);
    await resumed.waitFor((t) => t.includes('event: status'));
    expect(resumed.text()).not.toContain('event: vcs');
    const taken = await openSse(port, '/bff/events?last_event_id=0', { cookie });
    streams.push(taken);
    const text = await taken.waitFor((t) => t.includes('id: evt_h2'));
    expect(text.indexOf('id: evt_h1')).toBeLessThan(text.indexOf('id: evt_h2'));
    // Resuming says nothing of the position: the client's own id stands.
    expect(text).not.toMatch(/^id: .*\nevent: status/m);

    await deliver(harness, eventBody('evt_h3'));
    const after = await openSse(port, '/bff/events?last_event_id=evt_h2', {
      cookie,
      // EventSource's own reconnection: the header is newer than the address it was opened with.
      'last-event-id': 'evt_h1',
    });
    streams.push(after);
    const afterText = await after.waitFor((t) => t.includes('id: evt_h3'));
    expect(afterText).toContain('id: evt_h2\nevent: vcs');
  });

  it('sends heartbeats (comment lines) at the configured interval', async () => {
    harness = await startHarness({ env: { SSE_HEARTBEAT_MS: '30' } });
    const { cookie } = await harness.login();
    const port = await listen(harness);
    const stream = await subscribe(port, cookie);
    const text = await stream.waitFor((t) => (t.match(/^: heartbeat\n\n/gm) ?? []).length >= 2);
    expect(text).toMatch(/^: heartbeat$/m);
  });

  it('cleans up listeners on disconnect, on logout, and on shutdown', async () => {
    harness = await startHarness();
    const { cookie, csrf } = await harness.login();
    const port = await listen(harness);
    const hub = harness.app.eventHub;
    const first = await subscribe(port, cookie);
    expect(hub.subscriberCount('org_alpha')).toBe(1);
    first.close();
    await expect.poll(() => hub.subscriberCount('org_alpha')).toBe(0);

    const second = await subscribe(port, cookie);
    expect(hub.subscriberCount('org_alpha')).toBe(1);
    await harness.app.inject({
      method: 'DELETE',
      url: '/bff/session',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    await second.ended;
    expect(hub.subscriberCount()).toBe(0);

    const other = await harness.login();
    const third = await subscribe(port, other.cookie);
    expect(hub.subscriberCount()).toBe(1);
    await harness.close();
    await third.ended;
    expect(hub.subscriberCount()).toBe(0);
    harness = undefined;
  });
});
