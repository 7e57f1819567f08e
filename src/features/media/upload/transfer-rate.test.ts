import { describe, expect, it } from 'vitest';
import {
  addSample,
  bytesPerSecond,
  emptyRate,
  formatSpeed,
  formatTimeLeft,
  secondsLeft,
} from './transfer-rate.ts';

const MB = 1024 * 1024;

describe('transfer rate', () => {
  it('measures the speed over the last few seconds only', () => {
    let rate = emptyRate;
    // 1 MB/s for 10 s, then 4 MB/s for 5 s.
    for (let second = 0; second <= 10; second += 1) {
      rate = addSample(rate, { at: second * 1000, bytes: second * MB });
    }
    for (let second = 11; second <= 15; second += 1) {
      rate = addSample(rate, { at: second * 1000, bytes: 10 * MB + (second - 10) * 4 * MB });
    }
    expect(bytesPerSecond(rate)).toBeCloseTo(4 * MB, -3);
    expect(secondsLeft(rate, 40 * MB)).toBeCloseTo(2.5, 1);
  });

  it('knows no speed before two samples a quarter second apart', () => {
    const rate = addSample(addSample(emptyRate, { at: 0, bytes: 0 }), { at: 100, bytes: MB });
    expect(bytesPerSecond(rate)).toBeNull();
    expect(secondsLeft(rate, 10 * MB)).toBeNull();
  });

  it('does not count parts found on the service when resuming as speed', () => {
    // After a reload the first sample already holds the resumed parts.
    let rate = addSample(emptyRate, { at: 0, bytes: 30 * MB });
    rate = addSample(rate, { at: 1000, bytes: 32 * MB });
    expect(bytesPerSecond(rate)).toBeCloseTo(2 * MB, -3);
  });

  it('starts over when progress goes backwards (a part sent again)', () => {
    let rate = addSample(emptyRate, { at: 0, bytes: 10 * MB });
    rate = addSample(rate, { at: 1000, bytes: 5 * MB });
    expect(rate.samples).toEqual([{ at: 1000, bytes: 5 * MB }]);
  });

  it('words speed and time left', () => {
    expect(formatSpeed(1.5 * MB)).toBe('1.5 MiB/s');
    expect(formatSpeed(null)).toBe('—');
    expect(formatTimeLeft(125)).toBe('2 min 5 s left');
    expect(formatTimeLeft(12.4)).toBe('12 s left');
    expect(formatTimeLeft(0.2)).toBe('less than a second left');
    expect(formatTimeLeft(3 * 3600 + 120)).toBe('3 h 2 min left');
    expect(formatTimeLeft(null)).toBe('time left unknown');
  });
});
