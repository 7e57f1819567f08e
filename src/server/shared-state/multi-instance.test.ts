/**
 * Two BFF instances (A and B) on loopback sharing a real redis-server, as behind a load balancer:
 * what one instance learns, the other acts on; and Redis stopped and started again mid-test.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BffConfig } from '../app/config.ts';
import { RedisState } from './redis-state.ts';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';
import { openSse, type SseConnection } from '../test-support/sse-client.ts';
import { deliverSigned } from '../test-support/webhook-events.ts';

let redis: TestRedis;
let prefixCount = 0;
const harnesses: Harness[] = [];
const streams: SseConnection[] = [];

beforeAll(async () => {
  // Persistent (append-only, fsync always), as a production Redis would be configured.
  redis = await startTestRedis({ persist: true });
});
afterAll(async () => {
  await redis.close();
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
});

interface Instance {
  h: Harness;
  port: number;
}

/** Instances A and B on one Redis, under a key prefix of their own (tests do not share keys). */
async function twoInstances(
  options: { redisUrl?: string; configure?: (config: BffConfig) => void } = {},
): Promise<[Instance, Instance]> {
  prefixCount += 1;
  const prefix = `multi${prefixCount}:`;
  const start = async (): Promise<Instance> => {
    const sharedState = await RedisState.connect({ url: options.redisUrl ?? redis.url, prefix });
    const h = await startHarness({
      env: { LOG_LEVEL: 'silent' },
      deps: { sharedState },
      ...(options.configure ? { configure: options.configure } : {}),
    });
    harnesses.push(h);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    return { h, port: (h.app.server.address() as AddressInfo).port };
  };
  return [await start(), await start()];
}

const deliver = (instance: Instance, id: string) => deliverSigned(instance.port, id);

async function stream(instance: Instance, cookie: string, headers: Record<string, string> = {}) {
  const connection = await openSse(instance.port, '/bff/events', { cookie, ...headers });
  streams.push(connection);
  await connection.waitFor((text) => text.includes('event: status'));
  return connection;
}

const count = (text: string, id: string) => text.split(`id: ${id}\n`).length - 1;

describe('two BFF instances over Redis', () => {
  it('a webhook delivered to A reaches a browser stream on B', async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await a.h.login();
    const onB = await stream(b, cookie);
    expect(onB.text()).toContain('event: status\ndata: {"live":true}');
    expect(await deliver(a, 'evt_cross')).toEqual({ status: 200, body: { received: true } });
    await onB.waitFor((text) => text.includes('id: evt_cross'));
  });

  it('the same event delivered to A and to B reaches the stream once', async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await a.h.login();
    const onA = await stream(a, cookie);
    const onB = await stream(b, cookie);
    const answers = await Promise.all([deliver(a, 'evt_twice'), deliver(b, 'evt_twice')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.filter((answer) => answer.body.duplicate === true)).toHaveLength(1);
    expect(await deliver(b, 'evt_after')).toMatchObject({ status: 200 });
    await onA.waitFor((text) => text.includes('id: evt_after'));
    await onB.waitFor((text) => text.includes('id: evt_after'));
    expect(count(onA.text(), 'evt_twice')).toBe(1);
    expect(count(onB.text(), 'evt_twice')).toBe(1);
  });

  it('Last-Event-ID replay works on whichever instance the browser reconnects to', async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await a.h.login();
    for (const id of ['evt_r1', 'evt_r2', 'evt_r3']) await deliver(a, id);
    const onB = await stream(b, cookie, { 'last-event-id': 'evt_r1' });
    await onB.waitFor((text) => text.includes('id: evt_r3'));
    expect(onB.text()).not.toContain('id: evt_r1');
    expect(onB.text()).toContain('id: evt_r2');
  });

  it('failed logins are limited across A and B', async () => {
    const [a, b] = await twoInstances();
    const attempt = (instance: Instance) =>
      fetch(`http://127.0.0.1:${instance.port}/bff/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ api_key: 'vcs_test_wrong_key_000' }),
      });
    // The limit is 5 failures a minute per client address, whichever instance saw them.
    for (const instance of [a, b, a, b, a]) expect((await attempt(instance)).status).toBe(401);
    const blockedOnB = await attempt(b);
    expect(blockedOnB.status).toBe(429);
    expect(Number(blockedOnB.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await attempt(a)).status).toBe(429);
  });

  it('the API rate limit of a session is shared', async () => {
    const [a, b] = await twoInstances({
      configure: (config) => {
        config.limits.apiRatePerSecond = 0.1;
        config.limits.apiBurst = 3;
      },
    });
    const { cookie } = await a.h.login();
    const get = (instance: Instance) =>
      fetch(`http://127.0.0.1:${instance.port}/api/v1/projects`, { headers: { cookie } });
    expect((await get(a)).status).toBe(200);
    expect((await get(b)).status).toBe(200);
    expect((await get(a)).status).toBe(200);
    const limited = await get(b);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('logout on A ends the session and its streams on B', async () => {
    const [a, b] = await twoInstances();
    const { cookie, csrf } = await a.h.login();
    const onB = await stream(b, cookie);
    // B has opened (and cached) the session for the stream and for a proxied call.
    const before = await fetch(`http://127.0.0.1:${b.port}/api/v1/projects`, {
      headers: { cookie },
    });
    expect(before.status).toBe(200);
    const logout = await fetch(`http://127.0.0.1:${a.port}/bff/session`, {
      method: 'DELETE',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(logout.status).toBe(204);
    await onB.ended;
    const after = await fetch(`http://127.0.0.1:${b.port}/api/v1/projects`, {
      headers: { cookie },
    });
    expect(after.status).toBe(401);
  });
});

describe('Redis stopped and started again mid-test', () => {
  it('proxying goes on, live events pause (streams are told), webhooks are kept; on return they are delivered once', async () => {
    const own = await startTestRedis({ persist: true });
    try {
      const [a, b] = await twoInstances({ redisUrl: own.url });
      const { cookie } = await a.h.login();
      await deliver(a, 'evt_before');
      const onB = await stream(b, cookie);
      expect(onB.text()).toContain('{"live":true}');

      await own.stop({ crash: true });
      await onB.waitFor((text) => text.includes('{"live":false}'), 10_000);
      for (const instance of [a, b]) {
        const api = await fetch(`http://127.0.0.1:${instance.port}/api/v1/projects`, {
          headers: { cookie },
        });
        expect(api.status).toBe(200);
        const ready = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ checks: { shared_state: { ok: false } } });
        expect((await fetch(`http://127.0.0.1:${instance.port}/healthz`)).status).toBe(200);
      }
      // Events arriving meanwhile are acknowledged and kept, on either instance.
      expect(await deliver(a, 'evt_during')).toEqual({ status: 200, body: { received: true } });
      expect(await deliver(b, 'evt_during')).toEqual({ status: 200, body: { received: true } });
      expect(await deliver(b, 'evt_during_b')).toEqual({ status: 200, body: { received: true } });
      // Sign-in still works (limits fall back to each instance's own counters).
      expect((await b.h.login()).response.statusCode).toBe(200);

      await own.start();
      await onB.waitFor((text) => /"live":false[\s\S]*"live":true/.test(text), 15_000);
      await onB.waitFor(
        (text) => text.includes('id: evt_during\n') && text.includes('id: evt_during_b\n'),
        5_000,
      );
      expect(count(onB.text(), 'evt_during')).toBe(1);
      for (const instance of [a, b]) {
        await expect
          .poll(async () => (await fetch(`http://127.0.0.1:${instance.port}/readyz`)).status, {
            timeout: 10_000,
          })
          .toBe(200);
      }
      // With a persistent Redis, the history from before the outage survived it.
      const replayed = await stream(a, cookie, { 'last-event-id': 'evt_unknown' });
      await replayed.waitFor(
        (text) =>
          ['evt_before', 'evt_during', 'evt_during_b'].every((id) => text.includes(`id: ${id}\n`)),
        5_000,
      );
      // And an event delivered again later is still recognised.
      expect(await deliver(b, 'evt_during')).toEqual({
        status: 200,
        body: { received: true, duplicate: true },
      });
    } finally {
      for (const stream of streams.splice(0)) stream.close();
      await Promise.all(harnesses.splice(0).map((h) => h.close()));
      await own.close();
    }
  }, 60_000);
});
