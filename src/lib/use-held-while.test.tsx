import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeldWhile } from './use-held-while.ts';

describe('useHeldWhile', () => {
  it('follows the value, and holds the one from before a hold until it ends', () => {
    const { result, rerender } = renderHook(({ value, hold }) => useHeldWhile(value, hold), {
      initialProps: { value: 'a', hold: false },
    });
    expect(result.current).toBe('a');
    rerender({ value: 'b', hold: false });
    expect(result.current).toBe('b');
    // The hold begins in the same render as the change: the value from before it is kept.
    rerender({ value: 'c', hold: true });
    expect(result.current).toBe('b');
    rerender({ value: 'd', hold: true });
    expect(result.current).toBe('b');
    rerender({ value: 'e', hold: false });
    expect(result.current).toBe('e');
    rerender({ value: 'e', hold: true });
    expect(result.current).toBe('e');
  });
});
