/**
 * Issue 42: notes on plan revisions (and their replies and carry-overs), decisions, display names,
 * write idempotency, and the audit trail. Every table carries `organization_id`, first in every
 * index: each query is scoped to the signed-in workspace.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notes')
    .addColumn('id', 'uuid', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('revision_id', 'text', (column) => column.notNull())
    .addColumn('revision', 'integer')
    .addColumn('parent_id', 'uuid', (column) => column.references('notes.id').onDelete('cascade'))
    .addColumn('anchor', 'jsonb')
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('author_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('edited_at', 'timestamptz')
    .addColumn('status', 'text', (column) => column.check(sql`status in ('open', 'resolved')`))
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('carried_from', 'jsonb')
    .execute();
  await db.schema
    .createIndex('notes_by_revision')
    .on('notes')
    .columns(['organization_id', 'revision_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notes_open_by_project')
    .on('notes')
    .columns(['organization_id', 'project_id', 'revision_id'])
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.createIndex('notes_by_parent').on('notes').column('parent_id').execute();

  await db.schema
    .createTable('note_carries')
    .addColumn('id', 'uuid', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('note_id', 'uuid', (column) =>
      column.notNull().references('notes.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('from_revision_id', 'text', (column) => column.notNull())
    .addColumn('to_revision_id', 'text', (column) => column.notNull())
    .addColumn('to_revision', 'integer')
    .addColumn('carried_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('note_carries_from')
    .on('note_carries')
    .columns(['organization_id', 'from_revision_id'])
    .execute();

  await db.schema
    .createTable('decisions')
    .addColumn('id', 'uuid', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('revision_id', 'text', (column) => column.notNull())
    .addColumn('revision', 'integer')
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('changes_requested', 'approved')`),
    )
    .addColumn('stage', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('open_notes', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('decisions_by_revision')
    .on('decisions')
    .columns(['organization_id', 'revision_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('people')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('display_name', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('people_pkey', ['organization_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('response', 'jsonb', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['organization_id', 'user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_by_age')
    .on('idempotency_keys')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'uuid', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('time', 'timestamptz', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('endpoint', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('reason', 'text')
    .addColumn('dry_run', 'boolean')
    .addColumn('selected_count', 'integer')
    .addColumn('deleted_count', 'integer')
    .addColumn('failed_count', 'integer')
    .addColumn('replayed', 'boolean', (column) => column.notNull())
    .addColumn('operation_id', 'text')
    // The operation an entry is listed under: its operation id, else the entry itself.
    .addColumn('group_key', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('action_label', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text')
    .addColumn('revision_id', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('summary', 'text')
    .execute();
  // Newest first, for the page and for each filter (date range always applies through `time`).
  await db.schema
    .createIndex('audit_by_time')
    .on('audit_entries')
    .columns(['organization_id', 'time desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('audit_by_user')
    .on('audit_entries')
    .columns(['organization_id', 'user_id', 'time desc'])
    .execute();
  await db.schema
    .createIndex('audit_by_action')
    .on('audit_entries')
    .columns(['organization_id', 'action', 'time desc'])
    .execute();
  await db.schema
    .createIndex('audit_by_outcome')
    .on('audit_entries')
    .columns(['organization_id', 'outcome', 'time desc'])
    .execute();
  await db.schema
    .createIndex('audit_by_group')
    .on('audit_entries')
    .columns(['organization_id', 'group_key'])
    .execute();
  // Retention deletes by age across workspaces.
  await db.schema.createIndex('audit_by_age').on('audit_entries').column('time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_entries',
    'idempotency_keys',
    'people',
    'decisions',
    'note_carries',
    'notes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
