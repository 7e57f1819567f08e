/**
 * What BFF instances share. One process keeps it in memory (`memory-state.ts`); several instances
 * behind a load balancer share it through Redis (`redis-state.ts`). The app only sees these
 * interfaces, passed in (`BffDeps.sharedState`).
 *
 * Availability: the memory state is always available. The Redis state is unavailable while its
 * connections are down; then bus, topics, once-sets and list reads throw
 * `SharedStateUnavailableError`, rate limits fall back to per-instance counters, and list pushes
 * are kept in order and written when Redis returns (see each method).
 */

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Thrown by an operation that needs the shared store while it is unreachable. */
export class SharedStateUnavailableError extends Error {
  constructor(detail = 'the shared state store is unreachable') {
    super(detail);
    this.name = 'SharedStateUnavailableError';
  }
}

/** Fire-and-forget messages to every instance (including this one). */
export interface MessageBus {
  publish(channel: string, message: string): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
}

/**
 * A bus channel with history: `publish` stores the message in a capped list under `key` and
 * announces it to every instance's subscribers, atomically; `history(key)` reads the list back.
 */
export interface ReplayTopic {
  publish(key: string, message: string): Promise<void>;
  subscribe(listener: (key: string, message: string) => void): () => void;
  /** Oldest first. */
  history(key: string): Promise<string[]>;
}

/** Remembers ids for a while: `add` is true the first time an id is seen within the TTL. */
export interface OnceSet {
  add(id: string): Promise<boolean>;
}

/** A token bucket per key. */
export interface TokenBuckets {
  /** Decided at once when the buckets are in this process's memory, else a promise. */
  take(key: string): LimitDecision | Promise<LimitDecision>;
}

/** Failures per key in a sliding window; blocked after `maxFailures`. */
export interface FailureWindows {
  check(key: string): Promise<LimitDecision>;
  record(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Capped lists of recent items per key (audit and delivery logs), newest kept. */
export interface RecentLists {
  /** Never throws for unavailability: kept in order and written when the store returns. */
  push(key: string, item: string): Promise<void>;
  /** Oldest first. */
  range(key: string): Promise<string[]>;
}

export interface CapOptions {
  maxItems: number;
  ttlMs: number;
}

export interface SharedStateStatus {
  kind: 'memory' | 'redis';
  available: boolean;
  /** Why it is unavailable (last connection error). */
  detail?: string;
}

export interface SharedState {
  readonly kind: 'memory' | 'redis';
  readonly available: boolean;
  status(): SharedStateStatus;
  /** Called on every change of availability (not on subscription). */
  onAvailability(listener: (available: boolean) => void): () => void;
  /** Round trip to the store (readiness probe); false when unreachable. */
  ping(): Promise<boolean>;
  readonly bus: MessageBus;
  topic(name: string, cap: CapOptions): ReplayTopic;
  onceSet(name: string, ttlMs: number): OnceSet;
  tokenBuckets(name: string, ratePerSecond: number, burst: number): TokenBuckets;
  failureWindows(name: string, maxFailures: number, windowMs: number): FailureWindows;
  recentLists(name: string, cap: CapOptions): RecentLists;
  close(): Promise<void>;
}
