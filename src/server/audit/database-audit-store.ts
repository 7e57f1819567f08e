/**
 * The audit trail in the BFF's database: durable, shared by every instance on one Postgres,
 * kept `AUDIT_RETENTION_DAYS`, paged by operation, filtered by date range, person, action and
 * outcome, and exported as CSV. An entry written while the database is unreachable waits in this
 * process (in order, bounded) and is written when it returns; the JSON log line is written
 * whatever happens.
 */
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { AuditEntry, AuditFacets, AuditPage } from '../../api/bff-schema.gen.ts';
import { type Database, DatabaseUnavailableError } from '../db/database.ts';
import type { AuditEntriesTable, Schema } from '../db/schema.ts';
import { type AuditEntrySource, type AuditPosition, walkOperations } from './audit-paging.ts';
import {
  type AuditFilters,
  type AuditQuery,
  type AuditStore,
  operationsInOrder,
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

/** Entries after `position` in the trail's order (`time desc, id desc`): a keyset condition. */
function olderThan<O>(query: EntriesQuery<O>, position: AuditPosition): EntriesQuery<O> {
  return query.where((eb) =>
    eb(eb.refTuple('time', 'id'), '<', eb.tuple(new Date(position.time), position.id)),
  );
}

/**
 * The workspace's entries matching the filters as the page walk reads them. Each read is
 * `order by time desc, id desc limit n` under the filters, which one index answers in order
 * for every combination (migration 202612070825): no sort, no aggregate of the whole trail.
 */
function entrySource(
  db: Kysely<Schema>,
  organizationId: string,
  filters: AuditFilters,
): AuditEntrySource {
  const base = () => filtered(db.selectFrom('audit_entries'), organizationId, filters);
  return {
    async after(after, limit) {
      let query = base().select(['id', 'time', 'group_key', 'operation_id']);
      if (after) query = olderThan(query, after);
      const rows = await query.orderBy('time', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        time: new Date(row.time).toISOString(),
        groupKey: row.group_key,
        grouped: row.operation_id !== null,
      }));
    },
    async listedBefore(groupKeys, position) {
      const rows = await base()
        .select('group_key')
        .distinct()
        .where('group_key', 'in', groupKeys)
        .where((eb) =>
          eb(eb.refTuple('time', 'id'), '>=', eb.tuple(new Date(position.time), position.id)),
        )
        .execute();
      return new Set(rows.map((row) => row.group_key));
    },
    async count(limit) {
      // Entries without an operation id are operations of their own; only the others are
      // told apart, so the distinct count sorts only them.
      const newest = base()
        .select('operation_id')
        .orderBy('time', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .as('newest');
      const row = await db
        .selectFrom(newest)
        .select((select) => [
          select.fn.countAll<string | number>().as('entries'),
          select.fn
            .countAll<string | number>()
            .filterWhere('operation_id', 'is', null)
            .as('single'),
          select.fn.count<string | number>('operation_id').distinct().as('grouped'),
        ])
        .executeTakeFirstOrThrow();
      return {
        entries: Number(row.entries),
        operations: Number(row.single) + Number(row.grouped),
      };
    },
  };
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
   * ordered by their newest matching entry, each with its matching entries oldest first. The
   * page is walked along the index that matches the filters (see `walkOperations`), then its
   * operations' entries are read by operation.
   */
  async list(organizationId: string, query: AuditQuery): Promise<AuditPage> {
    await this.flush().catch(() => undefined);
    return this.database.run(async (db) => {
      const walk = await walkOperations(entrySource(db, organizationId, query), query);
      const rows =
        walk.keys.length === 0
          ? []
          : await filtered(db.selectFrom('audit_entries'), organizationId, query)
              .selectAll()
              .where('group_key', 'in', walk.keys)
              .orderBy('time', 'desc')
              .orderBy('id', 'desc')
              .execute();
      const names = await this.names(
        db,
        organizationId,
        rows.map((row) => row.user_id),
      );
      return {
        operations: operationsInOrder(
          rows.map((row) => entryOf(row, names)),
          walk.keys,
        ),
        bounds: walk.bounds,
      };
    });
  }

  /** Every matching entry, newest first, a batch at a time (keyset paging: any number). */
  async *entries(organizationId: string, filters: AuditFilters): AsyncGenerator<AuditEntry[]> {
    let after: AuditPosition | undefined;
    for (;;) {
      const batch = await this.database.run(async (db) => {
        let query = filtered(db.selectFrom('audit_entries'), organizationId, filters).selectAll();
        if (after) query = olderThan(query, after);
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
      after = { time: new Date(last.row.time).toISOString(), id: last.row.id };
      if (batch.length < 1_000) return;
    }
  }

  /**
   * The actions and people of the workspace's trail, with their counts: from `audit_counts`,
   * which triggers keep as entries are written and removed, never from the entries themselves.
   */
  async facets(organizationId: string): Promise<AuditFacets> {
    return this.database.run(async (db) => {
      const counts = db.selectFrom('audit_counts').where('organization_id', '=', organizationId);
      const [actions, people] = await Promise.all([
        counts
          .select((select) => [
            'action',
            select.fn.max('action_label').as('label'),
            select.fn.sum<string | number>('entries').as('count'),
          ])
          .groupBy('action')
          .orderBy('action')
          .execute(),
        counts
          .select((select) => ['user_id', select.fn.sum<string | number>('entries').as('count')])
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
          label: row.label,
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
