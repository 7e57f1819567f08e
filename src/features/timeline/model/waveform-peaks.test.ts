import { describe, expect, it } from 'vitest';
import {
  CHUNK_PIXELS,
  chunksFor,
  chunkSeconds,
  peakBetween,
  waveformResolution,
} from './waveform-peaks.ts';

describe('waveform peaks', () => {
  it('picks the coarsest resolution giving each screen pixel a peak', () => {
    expect(waveformResolution(0.05)).toBe(1);
    expect(waveformResolution(1)).toBe(1);
    expect(waveformResolution(4)).toBe(10);
    expect(waveformResolution(40)).toBe(100);
    expect(waveformResolution(150)).toBe(1000);
    expect(waveformResolution(1200)).toBe(1000);
  });

  it('asks for the fixed chunks a stretch of source time covers', () => {
    expect(chunkSeconds(100)).toBeCloseTo(20.48);
    expect(chunksFor(0, 5, 100)).toEqual([0]);
    expect(chunksFor(19, 22, 100)).toEqual([0, 1]);
    expect(chunksFor(41, 41.5, 100)).toEqual([2]);
  });

  it('gives a stretch the extremes of the pixels under it, across chunks', () => {
    const chunk = (base: number) => ({
      length: CHUNK_PIXELS,
      data: Array.from({ length: CHUNK_PIXELS * 2 }, (_, i) =>
        i % 2 === 0 ? -base - (i % 7) : base + (i % 5),
      ),
    });
    const chunks = new Map([
      [0, chunk(10)],
      [1, chunk(64)],
    ]);
    const end = CHUNK_PIXELS / 100;
    const peak = peakBetween(end - 0.05, end + 0.05, 100, (i) => chunks.get(i));
    expect(peak!.high).toBeCloseTo((64 + 4) / 128);
    expect(peak!.low).toBeCloseTo(-(64 + 6) / 128);
    expect(peakBetween(end + 30, end + 31, 100, (i) => chunks.get(i))).toBeUndefined();
  });

  it('draws a pause flat and past the sound silence', () => {
    const silent = { length: 10, data: new Array<number>(20).fill(0) };
    expect(peakBetween(0, 0.05, 100, () => silent)).toEqual({ low: 0, high: 0 });
    expect(peakBetween(0.5, 0.6, 100, () => silent)).toEqual({ low: 0, high: 0 });
  });
});
