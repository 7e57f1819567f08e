/** In-memory limits: one process, or the per-instance fallback while Redis is unreachable. */
import type { LimitDecision } from './shared-state.ts';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** A token bucket per key: `ratePerSecond` refill, `burst` capacity. */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly ratePerMs: number;
  private lastSweep: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {
    this.ratePerMs = ratePerSecond / 1000;
    this.lastSweep = now();
  }

  take(key: string): LimitDecision {
    const now = this.now();
    this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.burst, updatedAt: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(
        this.burst,
        bucket.tokens + (now - bucket.updatedAt) * this.ratePerMs,
      );
      bucket.updatedAt = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond)),
    };
  }

  /** Drops buckets that are full again (they carry no information). */
  private sweep(now: number): void {
    const fullAfterMs = this.burst / this.ratePerMs;
    if (now - this.lastSweep < fullAfterMs && this.buckets.size < this.maxKeys) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) * this.ratePerMs >= this.burst) {
        this.buckets.delete(key);
      }
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}

/**
 * Counts failures per key in a sliding window: after `maxFailures` within `windowMs`, the key is
 * blocked until the oldest failure leaves the window.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  check(key: string): LimitDecision {
    const now = this.now();
    const list = this.recent(key, now);
    if (list.length < this.maxFailures) return { allowed: true };
    const oldest = list[list.length - this.maxFailures] as number;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)),
    };
  }

  recordFailure(key: string): void {
    const now = this.now();
    if (this.failures.size >= this.maxKeys && !this.failures.has(key)) {
      for (const existing of this.failures.keys()) this.recent(existing, now);
      // Still full: forget the oldest entry rather than grow without bound.
      const first = this.failures.keys().next();
      if (this.failures.size >= this.maxKeys && !first.done) this.failures.delete(first.value);
    }
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
