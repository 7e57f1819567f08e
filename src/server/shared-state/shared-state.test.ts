/**
 * The same behaviour from both implementations: in memory, and on a real redis-server (two
 * RedisState instances on one server stand for two BFF instances).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';
import { MemoryState } from './memory-state.ts';
import { RedisState } from './redis-state.ts';
import { type SharedState, SharedStateUnavailableError } from './shared-state.ts';

let redis: TestRedis;
const opened: SharedState[] = [];
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await Promise.all(opened.map((state) => state.close()));
  await redis.close();
});

/** Two views of one shared state (the same object in memory; two connections to one Redis). */
interface Pair {
  a: SharedState;
  b: SharedState;
}

const implementations: Array<[string, () => Promise<Pair>]> = [
  [
    'memory',
    async () => {
      const state = new MemoryState();
      return { a: state, b: state };
    },
  ],
  [
    'redis',
    async () => {
      // A fresh prefix per test: no state leaks between tests.
      const prefix = `t${randomBytes(4).toString('hex')}:`;
      const a = await RedisState.connect({ url: redis.url, prefix });
      const b = await RedisState.connect({ url: redis.url, prefix });
      opened.push(a, b);
      return { a, b };
    },
  ],
];

describe.each(implementations)('shared state: %s', (_name, open) => {
  it('is available and answers ping', async () => {
    const { a } = await open();
    expect(a.available).toBe(true);
    expect(await a.ping()).toBe(true);
    expect(a.status().available).toBe(true);
  });

  it('bus: a message published on one instance reaches subscribers on both', async () => {
    const { a, b } = await open();
    const onA = vi.fn();
    const onB = vi.fn();
    const offA = a.bus.subscribe('news', onA);
    b.bus.subscribe('news', onB);
    await vi.waitFor(async () => {
      await a.bus.publish('news', 'hello');
      expect(onB).toHaveBeenCalledWith('hello');
    });
    await vi.waitFor(() => expect(onA).toHaveBeenCalledWith('hello'));
    offA();
    onA.mockClear();
    onB.mockClear();
    await a.bus.publish('news', 'again');
    await vi.waitFor(() => expect(onB).toHaveBeenCalledWith('again'));
    expect(onA).not.toHaveBeenCalled();
  });

  it('topic: publish stores a capped history per key and announces it everywhere', async () => {
    const { a, b } = await open();
    const heardOnB = vi.fn();
    const topicA = a.topic('events', { maxItems: 3, ttlMs: 60_000 });
    const topicB = b.topic('events', { maxItems: 3, ttlMs: 60_000 });
    topicB.subscribe(heardOnB);
    await vi.waitFor(async () => {
      await topicA.publish('org_probe', 'probe');
      expect(heardOnB).toHaveBeenCalledWith('org_probe', 'probe');
    });
    for (const message of ['1', '2', '3', '4']) await topicA.publish('org_a', message);
    await topicA.publish('org_b', 'x');
    expect(await topicB.history('org_a')).toEqual(['2', '3', '4']);
    expect(await topicB.history('org_b')).toEqual(['x']);
    expect(await topicB.history('org_none')).toEqual([]);
    await vi.waitFor(() => expect(heardOnB).toHaveBeenCalledWith('org_a', '4'));
  });

  it('once-set: the first add of an id wins, on whichever instance', async () => {
    const { a, b } = await open();
    const onceA = a.onceSet('events', 60_000);
    const onceB = b.onceSet('events', 60_000);
    const results = await Promise.all([onceA.add('evt_1'), onceB.add('evt_1')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await onceA.add('evt_1')).toBe(false);
    expect(await onceB.add('evt_2')).toBe(true);
  });

  it('token buckets: a burst is shared by the instances, then refused with Retry-After', async () => {
    const { a, b } = await open();
    const bucketsA = a.tokenBuckets('api', 1, 4);
    const bucketsB = b.tokenBuckets('api', 1, 4);
    const taken = [
      await bucketsA.take('s1'),
      await bucketsB.take('s1'),
      await bucketsA.take('s1'),
      await bucketsB.take('s1'),
    ];
    expect(taken.every((decision) => decision.allowed)).toBe(true);
    expect(await bucketsB.take('s1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await bucketsA.take('s2')).allowed).toBe(true);
  });

  it('failure windows: failures recorded on both instances add up; reset clears them', async () => {
    const { a, b } = await open();
    const failuresA = a.failureWindows('login', 3, 60_000);
    const failuresB = b.failureWindows('login', 3, 60_000);
    await failuresA.record('ip1');
    await failuresB.record('ip1');
    expect((await failuresA.check('ip1')).allowed).toBe(true);
    await failuresA.record('ip1');
    const blocked = await failuresB.check('ip1');
    expect(blocked.allowed).toBe(false);
    if (!blocked.allowed) expect(blocked.retryAfterSeconds).toBeGreaterThan(55);
    expect((await failuresB.check('ip2')).allowed).toBe(true);
    await failuresB.reset('ip1');
    expect((await failuresA.check('ip1')).allowed).toBe(true);
  });

  it('recent lists: capped, newest kept, oldest first, shared', async () => {
    const { a, b } = await open();
    const listsA = a.recentLists('audit', { maxItems: 2, ttlMs: 60_000 });
    const listsB = b.recentLists('audit', { maxItems: 2, ttlMs: 60_000 });
    await listsA.push('org_a', 'one');
    await listsB.push('org_a', 'two');
    await listsA.push('org_a', 'three');
    expect(await listsB.range('org_a')).toEqual(['two', 'three']);
    expect(await listsA.range('org_b')).toEqual([]);
  });
});

describe('memory state: time-bound entries', () => {
  it('once-set ids and list keys age out', async () => {
    let now = 0;
    const state = new MemoryState({ now: () => now });
    const once = state.onceSet('events', 1_000);
    const lists = state.recentLists('audit', { maxItems: 10, ttlMs: 1_000 });
    expect(await once.add('e')).toBe(true);
    await lists.push('k', 'v');
    now = 999;
    expect(await once.add('e')).toBe(false);
    expect(await lists.range('k')).toEqual(['v']);
    now = 2_000;
    expect(await once.add('e')).toBe(true);
    expect(await lists.range('k')).toEqual([]);
  });
});

describe('redis state: Redis going away and coming back', () => {
  it('falls back, keeps list pushes, reports the fault, and recovers by itself', async () => {
    const own = await startTestRedis();
    const state = await RedisState.connect({ url: own.url, prefix: 'outage:' });
    try {
      const changes: boolean[] = [];
      state.onAvailability((available) => changes.push(available));
      const lists = state.recentLists('audit', { maxItems: 10, ttlMs: 60_000 });
      const buckets = state.tokenBuckets('api', 1, 1);
      const once = state.onceSet('events', 60_000);
      const heard = vi.fn();
      state.bus.subscribe('news', heard);
      await lists.push('k', 'before');

      await own.stop({ crash: true });
      await vi.waitFor(() => expect(state.available).toBe(false));
      expect(state.status().detail).toBeTruthy();
      expect(await state.ping()).toBe(false);
      // Limits fall back to this instance's own counters.
      expect((await buckets.take('s')).allowed).toBe(true);
      expect((await buckets.take('s')).allowed).toBe(false);
      // What must not be guessed throws; list pushes are kept.
      await expect(once.add('e')).rejects.toBeInstanceOf(SharedStateUnavailableError);
      await expect(state.bus.publish('news', 'x')).rejects.toBeInstanceOf(
        SharedStateUnavailableError,
      );
      await expect(lists.range('k')).rejects.toBeInstanceOf(SharedStateUnavailableError);
      await lists.push('k', 'during 1');
      await lists.push('k', 'during 2');

      // A fresh (non-persistent) server: what was written before is gone, the kept pushes land.
      await own.start();
      await vi.waitFor(() => expect(state.available).toBe(true), { timeout: 10_000 });
      expect(changes).toEqual([false, true]);
      await vi.waitFor(async () =>
        expect(await lists.range('k')).toEqual(['during 1', 'during 2']),
      );
      // Subscriptions were renewed.
      await vi.waitFor(async () => {
        await state.bus.publish('news', 'back');
        expect(heard).toHaveBeenCalledWith('back');
      });
    } finally {
      await state.close();
      await own.close();
    }
  }, 30_000);

  it('starts unavailable when Redis is unreachable, and becomes available when it appears', async () => {
    const own = await startTestRedis();
    await own.stop();
    const state = await RedisState.connect({ url: own.url, connectTimeoutMs: 500 });
    try {
      expect(state.available).toBe(false);
      await own.start();
      await vi.waitFor(() => expect(state.available).toBe(true), { timeout: 10_000 });
      expect(await state.ping()).toBe(true);
    } finally {
      await state.close();
      await own.close();
    }
  }, 30_000);
});
