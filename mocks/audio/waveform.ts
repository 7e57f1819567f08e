/**
 * Waveform peaks of an asset's sound in BBC audiowaveform's JSON (version 2, one channel, 8 bits):
 * for each pixel of `samplesPerPixel` samples, the lowest and the highest sample, read from the
 * same sound the mixer plays (sound-source.ts), so the seeded pauses show as silence.
 */
import type { AudioWaveform } from '@/api/schema.gen.ts';
import type { Pause } from '../lib/work-lane.ts';
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

/**
 * The latest answers, kept (a sound never changes: a stretch asked for again, by another tab or
 * after the timeline's cache let it go, is not rendered again). At most this many (~32 KB each).
 */
const KEPT_ANSWERS = 512;
const answers = new Map<string, AudioWaveform>();
const soundIds = new WeakMap<AssetSound, number>();
let nextSoundId = 0;

/**
 * The stretch's peaks. The sound is rendered about 65,000 samples at a time (an hour's peaks
 * never hold the hour's samples), and `pause` is called between two renders (the simulator's
 * work lane yields there to what came in meanwhile).
 */
export async function waveformPeaks(
  sound: AssetSound,
  stretch: WaveformStretch,
  pause: Pause = () => undefined,
): Promise<AudioWaveform> {
  const samplesPerPixel = Math.max(1, Math.round(SAMPLE_RATE / stretch.pixelsPerSecond));
  const from = Math.round(stretch.startSeconds * SAMPLE_RATE);
  const length = waveformLength(sound, stretch);
  let soundId = soundIds.get(sound);
  if (soundId === undefined) soundIds.set(sound, (soundId = nextSoundId++));
  const key = `${soundId}|${samplesPerPixel}|${from}|${length}`;
  const known = answers.get(key);
  if (known) {
    answers.delete(key);
    answers.set(key, known);
    return known;
  }
  const data: number[] = new Array<number>(length * 2);
  const pixelsPerChunk = Math.max(1, Math.floor(65_536 / samplesPerPixel));
  const chunk = new Float32Array(pixelsPerChunk * samplesPerPixel);
  for (let pixel = 0; pixel < length; pixel += pixelsPerChunk) {
    if (pixel > 0) await pause();
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
  const answer: AudioWaveform = {
    version: 2,
    channels: 1,
    sample_rate: SAMPLE_RATE,
    samples_per_pixel: samplesPerPixel,
    bits: 8,
    length,
    data,
  };
  if (answers.size >= KEPT_ANSWERS) answers.delete(answers.keys().next().value!);
  answers.set(key, answer);
  return answer;
}
