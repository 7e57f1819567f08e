import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const cookie = (mac: string, body = 'iv.ciphertext') => `kid.${body}.${mac}`;

describe('SessionCache', () => {
  it('finds a value by its exact cookie', () => {
    const cache = new SessionCache<string>(10);
    cache.set(cookie('mac-a'), 'a');
    expect(cache.get(cookie('mac-a'))).toBe('a');
    expect(cache.get(cookie('mac-b'))).toBeUndefined();
  });

  it('keys by the MAC but only the same whole cookie matches (a forged body with a known MAC does not)', () => {
    const cache = new SessionCache<string>(10);
    cache.set(cookie('mac-a'), 'a');
    expect(cache.get(cookie('mac-a', 'iv.other-ciphertext'))).toBeUndefined();
    // The genuine cookie is still found afterwards.
    expect(cache.get(cookie('mac-a'))).toBe('a');
  });

  it('holds at most maxEntries, dropping the least recently used first', () => {
    const cache = new SessionCache<string>(2);
    cache.set(cookie('1'), 'one');
    cache.set(cookie('2'), 'two');
    expect(cache.get(cookie('1'))).toBe('one'); // 1 is now the most recently used
    cache.set(cookie('3'), 'three');
    expect(cache.size).toBe(2);
    expect(cache.get(cookie('2'))).toBeUndefined();
    expect(cache.get(cookie('1'))).toBe('one');
    expect(cache.get(cookie('3'))).toBe('three');
  });

  it('setting a cookie again replaces its value without growing', () => {
    const cache = new SessionCache<string>(2);
    cache.set(cookie('1'), 'one');
    cache.set(cookie('1'), 'uno');
    expect(cache.size).toBe(1);
    expect(cache.get(cookie('1'))).toBe('uno');
  });

  it('delete removes only the exact cookie', () => {
    const cache = new SessionCache<string>(4);
    cache.set(cookie('1'), 'one');
    cache.delete(cookie('1', 'iv.forged'));
    expect(cache.get(cookie('1'))).toBe('one');
    cache.delete(cookie('1'));
    expect(cache.get(cookie('1'))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses a size below one', () => {
    expect(() => new SessionCache<string>(0)).toThrow();
  });
});

describe('SessionCache recency', () => {
  it('keeps a cookie used at least once every half-cache of insertions, however many pass', () => {
    const cache = new SessionCache<string>(10);
    cache.set(cookie('kept'), 'kept');
    for (let index = 0; index < 100; index += 1) {
      cache.set(cookie(`other-${index}`), 'other');
      if (index % 5 === 4) expect(cache.get(cookie('kept'))).toBe('kept');
    }
    expect(cache.size).toBe(10);
    expect(cache.get(cookie('other-0'))).toBeUndefined();
  });
});
