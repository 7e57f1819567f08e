/**
 * Frames of the cut, as pure rules shared by every view that shows the service's frame at the
 * playhead (the timeline's preview, the caption styler's): which frame a time shows, and which
 * frames playback needs next (fetched ahead, on a grid when it plays fast).
 */

/** The frame shown at `time` (frames start at whole multiples of 1/fps). */
export function frameIndex(time: number, fps: number): number {
  return Math.max(0, Math.floor(time * fps + 1e-6));
}

export const frameStart = (index: number, fps: number): number =>
  Math.round((index / fps) * 1000) / 1000;

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
