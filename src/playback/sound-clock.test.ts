import { describe, expect, it } from 'vitest';
import { createSoundClock, heardTime, type ClockSource } from './sound-clock.ts';

describe("the sound's clock", () => {
  it('extrapolates the output timestamp to now, never ahead of what was rendered', () => {
    const source: ClockSource = {
      currentTime: 10.2,
      getOutputTimestamp: () => ({ contextTime: 10, performanceTime: 5000 }),
    };
    expect(heardTime(source, 5100)).toBeCloseTo(10.1);
    expect(heardTime(source, 9000)).toBeCloseTo(10.2);
  });

  it('falls back to the render time less the output latency', () => {
    expect(heardTime({ currentTime: 3, outputLatency: 0.04 }, 0)).toBeCloseTo(2.96);
    expect(heardTime({ currentTime: 3, baseLatency: 0.01 }, 0)).toBeCloseTo(2.99);
    // A timestamp not yet known (0 before the first render) is no timestamp.
    expect(
      heardTime(
        { currentTime: 0.5, getOutputTimestamp: () => ({ contextTime: 0, performanceTime: 0 }) },
        100,
      ),
    ).toBe(0.5);
  });

  it('never runs backward when a new timestamp lands behind the extrapolation', () => {
    let stamp = { contextTime: 10, performanceTime: 1000 };
    let now = 1050;
    const source: ClockSource = { currentTime: 11, getOutputTimestamp: () => stamp };
    const clock = createSoundClock(source, () => now);
    expect(clock.now()).toBeCloseTo(10.05);
    stamp = { contextTime: 10.04, performanceTime: 1051 };
    now = 1051;
    expect(clock.now()).toBeCloseTo(10.05);
    now = 1080;
    expect(clock.now()).toBeCloseTo(10.069);
  });
});
