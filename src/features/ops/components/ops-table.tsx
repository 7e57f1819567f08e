import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Pagination, pageLinkClass } from '@/components/pagination.tsx';
import type { Bounds } from '@/api/schema.gen.ts';
import type { OpsSearch } from '../ops-search.ts';

/** One of the screen's two paged lists: a table and its pages, the offset kept in the URL (`list`). */
export function OpsTable({
  caption,
  columns,
  busy,
  search,
  list,
  limit,
  bounds,
  children,
}: {
  caption: string;
  columns: readonly ReactNode[];
  busy: boolean;
  search: OpsSearch;
  list: 'runs' | 'audit';
  limit: number;
  bounds: Pick<Bounds, 'total' | 'returned' | 'has_more'> & {
    /** `total` is a lower bound (the BFF counts only so far). */
    total_capped?: boolean | undefined;
    /** Where the next page starts (the audit trail's keyset paging). */
    next_cursor?: string | null | undefined;
  };
  children: ReactNode;
}) {
  return (
    <>
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" aria-busy={busy}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col" className="p-2">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
      <Pagination
        label={list === 'runs' ? 'Runs pages' : 'Audit pages'}
        offset={search[list]}
        limit={limit}
        total={bounds.total}
        returned={bounds.returned}
        hasMore={bounds.has_more}
        totalCapped={bounds.total_capped ?? false}
        renderLink={({ offset, rel, children: text }) => (
          <Link
            to="/ops"
            search={{
              ...search,
              [list]: offset,
              // The next audit page goes on from where this one ended; going back walks by offset.
              ...(list === 'audit'
                ? { after: rel === 'next' ? (bounds.next_cursor ?? undefined) : undefined }
                : {}),
            }}
            rel={rel}
            className={pageLinkClass}
          >
            {text}
          </Link>
        )}
      />
    </>
  );
}
