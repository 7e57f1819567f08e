/**
 * The media library's URL state (typed search params): folder, name filters, page and order. A
 * filtered page is a link; malformed values fall back to defaults instead of failing the page.
 */
import type { MediaAssetFilters } from '@/api/query-keys.ts';
import { NAME_FILTER_MAX } from '@/shared-rules/name-filter.ts';
import {
  enumParam,
  intParam,
  optionalStringParam,
  searchSchema,
  type SearchOf,
} from '@/lib/search-params.ts';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

const uuid = optionalStringParam({
  pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
});
const nameFilter = optionalStringParam({ minLength: 1, maxLength: NAME_FILTER_MAX });

const shape = {
  folder: uuid,
  q: nameFilter,
  prefix: nameFilter,
  offset: intParam({ min: 0, fallback: 0 }),
  limit: intParam({ min: 1, max: 100, fallback: DEFAULT_PAGE_SIZE }),
  sort: enumParam(['created_at', '-created_at', 'name'], '-created_at'),
};

export const mediaSearchSchema = searchSchema(shape);

export type MediaSearch = SearchOf<typeof shape>;

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
