/**
 * The webhook delivery log: every delivery the BFF's receiver got, verified or refused, and why.
 * Behind a small interface, stored in the shared state's recent lists (in process, or Redis for
 * several instances); entries carry no secrets (no signature, no body beyond the event's identity).
 */
import type { components } from '../../api/bff-schema.gen.ts';
import type { RecentLists, SharedState } from '../shared-state/shared-state.ts';

export type DeliveryOutcome = components['schemas']['WebhookDeliveryOutcome'];
/** One delivery as the log keeps and serves it (bff.yaml `WebhookDeliveryEntry`). */
export type DeliveryEntry = components['schemas']['WebhookDeliveryEntry'];

export interface DeliveryLogStore {
  append(entry: DeliveryEntry): Promise<void>;
  /** Newest first, at most `limit`, of one organization. */
  list(organizationId: string, limit: number): Promise<DeliveryEntry[]>;
}

/**
 * The delivery log over the shared state's capped recent lists: in process with the memory state,
 * shared by every instance with Redis (a delivery received by one instance shows on all).
 */
export class RecentListDeliveryLog implements DeliveryLogStore {
  constructor(private readonly lists: RecentLists) {}

  async append(entry: DeliveryEntry): Promise<void> {
    // Deliveries that name no organization cannot be shown to anyone; they are only logged.
    if (entry.organization_id === null) return;
    await this.lists.push(entry.organization_id, JSON.stringify(entry));
  }

  async list(organizationId: string, limit: number): Promise<DeliveryEntry[]> {
    const items = await this.lists.range(organizationId);
    return items
      .slice(-limit)
      .reverse()
      .map((item) => JSON.parse(item) as DeliveryEntry);
  }
}

/** Up to 200 deliveries per organization, for a week. */
export const DELIVERY_LOG_CAP = { maxItems: 200, ttlMs: 7 * 86_400_000 };

export function deliveryLogOver(state: SharedState): DeliveryLogStore {
  return new RecentListDeliveryLog(state.recentLists('webhook-deliveries', DELIVERY_LOG_CAP));
}
