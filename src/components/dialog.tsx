import { useEffect, useId, useRef, type ReactNode } from 'react';

const PLACEMENTS = {
  centre: 'm-auto w-full max-w-lg rounded-lg',
  // A phone's sheet: along the bottom edge, where the thumb is, never taller than most of the screen.
  sheet: 'mx-0 mb-0 mt-auto max-h-[85dvh] w-full max-w-none overflow-auto rounded-t-xl',
};

/**
 * A modal dialog on the native `<dialog>` element: the browser keeps focus inside, Escape closes,
 * focus returns to the opener. Rendered only while open. `placement="sheet"` rises from the
 * bottom edge across the whole width (a phone's filters).
 */
export function Dialog({
  title,
  children,
  onClose,
  placement = 'centre',
}: {
  title: string;
  children: ReactNode;
  onClose(): void;
  placement?: keyof typeof PLACEMENTS;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    // The opener is remembered here: the browser's own focus return does not happen when React
    // removes the element (an unmount, not a close).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      dialog?.close?.();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`${PLACEMENTS[placement]} bg-white p-6 shadow-xl backdrop:bg-slate-900/40`}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </dialog>
  );
}
