/**
 * The preview's sound, planned as pure rules: the timeline cut into chunks on a fixed grid (each
 * one `preview-audio` request), which chunks to have ready from the playhead on, and where a
 * chunk goes on the audio context's clock so that the sound heard is the moment the frames show.
 *
 * Sound is the transport's master clock while it plays: the transport maps its clock to timeline
 * time (`time = anchorTime + (clock - anchorClock) × rate`) and a chunk starting at timeline time
 * T is started at the clock time that maps to T. What is already past on that clock is skipped
 * (start with an offset), never played late: sound and frames stay on one clock.
 */

/** Seconds of timeline per chunk (one request, one decoded buffer). */
export const CHUNK_SECONDS = 2;

/** How far ahead of the playhead sound is fetched while playing, and around it while paused. */
export const FETCH_AHEAD_SECONDS = 8;
export const PAUSED_AHEAD_SECONDS = 2;

/** How far ahead of the clock chunks are handed to the audio context. */
export const SCHEDULE_AHEAD_SECONDS = 1.2;

/** Sound plays at these speeds; at others it is off (and the preview says so). */
export const SOUND_RATES: readonly number[] = [1];

export const soundPlaysAt = (rate: number): boolean => SOUND_RATES.includes(rate);

export const chunkIndexAt = (seconds: number): number =>
  Math.max(0, Math.floor(seconds / CHUNK_SECONDS + 1e-9));

export const chunkStart = (index: number): number => index * CHUNK_SECONDS;

/** The layers a mix is made of, as a key: all of them, or the ones playing. */
export const layersKey = (layers: readonly number[] | null): string =>
  layers ? [...layers].sort((a, b) => a - b).join(',') || 'none' : '*';

export const chunkKey = (layers: string, index: number): string => `${layers}|${index}`;

/**
 * The chunks to have from `time` on, in the order playback reaches them: `aheadSeconds` of
 * timeline ahead, none that starts at or after the end of the cut (past it is silence).
 */
export function chunksAhead(input: {
  time: number;
  duration: number;
  aheadSeconds: number;
}): number[] {
  const { time, duration, aheadSeconds } = input;
  if (duration <= 0 || time >= duration) return [];
  const first = chunkIndexAt(time);
  const last = chunkIndexAt(Math.min(duration - 1e-6, time + aheadSeconds));
  const chunks: number[] = [];
  for (let index = first; index <= last; index += 1) chunks.push(index);
  return chunks;
}

/** The transport's mapping from its clock (the audio context's seconds) to timeline time. */
export interface ClockMapping {
  anchorTime: number;
  anchorClock: number;
  rate: number;
}

/** The clock time at which timeline time `seconds` is heard. */
export const clockTimeOf = (mapping: ClockMapping, seconds: number): number =>
  mapping.anchorClock + (seconds - mapping.anchorTime) / mapping.rate;

/** The timeline time heard at clock time `clock`. */
export const timelineTimeAt = (mapping: ClockMapping, clock: number): number =>
  mapping.anchorTime + (clock - mapping.anchorClock) * mapping.rate;

/** Where a chunk goes: `AudioBufferSourceNode.start(when, offset, duration)`. */
export interface Placement {
  when: number;
  /** Seconds into the chunk. */
  offset: number;
  /** Seconds of the chunk played. */
  duration: number;
  /** Part of the chunk was already past (its start is skipped). */
  skipped: boolean;
}

/**
 * Where the chunk starting at `start` goes on the clock, playing forward at 1×: from `earliest`
 * (the context's time plus a safety margin) on, up to timeline time `until` (the end of the cut
 * or of the stretch being played), or null when none of it is left to play.
 */
export function placeChunk(input: {
  mapping: ClockMapping;
  start: number;
  seconds: number;
  earliest: number;
  until: number;
}): Placement | null {
  const { mapping, start, seconds, earliest, until } = input;
  if (mapping.rate <= 0) return null;
  const end = Math.min(start + seconds, until);
  if (end <= start) return null;
  const when = clockTimeOf(mapping, start);
  const endClock = clockTimeOf(mapping, end);
  if (endClock <= earliest + 1e-4) return null;
  if (when >= earliest) return { when, offset: 0, duration: end - start, skipped: false };
  const offset = (earliest - when) * mapping.rate;
  return { when: earliest, offset, duration: end - start - offset, skipped: true };
}

/** A short grain of sound under the pointer while scrubbing: where in the chunk, how long. */
export const GRAIN_SECONDS = 0.09;
export const GRAIN_FADE_SECONDS = 0.006;
