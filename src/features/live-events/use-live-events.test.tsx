import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { markStarted, useStartedWork, watchHere } from '@/lib/started-work.ts';
import { useToastStore } from '@/lib/toast-store.ts';
import { LiveStatus } from './components/live-status.tsx';
import { useLiveEventsStore } from './live-events-store.ts';
import { FakeChannels, FakeEventSource, FakeLocks } from '@/test/fake-tabs.ts';
import { TURN_DELAY_MS } from '@/lib/announce-once.ts';
import { loadAnnouncer } from '@/lib/use-announce-once.ts';
import { loadEventEffects, useLiveEvents } from './use-live-events.ts';

// The event map loads with a tab's first event; loaded here first, events apply within a tick.
beforeAll(async () => {
  await Promise.all([loadEventEffects(), loadAnnouncer()]);
});

function Probe(): ReactNode {
  useLiveEvents('org_1');
  return <LiveStatus />;
}

/** One tab: the hook with its own cache; answers the cache's invalidations and its stream. */
function renderTab() {
  const client = new QueryClient();
  const invalidate: MockInstance = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return { invalidate, source: FakeEventSource.last as FakeEventSource };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  useLiveEventsStore.setState({ mode: 'connecting', pollingEveryMs: null, pollingReason: null });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLiveEvents: the server pauses live delivery', () => {
  it('polls and says so while paused, goes back to live (and refetches) when resumed', async () => {
    const { invalidate, source } = renderTab();
    act(() => source.open());
    expect(screen.getByRole('status')).toHaveTextContent('Live updates');

    act(() => source.emit('status', '{"live":false}'));
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Live updates paused · polling every \d+ s$/,
    );
    expect(screen.getByRole('status')).toHaveAttribute(
      'title',
      expect.stringContaining('cannot deliver live updates'),
    );
    invalidate.mockClear();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(invalidate).toHaveBeenCalled();

    invalidate.mockClear();
    act(() => source.emit('status', '{"live":true}'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Live updates$/);
    expect(invalidate).toHaveBeenCalled();
    invalidate.mockClear();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('a status saying live on a live stream changes nothing; a dropped stream polls as before', () => {
    const { source } = renderTab();
    act(() => source.open());
    act(() => source.emit('status', '{"live":true}'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Live updates$/);
    act(() => source.dispatchEvent(new Event('error')));
    expect(screen.getByRole('status')).toHaveTextContent(/^Polling every \d+ s$/);
  });
});

describe('useLiveEvents: a faceless run finishes', () => {
  const event = (id: string, revisionId: string) =>
    JSON.stringify({
      id,
      type: 'faceless.complete',
      created_at: '2026-11-24T14:00:00Z',
      data: {
        project_id: 'proj_1',
        revision_id: revisionId,
        revision: 5,
        stage: 'assets',
        job_id: `job_${id}`,
      },
    });

  beforeEach(() => {
    useStartedWork.setState({ started: {}, announced: {} });
    useToastStore.setState({ toasts: [] });
  });

  it('toasts for the revision on screen, though another browser started it; not for others', async () => {
    const { invalidate, source } = renderTab();
    act(() => source.open());
    const unwatch = watchHere('rev_shown');

    act(() => source.emit('vcs', event('evt_1', 'rev_elsewhere')));
    await act(() => vi.advanceTimersByTimeAsync(TURN_DELAY_MS.anywhere));
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['faceless-plans', 'proj_1'] });

    act(() => source.emit('vcs', event('evt_2', 'rev_shown')));
    // A tab the user looks at announces it, after the tab that started the work had its turn.
    await act(() => vi.advanceTimersByTimeAsync(TURN_DELAY_MS.visible));
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toEqual([
      'Faceless video revision 5 is ready',
    ]);

    unwatch();
    act(() => source.emit('vcs', event('evt_3', 'rev_shown')));
    await act(() => vi.advanceTimersByTimeAsync(TURN_DELAY_MS.anywhere));
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });
});

describe('useLiveEvents: several tabs of one browser', () => {
  let locks: FakeLocks;
  let channels: FakeChannels;
  beforeEach(() => {
    locks = new FakeLocks();
    channels = new FakeChannels();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    vi.stubGlobal('BroadcastChannel', function BroadcastChannel(name: string) {
      return channels.create(name);
    });
    useStartedWork.setState({ started: {}, announced: {} });
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  /** Two tabs, each with its own cache; they share the browser's locks and channels. */
  function renderTabs(): [MockInstance, MockInstance] {
    return [renderTab().invalidate, renderTab().invalidate];
  }
  const projectCreated = (id: string) =>
    JSON.stringify({ id, type: 'project.created', created_at: '2026-01-01T00:00:00Z', data: {} });
  const exportReady = (id: string, exportId: string) =>
    JSON.stringify({
      id,
      type: 'export.ready',
      created_at: '2026-01-01T00:00:00Z',
      data: { project_id: 'proj_1', export_id: exportId, download_url: 'https://cdn/x.mp4' },
    });

  it('one stream; each event refreshes each tab once; both tabs say live', async () => {
    const [first, second] = renderTabs();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.live).toHaveLength(1);
    const source = FakeEventSource.last as FakeEventSource;
    act(() => source.open());
    await act(() => vi.advanceTimersByTimeAsync(1));
    for (const status of screen.getAllByRole('status'))
      expect(status).toHaveTextContent('Live updates');

    act(() => source.emit('vcs', projectCreated('evt_p1'), 'evt_p1'));
    act(() => source.emit('vcs', projectCreated('evt_p1'), 'evt_p1'));
    await act(() => vi.advanceTimersByTimeAsync(1));
    const refreshes = (spy: MockInstance) =>
      spy.mock.calls.filter(
        ([filters]) =>
          JSON.stringify(filters) === JSON.stringify({ queryKey: ['projects', 'list'] }),
      ).length;
    expect([refreshes(first), refreshes(second)]).toEqual([1, 1]);
  });

  it('finished work this user started is announced once in the browser, not in every tab', async () => {
    renderTabs();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const source = FakeEventSource.last as FakeEventSource;
    act(() => source.open());
    markStarted('exp_1');
    act(() => source.emit('vcs', exportReady('evt_x1', 'exp_1'), 'evt_x1'));
    await act(() => vi.advanceTimersByTimeAsync(TURN_DELAY_MS.anywhere + 10));
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toEqual(['Export ready']);
  });

  it('leaves the stream on pagehide (the other tab takes it over) and joins again on pageshow', async () => {
    const [first] = renderTabs();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const held = FakeEventSource.last as FakeEventSource;
    act(() => held.open());

    // Both tabs live in this one window: pagehide reaches both, as a window closing would.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    });
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.live).toHaveLength(0);
    expect(locks.isHeld('cutroom.live-events:org_1')).toBe(false);
    expect(channels.openCount('cutroom.live-events:org_1')).toBe(0);

    first.mockClear();
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.live).toHaveLength(1);
    expect(FakeEventSource.last?.url).toBe('/bff/events');
    // What happened meanwhile did not reach this page: what it shows is fetched again.
    expect(first).toHaveBeenCalledWith({ refetchType: 'active' });
  });
});

describe('useLiveEvents: polling while the stream is down', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('a hidden tab asks for nothing; it catches up when it is seen again', async () => {
    const { invalidate, source } = renderTab();
    act(() => source.fail());
    expect(screen.getByRole('status')).toHaveTextContent(/^Polling every 5 s$/);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    invalidate.mockClear();
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(invalidate).not.toHaveBeenCalled();

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs'], refetchType: 'active' });
  });
});
