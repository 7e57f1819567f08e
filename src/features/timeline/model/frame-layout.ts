/**
 * Geometry of items on the project's frame (pixels of its frame, `src/lib/project-frame.ts`:
 * 1080 × 1920 for 9:16, 1920 × 1080 for 16:9): an item's layout as an affine matrix from its
 * natural box (origin at the box's centre, as the service draws it), the box it shows (after crop
 * and scale, rotated), hit testing from the top item down, snapping a moved item to the frame's
 * centre lines and edges and to other items' edges and centres, and the values a layout may take
 * (the service's ranges for the frame, rounded as the service stores them).
 */
import { layoutLimits, type ProjectFrame } from '@/lib/project-frame.ts';
import type { ItemLayout } from './item-edits.ts';

/** `[a, b, c, d, e, f]`: x' = a·x + c·y + e, y' = b·x + d·y + f (the canvas's setTransform order). */
export type Matrix = readonly [number, number, number, number, number, number];

export interface Point {
  x: number;
  y: number;
}

const RAD = Math.PI / 180;

/** The centre of what the crop leaves, in the natural box's coordinates. */
export function cropCentre(layout: ItemLayout): Point {
  const { crop, width, height } = layout;
  return {
    x: ((crop.left - crop.right) * width) / 2,
    y: ((crop.top - crop.bottom) * height) / 2,
  };
}

/** The shown part of the natural box: width and height before scaling. */
export function croppedSize(layout: ItemLayout): { width: number; height: number } {
  const { crop, width, height } = layout;
  return {
    width: width * (1 - crop.left - crop.right),
    height: height * (1 - crop.top - crop.bottom),
  };
}

/** Natural-box coordinates → frame coordinates. */
export function layoutMatrix(layout: ItemLayout): Matrix {
  const c = cropCentre(layout);
  const cos = Math.cos(layout.rotation_deg * RAD);
  const sin = Math.sin(layout.rotation_deg * RAD);
  const a = cos * layout.scale_x;
  const b = sin * layout.scale_x;
  const cc = -sin * layout.scale_y;
  const d = cos * layout.scale_y;
  return [a, b, cc, d, layout.x - (a * c.x + cc * c.y), layout.y - (b * c.x + d * c.y)];
}

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function invert(m: Matrix): Matrix {
  const det = m[0] * m[3] - m[1] * m[2];
  if (Math.abs(det) < 1e-12) return [1, 0, 0, 1, 0, 0];
  return [
    m[3] / det,
    -m[1] / det,
    -m[2] / det,
    m[0] / det,
    (m[2] * m[5] - m[3] * m[4]) / det,
    (m[1] * m[4] - m[0] * m[5]) / det,
  ];
}

export const apply = (m: Matrix, p: Point): Point => ({
  x: m[0] * p.x + m[2] * p.y + m[4],
  y: m[1] * p.x + m[3] * p.y + m[5],
});

/** What moves pixels drawn at layout `from` to where layout `to` draws them (a drag's preview). */
export const deltaMatrix = (from: ItemLayout, to: ItemLayout): Matrix =>
  multiply(layoutMatrix(to), invert(layoutMatrix(from)));

/** The four corners of what the item shows, in frame coordinates (clockwise from top left). */
export function corners(layout: ItemLayout): Point[] {
  const m = layoutMatrix(layout);
  const c = cropCentre(layout);
  const { width, height } = croppedSize(layout);
  return [
    { x: c.x - width / 2, y: c.y - height / 2 },
    { x: c.x + width / 2, y: c.y - height / 2 },
    { x: c.x + width / 2, y: c.y + height / 2 },
    { x: c.x - width / 2, y: c.y + height / 2 },
  ].map((p) => apply(m, p));
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The axis-aligned box around what the item shows. */
export function boundsOf(layout: ItemLayout): Box {
  const points = corners(layout);
  return {
    left: Math.min(...points.map((p) => p.x)),
    top: Math.min(...points.map((p) => p.y)),
    right: Math.max(...points.map((p) => p.x)),
    bottom: Math.max(...points.map((p) => p.y)),
  };
}

export function contains(layout: ItemLayout, point: Point): boolean {
  const local = apply(invert(layoutMatrix(layout)), point);
  const c = cropCentre(layout);
  const { width, height } = croppedSize(layout);
  return Math.abs(local.x - c.x) <= width / 2 && Math.abs(local.y - c.y) <= height / 2;
}

/** The item under a point: the top one (items come bottom first, as they are drawn). */
export function hitTest<T extends { layout: ItemLayout }>(
  items: readonly T[],
  point: Point,
): T | null {
  for (let i = items.length - 1; i >= 0; i -= 1)
    if (contains(items[i]!.layout, point)) return items[i]!;
  return null;
}

export interface SnapGuide {
  axis: 'x' | 'y';
  /** Frame coordinate of the guide line. */
  at: number;
  kind: 'frame-centre' | 'frame-edge' | 'item';
}

/**
 * A moved item's layout snapped (within `tolerance` frame pixels) on each axis to the nearest of:
 * the frame's centre line, its edges (the item's edges on them), other items' centres and edges
 * (the item's centre or edges on them). Returns the guides to draw.
 */
export function snapMove(
  layout: ItemLayout,
  others: readonly ItemLayout[],
  tolerance: number,
  frame: ProjectFrame,
): { layout: ItemLayout; guides: SnapGuide[] } {
  const box = boundsOf(layout);
  const mine = {
    x: [box.left, layout.x, box.right],
    y: [box.top, layout.y, box.bottom],
  };
  const targets: Record<'x' | 'y', Array<{ at: number; kind: SnapGuide['kind'] }>> = {
    x: [
      { at: frame.width / 2, kind: 'frame-centre' },
      { at: 0, kind: 'frame-edge' },
      { at: frame.width, kind: 'frame-edge' },
    ],
    y: [
      { at: frame.height / 2, kind: 'frame-centre' },
      { at: 0, kind: 'frame-edge' },
      { at: frame.height, kind: 'frame-edge' },
    ],
  };
  for (const other of others) {
    const b = boundsOf(other);
    targets.x.push(
      { at: b.left, kind: 'item' },
      { at: other.x, kind: 'item' },
      { at: b.right, kind: 'item' },
    );
    targets.y.push(
      { at: b.top, kind: 'item' },
      { at: other.y, kind: 'item' },
      { at: b.bottom, kind: 'item' },
    );
  }
  const guides: SnapGuide[] = [];
  const shift = { x: 0, y: 0 };
  for (const axis of ['x', 'y'] as const) {
    let best: { delta: number; at: number; kind: SnapGuide['kind'] } | null = null;
    for (const edge of mine[axis]) {
      for (const target of targets[axis]) {
        const delta = target.at - edge;
        if (Math.abs(delta) <= tolerance && (!best || Math.abs(delta) < Math.abs(best.delta)))
          best = { delta, ...target };
      }
    }
    if (best) {
      shift[axis] = best.delta;
      guides.push({ axis, at: best.at, kind: best.kind });
    }
  }
  return { layout: { ...layout, x: layout.x + shift.x, y: layout.y + shift.y }, guides };
}

/** The scale a layout may take across and down (the contract's range). */
export const SCALE_LIMITS = [0.05, 10] as const;

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const clamp = (value: number, [min, max]: readonly [number, number]) =>
  Math.min(max, Math.max(min, value));

/** An angle in (-180, 180]. */
export function normaliseRotation(degrees: number): number {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return turned === -180 ? 180 : turned;
}

/** A layout within the service's ranges for `frame`, rounded as the service stores it. */
export function tidyLayout(layout: ItemLayout, frame: ProjectFrame): ItemLayout {
  const limits = layoutLimits(frame);
  return {
    ...layout,
    x: round3(clamp(layout.x, limits.x)),
    y: round3(clamp(layout.y, limits.y)),
    scale_x: round3(clamp(layout.scale_x, SCALE_LIMITS)),
    scale_y: round3(clamp(layout.scale_y, SCALE_LIMITS)),
    rotation_deg: round3(normaliseRotation(layout.rotation_deg)),
  };
}
