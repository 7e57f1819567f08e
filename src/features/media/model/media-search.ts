/**
 * The media library's URL state (typed search params): folder, name filters, page and order. A
 * filtered page is a link; malformed values fall back to defaults instead of failing the page.
 */
import { z } from 'zod/mini';
import type { MediaAssetFilters } from '@/api/query-keys.ts';
import { NAME_FILTER_MAX } from '@/lib/deletion-plan.ts';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

const uuid = z.catch(
  z.optional(
    z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
  ),
  undefined,
);
const nameFilter = z.catch(
  z.optional(z.string().check(z.minLength(1), z.maxLength(NAME_FILTER_MAX))),
  undefined,
);

export const mediaSearchSchema = z.object({
  folder: uuid,
  q: nameFilter,
  prefix: nameFilter,
  offset: z.catch(z._default(z.int().check(z.minimum(0)), 0), 0),
  limit: z.catch(
    z._default(z.int().check(z.minimum(1), z.maximum(100)), DEFAULT_PAGE_SIZE),
    DEFAULT_PAGE_SIZE,
  ),
  sort: z.catch(
    z._default(z.enum(['created_at', '-created_at', 'name']), '-created_at'),
    '-created_at',
  ),
});

export type MediaSearch = z.infer<typeof mediaSearchSchema>;

/** The list query of a search (`GET /workspace/media/assets`'s parameters; absent filters left out). */
export function assetFiltersOf(search: MediaSearch): MediaAssetFilters {
  return {
    ...(search.folder ? { folder_id: search.folder } : {}),
    ...(search.q ? { search: search.q } : {}),
    ...(search.prefix ? { name_prefix: search.prefix } : {}),
    offset: search.offset,
    limit: search.limit,
    sort: search.sort,
  };
}

/** The 1-based page number of an offset. */
export const pageOf = (offset: number, limit: number) => Math.floor(offset / limit) + 1;
