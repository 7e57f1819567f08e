/**
 * Where the toasts stand: the first corner of the window, in order of preference, where the stack
 * covers none of the things its toasts are about (the post that failed, the export that finished);
 * when every corner covers one, the corner that covers least.
 */
export type ToastCorner = 'bottom-right' | 'top-right' | 'bottom-left' | 'top-left';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** In order of preference: the usual place first, then the other side of the same edge. */
export const TOAST_CORNERS: readonly ToastCorner[] = [
  'bottom-right',
  'top-right',
  'bottom-left',
  'top-left',
];

/** Distance of the stack from the window's edges, in CSS pixels. */
export const TOAST_MARGIN = 16;

/**
 * The box the stack of `size` takes in `corner` of a window of `viewport`; a top corner stands
 * `topInset` pixels lower (below the app's header, which the stack would cover otherwise).
 */
export function stackBox(
  corner: ToastCorner,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  topInset = 0,
): Box {
  const right = corner.endsWith('right');
  const bottom = corner.startsWith('bottom');
  return {
    x: right ? viewport.width - TOAST_MARGIN - size.width : TOAST_MARGIN,
    y: bottom ? viewport.height - TOAST_MARGIN - size.height : topInset + TOAST_MARGIN,
    width: size.width,
    height: size.height,
  };
}

function overlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The corner for a stack of `size` that covers least of `avoid` (the first that covers none). */
export function chooseToastCorner(
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  avoid: readonly Box[],
  topInset = 0,
): ToastCorner {
  let best: ToastCorner = TOAST_CORNERS[0]!;
  let least = Number.POSITIVE_INFINITY;
  for (const corner of TOAST_CORNERS) {
    const box = stackBox(corner, size, viewport, topInset);
    const covered = avoid.reduce((sum, target) => sum + overlap(box, target), 0);
    if (covered === 0) return corner;
    if (covered < least) {
      least = covered;
      best = corner;
    }
  }
  return best;
}
