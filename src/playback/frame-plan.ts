/**
 * Frames of the cut, as pure rules shared by every view that shows the service's frame at the
 * playhead (the timeline's preview, the caption styler's): which frame a time shows, which frames
 * playback needs next (fetched ahead of the sound clock by as long as a frame takes to come, on a
 * grid when it plays fast or when frames cannot keep up), which frame already here stands nearest
 * the moment heard, and how many frames a second the service and the page can deliver.
 */

/** The frame shown at `time` (frames start at whole multiples of 1/fps). */
export function frameIndex(time: number, fps: number): number {
  return Math.max(0, Math.floor(time * fps + 1e-6));
}

export const frameStart = (index: number, fps: number): number =>
  Math.round((index / fps) * 1000) / 1000;

/** Frames of the cut between two frames playback shows, at `perSecond` of wall time. */
export function gridStep(rate: number, fps: number, perSecond: number): number {
  return Math.max(1, Math.ceil((Math.max(1, Math.abs(rate)) * fps) / Math.max(1, perSecond)));
}

/**
 * The frames to have ready from `time` on, in the order playback reaches them: `windowSeconds`
 * of wall time ahead, at most `perSecond` frames a second of wall time (at 4× a 30 fps cut
 * shows every fourth frame). Frames due within `leadSeconds` of wall time are left out: asked
 * for now, they would come after their moment had passed.
 */
export function prefetchFrames(input: {
  time: number;
  rate: number;
  fps: number;
  duration: number;
  windowSeconds: number;
  perSecond: number;
  leadSeconds?: number;
}): number[] {
  const { time, rate, fps, duration, windowSeconds, perSecond, leadSeconds = 0 } = input;
  const direction = rate < 0 ? -1 : 1;
  const speed = Math.max(1, Math.abs(rate));
  const step = gridStep(rate, fps, perSecond);
  const first = frameIndex(time, fps);
  const last = frameIndex(Math.max(0, duration), fps);
  const count = Math.ceil((windowSeconds * speed * fps) / step);
  // Playback reaches a frame at its start going forward, at its end going backward.
  const reached = time + direction * Math.max(0, leadSeconds) * speed;
  const inTime = (index: number) =>
    direction > 0 ? index / fps >= reached - 1e-6 : (index + 1) / fps <= reached + 1e-6;
  const frames: number[] = [];
  // Aligned to the step's grid, so successive plans ask for the same frames.
  const start = Math.floor(first / step) * step;
  for (let i = 0; i <= count; i += 1) {
    const index = start + direction * i * step;
    if (index < 0 || index > last) break;
    if (leadSeconds <= 0 || inTime(index)) frames.push(index);
  }
  return frames;
}

/** The frame of the step grid playback shows at `time` (the one `prefetchFrames` fetched). */
export function gridFrame(time: number, rate: number, fps: number, perSecond: number): number {
  const step = gridStep(rate, fps, perSecond);
  return Math.floor(frameIndex(time, fps) / step) * step;
}

/**
 * Of the frames `has` says are here, the one whose middle is nearest `time` (a frame shows
 * [index, index + 1) / fps), at most `reach` frames either side of the frame at `time`; null when
 * none is. Of two equally near, the later one (it is the one showing at `time`).
 */
export function nearestFrame(
  time: number,
  fps: number,
  has: (index: number) => boolean,
  reach: number,
): number | null {
  const exact = time * fps - 0.5;
  const below = Math.floor(exact + 1e-6);
  let down: number | null = null;
  for (let index = below; index >= Math.max(0, below - reach); index -= 1) {
    if (has(index)) {
      down = index;
      break;
    }
  }
  // Above, only a frame nearer than the one found below can win.
  const farthest = Math.min(
    below + 1 + reach,
    down === null ? Infinity : Math.floor(exact + (exact - down) + 1e-6),
  );
  for (let index = Math.max(0, below + 1); index <= farthest; index += 1)
    if (has(index)) return index;
  return down;
}

/** How many of the latest fetches playback's frame rate is judged on. */
export const PACE_WINDOW = 15;

/**
 * The latency playback's frame rate is judged on: the median of the latest fetches' (`recent`),
 * so that one slow frame (its decode behind a long task) does not drop the rate for a while,
 * while a load that lasts (half the window) does; null before any fetch.
 */
export function paceLatency(recent: readonly number[]): number | null {
  if (recent.length === 0) return null;
  const sorted = [...recent].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The frame rates playback steps through when frames cannot keep up, fastest first. */
export const PLAYBACK_FRAME_RATES = [30, 15, 10] as const;

/** The share of the measured capacity a frame rate may take (the rest absorbs jitter). */
const STEP_DOWN_SHARE = 0.85;
/** A faster rate is taken again only with this share of the capacity to spare. */
const STEP_UP_SHARE = 0.6;

/**
 * How many frames a second playback asks for: the fastest of `PLAYBACK_FRAME_RATES` that the
 * frames' measured capacity (`slots` fetches at a time, each taking `latencyMs` from asking to a
 * decoded picture) carries with room to spare. From `current`, it steps down as soon as
 * `current` no longer fits, and up only when the faster rate fits well inside the capacity, so
 * a rate's own lighter load does not flip it back and forth.
 */
export function playbackFrameRate(input: {
  latencyMs: number | null;
  slots: number;
  current: number;
}): number {
  const { latencyMs, slots, current } = input;
  if (latencyMs === null || !(latencyMs > 0)) return current;
  const capacity = (slots * 1000) / latencyMs;
  const fits = (rate: number, share: number) => rate <= capacity * share;
  if (!fits(current, STEP_DOWN_SHARE)) {
    return (
      PLAYBACK_FRAME_RATES.find((rate) => rate < current && fits(rate, STEP_DOWN_SHARE)) ??
      PLAYBACK_FRAME_RATES[2]
    );
  }
  const faster = PLAYBACK_FRAME_RATES.filter((rate) => rate > current);
  return faster.find((rate) => fits(rate, STEP_UP_SHARE)) ?? current;
}
