import { useEffect } from 'react';
import { useToastStore, type Toast } from '@/lib/toast-store.ts';

const toneClass: Record<Toast['tone'], string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  error: 'border-red-300 bg-red-50 text-red-950',
  info: 'border-slate-300 bg-white text-slate-900',
};

const AUTO_DISMISS_MS = 8000;

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    // Errors stay until dismissed; the rest fade after a while.
    if (toast.tone === 'error') return;
    const timer = setTimeout(() => dismiss(toast.id), AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [toast.id, toast.tone, dismiss]);
  return (
    <li className={`pointer-events-auto rounded-lg border p-4 shadow-md ${toneClass[toast.tone]}`}>
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

/** Notifications, announced politely to screen readers. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 right-4 z-50 w-96 max-w-[calc(100vw-2rem)]"
    >
      <ul className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ul>
    </section>
  );
}
