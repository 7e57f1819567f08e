import type { AuditEntry, AuditPage } from '../../api/bff-audit.ts';

/**
 * Where audit entries are kept, per organization, newest first. The in-process store below fits
 * one BFF instance; a shared one (Redis) implements the same interface for many instances.
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
