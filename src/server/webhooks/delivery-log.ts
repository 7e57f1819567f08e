/**
 * The webhook delivery log: every delivery the BFF's receiver got, verified or refused, and why.
 * Behind a small interface so a shared store (Redis, for several instances) can replace the
 * in-process one; entries carry no secrets (no signature, no body beyond the event's identity).
 */
export type DeliveryOutcome =
  | 'delivered'
  | 'duplicate'
  | 'ignored_unknown_type'
  | 'ignored_no_organization'
  | 'refused_signature'
  | 'refused_body';

export interface DeliveryEntry {
  /** Receipt id (not the event id, which a refused delivery may not have). */
  id: string;
  received_at: string;
  /** Organization the delivery was routed to (from the payload, or the URL's `?org=`). */
  organization_id: string | null;
  event_id: string | null;
  event_type: string | null;
  /** True when the signature checked out. */
  verified: boolean;
  outcome: DeliveryOutcome;
  /** Why it was refused or ignored, in words (e.g. `stale_timestamp`). */
  reason: string | null;
  /** HTTP status the receiver answered. */
  status: number;
}

export interface DeliveryLogStore {
  append(entry: DeliveryEntry): Promise<void>;
  /** Newest first, at most `limit`, of one organization. */
  list(organizationId: string, limit: number): Promise<DeliveryEntry[]>;
}

/** In-process store: the newest `perOrganization` entries of each organization. */
export class InMemoryDeliveryLog implements DeliveryLogStore {
  private readonly byOrganization = new Map<string, DeliveryEntry[]>();

  constructor(private readonly perOrganization = 200) {}

  async append(entry: DeliveryEntry): Promise<void> {
    // Deliveries that name no organization cannot be shown to anyone; they are only logged.
    if (entry.organization_id === null) return;
    const list = this.byOrganization.get(entry.organization_id) ?? [];
    list.unshift(entry);
    if (list.length > this.perOrganization) list.length = this.perOrganization;
    this.byOrganization.set(entry.organization_id, list);
  }

  async list(organizationId: string, limit: number): Promise<DeliveryEntry[]> {
    return (this.byOrganization.get(organizationId) ?? []).slice(0, limit);
  }
}
