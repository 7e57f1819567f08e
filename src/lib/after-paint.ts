/**
 * Resolves in a task after the next frame (an animation frame, then a task), or after
 * `fallbackMs` when no frame comes (a hidden tab; no DOM at all: at once). Work that can wait
 * until what was just changed has been painted goes after it, in a frame of its own.
 */
export function afterPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    const frames = typeof requestAnimationFrame === 'function';
    if (frames) requestAnimationFrame(() => setTimeout(finish, 0));
    setTimeout(finish, frames ? fallbackMs : 0);
  });
}
