/**
 * Playback, as pure rules: the shuttle (Space and K play and pause; L plays forward, J backward,
 * each further press doubling the speed up to 4×), frame steps, the page-wise follow of the view,
 * and which frames to fetch ahead while playing. The clock is the project's transport's
 * (src/playback/transport.ts).
 */
import { MAX_RATE } from '@/playback/transport.ts';

/** Space: play forward at 1× from a pause, pause otherwise. */
export const togglePlay = (rate: number): number => (rate === 0 ? 1 : 0);

/**
 * J (-1) and L (+1): the first press plays that way at 1× (also when playing the other way), each
 * further press doubles the speed, up to 4×.
 */
export function shuttle(rate: number, direction: 1 | -1): number {
  if (Math.sign(rate) !== direction) return direction;
  return direction * Math.min(MAX_RATE, Math.abs(rate) * 2);
}

/** "2× backward", "Paused". */
export function describeRate(rate: number): string {
  if (rate === 0) return 'Paused';
  const speed = `${Math.abs(rate)}×`;
  return rate > 0 ? (rate === 1 ? 'Playing' : `Playing ${speed}`) : `Playing ${speed} backward`;
}

/** The frame shown at `time` (frames start at whole multiples of 1/fps). */
export function frameIndex(time: number, fps: number): number {
  return Math.max(0, Math.floor(time * fps + 1e-6));
}

export const frameStart = (index: number, fps: number): number =>
  Math.round((index / fps) * 1000) / 1000;

/** `count` frames from the frame at `time`, within [0, duration]. */
export function stepFrames(time: number, count: number, fps: number, duration: number): number {
  const last = frameIndex(Math.max(0, duration), fps);
  const index = Math.min(last, Math.max(0, frameIndex(time, fps) + count));
  return frameStart(index, fps);
}

/**
 * The view's scroll that keeps the playhead in view while it plays, a page at a time (the
 * playhead goes to 10 % of the width), or null when it is in view.
 */
export function followScroll(
  playheadX: number,
  view: { scrollX: number; width: number },
  direction: 1 | -1,
): number | null {
  const x = playheadX - view.scrollX;
  if (x >= 0 && x <= view.width) return null;
  const lead = view.width * 0.1;
  return Math.max(0, direction > 0 ? playheadX - lead : playheadX - view.width + lead);
}

/**
 * The frames to have ready from `time` on, in the order playback reaches them: `windowSeconds`
 * of wall time ahead, at most `perSecond` frames a second of wall time (at 4× a 30 fps cut
 * shows every fourth frame).
 */
export function prefetchFrames(input: {
  time: number;
  rate: number;
  fps: number;
  duration: number;
  windowSeconds: number;
  perSecond: number;
}): number[] {
  const { time, rate, fps, duration, windowSeconds, perSecond } = input;
  const direction = rate < 0 ? -1 : 1;
  const speed = Math.max(1, Math.abs(rate));
  const step = Math.max(1, Math.ceil((speed * fps) / perSecond));
  const first = frameIndex(time, fps);
  const last = frameIndex(Math.max(0, duration), fps);
  const count = Math.ceil((windowSeconds * speed * fps) / step);
  const frames: number[] = [];
  // Aligned to the step's grid, so successive plans ask for the same frames.
  const start = Math.floor(first / step) * step;
  for (let i = 0; i <= count; i += 1) {
    const index = start + direction * i * step;
    if (index < 0 || index > last) break;
    frames.push(index);
  }
  return frames;
}

/** The frame of the step grid playback shows at `time` (the one `prefetchFrames` fetched). */
export function gridFrame(time: number, rate: number, fps: number, perSecond: number): number {
  const step = Math.max(1, Math.ceil((Math.max(1, Math.abs(rate)) * fps) / perSecond));
  return Math.floor(frameIndex(time, fps) / step) * step;
}
