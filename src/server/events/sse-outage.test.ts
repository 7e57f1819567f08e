/**
 * A live stream across an outage of its instance's shared state, with the other instance still
 * connected: whatever the other instance announced while this one could not hear it reaches the
 * stream on return, even when this instance's own waiting events arrive first.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { MemoryState } from '../shared-state/memory-state.ts';
import {
  type CapOptions,
  type OnceSet,
  type RecentLists,
  type ReplayTopic,
  type SharedState,
  SharedStateUnavailableError,
} from '../shared-state/shared-state.ts';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { openSse, type SseConnection } from '../test-support/sse-client.ts';
import { deliverSigned } from '../test-support/webhook-events.ts';

/**
 * One instance's view of a state shared with others: while cut off it can neither read nor write,
 * and announcements made meanwhile never reach it (as a Redis subscriber that is reconnecting).
 */
class CutOffView implements SharedState {
  readonly kind = 'memory' as const;
  private up = true;
  private readonly listeners = new Set<(available: boolean) => void>();

  constructor(private readonly shared: MemoryState) {}

  get bus() {
    return this.shared.bus;
  }

  get available(): boolean {
    return this.up;
  }

  setUp(up: boolean): void {
    this.up = up;
    for (const listener of this.listeners) listener(up);
  }

  status() {
    return { kind: this.kind, available: this.up };
  }

  onAvailability(listener: (available: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async ping(): Promise<boolean> {
    return this.up;
  }

  private guard<T>(operation: () => Promise<T>): Promise<T> {
    return this.up ? operation() : Promise.reject(new SharedStateUnavailableError());
  }

  topic(name: string, cap: CapOptions): ReplayTopic {
    const inner = this.shared.topic(name, cap);
    return {
      publish: (key, message) => this.guard(() => inner.publish(key, message)),
      subscribe: (listener) =>
        inner.subscribe((key, message) => {
          if (this.up) listener(key, message);
        }),
      history: (key) => this.guard(() => inner.history(key)),
    };
  }

  onceSet(name: string, ttlMs: number): OnceSet {
    const inner = this.shared.onceSet(name, ttlMs);
    return { add: (id) => this.guard(() => inner.add(id)) };
  }

  tokenBuckets(name: string, ratePerSecond: number, burst: number) {
    return this.shared.tokenBuckets(name, ratePerSecond, burst);
  }

  failureWindows(name: string, maxFailures: number, windowMs: number) {
    return this.shared.failureWindows(name, maxFailures, windowMs);
  }

  recentLists(name: string, cap: CapOptions): RecentLists {
    return this.shared.recentLists(name, cap);
  }

  async close(): Promise<void> {}
}

const harnesses: Harness[] = [];
const streams: SseConnection[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
});

async function instance(sharedState: SharedState): Promise<{ h: Harness; port: number }> {
  const h = await startHarness({ env: { LOG_LEVEL: 'silent' }, deps: { sharedState } });
  harnesses.push(h);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return { h, port: (h.app.server.address() as AddressInfo).port };
}

const count = (text: string, id: string) => text.split(`id: ${id}\n`).length - 1;

it("a stream hears, once each, the other instance's events from its outage and its own waiting ones", async () => {
  const shared = new MemoryState();
  const viewOfB = new CutOffView(shared);
  const a = await instance(shared);
  const b = await instance(viewOfB);
  const { cookie } = await a.h.login();
  expect((await deliverSigned(a.port, 'evt_before')).status).toBe(200);
  const onB = await openSse(b.port, '/bff/events', { cookie });
  streams.push(onB);
  await onB.waitFor((text) => text.includes('{"live":true}'));

  viewOfB.setUp(false);
  await onB.waitFor((text) => text.includes('{"live":false}'));
  expect(await deliverSigned(a.port, 'evt_from_a')).toEqual({
    status: 200,
    body: { received: true },
  });
  expect(await deliverSigned(b.port, 'evt_kept_on_b')).toEqual({
    status: 200,
    body: { received: true },
  });

  viewOfB.setUp(true);
  const text = await onB.waitFor(
    (received) => received.includes('id: evt_from_a\n') && received.includes('id: evt_kept_on_b\n'),
    5_000,
  );
  expect(count(text, 'evt_from_a')).toBe(1);
  expect(count(text, 'evt_kept_on_b')).toBe(1);
  // The stream opened after evt_before (its position, the first status frame's id): never sent.
  expect(text).not.toContain('"id":"evt_before"');
});
