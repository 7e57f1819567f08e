import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIZE_REST_MS, useRestingSize, type BoxSize } from './use-resting-size.ts';

const fire = (type: string) => window.dispatchEvent(new Event(type));

describe('useRestingSize', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const written: Array<{ live: BoxSize; size: BoxSize }> = [];
    const hook = renderHook(() =>
      useRestingSize((live, size) => written.push({ live: { ...live }, size: { ...size } })),
    );
    return { hook, written };
  }

  it('takes the first size at once, and later sizes once they rest, writing each at once', () => {
    const { hook, written } = setup();
    act(() => hook.result.current.follow({ width: 400, height: 300 }));
    expect(hook.result.current.size).toEqual({ width: 400, height: 300 });

    act(() => hook.result.current.follow({ width: 380, height: 290 }));
    act(() => hook.result.current.follow({ width: 360, height: 280 }));
    // Written to the page at once, drawn at the size it had.
    expect(written.at(-1)).toEqual({
      live: { width: 360, height: 280 },
      size: { width: 400, height: 300 },
    });
    act(() => vi.advanceTimersByTime(SIZE_REST_MS - 1));
    expect(hook.result.current.size).toEqual({ width: 400, height: 300 });
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersToNextFrame());
    expect(hook.result.current.size).toEqual({ width: 360, height: 280 });
    // The same size again is nothing new.
    const count = written.length;
    act(() => hook.result.current.follow({ width: 360, height: 280 }));
    expect(written.length).toBe(count);
  });

  it('waits for the release of a pointer held, however long the size rests', () => {
    const { hook } = setup();
    act(() => hook.result.current.follow({ width: 400, height: 300 }));
    act(() => fire('pointerdown'));
    act(() => hook.result.current.follow({ width: 420, height: 320 }));
    act(() => vi.advanceTimersByTime(10 * SIZE_REST_MS));
    act(() => vi.advanceTimersToNextFrame());
    expect(hook.result.current.size).toEqual({ width: 400, height: 300 });
    act(() => fire('pointerup'));
    act(() => vi.advanceTimersToNextFrame());
    expect(hook.result.current.size).toEqual({ width: 420, height: 320 });
  });

  it('takes nothing after it is unmounted', () => {
    const { hook } = setup();
    act(() => hook.result.current.follow({ width: 400, height: 300 }));
    act(() => hook.result.current.follow({ width: 420, height: 320 }));
    hook.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
