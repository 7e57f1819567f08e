import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
