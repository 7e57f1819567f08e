import { describe, expect, it } from 'vitest';
import { frameIndex, gridFrame, prefetchFrames } from './frame-plan.ts';

describe('the frame at a time', () => {
  it('is the frame that starts at or before it', () => {
    expect(frameIndex(1, 30)).toBe(30);
    // 0.1 × 30 is 3.0000000000000004 in floating point: still frame 3.
    expect(frameIndex(0.1, 30)).toBe(3);
    expect(frameIndex(-1, 30)).toBe(0);
  });
});

describe('fetching frames ahead', () => {
  it('asks for every frame of the next second at 1×, on a grid at 4×, backward when reversing', () => {
    const ahead = prefetchFrames({
      time: 2,
      rate: 1,
      fps: 30,
      duration: 60,
      windowSeconds: 1,
      perSecond: 30,
    });
    expect(ahead[0]).toBe(60);
    expect(ahead).toHaveLength(31);
    expect(ahead.at(-1)).toBe(90);
    const fast = prefetchFrames({
      time: 2.05,
      rate: 4,
      fps: 30,
      duration: 60,
      windowSeconds: 1,
      perSecond: 30,
    });
    expect(fast.slice(0, 3)).toEqual([60, 64, 68]);
    expect(gridFrame(2.05, 4, 30, 30)).toBe(60);
    const back = prefetchFrames({
      time: 0.2,
      rate: -1,
      fps: 30,
      duration: 60,
      windowSeconds: 1,
      perSecond: 30,
    });
    expect(back).toEqual([6, 5, 4, 3, 2, 1, 0]);
    const end = prefetchFrames({
      time: 59.9,
      rate: 1,
      fps: 30,
      duration: 60,
      windowSeconds: 1,
      perSecond: 30,
    });
    expect(end).toEqual([1797, 1798, 1799, 1800]);
  });
});
