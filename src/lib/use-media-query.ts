import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (a phone turned, a window resized).
 * Where the browser cannot say (no `matchMedia`: tests, old engines), `fallback`.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return noop;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () =>
      typeof window === 'undefined' || typeof window.matchMedia !== 'function'
        ? fallback
        : window.matchMedia(query).matches,
    () => fallback,
  );
}

const noop = () => undefined;

/** The width from which the app lays itself out for a desk (Tailwind's `md`): below it, a phone. */
export const WIDE_LAYOUT = '(min-width: 768px)';
