import { afterEach, describe, expect, it, vi } from 'vitest';
import { LineBatcher } from './line-batcher.ts';

afterEach(() => {
  vi.useRealTimers();
});

function target() {
  const writes: string[] = [];
  let flushed = 0;
  return {
    writes,
    flushed: () => flushed,
    write: (text: string) => void writes.push(text),
    flushSync: () => void (flushed += 1),
  };
}

describe('LineBatcher', () => {
  it('writes a batch once it is long enough, lines in order', () => {
    const out = target();
    const batcher = new LineBatcher(out, { maxChars: 10, maxDelayMs: 1_000 });
    batcher.write('aaaa\n');
    expect(out.writes).toEqual([]);
    batcher.write('bbbb\n');
    expect(out.writes).toEqual(['aaaa\nbbbb\n']);
    batcher.write('c\n');
    batcher.flushSync();
    expect(out.writes).toEqual(['aaaa\nbbbb\n', 'c\n']);
    expect(out.flushed()).toBe(1);
  });

  it('writes a short batch after the delay, without holding the process open', () => {
    vi.useFakeTimers();
    const out = target();
    const batcher = new LineBatcher(out, { maxChars: 1_000, maxDelayMs: 100 });
    batcher.write('one\n');
    vi.advanceTimersByTime(50);
    batcher.write('two\n');
    expect(out.writes).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(out.writes).toEqual(['one\ntwo\n']);
    vi.advanceTimersByTime(1_000);
    expect(out.writes).toHaveLength(1);
  });

  it('flushSync with nothing pending still flushes the target', () => {
    const out = target();
    new LineBatcher(out).flushSync();
    expect(out.writes).toEqual([]);
    expect(out.flushed()).toBe(1);
  });
});
