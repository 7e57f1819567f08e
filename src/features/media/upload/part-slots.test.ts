import { describe, expect, it } from 'vitest';
import { FakeLocks } from '@/test/fake-tabs.ts';
import { withPartSlot } from './part-slots.ts';

/** A part's request the test finishes by hand. */
function part(log: string[], name: string) {
  let finish: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const send = () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve, reject) => {
      finish = (value) => {
        log.push(`end ${name}`);
        resolve(value);
      };
      fail = reject;
    });
  };
  return { send, finish: (value = name) => finish(value), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('part slots shared by the browser’s tabs', () => {
  it('two parts at a time across tabs; the next starts when one ends, with its own result', async () => {
    const locks = new FakeLocks();
    const log: string[] = [];
    const parts = ['tab A 1', 'tab B 1', 'tab C 1', 'tab A 2'].map((name) => part(log, name));
    const results = parts.map((p) => withPartSlot(p.send, { locks }));
    await settle();
    expect(log).toEqual(['start tab A 1', 'start tab B 1']);
    parts[1]?.finish('etag-b1');
    await settle();
    expect(log).toEqual(['start tab A 1', 'start tab B 1', 'end tab B 1', 'start tab C 1']);
    expect(await results[1]).toBe('etag-b1');
    parts[0]?.fail(new Error('Non 2xx'));
    await expect(results[0]).rejects.toThrow('Non 2xx');
    await settle();
    expect(log.at(-1)).toBe('start tab A 2');
    parts[2]?.finish();
    parts[3]?.finish();
    expect(await Promise.all(results.slice(2))).toEqual(['tab C 1', 'tab A 2']);
  });

  it('a part given up while it waits leaves the line and never starts', async () => {
    const locks = new FakeLocks();
    const log: string[] = [];
    const [first, second, third] = ['1', '2', '3'].map((name) => part(log, name));
    void withPartSlot(first!.send, { locks });
    void withPartSlot(second!.send, { locks });
    const cancel = new AbortController();
    const waiting = withPartSlot(third!.send, { locks, signal: cancel.signal });
    cancel.abort(new DOMException('Cancelled', 'AbortError'));
    await expect(waiting).rejects.toThrow('Cancelled');
    first!.finish();
    await settle();
    expect(log).toEqual(['start 1', 'start 2', 'end 1']);
    expect(locks.waiting('cutroom.upload-part:0') + locks.waiting('cutroom.upload-part:1')).toBe(0);
  });

  it('without Web Locks, sends at once', async () => {
    const log: string[] = [];
    const only = part(log, 'x');
    const result = withPartSlot(only.send, { locks: undefined });
    expect(log).toEqual(['start x']);
    only.finish();
    expect(await result).toBe('x');
  });
});
