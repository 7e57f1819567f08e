/**
 * The simulator's heavy work (an asset's waveform peaks: tens of milliseconds of synthesis each),
 * one job at a time and in slices. Between two slices the event loop answers what came in
 * meanwhile, so a preview frame (well under a millisecond to draw) waits for one slice, never
 * for the whole burst of waveform chunks a timeline asks for when it scrolls, as a service's
 * separate workers would keep them apart. Jobs run in the order they came.
 */

/** A job's slice ends once it has run this long. */
const SLICE_MS = 4;

/** Lets the event loop run: I/O that came in meanwhile is answered before the job goes on. */
const nextTurn: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => new Promise((resolve) => setTimeout(resolve, 0));

/** What a job calls between two steps: it yields the event loop once its slice is over. */
export type Pause = () => Promise<void> | undefined;

export class WorkLane {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `job` after the jobs before it; `pause` is its chance to yield between steps. */
  run<T>(job: (pause: Pause) => Promise<T>): Promise<T> {
    const result = this.tail.then(() => {
      let sliceStart = performance.now();
      const pause: Pause = () => {
        if (performance.now() - sliceStart < SLICE_MS) return undefined;
        return nextTurn().then(() => {
          sliceStart = performance.now();
        });
      };
      // The job starts on a turn of its own: the request that queued it is answered first.
      return nextTurn().then(() => {
        sliceStart = performance.now();
        return job(pause);
      });
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}
