/**
 * The audit trail in the BFF's database: durable, shared by every instance on one Postgres,
 * kept `AUDIT_RETENTION_DAYS`, paged by operation, filtered by date range, person, action and
 * outcome, and exported as CSV. An entry written while the database is unreachable waits in this
 * process (in order, bounded) and is written when it returns; the JSON log line is written
 * whatever happens.
 */
import type { Expression, Kysely, Selectable, SelectQueryBuilder, SqlBool } from 'kysely';
import type { AuditEntry, AuditFacets, AuditPage } from '../../api/bff-schema.gen.ts';
import { type Database, DatabaseUnavailableError } from '../db/database.ts';
import type { AuditEntriesTable, Schema } from '../db/schema.ts';
import {
  type AuditFilters,
  type AuditQuery,
  type AuditStore,
  groupOperations,
} from './audit-store.ts';

type Row = Selectable<AuditEntriesTable>;

/** Entries kept while the database is unreachable, at most (the oldest dropped first). */
const PENDING_LIMIT = 10_000;

function entryOf(row: Row, names: ReadonlyMap<string, string>): AuditEntry {
  return {
    id: row.id,
    time: new Date(row.time).toISOString(),
    organization_id: row.organization_id,
    user_id: row.user_id,
    method: row.method,
    endpoint: row.endpoint,
    path: row.path,
    status: row.status,
    reason: row.reason,
    dry_run: row.dry_run,
    selected_count: row.selected_count,
    deleted_count: row.deleted_count,
    failed_count: row.failed_count,
    replayed: row.replayed,
    operation_id: row.operation_id,
    action: row.action,
    action_label: row.action_label,
    outcome: row.outcome as AuditEntry['outcome'],
    user_name: names.get(row.user_id) ?? null,
    project_id: row.project_id,
    revision_id: row.revision_id,
    subject_id: row.subject_id,
    summary: row.summary,
  };
}

function rowOf(entry: AuditEntry): Row {
  return {
    id: entry.id,
    organization_id: entry.organization_id,
    time: entry.time as unknown as Date,
    user_id: entry.user_id,
    method: entry.method,
    endpoint: entry.endpoint,
    path: entry.path,
    status: entry.status,
    reason: entry.reason,
    dry_run: entry.dry_run,
    selected_count: entry.selected_count,
    deleted_count: entry.deleted_count,
    failed_count: entry.failed_count,
    replayed: entry.replayed,
    operation_id: entry.operation_id,
    group_key: entry.operation_id ?? entry.id,
    action: entry.action,
    action_label: entry.action_label,
    outcome: entry.outcome,
    project_id: entry.project_id,
    revision_id: entry.revision_id,
    subject_id: entry.subject_id,
    summary: entry.summary,
  };
}

type EntriesQuery<O> = SelectQueryBuilder<Schema, 'audit_entries', O>;

/** The workspace's entries matching the filters. */
function filtered<O>(query: EntriesQuery<O>, organizationId: string, filters: AuditFilters) {
  let scoped = query.where('audit_entries.organization_id', '=', organizationId);
  if (filters.from !== undefined) scoped = scoped.where('time', '>=', new Date(filters.from));
  if (filters.to !== undefined) scoped = scoped.where('time', '<', new Date(filters.to));
  if (filters.userIds?.length) scoped = scoped.where('user_id', 'in', filters.userIds);
  if (filters.actions?.length) scoped = scoped.where('action', 'in', filters.actions);
  if (filters.outcomes?.length) scoped = scoped.where('outcome', 'in', filters.outcomes);
  return scoped;
}

export class DatabaseAuditStore implements AuditStore {
  private readonly pending: AuditEntry[] = [];

  constructor(
    private readonly database: Database,
    private readonly onFault: (message: string, detail?: Record<string, unknown>) => void = () =>
      undefined,
  ) {}

  /** Entries waiting for the database. */
  get waiting(): number {
    return this.pending.length;
  }

  async append(entry: AuditEntry): Promise<void> {
    this.pending.push(entry);
    if (this.pending.length > PENDING_LIMIT) {
      const dropped = this.pending.shift();
      this.onFault('audit entries waiting for the database: dropped the oldest', {
        id: dropped?.id,
      });
    }
    await this.flush();
  }

  /**
   * Writes the waiting entries in order (an entry added while a write runs is written by the next
   * round); leaves them waiting while the database is away, and tries again shortly.
   */
  async flush(): Promise<void> {
    for (;;) {
      if (this.flushing) await this.flushing.catch(() => undefined);
      if (this.pending.length === 0) return;
      if (this.flushing) continue;
      const round = this.writePending();
      this.flushing = round;
      try {
        if (!(await round)) return;
      } finally {
        if (this.flushing === round) this.flushing = undefined;
      }
    }
  }

  private flushing: Promise<boolean> | undefined;

  /** False when the database is away (the entries wait). */
  private async writePending(): Promise<boolean> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.slice(0, 500);
        await this.database.run((db) =>
          db.insertInto('audit_entries').values(batch.map(rowOf)).execute(),
        );
        this.pending.splice(0, batch.length);
      }
      return true;
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError)) throw error;
      this.onFault('audit entries wait for the database', { waiting: this.pending.length });
      clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.flush().catch(() => undefined), 5_000);
      this.retry.unref();
      return false;
    }
  }

  private retry: NodeJS.Timeout | undefined;

  private async names(db: Kysely<Schema>, organizationId: string, userIds: Iterable<string>) {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map<string, string>();
    const rows = await db
      .selectFrom('people')
      .select(['user_id', 'display_name'])
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.user_id, row.display_name]));
  }

  /**
   * A page of operations, newest first: the operations with an entry matching the filters,
   * ordered by their newest matching entry, each with its matching entries oldest first.
   */
  async list(organizationId: string, query: AuditQuery): Promise<AuditPage> {
    await this.flush().catch(() => undefined);
    return this.database.run(async (db) => {
      const base = filtered(db.selectFrom('audit_entries'), organizationId, query);
      const [groups, total] = await Promise.all([
        base
          .select((select) => ['group_key', select.fn.max('time').as('last')])
          .groupBy('group_key')
          .orderBy('last', 'desc')
          .orderBy('group_key', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base
          .select((select) => select.fn.count<string>('group_key').distinct().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      const keys = groups.map((group) => group.group_key);
      const rows =
        keys.length === 0
          ? []
          : await base
              .selectAll()
              .where('group_key', 'in', keys)
              .orderBy('time', 'desc')
              .orderBy('id', 'desc')
              .execute();
      const names = await this.names(
        db,
        organizationId,
        rows.map((row) => row.user_id),
      );
      const operations = groupOperations(rows.map((row) => entryOf(row, names)));
      const order = new Map(keys.map((key, index) => [key, index]));
      operations.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      const count = Number(total.count);
      return {
        operations,
        bounds: {
          limit: query.limit,
          offset: query.offset,
          total: count,
          returned: operations.length,
          has_more: query.offset + operations.length < count,
        },
      };
    });
  }

  /** Every matching entry, newest first, a batch at a time (keyset paging: any number). */
  async *entries(organizationId: string, filters: AuditFilters): AsyncGenerator<AuditEntry[]> {
    let after: { time: Date; id: string } | undefined;
    for (;;) {
      const batch = await this.database.run(async (db) => {
        let query = filtered(db.selectFrom('audit_entries'), organizationId, filters).selectAll();
        if (after) {
          const { time, id } = after;
          query = query.where(({ eb, or, and }) =>
            or([
              eb('time', '<', time),
              and([eb('time', '=', time), eb('id', '<', id)]) as Expression<SqlBool>,
            ]),
          );
        }
        const rows = await query
          .orderBy('time', 'desc')
          .orderBy('id', 'desc')
          .limit(1_000)
          .execute();
        const names = await this.names(
          db,
          organizationId,
          rows.map((row) => row.user_id),
        );
        return rows.map((row) => ({ row, entry: entryOf(row, names) }));
      });
      if (batch.length === 0) return;
      yield batch.map((item) => item.entry);
      const last = batch[batch.length - 1] as (typeof batch)[number];
      after = { time: new Date(last.row.time), id: last.row.id };
      if (batch.length < 1_000) return;
    }
  }

  /** The actions and people of the workspace's trail, with their counts. */
  async facets(organizationId: string): Promise<AuditFacets> {
    return this.database.run(async (db) => {
      const [actions, people] = await Promise.all([
        db
          .selectFrom('audit_entries')
          .select((select) => [
            'action',
            select.fn.max('action_label').as('label'),
            select.fn.countAll<string>().as('count'),
          ])
          .where('organization_id', '=', organizationId)
          .groupBy('action')
          .orderBy('action')
          .execute(),
        db
          .selectFrom('audit_entries')
          .select((select) => ['user_id', select.fn.countAll<string>().as('count')])
          .where('organization_id', '=', organizationId)
          .groupBy('user_id')
          .orderBy('user_id')
          .execute(),
      ]);
      const names = await this.names(
        db,
        organizationId,
        people.map((row) => row.user_id),
      );
      return {
        actions: actions.map((row) => ({
          action: row.action,
          label: row.label ?? row.action,
          count: Number(row.count),
        })),
        people: people.map((row) => ({
          user_id: row.user_id,
          display_name: names.get(row.user_id) ?? null,
          count: Number(row.count),
        })),
      };
    });
  }

  /** Deletes entries older than the retention (every workspace); returns how many went. */
  async sweep(retentionDays: number, now: number): Promise<number> {
    return this.database.run(async (db) => {
      const cutoff = new Date(now - retentionDays * 86_400_000);
      const result = await db
        .deleteFrom('audit_entries')
        .where('time', '<', cutoff)
        .executeTakeFirst();
      await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', new Date(now - 86_400_000))
        .execute();
      return Number(result.numDeletedRows);
    });
  }
}
