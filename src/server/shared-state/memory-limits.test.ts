import { describe, expect, it } from 'vitest';
import { FailureLimiter, TokenBucketLimiter } from './memory-limits.ts';

describe('TokenBucketLimiter', () => {
  it('allows a burst, then refills at the rate, with a Retry-After in whole seconds', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(2, 3, () => now);
    expect([1, 2, 3].map(() => limiter.take('s').allowed)).toEqual([true, true, true]);
    expect(limiter.take('s')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('other').allowed).toBe(true);
    now += 500;
    expect(limiter.take('s').allowed).toBe(true);
    expect(limiter.take('s').allowed).toBe(false);
  });

  it('forgets buckets that are full again', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(10, 5, () => now);
    limiter.take('a');
    limiter.take('b');
    now += 10_000;
    limiter.take('c');
    expect(limiter.size).toBe(1);
  });
});

describe('FailureLimiter', () => {
  it('blocks after N failures in the window until the oldest leaves it', () => {
    let now = 0;
    const limiter = new FailureLimiter(5, 60_000, () => now);
    for (let index = 0; index < 5; index += 1) {
      expect(limiter.check('ip').allowed).toBe(true);
      limiter.recordFailure('ip');
      now += 1000;
    }
    expect(limiter.check('ip')).toEqual({ allowed: false, retryAfterSeconds: 55 });
    expect(limiter.check('other-ip').allowed).toBe(true);
    now = 60_001;
    expect(limiter.check('ip').allowed).toBe(true);
  });

  it('reset clears a key', () => {
    const limiter = new FailureLimiter(1, 60_000);
    limiter.recordFailure('ip');
    expect(limiter.check('ip').allowed).toBe(false);
    limiter.reset('ip');
    expect(limiter.check('ip').allowed).toBe(true);
  });
});
