import { describe, expect, it } from 'vitest';
import {
  blockPeaks,
  FALL_DB_PER_SECOND,
  HOLD_SECONDS,
  isClipping,
  meterFraction,
  peakBetween,
  SILENT_METER,
  stepMeter,
  toDecibels,
} from './peak-meter.ts';

describe('block peaks', () => {
  it('keeps the absolute peak of each block, the last one shorter', () => {
    const samples = new Float32Array([0.1, -0.5, 0.2, 0.3, -1.2]);
    expect([...blockPeaks(samples, 2)].map((v) => Number(v.toFixed(2)))).toEqual([0.5, 0.3, 1.2]);
  });

  it('reads the peak over a stretch of the timeline', () => {
    const track = { start: 4, blockSeconds: 0.01, peaks: new Float32Array([0.1, 0.9, 0.2, 0.4]) };
    expect(peakBetween(track, 4, 4.01)).toBeCloseTo(0.1);
    expect(peakBetween(track, 4.005, 4.02)).toBeCloseTo(0.9);
    expect(peakBetween(track, 4.02, 5)).toBeCloseTo(0.4);
    expect(peakBetween(track, 3, 3.5)).toBe(0);
  });
});

describe('the meter', () => {
  it('rises at once and falls steadily', () => {
    const loud = stepMeter(SILENT_METER, 0.5, 0.016);
    expect(loud.level).toBeCloseTo(toDecibels(0.5));
    const after = stepMeter(loud, 0, 0.5);
    expect(after.level).toBeCloseTo(toDecibels(0.5) - FALL_DB_PER_SECOND * 0.5);
  });

  it('holds the highest peak a moment, then lets it fall', () => {
    let meter = stepMeter(SILENT_METER, 1, 0.016);
    meter = stepMeter(meter, 0.1, HOLD_SECONDS / 2);
    expect(meter.hold).toBe(0);
    meter = stepMeter(meter, 0.1, HOLD_SECONDS);
    expect(meter.hold).toBeLessThan(0);
    expect(meter.hold).toBeGreaterThanOrEqual(meter.level);
  });

  it('calls a sample past full scale a clip, and fills the bar from -60 dBFS', () => {
    expect(isClipping(1)).toBe(false);
    expect(isClipping(1.01)).toBe(true);
    expect(meterFraction(-60)).toBe(0);
    expect(meterFraction(-30)).toBe(0.5);
    expect(meterFraction(3)).toBe(1);
  });
});
