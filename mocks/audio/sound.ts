/** What every simulated sound is: its rate, its kind and how a stretch of it is rendered. */

/** Samples per second of every simulated sound (and of the mixes made from it). */
export const SAMPLE_RATE = 24_000;

export type SoundKind = 'speech' | 'babble' | 'music' | 'effects' | 'ambience';

export interface AssetSound {
  readonly kind: SoundKind;
  /** Length of the asset's sound in samples (at SAMPLE_RATE); silence after it. */
  readonly length: number;
  /**
   * Writes the samples `from` to `from + out.length` of the sound into `out` (overwriting it);
   * samples before 0 or past `length` are silent.
   */
  render(from: number, out: Float32Array): void;
}
