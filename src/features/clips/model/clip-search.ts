/**
 * The clip library's URL state (typed search params): a filtered view is a link. Unknown or
 * malformed values fall back to defaults instead of failing the page.
 */
import { z } from 'zod/mini';
import { CLIP_STATUSES, isClipStatus } from './clip-status.ts';
import type { ClipStatus } from '@/api/schema.gen.ts';

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 50;

const statuses = z.catch(
  z.pipe(
    z.union([z.array(z.string()), z.string()]),
    z.transform((value): ClipStatus[] => {
      const list = Array.isArray(value) ? value : value.split(',');
      // Pipeline order, each once, so two links to the same view are the same link.
      return CLIP_STATUSES.filter((status) => list.includes(status) && isClipStatus(status));
    }),
  ),
  [],
);

const id = z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(200))), undefined);

export const clipSearchSchema = z.object({
  status: z._default(statuses, []),
  project: id,
  asset: id,
  offset: z.catch(z._default(z.int().check(z.minimum(0)), 0), 0),
  limit: z.catch(
    z._default(z.int().check(z.minimum(1), z.maximum(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
    DEFAULT_PAGE_SIZE,
  ),
  view: z.catch(z._default(z.enum(['cards', 'sources']), 'cards'), 'cards'),
  sort: z.catch(z._default(z.enum(['position', 'score']), 'position'), 'position'),
});

export type ClipSearch = z.infer<typeof clipSearchSchema>;

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
