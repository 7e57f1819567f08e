import type { LiveEvent, LiveStatus } from '@/api/bff-schema.gen.ts';
import { browserLocks, type LocksLike } from '@/lib/web-locks.ts';

/**
 * One live-event stream per browser, shared by every tab of the app.
 *
 * A browser allows six HTTP/1.1 connections per host: a stream per tab (and per page kept in the
 * back/forward cache) leaves none for the seventh tab's page. So the tabs of a workspace elect a
 * leader with the Web Locks API (the lock is held for as long as the tab leads; when the tab
 * closes, is frozen or goes into the back/forward cache, the lock passes to the next tab in
 * line). The leader alone holds the `/bff/events` stream and relays each event, and the stream's
 * state, to the other tabs over a BroadcastChannel. Every tab remembers where the stream stands
 * (the last event id any tab relayed, or the position the server gave the stream), so a new
 * leader resumes from there (`last_event_id`) and the server replays what arrived during the
 * hand-over; each tab drops an event it already has (by id), so nothing is applied twice.
 *
 * Without Web Locks or BroadcastChannel (an insecure origin, an old browser) each tab holds a
 * stream of its own, as before.
 */

export const EVENTS_URL = '/bff/events';

/** What a tab knows of the shared stream. */
export type StreamState =
  /** Not heard from a stream yet. */
  | 'connecting'
  | 'live'
  /** The stream is down (reconnecting): the app polls meanwhile. */
  | 'down'
  /** The server cannot deliver live events now (its instances' shared state is unreachable). */
  | 'paused';

export type StreamRole = 'leader' | 'follower' | 'alone' | 'stopped';

/** Messages between the tabs of one workspace. */
export type TabMessage =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'state'; state: StreamState; position: string | null }
  /** A tab (re)joined: the leader answers with its state. */
  | { kind: 'hello' };

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: TabMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TabMessage>) => void): void;
  close(): void;
}

/** The part of EventSource used here (its `status` and `vcs` events are MessageEvents). */
export interface StreamLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export interface SharedStreamOptions {
  /** The workspace: tabs of different workspaces share nothing. */
  scope: string;
  /** Called once per event id in this tab, whichever tab received it from the server. */
  onEvent: (event: LiveEvent) => void;
  /** Called when this tab's view of the stream changes. */
  onState: (state: StreamState) => void;
  /** Called when this tab starts or stops holding the stream. */
  onRole?: (role: StreamRole) => void;
  locks?: LocksLike | undefined;
  createChannel?: ((name: string) => ChannelLike) | undefined;
  openStream?: (url: string) => StreamLike;
}

/** Event ids each tab remembers, to drop an event met twice (relayed, then replayed). */
export const SEEN_LIMIT = 1_000;
/** A follower that hears nothing from a leader this long says the stream is down (and polls). */
export const LEADER_SILENCE_MS = 5_000;
const CLOSED = 2;

/** The `data` of a `vcs` frame (bff.yaml `VcsFrame`): kept when it has the envelope's fields. */
export function parseEvent(raw: string): LiveEvent | null {
  try {
    const value = JSON.parse(raw) as Partial<LiveEvent>;
    if (typeof value.id !== 'string' || typeof value.type !== 'string') return null;
    if (value.data === null || typeof value.data !== 'object') return null;
    return value as LiveEvent;
  } catch {
    return null;
  }
}

/** `live` of a `status` frame (bff.yaml `LiveStatus`), or undefined. */
export function parseLive(raw: string): boolean | undefined {
  try {
    const value = (JSON.parse(raw) as Partial<LiveStatus>).live;
    return typeof value === 'boolean' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Ids in arrival order, the oldest forgotten past `limit`. */
export class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly limit: number) {}
  /** True the first time `id` is added (within the last `limit` ids). */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.limit) this.ids.delete(this.ids.values().next().value as string);
    return true;
  }
}

const browserChannel = (): ((name: string) => ChannelLike) | undefined =>
  typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name);
const browserStream = (url: string): StreamLike => new EventSource(url, { withCredentials: true });

export class SharedLiveStream {
  private readonly options: SharedStreamOptions;
  private readonly locks: LocksLike | undefined;
  private readonly createChannel: ((name: string) => ChannelLike) | undefined;
  private readonly openStream: (url: string) => StreamLike;
  private readonly seen = new RecentIds(SEEN_LIMIT);
  /** Where the stream stands: the last event id any tab saw, or the server's position. */
  private position: string | null = null;
  private state: StreamState = 'connecting';
  private currentRole: StreamRole = 'stopped';
  /** Bumped by start and stop, so callbacks of an earlier run do nothing. */
  private run = 0;
  private channel: ChannelLike | null = null;
  private source: StreamLike | null = null;
  private paused = false;
  private failures = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Gives the leadership lock back (resolves the promise its callback holds). */
  private releaseLock: (() => void) | null = null;
  /** Stops waiting in line for the lock. */
  private leaveLine: AbortController | null = null;

  constructor(options: SharedStreamOptions) {
    this.options = options;
    this.locks = 'locks' in options ? options.locks : browserLocks();
    this.createChannel = 'createChannel' in options ? options.createChannel : browserChannel();
    this.openStream = options.openStream ?? browserStream;
  }

  get role(): StreamRole {
    return this.currentRole;
  }

  /** Joins the browser's tabs: follows the leader, or leads when the lock comes to this tab. */
  start(): void {
    if (this.currentRole !== 'stopped') return;
    const run = ++this.run;
    this.setState('connecting');
    if (!this.locks || !this.createChannel) {
      this.setRole('alone');
      this.connect(run);
      return;
    }
    const channel = this.createChannel(`cutroom.live-events:${this.options.scope}`);
    this.channel = channel;
    channel.addEventListener('message', (message) => this.onMessage(run, message.data));
    this.setRole('follower');
    this.waitForLeader(run);
    channel.postMessage({ kind: 'hello' });

    const line = new AbortController();
    this.leaveLine = line;
    this.locks
      .request(`cutroom.live-events:${this.options.scope}`, { signal: line.signal }, () => {
        // Granted after this run ended (a stop raced the grant): give it back at once.
        if (run !== this.run) return undefined;
        this.leaveLine = null;
        return new Promise<void>((release) => {
          this.releaseLock = release;
          this.lead(run);
        });
      })
      .catch(() => {
        // Left the line (stop) before the lock came: nothing to undo.
      });
  }

  /**
   * Leaves: closes the stream, gives the lock to the next tab, closes the channel. Called when
   * the page is hidden for good or kept in the back/forward cache (`pagehide`), or frozen: a page
   * in that cache must hold no connection, no lock and no open channel (a message would evict it).
   */
  stop(): void {
    if (this.currentRole === 'stopped') return;
    this.run += 1;
    this.source?.close();
    this.source = null;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.silenceTimer);
    this.releaseLock?.();
    this.releaseLock = null;
    this.leaveLine?.abort();
    this.leaveLine = null;
    this.channel?.close();
    this.channel = null;
    this.setRole('stopped');
  }

  private lead(run: number): void {
    clearTimeout(this.silenceTimer);
    this.setRole('leader');
    this.connect(run);
  }

  private connect(run: number): void {
    if (run !== this.run) return;
    const url =
      this.position === null
        ? EVENTS_URL
        : `${EVENTS_URL}?last_event_id=${encodeURIComponent(this.position)}`;
    const source = this.openStream(url);
    this.source = source;
    source.addEventListener('open', () => {
      if (run !== this.run) return;
      this.failures = 0;
      this.paused = false;
      this.publishState('live');
    });
    source.addEventListener('status', (event) => {
      if (run !== this.run) return;
      const message = event as MessageEvent<string>;
      // The first status frame carries the stream's position; later ones keep the last id.
      if (message.lastEventId) this.position = message.lastEventId;
      const live = parseLive(message.data);
      if (live !== undefined) this.paused = !live;
      this.publishState(this.paused ? 'paused' : 'live');
    });
    source.addEventListener('vcs', (message) => {
      if (run !== this.run) return;
      const event = parseEvent((message as MessageEvent<string>).data);
      if (event) this.receive(event, true);
    });
    source.addEventListener('error', () => {
      if (run !== this.run) return;
      this.publishState('down');
      // EventSource retries by itself unless the server refused it (closed): then we retry.
      if (source.readyState === CLOSED) {
        source.close();
        this.failures += 1;
        this.reconnectTimer = setTimeout(
          () => this.connect(run),
          Math.min(60_000, 2_000 * 2 ** this.failures),
        );
      }
    });
  }

  /** The state of the stream this tab holds: its own, and every follower's. */
  private publishState(state: StreamState): void {
    this.setState(state);
    this.channel?.postMessage({ kind: 'state', state, position: this.position });
  }

  private onMessage(run: number, message: TabMessage): void {
    if (run !== this.run) return;
    switch (message.kind) {
      case 'hello':
        if (this.currentRole === 'leader') {
          this.channel?.postMessage({ kind: 'state', state: this.state, position: this.position });
        }
        return;
      case 'state':
        if (this.currentRole !== 'follower') return;
        clearTimeout(this.silenceTimer);
        if (message.position !== null) this.position = message.position;
        this.setState(message.state);
        return;
      case 'event':
        this.receive(message.event, false);
        return;
    }
  }

  /** A follower that hears from no leader in time says so rather than "Connecting…" for ever. */
  private waitForLeader(run: number): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      if (run === this.run && this.currentRole === 'follower' && this.state === 'connecting') {
        this.setState('down');
      }
    }, LEADER_SILENCE_MS);
  }

  private receive(event: LiveEvent, fromServer: boolean): void {
    if (!this.seen.add(event.id)) return;
    this.position = event.id;
    if (fromServer) this.channel?.postMessage({ kind: 'event', event });
    this.options.onEvent(event);
  }

  private setState(state: StreamState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onState(state);
  }

  private setRole(role: StreamRole): void {
    if (role === this.currentRole) return;
    this.currentRole = role;
    this.options.onRole?.(role);
  }
}
