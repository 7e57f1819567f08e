import { create } from 'zustand';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  tone: ToastTone;
  title: string;
  detail?: string;
  href?: string;
  hrefLabel?: string;
  /**
   * What the toast is about, as `kind:id` keys (`post:…`, `job:…`, `export:…`, `revision:…`): the
   * toasts keep clear of every element on screen that shows one (its `data-shows` attribute, see
   * `showsAttribute`).
   */
  about?: string[];
}

interface ToastState {
  /** Oldest first; the first `MAX_VISIBLE_TOASTS` are on screen, the rest wait their turn. */
  toasts: Toast[];
  push: (toast: Omit<Toast, 'id'> & { id?: string }) => void;
  dismiss: (id: string) => void;
}

/** At most this many toasts on screen at once; the others wait until one goes. */
export const MAX_VISIBLE_TOASTS = 3;
/** Toasts kept waiting at most (the oldest waiting success or info goes first beyond it). */
const MAX_WAITING = 20;
let counter = 0;

/** Drops the oldest toast that may go unseen (never an error, which stays until closed). */
function trimmed(toasts: Toast[]): Toast[] {
  if (toasts.length <= MAX_VISIBLE_TOASTS + MAX_WAITING) return toasts;
  const waiting = toasts.findIndex(
    (toast, index) => index >= MAX_VISIBLE_TOASTS && toast.tone !== 'error',
  );
  const drop = waiting >= 0 ? waiting : MAX_VISIBLE_TOASTS;
  return trimmed([...toasts.slice(0, drop), ...toasts.slice(drop + 1)]);
}

/** App-wide notifications; any feature may push one. */
export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  push: (toast) =>
    set((state) => {
      const id = toast.id ?? `toast-${++counter}`;
      if (state.toasts.some((t) => t.id === id)) return state;
      return { toasts: trimmed([...state.toasts, { ...toast, id }]) };
    }),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

export const pushToast = (toast: Omit<Toast, 'id'> & { id?: string }) =>
  useToastStore.getState().push(toast);

/** The `data-shows` value of an element that shows these objects (`kind:id` keys, see Toast.about). */
export function showsAttribute(...keys: Array<string | false | null | undefined>): string {
  return keys.filter(Boolean).join(' ');
}
