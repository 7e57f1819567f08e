/**
 * The clip library's URL state (typed search params): a filtered view is a link. Unknown or
 * malformed values fall back to defaults instead of failing the page.
 */
import {
  enumParam,
  intParam,
  optionalStringParam,
  searchSchema,
  type Param,
  type SearchOf,
} from '@/lib/search-params.ts';
import { CLIP_STATUSES, isClipStatus } from './clip-status-values.ts';
import type { ClipStatus } from '@/api/schema.gen.ts';

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 50;

const statuses: Param<ClipStatus[]> = (raw) => {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  // Pipeline order, each once, so two links to the same view are the same link.
  return CLIP_STATUSES.filter((status) => list.includes(status) && isClipStatus(status));
};

const id = optionalStringParam({ minLength: 1, maxLength: 200 });

const shape = {
  status: statuses,
  project: id,
  asset: id,
  offset: intParam({ min: 0, fallback: 0 }),
  limit: intParam({ min: 1, max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE }),
  view: enumParam(['cards', 'sources'], 'cards'),
  sort: enumParam(['position', 'score'], 'position'),
};

export const clipSearchSchema = searchSchema(shape);

export type ClipSearch = SearchOf<typeof shape>;

export const parseClipSearch = (raw: unknown): ClipSearch => clipSearchSchema.parse(raw ?? {});

/** The list query of a search (the page of cards). */
export function listParamsOf(search: ClipSearch) {
  return {
    statuses: search.status,
    projectId: search.project,
    assetId: search.asset,
    offset: search.offset,
    limit: search.limit,
  };
}

/** The list's query parameters as the screen labels them (a 400's `param` in words). */
export const LIST_FIELD_LABELS: Readonly<Record<string, string>> = {
  limit: 'Clips per page',
  offset: 'Page',
  status: 'Status',
  asset_id: 'Source asset',
  project_id: 'Project',
};
