/**
 * The audit trail's pages at any size: an index per combination of the Ops screen's filters
 * (person, action, outcome; the date range is the `time` column that ends each of them), each
 * ordered like the page (`time desc, id desc`) so a page reads its rows in order and stops; and
 * `audit_counts`, the entries per workspace, action, person and outcome, kept by triggers on
 * `audit_entries` (whoever writes or deletes rows, the retention sweep included), so that the
 * filters' choices and their counts never aggregate the whole trail.
 */
import { type Kysely, sql } from 'kysely';

/** Filter columns of each index: every combination of person, action and outcome. */
const FILTER_INDEXES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['audit_by_user', ['user_id']],
  ['audit_by_action', ['action']],
  ['audit_by_outcome', ['outcome']],
  ['audit_by_user_action', ['user_id', 'action']],
  ['audit_by_user_outcome', ['user_id', 'outcome']],
  ['audit_by_action_outcome', ['action', 'outcome']],
  ['audit_by_user_action_outcome', ['user_id', 'action', 'outcome']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name] of FILTER_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  for (const [name, columns] of FILTER_INDEXES) {
    await db.schema
      .createIndex(name)
      .on('audit_entries')
      .columns(['organization_id', ...columns, 'time desc', 'id desc'])
      .execute();
  }

  await db.schema
    .createTable('audit_counts')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('action_label', 'text', (column) => column.notNull())
    .addColumn('entries', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('audit_counts_pkey', [
      'organization_id',
      'action',
      'user_id',
      'outcome',
    ])
    .execute();

  // Statement triggers with transition tables: one upsert per statement, whatever its size. The
  // rows are taken in key order, so two writers lock the counters they share in the same order.
  await sql`
    create function audit_counts_add() returns trigger language plpgsql as $$
    begin
      insert into audit_counts as counts
        (organization_id, action, user_id, outcome, action_label, entries)
      select organization_id, action, user_id, outcome, max(action_label), count(*)
      from added
      group by organization_id, action, user_id, outcome
      order by organization_id, action, user_id, outcome
      on conflict (organization_id, action, user_id, outcome)
      do update set entries = counts.entries + excluded.entries,
                    action_label = excluded.action_label;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function audit_counts_remove() returns trigger language plpgsql as $$
    declare
      gone record;
    begin
      for gone in
        select organization_id, action, user_id, outcome, count(*) as entries
        from removed
        group by organization_id, action, user_id, outcome
        order by organization_id, action, user_id, outcome
      loop
        update audit_counts
        set entries = entries - gone.entries
        where organization_id = gone.organization_id
          and action = gone.action
          and user_id = gone.user_id
          and outcome = gone.outcome;
      end loop;
      delete from audit_counts where entries <= 0;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger audit_counts_on_insert after insert on audit_entries
    referencing new table as added
    for each statement execute function audit_counts_add()`.execute(db);
  await sql`
    create trigger audit_counts_on_delete after delete on audit_entries
    referencing old table as removed
    for each statement execute function audit_counts_remove()`.execute(db);

  // The entries written before this migration.
  await sql`
    insert into audit_counts (organization_id, action, user_id, outcome, action_label, entries)
    select organization_id, action, user_id, outcome, max(action_label), count(*)
    from audit_entries
    group by organization_id, action, user_id, outcome`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists audit_counts_on_insert on audit_entries`.execute(db);
  await sql`drop trigger if exists audit_counts_on_delete on audit_entries`.execute(db);
  await sql`drop function if exists audit_counts_add()`.execute(db);
  await sql`drop function if exists audit_counts_remove()`.execute(db);
  await db.schema.dropTable('audit_counts').ifExists().execute();
  for (const [name, columns] of FILTER_INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    // The first migration's three single-filter indexes, without `id`.
    if (columns.length === 1) {
      await db.schema
        .createIndex(name)
        .on('audit_entries')
        .columns(['organization_id', ...columns, 'time desc'])
        .execute();
    }
  }
}
