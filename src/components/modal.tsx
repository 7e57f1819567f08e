import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A small modal dialog: labelled, focus moves into it and stays there (Tab wraps), Escape cancels,
 * focus returns to where it was on close.
 */
export function Modal({
  title,
  children,
  onCancel,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  onCancel(): void;
  /** For dialogs that hold a form or a table. */
  wide?: boolean;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The safe action marked data-autofocus wins over whatever control comes first in the DOM.
    const first =
      ref.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      ref.current?.querySelector<HTMLElement>('button, [href], input, select, textarea');
    first?.focus();
    return () => previous?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`max-h-[85vh] w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} overflow-auto rounded-lg bg-white p-6 shadow-xl`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
          if (event.key !== 'Tab' || !ref.current) return;
          const focusable = [
            ...ref.current.querySelectorAll<HTMLElement>(
              'button:not([disabled]), [href], input, select, textarea',
            ),
          ];
          const first = focusable[0];
          const last = focusable[focusable.length - 1];
          if (event.shiftKey && document.activeElement === first) {
            event.preventDefault();
            last?.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first?.focus();
          }
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
      </div>
    </div>
  );
}
