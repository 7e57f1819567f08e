import { useState } from 'react';

/**
 * `value`, except while `hold` is true: then the value it had when the hold began. A view that
 * need not follow a gesture as it happens (an inspector beside a canvas) renders once when the
 * gesture ends instead of in the gesture's first frames.
 */
export function useHeldWhile<T>(value: T, hold: boolean): T {
  const [held, setHeld] = useState(value);
  // Kept in step outside holds (a state update during render: React re-renders this component
  // at once, before any child, and commits once).
  if (!hold && !Object.is(held, value)) setHeld(value);
  return hold ? held : value;
}
