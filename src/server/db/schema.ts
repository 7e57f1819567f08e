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

export interface Schema {
  notes: NotesTable;
  note_carries: NoteCarriesTable;
  decisions: DecisionsTable;
  people: PeopleTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_entries: AuditEntriesTable;
  timeline_cuts: TimelineCutsTable;
}
