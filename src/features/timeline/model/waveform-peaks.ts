/**
 * Which waveform peaks the timeline draws, and how: the service answers an asset's peaks at a few
 * resolutions (pixels per second of source) in stretches; the canvas picks the coarsest
 * resolution that still gives each screen pixel a peak of its own, asks for the fixed stretches
 * ("chunks") the visible part of an item covers, and draws per screen column the lowest and
 * highest sample under it.
 */

/** The resolutions the contract offers (`pixels_per_second`). */
export const WAVEFORM_RESOLUTIONS = [1, 10, 100, 1000] as const;
export type WaveformResolution = (typeof WAVEFORM_RESOLUTIONS)[number];

/** Peaks one request asks for: a chunk is this many pixels of its resolution. */
export const CHUNK_PIXELS = 2048;

/** The coarsest resolution with at least one peak per screen pixel at this zoom. */
export function waveformResolution(pxPerSecond: number): WaveformResolution {
  return WAVEFORM_RESOLUTIONS.find((resolution) => resolution >= pxPerSecond) ?? 1000;
}

/** Seconds of source time a chunk covers at `resolution`. */
export const chunkSeconds = (resolution: number): number => CHUNK_PIXELS / resolution;

/** The chunks holding source time [from, to). */
export function chunksFor(from: number, to: number, resolution: number): number[] {
  const seconds = chunkSeconds(resolution);
  const first = Math.max(0, Math.floor(from / seconds));
  const last = Math.max(first, Math.ceil(to / seconds) - 1);
  const out: number[] = [];
  for (let chunk = first; chunk <= last; chunk += 1) out.push(chunk);
  return out;
}

/** Peaks as the service answers them: `data` holds lowest, highest for each pixel (8 bits). */
export interface PeakChunk {
  length: number;
  data: readonly number[];
}

/**
 * The lowest and highest sample (-1 to 1) of source time [from, to), from the chunks that hold
 * it (`chunk(i)`; undefined while one is missing: nothing is drawn for it yet). A stretch past
 * the sound's end is silent.
 */
export function peakBetween(
  from: number,
  to: number,
  resolution: number,
  chunk: (index: number) => PeakChunk | undefined,
): { low: number; high: number } | undefined {
  const first = Math.max(0, Math.floor(from * resolution));
  const last = Math.max(first + 1, Math.ceil(to * resolution));
  let low = 0;
  let high = 0;
  for (let pixel = first; pixel < last; pixel += 1) {
    const index = Math.floor(pixel / CHUNK_PIXELS);
    const peaks = chunk(index);
    if (!peaks) return undefined;
    const at = pixel - index * CHUNK_PIXELS;
    if (at >= peaks.length) continue;
    low = Math.min(low, peaks.data[2 * at]! / 128);
    high = Math.max(high, peaks.data[2 * at + 1]! / 128);
  }
  return { low, high };
}
