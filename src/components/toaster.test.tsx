/** Toasts: at most three at once, success going by itself, errors staying until closed. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushToast, useToastStore } from '@/lib/toast-store.ts';
import { AUTO_DISMISS_MS } from './toast-stack.tsx';
import { loadToastStack, Toaster } from './toaster.tsx';

const shown = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label') ?? item.textContent);

// The stack loads with a screen's first toast; loaded here first, it renders at once.
beforeAll(async () => {
  await loadToastStack();
});
beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows at most three at once; the others wait their turn and say so', () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) pushToast({ tone: 'error', title: `Failure ${n}` });
    });
    expect(shown()).toEqual([
      'Failure 1',
      'Failure 2',
      'Failure 3',
      '2 more notifications after these',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Failure 2' }));
    expect(shown()).toEqual([
      'Failure 1',
      'Failure 3',
      'Failure 4',
      '1 more notification after these',
    ]);
  });

  it('a success toast goes by itself; an error stays until closed', () => {
    render(<Toaster />);
    act(() => {
      pushToast({ tone: 'error', title: 'Post failed' });
      pushToast({ tone: 'success', title: 'Export ready' });
    });
    act(() => vi.advanceTimersByTime(AUTO_DISMISS_MS + 1));
    expect(shown()).toEqual(['Post failed']);
    act(() => vi.advanceTimersByTime(10 * AUTO_DISMISS_MS));
    expect(shown()).toEqual(['Post failed']);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Post failed' }));
    expect(shown()).toEqual([]);
  });

  it('a waiting success toast starts its time when it is shown, and all wait while the pointer is over them', () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3]) pushToast({ tone: 'error', title: `Failure ${n}` });
      pushToast({ tone: 'success', title: 'Export ready' });
    });
    act(() => vi.advanceTimersByTime(2 * AUTO_DISMISS_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Failure 1' }));
    expect(shown()).toContain('Export ready');
    const stack = screen.getByRole('list');
    fireEvent.mouseEnter(stack);
    act(() => vi.advanceTimersByTime(2 * AUTO_DISMISS_MS));
    expect(shown()).toContain('Export ready');
    fireEvent.mouseLeave(stack);
    act(() => vi.advanceTimersByTime(AUTO_DISMISS_MS + 1));
    expect(shown()).not.toContain('Export ready');
  });
});
