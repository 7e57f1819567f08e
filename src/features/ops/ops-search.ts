/** The ops screen's URL state: the offsets of its two lists. */
import { z } from 'zod/mini';

const offset = z.catch(z._default(z.int().check(z.minimum(0)), 0), 0);

export const opsSearchSchema = z.object({ runs: offset, audit: offset });

export type OpsSearch = z.infer<typeof opsSearchSchema>;

/** Page sizes of the two lists (here, not in the page, so the route's loader does not pull the page into the first chunk). */
export const RUNS_PAGE = 20;
export const AUDIT_PAGE = 25;
