import { describe, expect, it, vi } from 'vitest';
import { MemoryState } from '../shared-state/memory-state.ts';
import {
  type CapOptions,
  type OnceSet,
  type ReplayTopic,
  SharedStateUnavailableError,
} from '../shared-state/shared-state.ts';
import { EventHub, NO_RECENT_EVENT, type Subscriber, type VcsEvent } from './event-hub.ts';

const event = (id: string, organization_id = 'org_a'): VcsEvent => ({
  id,
  type: 'job.complete',
  created_at: '2025-01-01T00:00:00Z',
  data: { organization_id },
});

const subscriber = (overrides: Partial<Subscriber> = {}): Subscriber => ({
  sessionId: 's',
  onEvent: vi.fn(),
  onClose: vi.fn(),
  onLive: vi.fn(),
  ...overrides,
});

/** A memory state whose availability a test switches (as Redis going away and returning). */
class SwitchableState extends MemoryState {
  private up = true;
  private readonly listeners = new Set<(available: boolean) => void>();

  override get available(): boolean {
    return this.up;
  }

  set(up: boolean): void {
    this.up = up;
    for (const listener of this.listeners) listener(up);
  }

  override onAvailability(listener: (available: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private guard<T>(operation: () => Promise<T>): Promise<T> {
    return this.up ? operation() : Promise.reject(new SharedStateUnavailableError());
  }

  override topic(name: string, cap: CapOptions): ReplayTopic {
    const inner = super.topic(name, cap);
    return {
      publish: (key, message) => this.guard(() => inner.publish(key, message)),
      subscribe: (listener) => inner.subscribe(listener),
      history: (key) => this.guard(() => inner.history(key)),
    };
  }

  override onceSet(name: string, ttlMs: number): OnceSet {
    const inner = super.onceSet(name, ttlMs);
    return { add: (id) => this.guard(() => inner.add(id)) };
  }
}

describe('EventHub', () => {
  it('delivers an event only to subscribers of its organization', async () => {
    const hub = new EventHub({ state: new MemoryState() });
    const a = subscriber();
    const b = subscriber();
    hub.subscribe('org_a', a);
    hub.subscribe('org_b', b);
    expect(await hub.publish('org_a', event('e1'))).toBe('published');
    expect(a.onEvent).toHaveBeenCalledWith(event('e1'));
    expect(b.onEvent).not.toHaveBeenCalled();
  });

  it('delivers an id once: a redelivery is a duplicate', async () => {
    const hub = new EventHub({ state: new MemoryState() });
    const a = subscriber();
    hub.subscribe('org_a', a);
    expect(await hub.publish('org_a', event('e1'))).toBe('published');
    expect(await hub.publish('org_a', event('e1'))).toBe('duplicate');
    expect(a.onEvent).toHaveBeenCalledOnce();
  });

  it('two hubs on one shared state (two instances) fan out to each other and share de-duplication', async () => {
    const state = new MemoryState();
    const first = new EventHub({ state });
    const second = new EventHub({ state });
    const onSecond = subscriber();
    second.subscribe('org_a', onSecond);
    expect(await first.publish('org_a', event('e1'))).toBe('published');
    expect(await second.publish('org_a', event('e1'))).toBe('duplicate');
    expect(onSecond.onEvent).toHaveBeenCalledOnce();
    expect((await second.replay('org_a', 'unknown')).map((e) => e.id)).toEqual(['e1']);
  });

  it('unsubscribing removes the listener', async () => {
    const hub = new EventHub({ state: new MemoryState() });
    const listener = subscriber();
    const off = hub.subscribe('org_a', listener);
    expect(hub.subscriberCount()).toBe(1);
    off();
    expect(hub.subscriberCount()).toBe(0);
    await hub.publish('org_a', event('e1'));
    expect(listener.onEvent).not.toHaveBeenCalled();
  });

  it('replays after Last-Event-ID, all recent ones for an unknown id, none without one', async () => {
    const hub = new EventHub({ state: new MemoryState() });
    for (const id of ['e1', 'e2', 'e3']) await hub.publish('org_a', event(id));
    await hub.publish('org_b', event('x1', 'org_b'));
    const ids = async (last: string | undefined) =>
      (await hub.replay('org_a', last)).map((e) => e.id);
    expect(await ids('e1')).toEqual(['e2', 'e3']);
    expect(await ids('e3')).toEqual([]);
    expect(await ids('gone')).toEqual(['e1', 'e2', 'e3']);
    expect(await ids('x1')).toEqual(['e1', 'e2', 'e3']);
    expect(await ids(undefined)).toEqual([]);
  });

  it('says where a stream stands: the newest recent event, or an id no history holds', async () => {
    let now = 0;
    const hub = new EventHub({
      state: new MemoryState({ now: () => now }),
      maxAgeMs: 1000,
      now: () => now,
    });
    expect(await hub.position('org_a')).toBe(NO_RECENT_EVENT);
    for (const id of ['e1', 'e2']) await hub.publish('org_a', event(id));
    await hub.publish('org_b', event('x1', 'org_b'));
    expect(await hub.position('org_a')).toBe('e2');
    // Resuming from an empty organization's position replays all that came after it.
    const empty = await hub.position('org_c');
    await hub.publish('org_c', event('c1', 'org_c'));
    expect((await hub.replay('org_c', empty)).map((e) => e.id)).toEqual(['c1']);
    now = 2000;
    expect(await hub.position('org_a')).toBe(NO_RECENT_EVENT);
  });

  it('keeps at most N events and at most maxAge per organization', async () => {
    let now = 0;
    const hub = new EventHub({
      state: new MemoryState({ now: () => now }),
      maxEvents: 2,
      maxAgeMs: 1000,
      now: () => now,
    });
    const ids = async () => (await hub.replay('org_a', 'none')).map((e) => e.id);
    await hub.publish('org_a', event('e1'));
    await hub.publish('org_a', event('e2'));
    await hub.publish('org_a', event('e3'));
    expect(await ids()).toEqual(['e2', 'e3']);
    now = 500;
    await hub.publish('org_a', event('e4'));
    now = 1200;
    expect(await ids()).toEqual(['e4']);
  });

  it('closeSession ends only that session; closeAll ends every stream, saying why', () => {
    const hub = new EventHub({ state: new MemoryState() });
    const one = subscriber({ sessionId: 's1' });
    const two = subscriber({ sessionId: 's2' });
    hub.subscribe('org_a', one);
    hub.subscribe('org_a', two);
    hub.closeSession('s1');
    expect(one.onClose).toHaveBeenCalledWith('logout');
    expect(two.onClose).not.toHaveBeenCalled();
    hub.closeAll();
    expect(two.onClose).toHaveBeenCalledWith('shutdown');
  });

  it('while the shared state is down: events wait in order, streams hear "not live"; on return they are published once, then "live"', async () => {
    const state = new SwitchableState();
    const hub = new EventHub({ state });
    const other = new EventHub({ state });
    const stream = subscriber();
    hub.subscribe('org_a', stream);
    await hub.publish('org_a', event('before'));

    state.set(false);
    expect(hub.live).toBe(false);
    expect(stream.onLive).toHaveBeenLastCalledWith(false);
    expect(await hub.publish('org_a', event('d1'))).toBe('queued');
    expect(await hub.publish('org_a', event('d2'))).toBe('queued');
    expect(await hub.publish('org_a', event('d1'))).toBe('duplicate');
    // The same event also reached another instance, which kept it too.
    expect(await other.publish('org_a', event('d2'))).toBe('queued');
    expect(hub.queued).toBe(2);
    await expect(hub.replay('org_a', 'before')).rejects.toBeInstanceOf(SharedStateUnavailableError);

    state.set(true);
    await vi.waitFor(() => expect(hub.live).toBe(true));
    await vi.waitFor(() => expect(other.queued).toBe(0));
    expect(stream.onLive).toHaveBeenLastCalledWith(true);
    const delivered = vi.mocked(stream.onEvent).mock.calls.map(([e]) => e.id);
    expect(delivered).toEqual(['before', 'd1', 'd2']);
    expect((await hub.replay('org_a', 'before')).map((e) => e.id)).toEqual(['d1', 'd2']);
  });

  it('a full outbox drops the oldest waiting event and reports it', async () => {
    const state = new SwitchableState();
    const onFault = vi.fn();
    const hub = new EventHub({ state, outboxLimit: 2, onFault });
    state.set(false);
    for (const id of ['d1', 'd2', 'd3']) await hub.publish('org_a', event(id));
    expect(hub.queued).toBe(2);
    expect(hub.dropped).toBe(1);
    expect(onFault).toHaveBeenCalledWith(expect.stringContaining('outbox full'), {
      eventId: 'd1',
    });
  });
});
