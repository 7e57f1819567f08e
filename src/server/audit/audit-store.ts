import type { AuditEntry, AuditOperation, AuditPage } from '../../api/bff-schema.gen.ts';
import type { RecentLists } from '../shared-state/shared-state.ts';

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

/**
 * Where audit entries are kept, per organization, newest first: in this process
 * (MemoryAuditStore), or in the shared state every instance sees (SharedAuditStore).
 */
export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
  list(organizationId: string, page: { limit: number; offset: number }): Promise<AuditPage>;
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

  async list(organizationId: string, page: { limit: number; offset: number }): Promise<AuditPage> {
    return operationPage(this.byOrganization.get(organizationId) ?? [], page);
  }
}

/**
 * The audit list in the BFF's shared state (in memory, or Redis when several instances share
 * it): one capped list per organization, oldest first in the store, read back newest first.
 */
export class SharedAuditStore implements AuditStore {
  constructor(private readonly lists: RecentLists) {}

  async append(entry: AuditEntry): Promise<void> {
    await this.lists.push(entry.organization_id, JSON.stringify(entry));
  }

  async list(organizationId: string, page: { limit: number; offset: number }): Promise<AuditPage> {
    const stored = await this.lists.range(organizationId);
    // Newest first: the stored list is oldest first.
    const entries = stored.map((line) => JSON.parse(line) as AuditEntry).reverse();
    return operationPage(entries, page);
  }
}
