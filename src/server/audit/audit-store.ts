import type {
  AuditEntry,
  AuditFacets,
  AuditOperation,
  AuditPage,
} from '../../api/bff-schema.gen.ts';

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

/** One page of operations out of every entry (newest first). */
export function operationPage(
  newestFirst: readonly AuditEntry[],
  page: { limit: number; offset: number },
): AuditPage {
  const operations = groupOperations(newestFirst);
  const slice = operations.slice(page.offset, page.offset + page.limit);
  return {
    operations: slice,
    bounds: {
      limit: page.limit,
      offset: page.offset,
      total: operations.length,
      returned: slice.length,
      has_more: page.offset + slice.length < operations.length,
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
    return (this.byOrganization.get(organizationId) ?? []).filter((entry) =>
      matchesFilters(entry, filters),
    );
  }

  async list(organizationId: string, query: AuditQuery): Promise<AuditPage> {
    return operationPage(this.matching(organizationId, query), query);
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
