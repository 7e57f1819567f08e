import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { chooseToastCorner, type Box } from '@/lib/toast-placement.ts';
import { USUAL_PLACE, type ToastPlace } from './toast-place.ts';
import { MAX_VISIBLE_TOASTS, useToastStore, type Toast } from '@/lib/toast-store.ts';

const toneClass: Record<Toast['tone'], string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  error: 'border-red-300 bg-red-50 text-red-950',
  info: 'border-slate-300 bg-white text-slate-900',
};

/** How long a success or info toast stays on screen (not counting time under the pointer or focus). */
export const AUTO_DISMISS_MS = 6000;
/** How often the toasts look again for what they are about (it may load, move or scroll). */
const PLACE_EVERY_MS = 400;

function ToastItem({ toast, held }: { toast: Toast; held: boolean }) {
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    // Errors stay until closed; the rest go by themselves once shown, unless held.
    if (toast.tone === 'error' || held) return;
    const timer = setTimeout(() => dismiss(toast.id), AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [toast.id, toast.tone, dismiss, held]);
  return (
    <li
      aria-label={toast.title}
      data-tone={toast.tone}
      className={`pointer-events-auto rounded-lg border p-4 shadow-md ${toneClass[toast.tone]}`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.detail ? <p className="mt-1 text-sm">{toast.detail}</p> : null}
          {toast.href ? (
            <a className="mt-1 inline-block text-sm font-medium underline" href={toast.href}>
              {toast.hrefLabel ?? 'Open'}
            </a>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => dismiss(toast.id)}
          className="rounded px-1 text-sm text-slate-600 hover:bg-black/5"
          aria-label={`Dismiss: ${toast.title}`}
        >
          ✕
        </button>
      </div>
    </li>
  );
}

/** The boxes on screen of the elements that show any of `keys` (their `data-shows`). */
function boxesShowing(keys: ReadonlySet<string>): Box[] {
  if (keys.size === 0) return [];
  const boxes: Box[] = [];
  for (const element of document.querySelectorAll<HTMLElement>('[data-shows]')) {
    const shows = (element.dataset.shows ?? '').split(' ');
    if (!shows.some((key) => keys.has(key))) continue;
    const { x, y, width, height } = element.getBoundingClientRect();
    if (width > 0 && height > 0) boxes.push({ x, y, width, height });
  }
  return boxes;
}

/**
 * Stands the stack in the first corner where it covers nothing its toasts are about (a top corner
 * below the app's header), looking again as the page scrolls, resizes or the things load.
 */
function useCorner(
  stack: React.RefObject<HTMLElement | null>,
  visible: readonly Toast[],
  held: boolean,
): ToastPlace {
  const [place, setPlace] = useState<ToastPlace>(USUAL_PLACE);
  // A stack being read stays where it is: moving it would take it from under the pointer.
  const heldNow = useRef(held);
  useLayoutEffect(() => {
    heldNow.current = held;
  }, [held]);
  const about = visible.flatMap((toast) => toast.about ?? []).join(' ');
  useLayoutEffect(() => {
    const keys = new Set(about.split(' ').filter(Boolean));
    if (keys.size === 0) return;
    const place = () => {
      const element = stack.current;
      if (!element || heldNow.current) return;
      const { width, height } = element.getBoundingClientRect();
      const topInset = Math.max(0, headerBottom());
      const corner = chooseToastCorner(
        { width, height },
        { width: window.innerWidth, height: window.innerHeight },
        boxesShowing(keys),
        topInset,
      );
      setPlace((previous) =>
        previous.corner === corner && previous.topInset === topInset
          ? previous
          : { corner, topInset },
      );
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    const timer = setInterval(place, PLACE_EVERY_MS);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      clearInterval(timer);
    };
  }, [about, stack]);
  // Toasts about nothing on screen stand in the usual place.
  return about ? place : USUAL_PLACE;
}

/** Where the app's header ends on screen (0 when it has scrolled away or there is none). */
function headerBottom(): number {
  return document.querySelector('[data-app-header]')?.getBoundingClientRect().bottom ?? 0;
}

/**
 * The toasts (inside the Toaster's live region): at most three at once (the rest wait their turn),
 * success and info going by themselves, errors staying until closed, and the stack clear of
 * whatever its toasts are about (`onPlace` tells the region where to stand).
 */
export function ToastStack({ onPlace }: { onPlace: (place: ToastPlace) => void }) {
  const toasts = useToastStore((s) => s.toasts);
  const visible = toasts.slice(0, MAX_VISIBLE_TOASTS);
  const waiting = toasts.length - visible.length;
  const stack = useRef<HTMLUListElement>(null);
  // Under the pointer or holding the focus, the toasts wait: their reader is not done with them.
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const place = useCorner(stack, visible, held.pointer || held.focus);
  useLayoutEffect(() => onPlace(place), [place, onPlace]);
  return (
    <ul
      ref={stack}
      className="flex flex-col gap-2"
      onMouseEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setHeld((h) => ({ ...h, focus: false }));
        }
      }}
    >
      {visible.map((toast) => (
        <ToastItem key={toast.id} toast={toast} held={held.pointer || held.focus} />
      ))}
      {waiting > 0 ? (
        <li className="pointer-events-auto self-end rounded-md bg-slate-800 px-2 py-1 text-xs text-white">
          {waiting === 1 ? '1 more notification' : `${waiting} more notifications`} after these
        </li>
      ) : null}
    </ul>
  );
}
