export interface AfterPaintOptions {
  /** Animation frames to let pass (default 1). */
  frames?: number;
  /** Resolve after this long when no frame comes (a hidden tab). Default 100 ms. */
  fallbackMs?: number;
}

/**
 * Resolves in a task after the tasks already queued (React Query tells its observers of new data
 * in a task of its own, so the render that shows a change made just before this call comes after
 * it), then `frames` animation frames, or after `fallbackMs` when no frame comes (no DOM at all: at
 * once). Work that can wait until what was just changed has been painted goes after it, in a task
 * of its own.
 */
export function afterPaint({
  frames = 1,
  fallbackMs = 100,
}: AfterPaintOptions = {}): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(finish, 0);
      return;
    }
    const waitFrames = (left: number): void => {
      if (left === 0) setTimeout(finish, 0);
      else requestAnimationFrame(() => waitFrames(left - 1));
    };
    setTimeout(() => waitFrames(Math.max(1, frames)), 0);
    setTimeout(finish, fallbackMs);
  });
}
