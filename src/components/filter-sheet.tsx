import { useState, type ReactNode } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { useMediaQuery, WIDE_LAYOUT } from '@/lib/use-media-query.ts';
import { Dialog } from './dialog.tsx';

/**
 * A screen's filters: in a row on a desk; on a phone, one button saying what is chosen, which
 * opens them in a sheet from the bottom edge (the list stays on the first screen). A change applies
 * at once, behind the sheet; "Show results" closes it.
 */
export function FilterSheet({
  label,
  summary,
  children,
  className = 'flex flex-wrap items-end gap-4',
}: {
  /** The group's name, e.g. "Filters and order" (the button's and the sheet's title). */
  label: string;
  /** What is chosen now, in words ("Everything waiting · oldest first"). */
  summary: string;
  children: ReactNode;
  /** The row's layout on a desk (and the sheet's content). */
  className?: string;
}) {
  // Without matchMedia (tests) the row is shown, as on a desk.
  const wide = useMediaQuery(WIDE_LAYOUT, true);
  const [open, setOpen] = useState(false);
  if (wide) {
    return (
      <div role="group" aria-label={label} className={className}>
        {children}
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="flex min-h-11 w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm hover:bg-slate-50"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-5 w-5 shrink-0"
          fill="currentColor"
        >
          <path d="M3 5h14v1.5H3zm3 4.25h8v1.5H6zm2.5 4.25h3V15h-3z" />
        </svg>
        <span className="font-medium">{label}</span>
        <span className="min-w-0 flex-1 truncate text-slate-600">{summary}</span>
      </button>
      {open ? (
        <Dialog title={label} placement="sheet" onClose={() => setOpen(false)}>
          <div role="group" aria-label={label} className="flex flex-col gap-4">
            {children}
          </div>
          <Button className="mt-5 min-h-11 w-full" onClick={() => setOpen(false)}>
            Show results
          </Button>
        </Dialog>
      ) : null}
    </>
  );
}
