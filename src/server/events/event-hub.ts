import type { OnceSet, ReplayTopic, SharedState } from '../shared-state/shared-state.ts';
import type { components } from '../../api/bff-schema.gen.ts';

/** A verified service event (api-reference "Events" payload). */
/** A verified webhook event of the service (bff.yaml `LiveEvent`, the contract's WebhookEvent). */
export type VcsEvent = components['schemas']['LiveEvent'];

/** Why a stream is being closed by the server. */
export type CloseReason = 'logout' | 'shutdown';

export interface Subscriber {
  /** The session the stream belongs to (closed when that session logs out). */
  sessionId: string;
  onEvent: (event: VcsEvent) => void;
  onClose: (reason: CloseReason) => void;
  /** Live delivery stopped (the shared state is unreachable) or resumed. */
  onLive?: (live: boolean) => void;
}

export type PublishOutcome = 'published' | 'duplicate' | 'queued';

/** The position of a stream opened while its organization had no recent event (bff.yaml). */
export const NO_RECENT_EVENT = '0';

export interface EventHubOptions {
  state: SharedState;
  maxEvents?: number;
  maxAgeMs?: number;
  /** How long an event id is remembered for de-duplication. */
  dedupTtlMs?: number;
  /** Events kept while the shared state is unreachable, at most (oldest dropped first). */
  outboxLimit?: number;
  now?: () => number;
  /** Faults worth a log line (dropped events, failed flushes). */
  onFault?: (message: string, detail?: Record<string, unknown>) => void;
}

interface Stored {
  event: VcsEvent;
  at: number;
}

interface Queued {
  organizationId: string;
  event: VcsEvent;
  /** The id was already recorded in the shared once-set before publishing failed. */
  recorded: boolean;
}

/**
 * Fans verified events out to the live streams of one organization, on every instance: an event
 * is recorded once (shared de-duplication by id), stored in a short per-organization history
 * (for `Last-Event-ID` replay on whichever instance the browser reconnects to) and announced to
 * all instances, whose subscribers of that organization receive it.
 *
 * While the shared state is unreachable, accepted events wait in an outbox (in order, bounded)
 * and streams are told that live delivery is paused; when it returns, the outbox is published
 * (still de-duplicated across instances) before streams are told they are live again.
 */
export class EventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly state: SharedState;
  private readonly topic: ReplayTopic;
  private readonly seen: OnceSet;
  private readonly maxAgeMs: number;
  private readonly outboxLimit: number;
  private readonly now: () => number;
  private readonly onFault: NonNullable<EventHubOptions['onFault']>;
  private readonly outbox: Queued[] = [];
  private readonly outboxIds = new Set<string>();
  private readonly detach: Array<() => void>;
  private isLive: boolean;
  private flushing = false;
  private droppedEvents = 0;

  constructor(options: EventHubOptions) {
    this.state = options.state;
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
    this.outboxLimit = options.outboxLimit ?? 10_000;
    this.now = options.now ?? Date.now;
    this.onFault = options.onFault ?? (() => undefined);
    this.topic = this.state.topic('events', {
      maxItems: options.maxEvents ?? 200,
      ttlMs: this.maxAgeMs,
    });
    this.seen = this.state.onceSet('events', options.dedupTtlMs ?? 24 * 60 * 60 * 1000);
    this.isLive = this.state.available;
    this.detach = [
      this.topic.subscribe((organizationId, message) => {
        const stored = parseStored(message);
        if (stored) this.deliver(organizationId, stored.event);
      }),
      this.state.onAvailability((available) => {
        if (available) void this.flush();
        else this.setLive(false);
      }),
    ];
  }

  /** Whether events reach streams live now (false while the shared state is unreachable). */
  get live(): boolean {
    return this.isLive;
  }

  /** Events waiting for the shared state to return. */
  get queued(): number {
    return this.outbox.length;
  }

  /** Events dropped because the outbox was full. */
  get dropped(): number {
    return this.droppedEvents;
  }

  /**
   * Delivers a verified event once to the organization's streams on every instance. `duplicate`:
   * an event with this id was already delivered (on any instance); `queued`: the shared state is
   * unreachable, the event will be delivered when it returns.
   */
  async publish(organizationId: string, event: VcsEvent): Promise<PublishOutcome> {
    if (!this.isLive || this.outbox.length > 0) return this.queue(organizationId, event, false);
    let fresh: boolean;
    try {
      fresh = await this.seen.add(event.id);
    } catch {
      return this.queue(organizationId, event, false);
    }
    if (!fresh) return 'duplicate';
    try {
      await this.topic.publish(organizationId, JSON.stringify({ event, at: this.now() }));
      return 'published';
    } catch {
      return this.queue(organizationId, event, true);
    }
  }

  /**
   * Events of the organization after `lastEventId`. When that id is no longer (or never was) in
   * the history, every recent event is returned: clients de-duplicate by id. Throws
   * `SharedStateUnavailableError` while the shared state is unreachable.
   */
  async replay(organizationId: string, lastEventId: string | undefined): Promise<VcsEvent[]> {
    if (lastEventId === undefined) return [];
    const recent = await this.recent(organizationId);
    const index = recent.findIndex((stored) => stored.event.id === lastEventId);
    return recent.slice(index + 1).map((stored) => stored.event);
  }

  /**
   * Where a stream of the organization stands now: the id of its newest recent event, or
   * `NO_RECENT_EVENT` when it has none (an id no history holds, so resuming from it replays every
   * recent event: all of them came after). Throws `SharedStateUnavailableError` while the shared
   * state is unreachable.
   */
  async position(organizationId: string): Promise<string> {
    return (await this.recent(organizationId)).at(-1)?.event.id ?? NO_RECENT_EVENT;
  }

  private async recent(organizationId: string): Promise<Stored[]> {
    const cutoff = this.now() - this.maxAgeMs;
    return (await this.topic.history(organizationId))
      .map(parseStored)
      .filter((stored): stored is Stored => stored !== undefined && stored.at >= cutoff);
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

  /** Ends this instance's streams of a session (after logout). */
  closeSession(sessionId: string): void {
    for (const set of [...this.subscribers.values()]) {
      for (const subscriber of [...set]) {
        if (subscriber.sessionId === sessionId) subscriber.onClose('logout');
      }
    }
  }

  /** Ends every stream of this instance (server shutdown). */
  closeAll(reason: CloseReason = 'shutdown'): void {
    for (const set of [...this.subscribers.values()]) {
      for (const subscriber of [...set]) subscriber.onClose(reason);
    }
  }

  /** Stops listening to the shared state (the state itself is closed by its owner). */
  detachFromState(): void {
    for (const detach of this.detach.splice(0)) detach();
  }

  subscriberCount(organizationId?: string): number {
    if (organizationId !== undefined) return this.subscribers.get(organizationId)?.size ?? 0;
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  private deliver(organizationId: string, event: VcsEvent): void {
    for (const subscriber of [...(this.subscribers.get(organizationId) ?? [])]) {
      subscriber.onEvent(event);
    }
  }

  private queue(organizationId: string, event: VcsEvent, recorded: boolean): PublishOutcome {
    if (this.outboxIds.has(event.id)) return 'duplicate';
    if (this.outbox.length >= this.outboxLimit) {
      const dropped = this.outbox.shift() as Queued;
      this.outboxIds.delete(dropped.event.id);
      this.droppedEvents += 1;
      this.onFault('event outbox full: dropped the oldest waiting event', {
        eventId: dropped.event.id,
      });
    }
    this.outbox.push({ organizationId, event, recorded });
    this.outboxIds.add(event.id);
    // Publishing failed while the state looked available: try again shortly.
    if (this.state.available && !this.flushing) {
      setTimeout(() => void this.flush(), 500).unref();
    }
    return 'queued';
  }

  /** Publishes the outbox in order, then tells the streams they are live. */
  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.outbox.length > 0) {
        const next = this.outbox[0] as Queued;
        if (next.recorded || (await this.seen.add(next.event.id))) {
          await this.topic.publish(
            next.organizationId,
            JSON.stringify({ event: next.event, at: this.now() }),
          );
        }
        this.outbox.shift();
        this.outboxIds.delete(next.event.id);
      }
      if (this.state.available) this.setLive(true);
    } catch (error) {
      this.onFault('could not publish waiting events; will retry', {
        waiting: this.outbox.length,
        error: error instanceof Error ? error.message : String(error),
      });
      if (this.state.available) setTimeout(() => void this.flush(), 1_000).unref();
    } finally {
      this.flushing = false;
    }
  }

  private setLive(live: boolean): void {
    if (live === this.isLive) return;
    this.isLive = live;
    for (const set of [...this.subscribers.values()]) {
      for (const subscriber of [...set]) subscriber.onLive?.(live);
    }
  }
}

function parseStored(message: string): Stored | undefined {
  try {
    const value = JSON.parse(message) as Stored;
    return typeof value?.event?.id === 'string' && typeof value.at === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}
