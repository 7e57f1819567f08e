import { describe, expect, it } from 'vitest';
import { frameTime, isOnFrame, shiftedTime } from './frame-time.ts';

describe('frame time', () => {
  it('writes frames as milliseconds, 33 or 34 apart at 30 fps', () => {
    expect([frameTime(62, 30), frameTime(97, 30), frameTime(115, 30)]).toEqual([
      2.067, 3.233, 3.833,
    ]);
    expect(isOnFrame(3.833, 30)).toBe(true);
    expect(isOnFrame(3.834, 30)).toBe(false);
  });

  it('moves a time by whole frames, so touching items still touch after a move', () => {
    // An item at 3.833-5 s moved to 2.067 s: by milliseconds its end would be 3.234 s, a
    // millisecond past the frame (3.233 s) where the next item, moved alike, starts.
    expect(Math.round((2.067 + (5 - 3.833)) * 1000) / 1000).toBe(3.234);
    expect(shiftedTime(5, 3.833, 2.067, 30)).toBe(3.233);
    expect(shiftedTime(5, 5, frameTime(97, 30), 30)).toBe(3.233);
  });

  it('adds the difference where a time is off the grid', () => {
    expect(shiftedTime(5.0005, 3.833, 2.067, 30)).toBe(3.234);
  });
});
