import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent, LiveStatus } from '@/api/bff-schema.gen.ts';
import { claimAnnouncement, isStartedHere, isWatchedHere } from '@/lib/started-work.ts';
import { pushToast } from '@/lib/toast-store.ts';
import { applyLiveEvent, liveQueryRoots, pollingIntervalMs } from './event-effects.ts';
import { type PollingReason, useLiveEventsStore } from './live-events-store.ts';

export const EVENTS_URL = '/bff/events';
const SEEN_LIMIT = 500;

/** The `data` of a `vcs` frame (bff.yaml `VcsFrame`): kept when it has the envelope's fields. */
function parseEvent(raw: string): LiveEvent | null {
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
function parseLive(raw: string): boolean | undefined {
  try {
    const value = (JSON.parse(raw) as Partial<LiveStatus>).live;
    return typeof value === 'boolean' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Subscribes once to the BFF's event stream and turns events into query invalidations and
 * toasts. While the stream is down, or while the server says live delivery is paused (`status`
 * event), it polls the live query families with back-off, and keeps trying to reconnect.
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const { setMode, markEvent } = useLiveEventsStore.getState();
    const seen = new Set<string>();
    let source: EventSource | null = null;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    let pollingReason: PollingReason = 'disconnected';

    const stopPolling = () => {
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = undefined;
    };
    const poll = (attempt: number) => {
      const every = pollingIntervalMs(attempt);
      setMode('polling', every, pollingReason);
      pollTimer = setTimeout(() => {
        for (const queryKey of liveQueryRoots) {
          void queryClient.invalidateQueries({ queryKey, refetchType: 'active' });
        }
        poll(attempt + 1);
      }, every);
    };

    const handle = (message: MessageEvent<string>) => {
      const event = parseEvent(message.data);
      if (!event || seen.has(event.id)) return;
      seen.add(event.id);
      if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
      markEvent();
      const { toast, subject } = applyLiveEvent(queryClient, event);
      // Toasts only for work this browser started or shows on screen now (a plan revision being
      // reviewed); the rest shows in the jobs tray.
      if (
        toast &&
        subject &&
        (isStartedHere(...subject.ids) || isWatchedHere(...subject.ids)) &&
        claimAnnouncement(subject.key)
      ) {
        pushToast(toast);
      }
    };

    const goLive = () => {
      stopPolling();
      setMode('live');
      // Anything that finished while we were not listening is picked up now.
      for (const queryKey of liveQueryRoots) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'active' });
      }
    };

    const connect = () => {
      if (stopped) return;
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.addEventListener('open', () => {
        failures = 0;
        pollingReason = 'disconnected';
        goLive();
      });
      source.addEventListener('status', ((message: MessageEvent<string>) => {
        const live = parseLive(message.data);
        if (live === true && pollingReason === 'paused') {
          pollingReason = 'disconnected';
          goLive();
        } else if (live === false && pollingReason !== 'paused') {
          pollingReason = 'paused';
          stopPolling();
          poll(0);
        }
      }) as EventListener);
      source.addEventListener('vcs', handle as EventListener);
      source.addEventListener('error', () => {
        pollingReason = 'disconnected';
        if (!pollTimer) poll(0);
        // EventSource retries by itself unless the server refused it (closed): then we retry.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          failures += 1;
          reconnectTimer = setTimeout(connect, Math.min(60_000, 2_000 * 2 ** failures));
        }
      });
    };

    setMode('connecting');
    connect();
    return () => {
      stopped = true;
      stopPolling();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
