/**
 * The ops screen's URL state: the offsets of its two lists, and the audit trail's filters (a date
 * range, a person, an action, an outcome), so a filtered view of the trail is a link to share.
 */
import { intParam, optionalStringParam, searchSchema, type SearchOf } from '@/lib/search-params.ts';

const AUDIT_OUTCOMES = ['succeeded', 'dry_run', 'partial', 'failed'] as const;
export type AuditOutcomeFilter = (typeof AUDIT_OUTCOMES)[number];

const day = optionalStringParam({ pattern: /^\d{4}-\d{2}-\d{2}$/ });

const shape = {
  runs: intParam({ min: 0, fallback: 0 }),
  audit: intParam({ min: 0, fallback: 0 }),
  /**
   * Where the audit page before this one ended (its `next_cursor`): the next page is read from
   * there at the cost of one page, however deep (`audit` still says where it starts).
   */
  after: optionalStringParam({ minLength: 1, maxLength: 400, pattern: /^[A-Za-z0-9_-]+$/ }),
  /** The first day shown (inclusive), `YYYY-MM-DD` in the viewer's time zone. */
  from: day,
  /** The last day shown (inclusive). */
  to: day,
  /** Only this person's entries (their user id). */
  who: optionalStringParam({ minLength: 1, maxLength: 200, pattern: /^[A-Za-z0-9._:@-]+$/ }),
  /** Only this action (a contract operation id, or one of the BFF's own, e.g. `note.resolve`). */
  action: optionalStringParam({ minLength: 1, maxLength: 100, pattern: /^[A-Za-z0-9._:-]+$/ }),
  /** Only this outcome. */
  outcome: (raw: unknown): AuditOutcomeFilter | undefined =>
    typeof raw === 'string' && (AUDIT_OUTCOMES as readonly string[]).includes(raw)
      ? (raw as AuditOutcomeFilter)
      : undefined,
};

export const opsSearchSchema = searchSchema(shape);

export type OpsSearch = SearchOf<typeof shape>;

/** Page sizes of the two lists (here, not in the page, so the route's loader does not pull the page into the first chunk). */
export const RUNS_PAGE = 20;
export const AUDIT_PAGE = 25;
