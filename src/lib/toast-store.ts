import { create } from 'zustand';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  tone: ToastTone;
  title: string;
  detail?: string;
  href?: string;
  hrefLabel?: string;
}

interface ToastState {
  toasts: Toast[];
  push: (toast: Omit<Toast, 'id'> & { id?: string }) => void;
  dismiss: (id: string) => void;
}

const MAX_TOASTS = 5;
let counter = 0;

/** App-wide notifications; any feature may push one. */
export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  push: (toast) =>
    set((state) => {
      const id = toast.id ?? `toast-${++counter}`;
      if (state.toasts.some((t) => t.id === id)) return state;
      return { toasts: [...state.toasts, { ...toast, id }].slice(-MAX_TOASTS) };
    }),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

export const pushToast = (toast: Omit<Toast, 'id'> & { id?: string }) =>
  useToastStore.getState().push(toast);
