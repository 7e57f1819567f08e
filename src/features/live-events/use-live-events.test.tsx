import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStartedWork, watchHere } from '@/lib/started-work.ts';
import { useToastStore } from '@/lib/toast-store.ts';
import { LiveStatus } from './components/live-status.tsx';
import { useLiveEventsStore } from './live-events-store.ts';
import { useLiveEvents } from './use-live-events.ts';

/** The part of EventSource the hook uses, driven by the test. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  emit(type: string, data: string): void {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function Probe(): ReactNode {
  useLiveEvents(true);
  return <LiveStatus />;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  useLiveEventsStore.setState({ mode: 'connecting', pollingEveryMs: null, pollingReason: null });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLiveEvents: the server pauses live delivery', () => {
  it('polls and says so while paused, goes back to live (and refetches) when resumed', async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.last as FakeEventSource;
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
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.last as FakeEventSource;
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

  it('toasts for the revision on screen, though another browser started it; not for others', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.last as FakeEventSource;
    act(() => source.open());
    const unwatch = watchHere('rev_shown');

    act(() => source.emit('vcs', event('evt_1', 'rev_elsewhere')));
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['faceless-plans', 'proj_1'] });

    act(() => source.emit('vcs', event('evt_2', 'rev_shown')));
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toEqual([
      'Faceless video revision 5 is ready',
    ]);

    unwatch();
    act(() => source.emit('vcs', event('evt_3', 'rev_shown')));
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });
});
