/**
 * Seeded randomness addressed by position, so any stretch of a sound renders alike whatever stretch
 * was rendered before it: white noise by sample index, a generator per block of a sound.
 */
import { mulberry32 } from '../lib/prng.ts';

/** A float in [-1, 1) for sample `index` of the sound seeded `seed` (integer hash, no state). */
export function noiseAt(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index | 0, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2147483648 - 1;
}

/** The generator of block `block` of the sound seeded `seed`. */
export function blockRandom(seed: number, block: number): () => number {
  return mulberry32((seed ^ Math.imul(block + 1, 0x27d4eb2d)) >>> 0);
}

/** A smooth rise from 0 to 1 over [0, 1] (half a cosine). */
export function smoothStep(x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return 0.5 - 0.5 * Math.cos(Math.PI * x);
}
