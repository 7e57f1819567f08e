import { describe, expect, it } from 'vitest';
import {
  describeRate,
  followScroll,
  frameIndex,
  gridFrame,
  prefetchFrames,
  shuttle,
  stepFrames,
  togglePlay,
} from './playback-clock.ts';

describe('the shuttle', () => {
  it('Space plays and pauses', () => {
    expect(togglePlay(0)).toBe(1);
    expect(togglePlay(2)).toBe(0);
    expect(togglePlay(-1)).toBe(0);
  });

  it('L plays forward, doubling with each press up to 4×; J the same backward', () => {
    const presses = (direction: 1 | -1, from: number, count: number) => {
      const rates: number[] = [];
      let rate = from;
      for (let i = 0; i < count; i += 1) rates.push((rate = shuttle(rate, direction)));
      return rates;
    };
    expect(presses(1, 0, 4)).toEqual([1, 2, 4, 4]);
    expect(presses(-1, 0, 4)).toEqual([-1, -2, -4, -4]);
    // The other way from full speed starts again at 1×.
    expect(shuttle(4, -1)).toBe(-1);
    expect(shuttle(-2, 1)).toBe(1);
    expect(describeRate(-2)).toBe('Playing 2× backward');
    expect(describeRate(1)).toBe('Playing');
    expect(describeRate(0)).toBe('Paused');
  });
});

describe('frame steps', () => {
  it('steps by frames within the cut', () => {
    expect(frameIndex(1, 30)).toBe(30);
    // 0.1 × 30 is 3.0000000000000004 in floating point: still frame 3.
    expect(frameIndex(0.1, 30)).toBe(3);
    expect(stepFrames(1, 1, 30, 10)).toBe(1.033);
    expect(stepFrames(1.05, -1, 30, 10)).toBe(1);
    expect(stepFrames(0, -1, 30, 10)).toBe(0);
    expect(stepFrames(10, 5, 30, 10)).toBe(10);
  });
});

describe('following the playhead', () => {
  it('turns the page when the playhead leaves the view, not before', () => {
    const view = { scrollX: 100, width: 500 };
    expect(followScroll(300, view, 1)).toBeNull();
    expect(followScroll(620, view, 1)).toBe(570);
    expect(followScroll(50, view, -1)).toBe(0);
    expect(followScroll(80, { scrollX: 400, width: 500 }, -1)).toBe(0);
    expect(followScroll(1000, { scrollX: 0, width: 500 }, -1)).toBe(550);
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
