/**
 * The BFF's audit list (`GET /bff/audit`): one entry per destructive call (an operation the
 * contract marks `x-destructive`), as the BFF records it. Shared by the BFF and the client until
 * the BFF's own interface document (src/api/bff.yaml) declares it.
 */
export interface AuditEntry {
  id: string;
  /** ISO 8601, when the service answered. */
  time: string;
  organization_id: string;
  user_id: string;
  method: string;
  /** The contract's path template, e.g. `/workspace/media/assets/batch-delete`. */
  endpoint: string;
  /** The concrete path, e.g. `/workspace/media/folders/3f2b…/empty`. */
  path: string;
  /** The service's status (or the BFF's 502/504 when the exchange failed). */
  status: number;
  /** The `reason` the request gave, when it has one. */
  reason: string | null;
  /** Whether nothing was meant to be deleted (null when the operation has no dry run). */
  dry_run: boolean | null;
  selected_count: number | null;
  deleted_count: number | null;
  failed_count: number | null;
  /** The answer was a replay of an earlier identical request (nothing happened again). */
  replayed: boolean;
}

export interface AuditPage {
  entries: AuditEntry[];
  bounds: { limit: number; offset: number; total: number; returned: number; has_more: boolean };
}
