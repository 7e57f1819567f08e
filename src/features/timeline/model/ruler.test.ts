import { describe, expect, it } from 'vitest';
import { chooseStep, formatSeconds, formatTimecode, MIN_LABEL_PX, rulerTicks } from './ruler.ts';

describe('ruler', () => {
  it('adapts the label step to the zoom', () => {
    expect(chooseStep(100, 30)).toBe(1);
    expect(chooseStep(1000, 30)).toBeCloseTo(5 / 30, 9);
    expect(chooseStep(10, 30)).toBe(10);
    expect(chooseStep(0.1, 30)).toBe(900);
    for (const pps of [0.05, 0.3, 2, 17, 90, 400, 1200])
      expect(chooseStep(pps, 30) * pps).toBeGreaterThanOrEqual(MIN_LABEL_PX);
  });

  it('labels minutes, hours and frames', () => {
    expect(formatTimecode(0, 30)).toBe('0:00');
    expect(formatTimecode(75, 30)).toBe('1:15');
    expect(formatTimecode(3725, 30)).toBe('1:02:05');
    expect(formatTimecode(1.5, 30, true)).toBe('0:01:15');
    expect(formatTimecode(-3, 30)).toBe('0:00');
    expect(formatSeconds(1.5)).toBe('1.5 s');
    expect(formatSeconds(1 / 3)).toBe('0.333 s');
  });

  it('produces ticks covering the viewport with frame labels when zoomed in', () => {
    const ticks = rulerTicks(
      { pxPerSecond: 600, scrollX: 1200, scrollY: 0, width: 600, height: 100 },
      30,
    );
    expect(ticks.step).toBeLessThan(1);
    expect(ticks.major[0]!.seconds).toBeLessThanOrEqual(2);
    expect(ticks.major[ticks.major.length - 1]!.seconds).toBeGreaterThanOrEqual(3);
    expect(ticks.major.some((tick) => /^0:02:\d\d$/.test(tick.label))).toBe(true);
    expect(ticks.minor.length).toBeGreaterThan(0);
    for (let i = 1; i < ticks.major.length; i += 1) {
      expect(ticks.major[i]!.x - ticks.major[i - 1]!.x).toBeGreaterThanOrEqual(MIN_LABEL_PX - 1);
    }
  });

  it('labels whole seconds when zoomed out', () => {
    const ticks = rulerTicks(
      { pxPerSecond: 5, scrollX: 0, scrollY: 0, width: 1000, height: 100 },
      30,
    );
    expect(ticks.step).toBe(30);
    expect(ticks.major.map((tick) => tick.label).slice(0, 3)).toEqual(['0:00', '0:30', '1:00']);
  });
});
