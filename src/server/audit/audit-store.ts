import type {
  AuditEntry,
  AuditFacets,
  AuditOperation,
  AuditPage,
} from '../../api/bff-schema.gen.ts';
import {
  type AuditCursor,
  type AuditEntryKey,
  type AuditEntrySource,
  type AuditPosition,
  walkOperations,
} from './audit-paging.ts';

/** The trail's filters (bff.yaml `listAuditEntries`). */
export interface AuditFilters {
  from?: string | undefined;
  to?: string | undefined;
  userIds?: readonly string[] | undefined;
  actions?: readonly string[] | undefined;
  outcomes?: readonly string[] | undefined;
}

export interface AuditQuery extends AuditFilters {
  limit: number;
  offset: number;
  /** Where the previous page ended (its `next_cursor`); `offset` is then ignored. */
  cursor?: AuditCursor | undefined;
}

/**
 * Entries (newest first) as operations, newest first: the calls sharing an `operation_id` are one
 * operation (their calls oldest first, the reason the first one given); a call without one is an
 * operation of its own.
 */
export function groupOperations(newestFirst: readonly AuditEntry[]): AuditOperation[] {
  const operations: AuditOperation[] = [];
  const byId = new Map<string, AuditOperation>();
  for (const entry of newestFirst) {
    const key = entry.operation_id ?? null;
    const existing = key === null ? undefined : byId.get(key);
    if (existing) {
      existing.entries.unshift(entry);
      existing.started_at = entry.time;
      existing.user_id = entry.user_id;
      existing.endpoint = entry.endpoint;
      existing.reason = entry.reason ?? existing.reason;
      continue;
    }
    const operation: AuditOperation = {
      id: key ?? entry.id,
      time: entry.time,
      started_at: entry.time,
      user_id: entry.user_id,
      endpoint: entry.endpoint,
      reason: entry.reason,
      entries: [entry],
    };
    operations.push(operation);
    if (key !== null) byId.set(key, operation);
  }
  return operations;
}

/** The operations of `keys`, in that order, out of their entries (newest first). */
export function operationsInOrder(
  newestFirst: readonly AuditEntry[],
  keys: readonly string[],
): AuditOperation[] {
  const order = new Map(keys.map((key, index) => [key, index]));
  return groupOperations(newestFirst.filter((entry) => order.has(groupKeyOf(entry)))).sort(
    (a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
  );
}

/** The operation an entry is listed under: its operation id, else the entry itself. */
export const groupKeyOf = (entry: Pick<AuditEntry, 'id' | 'operation_id'>): string =>
  entry.operation_id ?? entry.id;

/** Newest first: by time, then by id (the database's order). */
function newerFirst(a: AuditPosition, b: AuditPosition): number {
  return Date.parse(b.time) - Date.parse(a.time) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Entries held in memory as the walk reads them (tests, and the store without a database). */
function memorySource(newestFirst: readonly AuditEntry[]): AuditEntrySource {
  const key = (entry: AuditEntry): AuditEntryKey => ({
    time: entry.time,
    id: entry.id,
    groupKey: groupKeyOf(entry),
    grouped: entry.operation_id !== null,
  });
  return {
    async after(after, limit) {
      const from =
        after === undefined ? 0 : newestFirst.findIndex((entry) => newerFirst(after, entry) < 0);
      return from === -1 ? [] : newestFirst.slice(from, from + limit).map(key);
    },
    async listedBefore(groupKeys, position) {
      const wanted = new Set(groupKeys);
      return new Set(
        newestFirst
          .filter((entry) => newerFirst(entry, position) <= 0 && wanted.has(groupKeyOf(entry)))
          .map(groupKeyOf),
      );
    },
    async count(limit) {
      const counted = newestFirst.slice(0, limit);
      return { entries: counted.length, operations: new Set(counted.map(groupKeyOf)).size };
    },
  };
}

/** Whether an entry matches the trail's filters. */
export function matchesFilters(entry: AuditEntry, filters: AuditFilters): boolean {
  const time = Date.parse(entry.time);
  return (
    (filters.from === undefined || time >= Date.parse(filters.from)) &&
    (filters.to === undefined || time < Date.parse(filters.to)) &&
    (!filters.userIds?.length || filters.userIds.includes(entry.user_id)) &&
    (!filters.actions?.length || filters.actions.includes(entry.action)) &&
    (!filters.outcomes?.length || filters.outcomes.includes(entry.outcome))
  );
}

/**
 * Where audit entries are kept, per organization: in the BFF's database (DatabaseAuditStore, what
 * the app uses), or in this process (MemoryAuditStore, for tests that need no database).
 */
export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
  list(organizationId: string, query: AuditQuery): Promise<AuditPage>;
  /** Every matching entry, newest first, in batches. */
  entries(organizationId: string, filters: AuditFilters): AsyncIterable<AuditEntry[]>;
  facets(organizationId: string): Promise<AuditFacets>;
}

export class MemoryAuditStore implements AuditStore {
  private readonly byOrganization = new Map<string, AuditEntry[]>();

  /** Keeps at most `maxPerOrganization` entries per organization (the oldest go first). */
  constructor(private readonly maxPerOrganization = 10_000) {}

  async append(entry: AuditEntry): Promise<void> {
    let entries = this.byOrganization.get(entry.organization_id);
    if (!entries) {
      entries = [];
      this.byOrganization.set(entry.organization_id, entries);
    }
    entries.unshift(entry);
    if (entries.length > this.maxPerOrganization) entries.length = this.maxPerOrganization;
  }

  private matching(organizationId: string, filters: AuditFilters): AuditEntry[] {
    return (this.byOrganization.get(organizationId) ?? [])
      .filter((entry) => matchesFilters(entry, filters))
      .sort(newerFirst);
  }

  async list(organizationId: string, query: AuditQuery): Promise<AuditPage> {
    const matching = this.matching(organizationId, query);
    const walk = await walkOperations(memorySource(matching), query);
    return { operations: operationsInOrder(matching, walk.keys), bounds: walk.bounds };
  }

  async *entries(organizationId: string, filters: AuditFilters): AsyncGenerator<AuditEntry[]> {
    yield this.matching(organizationId, filters);
  }

  async facets(organizationId: string): Promise<AuditFacets> {
    const entries = this.byOrganization.get(organizationId) ?? [];
    const actions = new Map<string, { label: string; count: number }>();
    const people = new Map<string, { name: string | null; count: number }>();
    for (const entry of entries) {
      const action = actions.get(entry.action) ?? { label: entry.action_label, count: 0 };
      action.count += 1;
      actions.set(entry.action, action);
      const person = people.get(entry.user_id) ?? { name: entry.user_name, count: 0 };
      person.count += 1;
      people.set(entry.user_id, person);
    }
    return {
      actions: [...actions].map(([action, { label, count }]) => ({ action, label, count })),
      people: [...people].map(([user_id, { name, count }]) => ({
        user_id,
        display_name: name,
        count,
      })),
    };
  }
}
