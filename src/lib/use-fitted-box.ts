/**
 * The largest box of a frame's shape in the area it is given, for the canvases that paint the
 * frame (the timeline's preview, the caption styler's). A studio's split dragged resizes the area
 * on every frame: the box follows it in that same frame by its style alone (its canvases stretch
 * with it by CSS, nothing is painted and React does not render), and the size returned, which the
 * canvases' pixels and everything painted at the frame's scale follow, changes once the area has
 * rested (see `useRestingSize`): a canvas is rasterised again once per resize, not on every frame.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { fitFrame, type ProjectFrame } from './project-frame.ts';
import { useRestingSize, type BoxSize } from './use-resting-size.ts';

export type { BoxSize } from './use-resting-size.ts';

export interface FittedBox {
  /** The area the box is fitted in (its content box, less `room` across). */
  areaRef: RefObject<HTMLDivElement | null>;
  /** The box: its width and height follow the area at once. */
  boxRef: RefObject<HTMLDivElement | null>;
  /** Beside the box (a meter): its height follows the box's at once. */
  besideRef: RefObject<HTMLDivElement | null>;
  /** The box's size once the area rests (0 × 0 until first measured): what is painted at. */
  size: BoxSize;
}

export function useFittedBox(
  frame: ProjectFrame,
  {
    room = 0,
    onLive,
  }: {
    /** CSS pixels across the area kept for what is beside the box. */
    room?: number;
    /** Also told the size followed and the size painted at (styles only: what is scaled). */
    onLive?: (live: BoxSize, size: BoxSize) => void;
  } = {},
): FittedBox {
  const areaRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const besideRef = useRef<HTMLDivElement>(null);
  const { size, follow } = useRestingSize((live, painted) => {
    const box = boxRef.current;
    if (box) {
      box.style.width = `${live.width}px`;
      box.style.height = `${live.height}px`;
      // Stretched, the canvases are sampled nearest (inherited): a software compositor draws a
      // scaled canvas on every frame of the drag, and smooth sampling costs it several times as
      // much. At rest they are drawn pixel for pixel either way.
      const stretched = live.width !== painted.width || live.height !== painted.height;
      box.style.imageRendering = stretched ? 'pixelated' : '';
    }
    if (besideRef.current) besideRef.current.style.height = `${live.height}px`;
    onLive?.(live, painted);
  });

  useEffect(() => {
    const area = areaRef.current;
    if (!area || typeof ResizeObserver === 'undefined') return;
    // Written in the observer's callback: laid out again and painted in this same frame.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) follow(fitFrame(entry.contentRect.width - room, entry.contentRect.height, frame));
    });
    observer.observe(area);
    return () => observer.disconnect();
  }, [frame, room, follow]);

  return { areaRef, boxRef, besideRef, size };
}
