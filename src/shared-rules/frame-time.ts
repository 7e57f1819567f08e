/**
 * Time on a project's frame grid, as the service keeps it: a time is a whole frame at the
 * project's rate, in seconds rounded to milliseconds (frames of 1/30 s are 33 or 34 ms apart).
 * Moving an item by whole frames keeps its length in frames exactly: with the milliseconds added
 * instead, a moved item's end could land a millisecond off the grid, past the start of the item
 * that followed it (a ripple of touching items would overlap). Shared by the simulator and the
 * editors' optimistic copies, so both land on the same milliseconds.
 */

/** The time of frame `frame` at `fps`, rounded to milliseconds. */
export const frameTime = (frame: number, fps: number): number =>
  Math.round(frame * (1000 / fps)) / 1000;

/** The frame nearest to `seconds`. */
export const nearestFrame = (seconds: number, fps: number): number => Math.round(seconds * fps);

/** Whether `seconds` is a frame's time (as the service writes it). */
export const isOnFrame = (seconds: number, fps: number): boolean =>
  Math.abs(frameTime(nearestFrame(seconds, fps), fps) - seconds) < 1e-9;

/**
 * `time` (an item's end, one of its words' times) after the item moved from `from` to `to`: by
 * whole frames when all three are on frames, else by the difference, rounded to milliseconds.
 */
export function shiftedTime(time: number, from: number, to: number, fps: number): number {
  if (fps > 0 && isOnFrame(time, fps) && isOnFrame(from, fps) && isOnFrame(to, fps))
    return frameTime(
      nearestFrame(time, fps) + nearestFrame(to, fps) - nearestFrame(from, fps),
      fps,
    );
  return Math.round((time + to - from) * 1000) / 1000;
}
