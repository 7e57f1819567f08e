/**
 * The preview's peak meter, as pure rules: a chunk's samples reduced to block peaks once (when it
 * is decoded), the peak of the mix over the stretch a frame covers, and the meter's ballistics (a
 * peak programme meter's: instant rise, a steady fall in decibels per second, the highest peak
 * held a moment). A mix over 0 dBFS (a sample past ±1: the service keeps them in its float WAV)
 * is a clip.
 */

/** Seconds per block peak (10 ms: a meter's integration is coarser). */
export const PEAK_BLOCK_SECONDS = 0.01;

/** The meter's floor and its fall. */
export const METER_FLOOR_DB = -60;
export const FALL_DB_PER_SECOND = 24;
export const HOLD_SECONDS = 1.2;

/** Absolute peak of each block of `blockSize` samples (the last block may be shorter). */
export function blockPeaks(samples: Float32Array, blockSize: number): Float32Array {
  const size = Math.max(1, Math.round(blockSize));
  const peaks = new Float32Array(Math.ceil(samples.length / size));
  for (let block = 0; block < peaks.length; block += 1) {
    let peak = 0;
    const end = Math.min(samples.length, (block + 1) * size);
    for (let i = block * size; i < end; i += 1) {
      const value = Math.abs(samples[i]!);
      if (value > peak) peak = value;
    }
    peaks[block] = peak;
  }
  return peaks;
}

/** A chunk's peaks on the timeline: block `i` covers `start + i × blockSeconds` onward. */
export interface PeakTrack {
  start: number;
  blockSeconds: number;
  peaks: Float32Array;
}

/** The highest block peak of `track` over [from, to) (0 where the track says nothing). */
export function peakBetween(track: PeakTrack, from: number, to: number): number {
  const first = Math.max(0, Math.floor((from - track.start) / track.blockSeconds + 1e-9));
  const last = Math.min(
    track.peaks.length - 1,
    Math.ceil((to - track.start) / track.blockSeconds - 1e-9) - 1,
  );
  let peak = 0;
  for (let i = first; i <= last; i += 1) peak = Math.max(peak, track.peaks[i]!);
  return peak;
}

export const toDecibels = (linear: number): number =>
  linear <= 0 ? -Infinity : 20 * Math.log10(linear);

/** Over 0 dBFS: a sample past full scale. */
export const isClipping = (linear: number): boolean => linear > 1;

export interface MeterState {
  /** What the bar shows, in dBFS (the floor when silent). */
  level: number;
  /** The highest recent peak, in dBFS, and how long it has been held. */
  hold: number;
  heldFor: number;
}

export const SILENT_METER: MeterState = {
  level: METER_FLOOR_DB,
  hold: METER_FLOOR_DB,
  heldFor: 0,
};

/** The meter after `seconds` in which the mix peaked at `peak` (linear). */
export function stepMeter(state: MeterState, peak: number, seconds: number): MeterState {
  const input = Math.max(METER_FLOOR_DB, toDecibels(peak));
  const fallen = Math.max(METER_FLOOR_DB, state.level - FALL_DB_PER_SECOND * seconds);
  const level = Math.max(input, fallen);
  if (level >= state.hold) return { level, hold: level, heldFor: 0 };
  const heldFor = state.heldFor + seconds;
  if (heldFor <= HOLD_SECONDS) return { level, hold: state.hold, heldFor };
  // After the hold the mark falls as the bar does, never below it.
  const hold = Math.max(level, state.hold - FALL_DB_PER_SECOND * seconds);
  return { level, hold, heldFor };
}

/** The share of the meter's height a level fills (the floor is empty, 0 dBFS and above full). */
export const meterFraction = (db: number): number =>
  Math.min(1, Math.max(0, (db - METER_FLOOR_DB) / -METER_FLOOR_DB));
