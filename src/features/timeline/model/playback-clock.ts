/**
 * Playback, as pure rules: the shuttle (Space and K play and pause; L plays forward, J backward,
 * each further press doubling the speed up to 4×), frame steps and the page-wise follow of the
 * view. The clock is the project's transport's (src/playback/transport.ts); which frames to fetch
 * ahead is src/playback/frame-plan.ts.
 */
import { frameIndex, frameStart } from '@/playback/frame-plan.ts';
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
