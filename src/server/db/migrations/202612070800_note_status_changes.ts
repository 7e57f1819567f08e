/**
 * Who last resolved or reopened a note, and when: a reviewer whose resolve loses to another's is
 * told who changed the note, and a retry of one's own change is recognised as such.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notes')
    .addColumn('status_changed_by', 'text')
    .addColumn('status_changed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notes')
    .dropColumn('status_changed_by')
    .dropColumn('status_changed_at')
    .execute();
}
