import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createTransport, type TransportClock } from './transport.ts';
import { mirrorTransport } from './transport-mirror.ts';

function setup(options: { playhead?: number } = {}) {
  let now = 0;
  const clock: TransportClock = { name: 'test', now: () => now };
  const queue: Array<() => void> = [];
  const transport = createTransport('p1', {
    request: (callback) => queue.push(callback),
    cancel: () => {
      queue.length = 0;
    },
  });
  transport.setClock(clock);
  transport.setDuration(10);
  if (options.playhead !== undefined) transport.seek(options.playhead, 'words');
  const view = createStore(() => ({ playhead: 0, rate: 0, scrubbing: false, writes: 0 }));
  const stop = mirrorTransport(transport, {
    origin: 'timeline',
    read: () => view.getState(),
    write: (next) => {
      const state = view.getState();
      if (state.playhead === next.playhead && state.rate === next.rate) return;
      view.setState({ playhead: next.playhead, rate: next.rate, writes: state.writes + 1 });
    },
    subscribe: (listener) => view.subscribe(listener),
    holding: () => view.getState().scrubbing,
  });
  const frame = (seconds: number) => {
    now += seconds;
    for (const callback of queue.splice(0)) callback();
  };
  return { transport, view, frame, stop };
}

describe('a view mirroring the transport', () => {
  it("starts at the transport's moment (moving between editors keeps it)", () => {
    const { view } = setup({ playhead: 4.2 });
    expect(view.getState().playhead).toBe(4.2);
  });

  it("moves the transport when the view seeks, plays and pauses, and follows the transport's frames", () => {
    const { transport, view, frame } = setup();
    view.setState({ playhead: 3 });
    expect(transport.get()).toMatchObject({ playhead: 3, seekOrigin: 'timeline', seekCount: 1 });
    view.setState({ rate: 2 });
    expect(transport.get().rate).toBe(2);
    frame(0.5);
    expect(view.getState().playhead).toBeCloseTo(4);
    // Paused and stepped back a frame in one update: the step lands where the view says.
    view.setState({ rate: 0, playhead: 3.9 });
    frame(1);
    expect(transport.get()).toMatchObject({ rate: 0, playhead: 3.9 });
    expect(view.getState()).toMatchObject({ rate: 0, playhead: 3.9 });
  });

  it("shows someone else's seek and the end of the cut", () => {
    const { transport, view, frame } = setup();
    transport.seek(9.5, 'words');
    expect(view.getState().playhead).toBe(9.5);
    view.setState({ rate: 1 });
    frame(1);
    expect(view.getState()).toMatchObject({ playhead: 10, rate: 0 });
  });

  it('takes the transport back when it decides otherwise (Play at the end starts again)', async () => {
    const { transport, view } = setup({ playhead: 10 });
    view.setState({ rate: 1 });
    expect(transport.get()).toMatchObject({ playhead: 0, rate: 1 });
    await Promise.resolve();
    expect(view.getState()).toMatchObject({ playhead: 0, rate: 1 });
  });

  it('lets a scrub hold the playhead while playing, and plays on from where it is left', () => {
    const { transport, view, frame } = setup();
    view.setState({ rate: 1 });
    frame(1);
    view.setState({ scrubbing: true, playhead: 6 });
    frame(0.5);
    expect(view.getState().playhead).toBe(6);
    expect(transport.time()).toBe(6);
    view.setState({ scrubbing: false });
    frame(0.5);
    expect(view.getState().playhead).toBeCloseTo(6.5);
  });

  it('never echoes its own writes back into the transport', () => {
    const { transport, view, frame } = setup();
    view.setState({ rate: 1 });
    const seeks = transport.get().seekCount;
    frame(0.1);
    frame(0.1);
    expect(view.getState().writes).toBeGreaterThanOrEqual(2);
    expect(transport.get().seekCount).toBe(seeks);
  });

  it('stops mirroring when stopped', () => {
    const { transport, view, stop } = setup();
    stop();
    view.setState({ playhead: 5 });
    expect(transport.get().playhead).toBe(0);
    transport.seek(2);
    expect(view.getState().playhead).toBe(5);
  });
});
