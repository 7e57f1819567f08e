import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@/api/bff-schema.gen.ts';
import { FakeChannels, FakeEventSource, FakeLocks } from '@/test/fake-tabs.ts';
import {
  LEADER_SILENCE_MS,
  RecentIds,
  SharedLiveStream,
  type StreamRole,
  type StreamState,
} from './shared-stream.ts';

const LOCK = 'cutroom.live-events:org_1';

interface Tab {
  stream: SharedLiveStream;
  events: string[];
  states: StreamState[];
  roles: StreamRole[];
}

let locks: FakeLocks;
let channels: FakeChannels;

function openTab(scope = 'org_1', env: { locks?: FakeLocks | undefined } = {}): Tab {
  const tab: Tab = { events: [], states: [], roles: [], stream: undefined as never };
  tab.stream = new SharedLiveStream({
    scope,
    onEvent: (event) => tab.events.push(event.id),
    onState: (state) => tab.states.push(state),
    onRole: (role) => tab.roles.push(role),
    locks: 'locks' in env ? env.locks : locks,
    createChannel: channels.create,
    openStream: (url) => new FakeEventSource(url),
  });
  tab.stream.start();
  return tab;
}

const frame = (id: string, type = 'project.created'): string =>
  JSON.stringify({ id, type, created_at: '2026-01-01T00:00:00Z', data: { project_id: 'p' } });
const stateOf = (tab: Tab) => tab.states.at(-1) ?? 'connecting';
/** Lets lock grants, channel deliveries and their follow-ups run. */
const settle = () => vi.advanceTimersByTimeAsync(1);

beforeEach(() => {
  vi.useFakeTimers();
  locks = new FakeLocks();
  channels = new FakeChannels();
  FakeEventSource.opened = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SharedLiveStream: one stream for every tab of the browser', () => {
  it('the first tab leads and holds the only stream; the others follow and hold none', async () => {
    const tabs = [openTab(), openTab(), openTab()];
    await settle();
    expect(tabs.map((tab) => tab.stream.role)).toEqual(['leader', 'follower', 'follower']);
    expect(FakeEventSource.live).toHaveLength(1);
    expect(FakeEventSource.last?.url).toBe('/bff/events');
    expect(locks.isHeld(LOCK)).toBe(true);
  });

  it('relays each event to every tab once; a replayed or repeated event is dropped', async () => {
    const tabs = [openTab(), openTab(), openTab()];
    await settle();
    const source = FakeEventSource.last as FakeEventSource;
    source.open();
    source.emit('vcs', frame('evt_1'), 'evt_1');
    source.emit('vcs', frame('evt_2'), 'evt_2');
    source.emit('vcs', frame('evt_1'), 'evt_1');
    source.emit('vcs', 'not json');
    await settle();
    for (const tab of tabs) expect(tab.events).toEqual(['evt_1', 'evt_2']);
    // The relay carried each event once.
    expect(channels.posted.filter(({ message }) => isEvent(message))).toHaveLength(2);
  });

  it('shares the stream state: live, paused (polling), down, live again', async () => {
    const tabs = [openTab(), openTab()];
    await settle();
    expect(tabs.map(stateOf)).toEqual(['connecting', 'connecting']);
    const source = FakeEventSource.last as FakeEventSource;
    source.open();
    await settle();
    expect(tabs.map(stateOf)).toEqual(['live', 'live']);
    source.emit('status', '{"live":false}');
    await settle();
    expect(tabs.map(stateOf)).toEqual(['paused', 'paused']);
    source.fail();
    await settle();
    expect(tabs.map(stateOf)).toEqual(['down', 'down']);
    source.open();
    source.emit('status', '{"live":true}');
    await settle();
    expect(tabs.map(stateOf)).toEqual(['live', 'live']);
  });

  it('a tab that joins later learns the state from the leader at once', async () => {
    openTab();
    await settle();
    (FakeEventSource.last as FakeEventSource).open();
    await settle();
    const late = openTab();
    await settle();
    expect(stateOf(late)).toBe('live');
    expect(late.stream.role).toBe('follower');
    expect(FakeEventSource.live).toHaveLength(1);
  });

  it('the leader leaving hands the stream to the next tab, which resumes after the last event any tab saw', async () => {
    const [leader, second, third] = [openTab(), openTab(), openTab()] as [Tab, Tab, Tab];
    await settle();
    const first = FakeEventSource.last as FakeEventSource;
    first.open();
    first.emit('vcs', frame('evt_1'), 'evt_1');
    await settle();

    leader.stream.stop();
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await settle();
    expect(second.stream.role).toBe('leader');
    expect(third.stream.role).toBe('follower');
    expect(FakeEventSource.live).toHaveLength(1);
    const next = FakeEventSource.last as FakeEventSource;
    expect(next.url).toBe('/bff/events?last_event_id=evt_1');

    // The server replays what arrived during the hand-over, and the event that followed.
    next.open();
    next.emit('vcs', frame('evt_2'), 'evt_2');
    next.emit('vcs', frame('evt_3'), 'evt_3');
    await settle();
    expect(second.events).toEqual(['evt_1', 'evt_2', 'evt_3']);
    expect(third.events).toEqual(['evt_1', 'evt_2', 'evt_3']);
    expect(leader.events).toEqual(['evt_1']);
    expect(stateOf(third)).toBe('live');
  });

  it('an event the old leader had but never relayed comes once from the new leader', async () => {
    const [leader, follower] = [openTab(), openTab()] as [Tab, Tab];
    await settle();
    const first = FakeEventSource.last as FakeEventSource;
    first.open();
    first.emit('vcs', frame('evt_1'), 'evt_1');
    await settle();
    // evt_2 reaches the leader as it leaves: its relay is never delivered.
    first.emit('vcs', frame('evt_2'), 'evt_2');
    leader.stream.stop();
    await settle();
    const next = FakeEventSource.last as FakeEventSource;
    expect(next.url).toBe('/bff/events?last_event_id=evt_1');
    next.emit('vcs', frame('evt_2'), 'evt_2');
    await settle();
    expect(follower.events).toEqual(['evt_1', 'evt_2']);
  });

  it('resumes from the position the server gave the stream when no event came yet', async () => {
    const [leader] = [openTab(), openTab()] as [Tab, Tab];
    await settle();
    const first = FakeEventSource.last as FakeEventSource;
    first.open();
    first.emit('status', '{"live":true}', 'evt_0');
    await settle();
    leader.stream.stop();
    await settle();
    expect(FakeEventSource.last?.url).toBe('/bff/events?last_event_id=evt_0');
  });

  it('a tab that leaves before its turn never leads; one that comes back follows again', async () => {
    const [leader, waiting, other] = [openTab(), openTab(), openTab()] as [Tab, Tab, Tab];
    await settle();
    expect(locks.waiting(LOCK)).toBe(2);
    waiting.stream.stop();
    // Out of the line, and off the channel: a page in the back/forward cache holds neither.
    expect(locks.waiting(LOCK)).toBe(1);
    expect(channels.openCount(LOCK)).toBe(2);
    leader.stream.stop();
    await settle();
    expect(waiting.stream.role).toBe('stopped');
    expect(other.stream.role).toBe('leader');

    // Back from the back/forward cache: it joins as a follower, and keeps the ids it had.
    const source = FakeEventSource.last as FakeEventSource;
    source.open();
    source.emit('vcs', frame('evt_1'), 'evt_1');
    await settle();
    waiting.stream.start();
    await settle();
    expect(waiting.stream.role).toBe('follower');
    expect(stateOf(waiting)).toBe('live');
    source.emit('vcs', frame('evt_2'), 'evt_2');
    await settle();
    expect(waiting.events).toEqual(['evt_2']);
    expect(FakeEventSource.live).toHaveLength(1);
  });

  it('a follower that hears from no leader says the stream is down (and so polls)', async () => {
    // Another tab holds the lock but answers nothing (its page is frozen).
    void locks.request(LOCK, {}, () => new Promise(() => undefined));
    const tab = openTab();
    await settle();
    expect(tab.stream.role).toBe('follower');
    await vi.advanceTimersByTimeAsync(LEADER_SILENCE_MS);
    expect(stateOf(tab)).toBe('down');
  });

  it('workspaces share nothing', async () => {
    const [one, two] = [openTab('org_1'), openTab('org_2')];
    await settle();
    expect([one.stream.role, two.stream.role]).toEqual(['leader', 'leader']);
    expect(FakeEventSource.live).toHaveLength(2);
  });

  it('without Web Locks each tab holds a stream of its own, as before', async () => {
    const tabs = [openTab('org_1', { locks: undefined }), openTab('org_1', { locks: undefined })];
    await settle();
    expect(tabs.map((tab) => tab.stream.role)).toEqual(['alone', 'alone']);
    expect(FakeEventSource.live).toHaveLength(2);
    tabs[0]?.stream.stop();
    expect(FakeEventSource.live).toHaveLength(1);
  });

  it('a stream the server refused is opened again with back-off, from where it stood', async () => {
    const tab = openTab();
    await settle();
    const first = FakeEventSource.last as FakeEventSource;
    first.open();
    first.emit('vcs', frame('evt_1'), 'evt_1');
    first.fail(true);
    expect(stateOf(tab)).toBe('down');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.last?.url).toBe('/bff/events?last_event_id=evt_1');
  });
});

describe('RecentIds', () => {
  it('remembers the last ids only', () => {
    const ids = new RecentIds(2);
    expect(ids.add('a')).toBe(true);
    expect(ids.add('a')).toBe(false);
    ids.add('b');
    ids.add('c');
    expect(ids.add('a')).toBe(true);
    expect(ids.add('c')).toBe(false);
  });
});

function isEvent(message: unknown): message is { kind: 'event'; event: LiveEvent } {
  return (message as { kind?: string }).kind === 'event';
}
