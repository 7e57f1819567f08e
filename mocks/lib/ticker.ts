/**
 * Simulated time for background work. Activities (a job running, a clip walking its status
 * machine) are advanced by `advance(ms)`; a ticker (setInterval, unref'd) calls it with the real
 * elapsed time multiplied by `timeScale`. Tests can also call `advance` directly.
 */

export interface Activity {
  /** Moves the activity forward by `ms` simulated milliseconds; returns true when finished. */
  advance(ms: number): boolean;
}

export class Ticker {
  private readonly activities = new Set<Activity>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly timeScale: number,
    private readonly intervalMs = 100,
  ) {}

  add(activity: Activity): void {
    this.activities.add(activity);
  }

  get activeCount(): number {
    return this.activities.size;
  }

  advance(ms: number): void {
    for (const activity of [...this.activities]) {
      let done = false;
      try {
        done = activity.advance(ms);
      } catch (error) {
        console.error('[simulator] activity failed', error);
        done = true;
      }
      if (done) this.activities.delete(activity);
    }
  }

  start(): void {
    if (this.timer) return;
    let last = Date.now();
    this.timer = setInterval(() => {
      const current = Date.now();
      this.advance((current - last) * this.timeScale);
      last = current;
    }, this.intervalMs);
    // Node: do not keep the process alive for the ticker alone (absent in browsers).
    (this.timer as { unref?: () => void }).unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
