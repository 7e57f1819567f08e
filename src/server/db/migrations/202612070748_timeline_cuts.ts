/**
 * Issue 40: the cut lists of editing by words. One row per stretch a cut took out, kept until it
 * is restored or undone: the entry as the client recorded it (bff.yaml's NewCut, as JSON), who and
 * when, and the order they were recorded in. `organization_id` leads the key and the index: each
 * query is scoped to the signed-in workspace.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('timeline_cuts')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('position', 'bigserial', (column) => column.notNull())
    .addColumn('entry', 'jsonb', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('timeline_cuts_pkey', ['organization_id', 'project_id', 'id'])
    .execute();
  await db.schema
    .createIndex('timeline_cuts_in_order')
    .on('timeline_cuts')
    .columns(['organization_id', 'project_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('timeline_cuts').execute();
}
