import type { ReactNode } from 'react';

export const pageLinkClass =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50';

/**
 * Previous/next for a limit/offset list. The URL is the source of truth, so the caller renders the
 * typed router links (`renderLink`) for its own route.
 */
export function Pagination({
  offset,
  limit,
  total,
  returned,
  hasMore,
  totalCapped = false,
  renderLink,
  label = 'Pagination',
}: {
  offset: number;
  limit: number;
  total: number;
  returned: number;
  hasMore: boolean;
  /** `total` is a lower bound: the list holds at least that many. */
  totalCapped?: boolean;
  renderLink: (target: { offset: number; rel: 'prev' | 'next'; children: string }) => ReactNode;
  label?: string;
}) {
  const first = returned === 0 ? 0 : offset + 1;
  const last = offset + returned;
  const disabled = `${pageLinkClass} pointer-events-none opacity-40`;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {first}–{last} of {totalCapped ? `more than ${total.toLocaleString()}` : total}
      </p>
      <div className="flex gap-2">
        {offset > 0 ? (
          renderLink({
            offset: Math.max(0, offset - limit),
            rel: 'prev',
            children: 'Previous page',
          })
        ) : (
          <span aria-disabled="true" className={disabled}>
            Previous page
          </span>
        )}
        {hasMore ? (
          renderLink({ offset: offset + limit, rel: 'next', children: 'Next page' })
        ) : (
          <span aria-disabled="true" className={disabled}>
            Next page
          </span>
        )}
      </div>
    </nav>
  );
}
