import { describe, expect, it } from 'vitest';
import { SlotPool } from './slot-pool.ts';

const words = (...keys: string[]) => keys.map((key) => ({ kind: 'word', key }));

describe('SlotPool', () => {
  it('keeps a mounted row in its slot and gives a row scrolled in the slot of one scrolled out', () => {
    const pool = new SlotPool();
    expect([...pool.assign(words('a', 'b', 'c'))]).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    // Scrolled by one row: `a` left, `d` came.
    expect([...pool.assign(words('b', 'c', 'd'))]).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 0],
    ]);
    // By more rows than are mounted: every slot reused.
    expect([...pool.assign(words('x', 'y', 'z')).values()].sort()).toEqual([0, 1, 2]);
  });

  it('numbers slots per kind', () => {
    const pool = new SlotPool();
    const slots = pool.assign([
      { kind: 'caption', key: 'c1' },
      { kind: 'word', key: 'w1' },
      { kind: 'word', key: 'w2' },
      { kind: 'caption', key: 'c2' },
    ]);
    expect([...slots]).toEqual([
      ['c1', 0],
      ['c2', 1],
      ['w1', 0],
      ['w2', 1],
    ]);
    // Fewer rows mounted: the rest stay where they are.
    expect([...pool.assign(words('w2'))]).toEqual([['w2', 1]]);
  });
});
