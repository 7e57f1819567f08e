import { describe, expect, it } from 'vitest';
import { CLIP_SLOW_FACTOR, FaultInjector, faultConfigFromEnv } from './faults.ts';
import { createRng } from './prng.ts';

describe('faultConfigFromEnv', () => {
  it('is empty (faults off) without variables', () => {
    expect(faultConfigFromEnv({})).toEqual({});
  });

  it('parses and clamps the variables', () => {
    expect(
      faultConfigFromEnv({
        SIM_LATENCY_MS: '150',
        SIM_RATE_429: '0.25',
        SIM_RATE_500: '7',
        SIM_RETRY_AFTER: '3',
        SIM_FAULT_PATHS: '^/projects',
      }),
    ).toEqual({
      latencyMs: 150,
      rate429: 0.25,
      rate500: 1,
      retryAfterSeconds: 3,
      paths: '^/projects',
    });
  });

  it('reads SIM_CLIP_SLOW, and paces only the clips of a matching source', () => {
    const config = faultConfigFromEnv({ SIM_CLIP_SLOW: 'v=e2eslow' });
    expect(config).toEqual({ clipSlow: 'v=e2eslow' });
    const faults = new FaultInjector(createRng(1), config);
    expect(faults.clipPace('https://www.youtube.com/watch?v=e2eslow123')).toBe(CLIP_SLOW_FACTOR);
    expect(faults.clipPace('https://www.youtube.com/watch?v=abc123')).toBe(1);
    expect(new FaultInjector(createRng(1)).clipPace('anything')).toBe(1);
  });

  it('ignores garbage', () => {
    expect(faultConfigFromEnv({ SIM_LATENCY_MS: 'abc', SIM_RATE_429: '' })).toEqual({});
  });
});

describe('FaultInjector', () => {
  it('injects nothing by default', () => {
    const faults = new FaultInjector(createRng(1));
    for (let i = 0; i < 20; i += 1) expect(faults.decide('/projects').kind).toBe('none');
  });

  it('always rate-limits at rate 1 and respects the path filter', () => {
    const faults = new FaultInjector(createRng(1), {
      rate429: 1,
      retryAfterSeconds: 4,
      paths: '^/clips',
    });
    expect(faults.decide('/clips')).toEqual({
      kind: 'rate_limited',
      latencyMs: 0,
      retryAfterSeconds: 4,
    });
    expect(faults.decide('/projects').kind).toBe('none');
  });

  it('is reproducible for a seed', () => {
    const run = (): string[] => {
      const faults = new FaultInjector(createRng(5), { rate429: 0.3, rate500: 0.3 });
      return Array.from({ length: 30 }, () => faults.decide('/x').kind);
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(new Set(first).size).toBe(3);
  });
});
