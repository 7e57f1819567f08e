import { describe, expect, it } from 'vitest';
import { describeRate, followScroll, shuttle, stepFrames, togglePlay } from './playback-clock.ts';

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
