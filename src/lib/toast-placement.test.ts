import { describe, expect, it } from 'vitest';
import { chooseToastCorner, stackBox } from './toast-placement.ts';

const viewport = { width: 1280, height: 720 };
const stack = { width: 384, height: 200 };

describe('chooseToastCorner', () => {
  it('stays in the bottom-right corner when nothing it is about is there', () => {
    expect(chooseToastCorner(stack, viewport, [])).toBe('bottom-right');
    expect(chooseToastCorner(stack, viewport, [{ x: 0, y: 0, width: 600, height: 300 }])).toBe(
      'bottom-right',
    );
  });

  it('moves to the next corner clear of what its toasts are about', () => {
    const post = { x: 700, y: 560, width: 560, height: 120 };
    expect(chooseToastCorner(stack, viewport, [post])).toBe('top-right');
    const wide = { x: 0, y: 0, width: 1280, height: 100 };
    expect(chooseToastCorner(stack, viewport, [post, wide])).toBe('bottom-left');
  });

  it('covers as little as it can when every corner covers something', () => {
    const everything = { x: 0, y: 0, width: 1280, height: 720 };
    const corner = chooseToastCorner(stack, viewport, [
      everything,
      { x: 900, y: 0, width: 380, height: 720 },
    ]);
    expect(corner.endsWith('left')).toBe(true);
  });

  it('puts the stack its margin away from the window’s edges', () => {
    expect(stackBox('bottom-right', stack, viewport)).toEqual({
      x: 1280 - 16 - 384,
      y: 720 - 16 - 200,
      width: 384,
      height: 200,
    });
    expect(stackBox('top-left', stack, viewport)).toMatchObject({ x: 16, y: 16 });
  });

  it('stands a top corner below the app header, and judges what it covers from there', () => {
    expect(stackBox('top-right', stack, viewport, 60)).toMatchObject({ y: 60 + 16 });
    expect(stackBox('bottom-right', stack, viewport, 60)).toMatchObject({ y: 720 - 16 - 200 });
    // A box just under the header: clear of a stack at the window's top, covered by one below it.
    const post = { x: 700, y: 560, width: 560, height: 120 };
    const underHeader = { x: 880, y: 240, width: 380, height: 40 };
    expect(chooseToastCorner(stack, viewport, [post, underHeader])).toBe('top-right');
    expect(chooseToastCorner(stack, viewport, [post, underHeader], 60)).toBe('bottom-left');
  });
});
