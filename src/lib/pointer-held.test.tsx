import { describe, expect, it, vi } from 'vitest';
import { followPointers, pointerHeld, whenReleased } from './pointer-held.ts';

const fire = (type: string) => window.dispatchEvent(new Event(type));

describe('pointer held', () => {
  it('runs at once with no pointer pressed, and after the release of one pressed', () => {
    followPointers();
    const atOnce = vi.fn();
    whenReleased(atOnce);
    expect(atOnce).toHaveBeenCalledTimes(1);

    fire('pointerdown');
    expect(pointerHeld()).toBe(true);
    const later = vi.fn();
    whenReleased(later);
    expect(later).not.toHaveBeenCalled();
    fire('pointerup');
    expect(pointerHeld()).toBe(false);
    expect(later).toHaveBeenCalledTimes(1);
    // Once only.
    fire('pointerdown');
    fire('pointerup');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled, and forgets every press when the window loses focus', () => {
    followPointers();
    fire('pointerdown');
    const cancelled = vi.fn();
    whenReleased(cancelled)();
    fire('pointercancel');
    expect(cancelled).not.toHaveBeenCalled();

    fire('pointerdown');
    fire('pointerdown');
    fire('blur');
    expect(pointerHeld()).toBe(false);
  });
});
