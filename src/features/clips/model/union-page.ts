/**
 * `GET /clips` filters by one status. A view of several statuses is their lists one after the
 * other (in the order given, each newest first), paged with one offset over the whole: a page
 * is a slice of at most one or two status lists, found from each status's total.
 */
import type { Bounds } from '@/api/schema.gen.ts';

export interface StatusRange<S extends string = string> {
  status: S;
  offset: number;
  limit: number;
}

/** The per-status requests that make up the page [offset, offset + limit). */
export function planUnionPage<S extends string>(
  totals: ReadonlyArray<{ status: S; total: number }>,
  offset: number,
  limit: number,
): StatusRange<S>[] {
  const ranges: StatusRange<S>[] = [];
  let start = offset;
  let wanted = limit;
  for (const { status, total } of totals) {
    if (wanted <= 0) break;
    if (start >= total) {
      start -= total;
      continue;
    }
    const take = Math.min(wanted, total - start);
    ranges.push({ status, offset: start, limit: take });
    wanted -= take;
    start = 0;
  }
  return ranges;
}

/** Bounds of the union page, in the shape of the list's own `bounds`. */
export function unionBounds(
  totals: ReadonlyArray<{ total: number; truncated: boolean }>,
  offset: number,
  limit: number,
  returned: number,
): Bounds {
  const total = totals.reduce((sum, entry) => sum + entry.total, 0);
  return {
    limit,
    offset,
    total,
    returned,
    has_more: offset + returned < total,
    truncated: totals.some((entry) => entry.truncated),
  };
}
