import { describe, expect, it } from 'vitest';
import { createRng, mulberry32 } from './prng.ts';
import { isUuid } from './uuid.ts';

describe('mulberry32', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const seqA = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(seqA);
    for (const value of seqA) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('createRng', () => {
  it('keeps int within inclusive bounds and covers them', () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i += 1) {
      const value = rng.int(1, 4);
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(4);
      seen.add(value);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('produces valid v4 uuids', () => {
    const rng = createRng(1);
    for (let i = 0; i < 50; i += 1) expect(isUuid(rng.uuid())).toBe(true);
  });

  it('forks independent but reproducible streams', () => {
    const x = createRng(9).fork('faults');
    const y = createRng(9).fork('faults');
    const z = createRng(9).fork('seed');
    expect(x.next()).toBe(y.next());
    expect(createRng(9).fork('faults').next()).not.toBe(z.next());
  });

  it('samples distinct items', () => {
    const rng = createRng(3);
    const picked = rng.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(picked).size).toBe(4);
  });
});
