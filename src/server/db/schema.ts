/**
 * The BFF database's tables as kysely sees them (one interface per table; the migrations in
 * `migrations/` create them). Add a table's row type here with its migration.
 */
import type { ColumnType } from 'kysely';

/** A time: a `Date` read back, an ISO string or a `Date` written. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** JSON: written as its JSON text (so that arrays stay JSON), read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface NotesTable {
  id: string;
  organization_id: string;
  project_id: string;
  revision_id: string;
  revision: number | null;
  parent_id: string | null;
  anchor: Json<unknown> | null;
  body: string;
  author_id: string;
  created_at: Timestamp;
  edited_at: Timestamp | null;
  status: 'open' | 'resolved' | null;
  resolved_by: string | null;
  resolved_at: Timestamp | null;
  /** Who last resolved or reopened it, and when (migration 202612070800). */
  status_changed_by: ColumnType<string | null, string | null | undefined, string | null>;
  status_changed_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  version: ColumnType<number, number | undefined, number>;
  carried_from: Json<unknown> | null;
}

export interface NoteCarriesTable {
  id: string;
  organization_id: string;
  note_id: string;
  project_id: string;
  from_revision_id: string;
  to_revision_id: string;
  to_revision: number | null;
  carried_at: Timestamp;
}

export interface DecisionsTable {
  id: string;
  organization_id: string;
  project_id: string;
  revision_id: string;
  revision: number | null;
  kind: 'changes_requested' | 'approved';
  stage: 'plan' | 'assets';
  user_id: string;
  created_at: Timestamp;
  open_notes: number;
}

export interface PeopleTable {
  organization_id: string;
  user_id: string;
  display_name: string;
  updated_at: Timestamp;
}

export interface IdempotencyKeysTable {
  organization_id: string;
  user_id: string;
  key: string;
  fingerprint: string;
  status: number;
  response: Json<unknown>;
  created_at: Timestamp;
}

export interface AuditEntriesTable {
  id: string;
  organization_id: string;
  time: Timestamp;
  user_id: string;
  method: string;
  endpoint: string;
  path: string;
  status: number;
  reason: string | null;
  dry_run: boolean | null;
  selected_count: number | null;
  deleted_count: number | null;
  failed_count: number | null;
  replayed: boolean;
  operation_id: string | null;
  group_key: string;
  action: string;
  action_label: string;
  outcome: string;
  project_id: string | null;
  revision_id: string | null;
  subject_id: string | null;
  summary: string | null;
}

export interface TimelineCutsTable {
  organization_id: string;
  project_id: string;
  id: string;
  position: ColumnType<string, never, never>;
  /** The entry as recorded (bff.yaml's NewCut). */
  entry: Json<unknown>;
  user_id: string;
  created_at: Timestamp;
}

/**
 * Entries of the audit trail per workspace, action, person and outcome, kept by triggers on
 * `audit_entries` (migration 202612070825): the filters' choices and counts read it.
 */
export interface AuditCountsTable {
  organization_id: string;
  action: string;
  user_id: string;
  outcome: string;
  action_label: string;
  /** A bigint: a string from `pg`, a number from PGlite. */
  entries: ColumnType<string | number, number, number>;
}

export interface Schema {
  notes: NotesTable;
  note_carries: NoteCarriesTable;
  decisions: DecisionsTable;
  people: PeopleTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_entries: AuditEntriesTable;
  audit_counts: AuditCountsTable;
  timeline_cuts: TimelineCutsTable;
}
