/**
 * A chunk of the preview's sound made ready to play: its samples and its block peaks (the meter's).
 * Runs in the decoder's worker (sound-decoder.worker.ts), or on the page where there is no worker.
 */
import { blockPeaks, PEAK_BLOCK_SECONDS } from './peak-meter.ts';
import { readWav } from './wav-samples.ts';

export interface DecodedChunk {
  sampleRate: number;
  samples: Float32Array<ArrayBuffer>;
  /** Absolute peak per PEAK_BLOCK_SECONDS. */
  peaks: Float32Array;
}

export function decodeWavChunk(bytes: ArrayBuffer): DecodedChunk {
  const { sampleRate, samples } = readWav(bytes);
  return { sampleRate, samples, peaks: blockPeaks(samples, sampleRate * PEAK_BLOCK_SECONDS) };
}

export interface DecodeRequest {
  id: number;
  bytes: ArrayBuffer;
}

export type DecodeAnswer =
  ({ id: number; ok: true } & DecodedChunk) | { id: number; ok: false; message: string };
