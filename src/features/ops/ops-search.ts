/** The ops screen's URL state: the offsets of its two lists. */
import { intParam, searchSchema, type SearchOf } from '@/lib/search-params.ts';

const shape = { runs: intParam({ min: 0, fallback: 0 }), audit: intParam({ min: 0, fallback: 0 }) };

export const opsSearchSchema = searchSchema(shape);

export type OpsSearch = SearchOf<typeof shape>;

/** Page sizes of the two lists (here, not in the page, so the route's loader does not pull the page into the first chunk). */
export const RUNS_PAGE = 20;
export const AUDIT_PAGE = 25;
