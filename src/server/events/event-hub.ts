/** A verified service event (api-reference "Events" payload). */
export interface VcsEvent {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

export interface Subscriber {
  /** The session the stream belongs to (closed when that session logs out). */
  sessionId: string;
  onEvent: (event: VcsEvent) => void;
  onClose: () => void;
}

interface Stored {
  event: VcsEvent;
  at: number;
}

export interface EventHubOptions {
  maxEvents?: number;
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Fans verified events out to the live streams of one organization and keeps a short ring of
 * recent events per organization for `Last-Event-ID` replay.
 */
export class EventHub {
  private readonly recent = new Map<string, Stored[]>();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: EventHubOptions = {}) {
    this.maxEvents = options.maxEvents ?? 200;
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  publish(organizationId: string, event: VcsEvent): void {
    const ring = this.prune(organizationId);
    ring.push({ event, at: this.now() });
    if (ring.length > this.maxEvents) ring.splice(0, ring.length - this.maxEvents);
    this.recent.set(organizationId, ring);
    for (const subscriber of this.subscribers.get(organizationId) ?? []) {
      subscriber.onEvent(event);
    }
  }

  /**
   * Events of the organization after `lastEventId`. When that id is no longer (or never was) in
   * the ring, every recent event is returned: clients de-duplicate by id.
   */
  replay(organizationId: string, lastEventId: string | undefined): VcsEvent[] {
    if (lastEventId === undefined) return [];
    const ring = this.prune(organizationId);
    const index = ring.findIndex((stored) => stored.event.id === lastEventId);
    return ring.slice(index + 1).map((stored) => stored.event);
  }

  subscribe(organizationId: string, subscriber: Subscriber): () => void {
    let set = this.subscribers.get(organizationId);
    if (!set) {
      set = new Set();
      this.subscribers.set(organizationId, set);
    }
    set.add(subscriber);
    return () => {
      const current = this.subscribers.get(organizationId);
      if (!current) return;
      current.delete(subscriber);
      if (current.size === 0) this.subscribers.delete(organizationId);
    };
  }

  /** Ends every stream of a session (after logout). */
  closeSession(sessionId: string): void {
    for (const set of this.subscribers.values()) {
      for (const subscriber of [...set]) {
        if (subscriber.sessionId === sessionId) subscriber.onClose();
      }
    }
  }

  /** Ends every stream (server shutdown). */
  closeAll(): void {
    for (const set of [...this.subscribers.values()]) {
      for (const subscriber of [...set]) subscriber.onClose();
    }
  }

  subscriberCount(organizationId?: string): number {
    if (organizationId !== undefined) return this.subscribers.get(organizationId)?.size ?? 0;
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  private prune(organizationId: string): Stored[] {
    const ring = this.recent.get(organizationId) ?? [];
    const cutoff = this.now() - this.maxAgeMs;
    let drop = 0;
    while (drop < ring.length && (ring[drop] as Stored).at < cutoff) drop += 1;
    if (drop > 0) ring.splice(0, drop);
    if (ring.length === 0) this.recent.delete(organizationId);
    return ring;
  }
}
