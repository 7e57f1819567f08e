import { useCallback, useLayoutEffect, useRef, type FocusEvent } from 'react';

/**
 * Keeps keyboard focus in place when a focused control goes away (a job's or post's Cancel once
 * it has ended): focus moves to a fallback element (the card, `tabIndex={-1}`) instead of falling
 * to the page, so a keyboard user keeps their place and hears the new state.
 * `gone` is true once the control is no longer rendered.
 */
export function useFocusFallback<Fallback extends HTMLElement>(gone: boolean) {
  const fallbackRef = useRef<Fallback>(null);
  const controlHadFocus = useRef(false);
  const onFocus = useCallback(() => {
    controlHadFocus.current = true;
  }, []);
  const onBlur = useCallback((event: FocusEvent) => {
    // Focus moved on to another element: the user left the control. A blur without a next
    // element (the control removed, or a click on the page) keeps the flag for the check below.
    if (event.relatedTarget) controlHadFocus.current = false;
  }, []);
  useLayoutEffect(() => {
    if (!gone || !controlHadFocus.current) return;
    controlHadFocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) fallbackRef.current?.focus();
  }, [gone]);
  return { fallbackRef, controlFocusProps: { onFocus, onBlur } };
}
