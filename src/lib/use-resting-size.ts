/**
 * A size that follows a box resized on every frame (a studio's split dragged) without a React
 * render on each: `follow(next)` writes it to the page at once through `apply` (styles only), and
 * the size returned, React state that canvases are rasterised at, takes it once it has rested for
 * `restMs` with no pointer held (a split held still is not done: its release comes first). The
 * first size is taken at once (nothing drawn yet to stretch).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { followPointers, whenReleased } from './pointer-held.ts';

export interface BoxSize {
  width: number;
  height: number;
}

/** How long a box's size rests before what is drawn at its size takes it. */
export const SIZE_REST_MS = 150;

const NONE: BoxSize = { width: 0, height: 0 };

/**
 * The sizes taken at a release, one an animation frame: each rasterises a canvas or two (the
 * timeline's stage, the preview's painter and stage), and all at once would make one long frame.
 */
const turns: Array<() => void> = [];
let turnFrame: number | null = null;
function inTurn(take: () => void): () => void {
  turns.push(take);
  const next = () => {
    turnFrame = null;
    turns.shift()?.();
    if (turns.length > 0) turnFrame = requestAnimationFrame(next);
  };
  turnFrame ??= requestAnimationFrame(next);
  return () => {
    const at = turns.indexOf(take);
    if (at >= 0) turns.splice(at, 1);
  };
}

export function useRestingSize(
  /** Writes the size followed now (and the size drawn at, for what is scaled meanwhile). */
  apply: (live: BoxSize, size: BoxSize) => void,
  restMs = SIZE_REST_MS,
): { size: BoxSize; follow: (next: BoxSize) => void } {
  const [size, setSize] = useState<BoxSize>(NONE);
  const live = useRef<BoxSize>(NONE);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const release = useRef<(() => void) | null>(null);
  const latest = useRef({ size, apply, restMs });
  useLayoutEffect(() => {
    latest.current = { size, apply, restMs };
  });

  const follow = useCallback((next: BoxSize) => {
    const was = live.current;
    if (next.width === was.width && next.height === was.height) return;
    live.current = next;
    const { size: drawn, apply: write, restMs: rest } = latest.current;
    write(next, drawn);
    cancel();
    if (drawn.width === 0) {
      setSize(next);
      return;
    }
    const rested = () => {
      timer.current = null;
      let stopWaiting: (() => void) | null = null;
      let leaveTurn: (() => void) | null = null;
      release.current = () => {
        stopWaiting?.();
        leaveTurn?.();
      };
      stopWaiting = whenReleased(() => {
        leaveTurn = inTurn(() => {
          release.current = null;
          setSize(live.current);
        });
      });
    };
    timer.current = setTimeout(rested, rest);
  }, []);

  function cancel(): void {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    release.current?.();
    release.current = null;
  }

  useEffect(() => {
    followPointers();
    return cancel;
  }, []);

  // React renders at `size`: the size followed now is written again over what it wrote.
  useLayoutEffect(() => {
    if (live.current.width > 0) latest.current.apply(live.current, size);
  }, [size]);

  return { size, follow };
}
