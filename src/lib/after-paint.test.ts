import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint.ts';

/** A stubbed requestAnimationFrame whose frames the test runs by hand. */
function stubFrames(): () => void {
  let callbacks: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    callbacks.push(callback);
    return callbacks.length;
  });
  return () => {
    const due = callbacks;
    callbacks = [];
    for (const callback of due) callback();
  };
}

describe('afterPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('resolves in a task after the next animation frame', async () => {
    vi.useFakeTimers();
    const frame = stubFrames();
    let done = false;
    void afterPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(false); // no frame yet
    frame();
    expect(done).toBe(false); // not in the frame itself
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('counts frames only after the tasks queued before it (the render that shows the change)', async () => {
    vi.useFakeTimers();
    const frame = stubFrames();
    const order: string[] = [];
    // React Query tells observers of new data in a setTimeout(0) task queued before the call.
    setTimeout(() => order.push('render'), 0);
    void afterPaint().then(() => order.push('sent'));
    frame(); // a frame between the change and its render: not the frame that shows it
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['render']);
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['render', 'sent']);
  });

  it('lets as many frames pass as asked', async () => {
    vi.useFakeTimers();
    const frame = stubFrames();
    let done = false;
    void afterPaint({ frames: 2 }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('resolves after the fallback when no frame comes (a hidden tab)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    let done = false;
    void afterPaint({ fallbackMs: 100 }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('resolves in the next task where there are no frames at all', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', undefined);
    let done = false;
    void afterPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
