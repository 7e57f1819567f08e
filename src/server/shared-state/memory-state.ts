/** The shared state of a single instance, in process memory (no `REDIS_URL`). */
import { FailureLimiter, TokenBucketLimiter } from './memory-limits.ts';
import { SeenIds } from './seen-ids.ts';
import type {
  CapOptions,
  FailureWindows,
  MessageBus,
  OnceSet,
  RecentLists,
  ReplayTopic,
  SharedState,
  SharedStateStatus,
  TokenBuckets,
} from './shared-state.ts';

type Listener = (message: string) => void;

/** Calls each listener; one throwing does not stop the others. */
export function deliverToAll<T extends unknown[]>(
  listeners: Iterable<(...args: T) => void>,
  ...args: T
): void {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch (error) {
      console.error('[cutroom] a shared-state listener failed', error);
    }
  }
}

export class MemoryBus implements MessageBus {
  private readonly channels = new Map<string, Set<Listener>>();

  async publish(channel: string, message: string): Promise<void> {
    deliverToAll(this.channels.get(channel) ?? [], message);
  }

  subscribe(channel: string, listener: Listener): () => void {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.channels.delete(channel);
    };
  }
}

interface Stamped {
  item: string;
  at: number;
}

/** Capped lists per key with an idle TTL (a key's list is dropped once its newest item ages out). */
export class MemoryLists {
  private readonly lists = new Map<string, Stamped[]>();

  constructor(
    private readonly cap: CapOptions,
    private readonly now: () => number,
  ) {}

  push(key: string, item: string): void {
    const list = this.live(key) ?? [];
    list.push({ item, at: this.now() });
    if (list.length > this.cap.maxItems) list.splice(0, list.length - this.cap.maxItems);
    // Re-insert: Map order then follows the last write, so the sweep below stops early.
    this.lists.delete(key);
    this.lists.set(key, list);
    this.sweep();
  }

  range(key: string): string[] {
    return (this.live(key) ?? []).map((entry) => entry.item);
  }

  private live(key: string): Stamped[] | undefined {
    const list = this.lists.get(key);
    const newest = list?.[list.length - 1];
    if (newest && this.now() - newest.at < this.cap.ttlMs) return list;
    this.lists.delete(key);
    return undefined;
  }

  private sweep(): void {
    for (const key of this.lists.keys()) {
      if (this.live(key)) break;
    }
  }
}

export class MemoryTopic implements ReplayTopic {
  private readonly listeners = new Set<(key: string, message: string) => void>();
  private readonly lists: MemoryLists;

  constructor(cap: CapOptions, now: () => number) {
    this.lists = new MemoryLists(cap, now);
  }

  async publish(key: string, message: string): Promise<void> {
    this.lists.push(key, message);
    deliverToAll(this.listeners, key, message);
  }

  subscribe(listener: (key: string, message: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async history(key: string): Promise<string[]> {
    return this.lists.range(key);
  }
}

export class MemoryState implements SharedState {
  readonly kind = 'memory';
  readonly bus = new MemoryBus();
  private readonly now: () => number;
  /** One store per kind and name: asking twice gives the same shared store, as with Redis. */
  private readonly stores = new Map<string, unknown>();

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
  }

  get available(): boolean {
    return true;
  }

  status(): SharedStateStatus {
    return { kind: 'memory', available: this.available };
  }

  /** Memory never becomes unreachable: listeners are never called. */
  onAvailability(_listener: (available: boolean) => void): () => void {
    return () => undefined;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  private store<T>(kind: string, name: string, create: () => T): T {
    const id = `${kind}:${name}`;
    let store = this.stores.get(id) as T | undefined;
    if (store === undefined) {
      store = create();
      this.stores.set(id, store);
    }
    return store;
  }

  topic(name: string, cap: CapOptions): ReplayTopic {
    return this.store('topic', name, () => new MemoryTopic(cap, this.now));
  }

  onceSet(name: string, ttlMs: number): OnceSet {
    return this.store('once', name, () => {
      const seen = new SeenIds(100_000, ttlMs, this.now);
      return { add: async (id: string) => seen.add(id) };
    });
  }

  tokenBuckets(name: string, ratePerSecond: number, burst: number): TokenBuckets {
    return this.store('bucket', name, () => {
      const limiter = new TokenBucketLimiter(ratePerSecond, burst, this.now);
      return { take: (key: string) => limiter.take(key) };
    });
  }

  failureWindows(name: string, maxFailures: number, windowMs: number): FailureWindows {
    return this.store('failures', name, () => {
      const limiter = new FailureLimiter(maxFailures, windowMs, this.now);
      return {
        check: async (key: string) => limiter.check(key),
        record: async (key: string) => limiter.recordFailure(key),
        reset: async (key: string) => limiter.reset(key),
      };
    });
  }

  recentLists(name: string, cap: CapOptions): RecentLists {
    return this.store('list', name, () => {
      const lists = new MemoryLists(cap, this.now);
      return {
        push: async (key: string, item: string) => lists.push(key, item),
        range: async (key: string) => lists.range(key),
      };
    });
  }

  async close(): Promise<void> {}
}
