import { describe, expect, it } from 'vitest';
import { FrameCache } from './frame-cache.ts';

function frame(size = 10) {
  const made = { width: size, height: size, closed: false, close: () => (made.closed = true) };
  return made;
}

describe('the frame cache', () => {
  it('drops and closes the least recently used frames past its byte budget', () => {
    const cache = new FrameCache(3 * 400);
    const [a, b, c, d] = [frame(), frame(), frame(), frame()];
    cache.set('a', a);
    cache.set('b', b);
    cache.set('c', c);
    expect(cache.bytes).toBe(1200);
    cache.get('a');
    cache.set('d', d);
    expect(cache.has('b')).toBe(false);
    expect(b.closed).toBe(true);
    expect([cache.has('a'), cache.has('c'), cache.has('d')]).toEqual([true, true, true]);
    expect(cache.bytes).toBe(1200);
  });

  it('never drops the frame on screen, and prunes what is stale', () => {
    const cache = new FrameCache(400);
    const shown = frame();
    cache.set('r1:10', shown);
    cache.pin('r1:10');
    cache.set('r1:11', frame());
    expect(cache.has('r1:10')).toBe(true);
    expect(shown.closed).toBe(false);
    cache.set('r2:10', frame());
    cache.prune((key) => key.startsWith('r2:'));
    expect(cache.has('r1:10')).toBe(true);
    cache.pin(null);
    cache.prune((key) => key.startsWith('r2:'));
    expect(cache.has('r1:10')).toBe(false);
    expect(shown.closed).toBe(true);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
