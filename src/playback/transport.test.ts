import { describe, expect, it } from 'vitest';
import { createTransport, type TransportClock } from './transport.ts';

function setup() {
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
  const frame = (seconds: number) => {
    now += seconds;
    const pending = queue.splice(0);
    for (const callback of pending) callback();
  };
  return { transport, frame };
}

describe('transport', () => {
  it('publishes the playhead every frame while playing, by the clock', () => {
    const { transport, frame } = setup();
    transport.seek(2, 'words');
    expect(transport.get()).toMatchObject({ playhead: 2, seekOrigin: 'words', seekCount: 1 });
    transport.play();
    frame(0.5);
    expect(transport.get().playhead).toBeCloseTo(2.5);
    frame(0.5);
    expect(transport.time()).toBeCloseTo(3);
    transport.pause();
    frame(1);
    expect(transport.get()).toMatchObject({ rate: 0 });
    expect(transport.get().playhead).toBeCloseTo(3);
  });

  it('stops at the end of the cut, and plays again from the start', () => {
    const { transport, frame } = setup();
    transport.seek(9.5);
    transport.play();
    frame(1);
    expect(transport.get()).toMatchObject({ playhead: 10, rate: 0 });
    transport.play();
    expect(transport.get().playhead).toBe(0);
  });

  it('plays a stretch once and pauses at its end', () => {
    const { transport, frame } = setup();
    transport.playRange(4, 5);
    frame(0.6);
    expect(transport.get().playhead).toBeCloseTo(4.6);
    frame(0.6);
    expect(transport.get()).toMatchObject({ playhead: 5, rate: 0, range: null });
  });

  it('keeps the time across a change of clock', () => {
    const { transport, frame } = setup();
    transport.play();
    frame(1);
    let other = 100;
    transport.setClock({ name: 'audio', now: () => other });
    expect(transport.time()).toBeCloseTo(1);
    other += 0.25;
    expect(transport.time()).toBeCloseTo(1.25);
  });

  it('keeps a paused playhead past the end of the cut (a place to add things), and plays from the start', () => {
    const { transport } = setup();
    transport.seek(12.5, 'timeline');
    expect(transport.time()).toBe(12.5);
    transport.setDuration(8);
    expect(transport.get().playhead).toBe(12.5);
    transport.play();
    expect(transport.get()).toMatchObject({ playhead: 0, rate: 1 });
  });

  it('tells its listeners the moment a view painted, and the clock reading of each frame', () => {
    const { transport, frame } = setup();
    const painted: number[] = [];
    const stop = transport.onPainted(({ shown }) => painted.push(shown));
    transport.play();
    frame(0.5);
    expect(transport.frameClock()).toBeCloseTo(0.5);
    transport.notePainted({ asked: 0.5, shown: 0.48 });
    stop();
    transport.notePainted({ asked: 1, shown: 1 });
    expect(painted).toEqual([0.48]);
  });
});
