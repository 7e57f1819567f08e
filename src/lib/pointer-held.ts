/**
 * Whether a pointer is pressed in the page (a drag under way, such as a studio's split), for work
 * that waits for a gesture's release rather than for a pause in it: a canvas rasterised at a new
 * size, media drawn in once the view settles. Followed from the first `followPointers` on.
 */

let pressed = 0;
let following = false;

/** Starts following presses (once per page; later calls do nothing). */
export function followPointers(): void {
  if (following || typeof window === 'undefined') return;
  following = true;
  const down = () => {
    pressed += 1;
  };
  const up = () => {
    pressed = Math.max(0, pressed - 1);
  };
  window.addEventListener('pointerdown', down, true);
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', up, true);
  // A release outside the window (or a capture lost with it) ends every press.
  window.addEventListener('blur', () => {
    pressed = 0;
  });
}

/** Whether a pointer is pressed now. */
export function pointerHeld(): boolean {
  return pressed > 0;
}

/** Calls `then` once no pointer is pressed (at once when none is); returns its cancel. */
export function whenReleased(then: () => void): () => void {
  if (pressed === 0) {
    then();
    return () => undefined;
  }
  const released = () => {
    if (pressed > 0) return;
    stop();
    then();
  };
  const stop = () => {
    window.removeEventListener('pointerup', released, true);
    window.removeEventListener('pointercancel', released, true);
  };
  // Added after the count's own listeners (same target and phase): the count is up to date here.
  window.addEventListener('pointerup', released, true);
  window.addEventListener('pointercancel', released, true);
  return stop;
}
