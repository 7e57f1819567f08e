import type { AuditEntry, AuditPage } from '../../api/bff-schema.gen.ts';
import type { RecentLists } from '../shared-state/shared-state.ts';

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
    const entries = this.byOrganization.get(organizationId) ?? [];
    const slice = entries.slice(page.offset, page.offset + page.limit);
    return {
      entries: slice,
      bounds: {
        limit: page.limit,
        offset: page.offset,
        total: entries.length,
        returned: slice.length,
        has_more: page.offset + slice.length < entries.length,
      },
    };
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
    const total = stored.length;
    // Newest first: walk the stored list from its end.
    const entries: AuditEntry[] = [];
    for (let index = total - 1 - page.offset; index >= 0 && entries.length < page.limit; index--) {
      entries.push(JSON.parse(stored[index] as string) as AuditEntry);
    }
    return {
      entries,
      bounds: {
        limit: page.limit,
        offset: page.offset,
        total,
        returned: entries.length,
        has_more: page.offset + entries.length < total,
      },
    };
  }
}
