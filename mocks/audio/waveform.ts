/**
 * Waveform peaks of an asset's sound in BBC audiowaveform's JSON (version 2, one channel, 8 bits):
 * for each pixel of `samplesPerPixel` samples, the lowest and the highest sample, read from the
 * same sound the mixer plays (sound-source.ts), so the seeded pauses show as silence.
 */
import type { AudioWaveform } from '@/api/schema.gen.ts';
import { type AssetSound, SAMPLE_RATE } from './sound.ts';

/** Pixels one answer holds at most (the contract's limit). */
export const MAX_WAVEFORM_PIXELS = 100_000;

export interface WaveformStretch {
  pixelsPerSecond: number;
  startSeconds: number;
  /** Source seconds covered; to the end of the sound when undefined. */
  durationSeconds?: number | undefined;
}

/** How many pixels the stretch covers (the peaks are clipped to the sound's end). */
export function waveformLength(sound: AssetSound, stretch: WaveformStretch): number {
  const samplesPerPixel = Math.max(1, Math.round(SAMPLE_RATE / stretch.pixelsPerSecond));
  const from = Math.round(stretch.startSeconds * SAMPLE_RATE);
  const requestedEnd =
    stretch.durationSeconds === undefined
      ? sound.length
      : Math.round((stretch.startSeconds + stretch.durationSeconds) * SAMPLE_RATE);
  const to = Math.min(sound.length, requestedEnd);
  return Math.max(0, Math.ceil((to - from) / samplesPerPixel));
}

const toByte = (value: number): number => Math.max(-128, Math.min(127, Math.round(value * 127)));

export function waveformPeaks(sound: AssetSound, stretch: WaveformStretch): AudioWaveform {
  const samplesPerPixel = Math.max(1, Math.round(SAMPLE_RATE / stretch.pixelsPerSecond));
  const from = Math.round(stretch.startSeconds * SAMPLE_RATE);
  const length = waveformLength(sound, stretch);
  const data: number[] = new Array<number>(length * 2);
  // Rendered a few thousand pixels at a time: an hour's peaks never hold the hour's samples.
  const pixelsPerChunk = Math.max(1, Math.floor(262_144 / samplesPerPixel));
  const chunk = new Float32Array(pixelsPerChunk * samplesPerPixel);
  for (let pixel = 0; pixel < length; pixel += pixelsPerChunk) {
    const pixels = Math.min(pixelsPerChunk, length - pixel);
    const samples = chunk.subarray(0, pixels * samplesPerPixel);
    sound.render(from + pixel * samplesPerPixel, samples);
    for (let p = 0; p < pixels; p += 1) {
      let low = 0;
      let high = 0;
      const base = p * samplesPerPixel;
      for (let i = 0; i < samplesPerPixel; i += 1) {
        const value = samples[base + i]!;
        if (value < low) low = value;
        if (value > high) high = value;
      }
      data[(pixel + p) * 2] = toByte(low);
      data[(pixel + p) * 2 + 1] = toByte(high);
    }
  }
  return {
    version: 2,
    channels: 1,
    sample_rate: SAMPLE_RATE,
    samples_per_pixel: samplesPerPixel,
    bits: 8,
    length,
    data,
  };
}
