import { describe, expect, it } from 'vitest';
import { frameOf } from '@/lib/project-frame.ts';
import {
  apply,
  boundsOf,
  contains,
  corners,
  deltaMatrix,
  hitTest,
  layoutMatrix,
  normaliseRotation,
  snapMove,
  tidyLayout,
} from './frame-layout.ts';
import type { ItemLayout } from './item-edits.ts';

const layout = (patch: Partial<ItemLayout> = {}): ItemLayout => ({
  x: 540,
  y: 960,
  scale_x: 1,
  scale_y: 1,
  rotation_deg: 0,
  crop: { left: 0, top: 0, right: 0, bottom: 0 },
  width: 200,
  height: 100,
  ...patch,
});

const close = (p: { x: number; y: number }, x: number, y: number) => {
  expect(p.x).toBeCloseTo(x, 6);
  expect(p.y).toBeCloseTo(y, 6);
};

const VERTICAL = frameOf('9:16');

describe('an item on the frame', () => {
  it('is placed by its centre, scaled and rotated about it', () => {
    const m = layoutMatrix(layout({ x: 100, y: 200, scale_x: 2, scale_y: 0.5, rotation_deg: 90 }));
    close(apply(m, { x: 0, y: 0 }), 100, 200);
    // The natural box's right edge (x 100) is 200 px right at scale 2, then turned down.
    close(apply(m, { x: 100, y: 0 }), 100, 400);
    close(apply(m, { x: 0, y: 50 }), 75, 200);
  });

  it('shows the middle of what its crop leaves at its position', () => {
    const cropped = layout({ crop: { left: 0.5, top: 0, right: 0, bottom: 0 } });
    expect(boundsOf(cropped)).toEqual({ left: 490, top: 910, right: 590, bottom: 1010 });
    const points = corners(layout({ rotation_deg: 90 }));
    close(points[0]!, 590, 860);
  });

  it('is hit inside its turned box only, the top item first', () => {
    const turned = layout({ rotation_deg: 45 });
    expect(contains(turned, { x: 540, y: 960 })).toBe(true);
    expect(contains(turned, { x: 635, y: 960 })).toBe(false);
    expect(contains(layout(), { x: 635, y: 960 })).toBe(true);
    const items = [
      { id: 'bottom', layout: layout({ width: 1080, height: 1920 }) },
      { id: 'top', layout: layout() },
    ];
    expect(hitTest(items, { x: 540, y: 960 })?.id).toBe('top');
    expect(hitTest(items, { x: 10, y: 10 })?.id).toBe('bottom');
    expect(hitTest(items, { x: -10, y: 10 })).toBeNull();
  });

  it('moves its pixels where the new layout draws them', () => {
    const from = layout();
    const to = layout({ x: 100, scale_x: 2, rotation_deg: 30 });
    const corner = { x: 100, y: 50 };
    const drawn = apply(layoutMatrix(from), corner);
    const moved = apply(deltaMatrix(from, to), drawn);
    const expected = apply(layoutMatrix(to), corner);
    close(moved, expected.x, expected.y);
  });
});

describe('snapping a moved item', () => {
  it('to the frame’s centre lines within the tolerance, with a guide per axis', () => {
    const snapped = snapMove(layout({ x: 545, y: 955 }), [], 8, VERTICAL);
    expect(snapped.layout).toMatchObject({ x: 540, y: 960 });
    expect(snapped.guides).toEqual([
      { axis: 'x', at: 540, kind: 'frame-centre' },
      { axis: 'y', at: 960, kind: 'frame-centre' },
    ]);
    expect(snapMove(layout({ x: 560, y: 930 }), [], 8, VERTICAL).guides).toEqual([]);
  });

  it('its edges to the frame’s edges and to other items', () => {
    expect(snapMove(layout({ x: 105, y: 600 }), [], 8, VERTICAL).layout.x).toBe(100);
    const other = layout({ x: 800, y: 300 });
    const snapped = snapMove(layout({ x: 496, y: 403 }), [other], 8, VERTICAL);
    // Its top (353) goes to the other's bottom (350); across, nothing is near enough.
    expect(snapped.layout.y).toBe(400);
    expect(snapped.guides).toEqual([{ axis: 'y', at: 350, kind: 'item' }]);
  });
});

describe('layout values', () => {
  it('are kept in the contract’s ranges and rounded as the service stores them', () => {
    expect(normaliseRotation(190)).toBe(-170);
    expect(normaliseRotation(-180)).toBe(180);
    expect(
      tidyLayout(layout({ x: 123.45678, scale_x: 20, scale_y: 0.01, rotation_deg: 370 }), VERTICAL),
    ).toMatchObject({
      x: 123.457,
      scale_x: 10,
      scale_y: 0.05,
      rotation_deg: 10,
    });
  });
});
