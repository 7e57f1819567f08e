import { describe, expect, it } from 'vitest';
import { SlotPool } from './slot-pool.ts';

const words = (...keys: string[]) => keys.map((key) => ({ kind: 'word', key }));

/** A pool whose slots are named by kind and creation order. */
function namedPool() {
  let made = 0;
  const pool = new SlotPool((kind) => `${kind}#${(made += 1)}`);
  return { pool, made: () => made };
}

describe('SlotPool', () => {
  it('keeps a mounted row in its slot and gives a row scrolled in the slot of one scrolled out', () => {
    const { pool, made } = namedPool();
    expect(pool.assign(words('a', 'b', 'c'))).toEqual(['word#1', 'word#2', 'word#3']);
    // Scrolled by one row: `a` left, `d` came (into a's slot).
    expect(pool.assign(words('b', 'c', 'd'))).toEqual(['word#2', 'word#3', 'word#1']);
    // By more rows than are mounted: every slot reused, none created.
    expect(pool.assign(words('x', 'y', 'z')).sort()).toEqual(['word#1', 'word#2', 'word#3']);
    expect(made()).toBe(3);
  });

  it('gives a row a slot of its own kind, and keeps freed slots for later', () => {
    const { pool, made } = namedPool();
    expect(
      pool.assign([
        { kind: 'caption', key: 'c1' },
        { kind: 'word', key: 'w1' },
        { kind: 'word', key: 'w2' },
        { kind: 'caption', key: 'c2' },
      ]),
    ).toEqual(['caption#1', 'word#2', 'word#3', 'caption#4']);
    // Fewer rows mounted: the rest are idle (to hide), not destroyed.
    expect(pool.assign(words('w2'))).toEqual(['word#3']);
    expect(pool.idle().sort()).toEqual(['caption#1', 'caption#4', 'word#2']);
    // More again: the idle slots come back before any is created.
    pool.assign([{ kind: 'caption', key: 'c9' }, ...words('w2', 'w8')]);
    expect(made()).toBe(4);
    expect(pool.idle()).toEqual(['caption#1']);
  });

  it('makes slots ahead, up to a count per kind', () => {
    const { pool, made } = namedPool();
    pool.assign(words('a'));
    pool.reserve('word', 3);
    pool.reserve('word', 2);
    expect(made()).toBe(3);
    expect(pool.assign(words('a', 'b', 'c'))).toEqual(['word#1', 'word#3', 'word#2']);
    expect(made()).toBe(3);
  });
});
