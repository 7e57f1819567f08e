/**
 * A size that follows a box resized on every frame (a studio's split dragged) without a React
 * render on each: `follow(next)` writes it to the page at once through `apply` (styles only), and
 * the size returned, React state that canvases are rasterised at, takes it once it has rested for
 * `restMs`. The first size is taken at once (nothing drawn yet to stretch).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface BoxSize {
  width: number;
  height: number;
}

/** How long a box's size rests before what is drawn at its size takes it. */
export const SIZE_REST_MS = 150;

const NONE: BoxSize = { width: 0, height: 0 };

export function useRestingSize(
  /** Writes the size followed now (and the size drawn at, for what is scaled meanwhile). */
  apply: (live: BoxSize, size: BoxSize) => void,
  restMs = SIZE_REST_MS,
): { size: BoxSize; follow: (next: BoxSize) => void } {
  const [size, setSize] = useState<BoxSize>(NONE);
  const live = useRef<BoxSize>(NONE);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
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
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (drawn.width === 0) setSize(next);
    else timer.current = setTimeout(() => setSize(live.current), rest);
  }, []);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  // React renders at `size`: the size followed now is written again over what it wrote.
  useLayoutEffect(() => {
    if (live.current.width > 0) latest.current.apply(live.current, size);
  }, [size]);

  return { size, follow };
}
