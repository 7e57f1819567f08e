import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameOf } from './project-frame.ts';
import { useFittedBox } from './use-fitted-box.ts';
import { SIZE_REST_MS } from './use-resting-size.ts';

/** The one ResizeObserver the hook makes, told sizes by the test. */
let observed: ((width: number, height: number) => void) | null = null;
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    observed = (width, height) =>
      this.callback(
        [{ contentRect: { width, height } } as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      );
  }
  disconnect() {
    observed = null;
  }
}

const VERTICAL = frameOf('9:16');

function Box() {
  const { areaRef, boxRef, besideRef, size } = useFittedBox(VERTICAL, { room: 14 });
  return (
    <div ref={areaRef}>
      <div ref={boxRef} data-testid="box" style={{ width: size.width, height: size.height }}>
        <output>{`${size.width}x${size.height}`}</output>
      </div>
      <div ref={besideRef} data-testid="beside" />
    </div>
  );
}

describe('useFittedBox', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('follows the area at once by style, and paints at the new size once it rests', () => {
    const view = render(<Box />);
    const box = view.getByTestId('box');
    act(() => observed!(14 + 450, 800));
    expect(view.getByRole('status').textContent).toBe('450x800');

    act(() => observed!(14 + 450, 640));
    expect(box.style.height).toBe('640px');
    expect(box.style.width).toBe('360px');
    expect(view.getByTestId('beside').style.height).toBe('640px');
    // Stretched meanwhile (sampled nearest), painted at the size it had.
    expect(box.style.imageRendering).toBe('pixelated');
    expect(view.getByRole('status').textContent).toBe('450x800');

    act(() => vi.advanceTimersByTime(SIZE_REST_MS));
    act(() => vi.advanceTimersToNextFrame());
    expect(view.getByRole('status').textContent).toBe('360x640');
    expect(box.style.height).toBe('640px');
    expect(box.style.imageRendering).toBe('');
  });
});
