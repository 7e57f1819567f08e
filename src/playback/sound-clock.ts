/**
 * The sound's clock: the audio context's time of the sample being heard now, which the transport
 * takes as its master clock while sound plays (frames follow what is heard). The context's
 * `currentTime` is where it renders, ahead of the speakers by the output's latency;
 * `getOutputTimestamp()` says which context time left the output at which `performance.now()`,
 * and is extrapolated from there between its updates. The clock never runs backward (an update
 * of the timestamp may land a little behind the extrapolation), and never ahead of what has been
 * rendered.
 */
import type { TransportClock } from './transport.ts';

/** What the clock reads of an AudioContext (a fake one in tests). */
export interface ClockSource {
  readonly currentTime: number;
  readonly outputLatency?: number;
  readonly baseLatency?: number;
  getOutputTimestamp?(): { contextTime?: number; performanceTime?: number };
}

/** The context time being heard at `perfNow` (ms, `performance.now()`). */
export function heardTime(source: ClockSource, perfNow: number): number {
  const stamp = source.getOutputTimestamp?.();
  const rendered = source.currentTime;
  if (
    stamp &&
    typeof stamp.contextTime === 'number' &&
    typeof stamp.performanceTime === 'number' &&
    stamp.performanceTime > 0
  ) {
    const extrapolated = stamp.contextTime + Math.max(0, perfNow - stamp.performanceTime) / 1000;
    return Math.min(rendered, extrapolated);
  }
  // No timestamp (an older browser, or none yet): the rendering time less the output's latency.
  return Math.max(0, rendered - (source.outputLatency ?? source.baseLatency ?? 0));
}

/** The transport's clock on `source`, in seconds, monotonic. */
export function createSoundClock(
  source: ClockSource,
  perfNow: () => number = () => performance.now(),
): TransportClock {
  let last = -Infinity;
  return {
    name: 'sound',
    now: () => {
      last = Math.max(last, heardTime(source, perfNow()));
      return last;
    },
  };
}
