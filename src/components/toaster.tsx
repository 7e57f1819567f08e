import { useEffect, useState } from 'react';
import { useToastStore } from '@/lib/toast-store.ts';
import { placeStyle, USUAL_PLACE, type ToastPlace } from './toast-place.ts';
import type { ToastStack } from './toast-stack.tsx';

let loadedStack: typeof ToastStack | undefined;

/** The stack's code, loaded with the first toast: a screen that shows none needs none of it. */
export function loadToastStack(): Promise<typeof ToastStack> {
  return import('./toast-stack.tsx').then((module) => (loadedStack = module.ToastStack));
}

/**
 * Notifications, announced politely to screen readers. The live region is there from the start
 * (a region added with its first message may not be announced); the toasts inside it
 * (toast-stack.tsx) load with the first one.
 */
export function Toaster() {
  const wanted = useToastStore((s) => s.toasts.length > 0);
  const [Stack, setStack] = useState(() => loadedStack);
  const [place, setPlace] = useState<ToastPlace>(USUAL_PLACE);
  useEffect(() => {
    if (!wanted || Stack) return;
    let current = true;
    void loadToastStack().then((component) => {
      if (current) setStack(() => component);
    });
    return () => {
      current = false;
    };
  }, [wanted, Stack]);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      data-corner={place.corner}
      style={placeStyle(place)}
      className="pointer-events-none fixed z-50 w-96 max-w-[calc(100vw-2rem)]"
    >
      {Stack ? <Stack onPlace={setPlace} /> : null}
    </section>
  );
}
