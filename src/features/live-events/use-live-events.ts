import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent } from '@/api/bff-schema.gen.ts';
import { browserLocks } from '@/lib/web-locks.ts';
import { pushToast } from '@/lib/toast-store.ts';
import { loadAnnouncer } from '@/lib/use-announce-once.ts';
import type * as EventEffects from './event-effects.ts';
import { liveQueryRoots, pollingIntervalMs } from './live-polling.ts';
import { useLiveEventsStore } from './live-events-store.ts';
import { SharedLiveStream, type StreamState } from './shared-stream.ts';

/** The User Timing mark each applied event leaves (DevTools' Performance panel shows them). */
export const LIVE_EVENT_MARK = 'cutroom:live-event';
/** Marks kept before they are cleared (a tab open for days receives many events). */
const MARKS_LIMIT = 500;

/**
 * Keeps the screens of every tab of the workspace fresh from the one live stream the browser's
 * tabs share (see SharedLiveStream): each event reaches each tab once and turns into query
 * invalidations and, for finished work this user started, one toast in one tab. While the stream
 * is down, or the server says live delivery is paused, the tab polls the live query families
 * with back-off while it is visible (a hidden tab catches up when it is seen again).
 *
 * No connection outlives its page: the tab leaves the shared stream on `pagehide` and `freeze`
 * (another tab takes the stream over; a page in the back/forward cache holds nothing open) and
 * joins again on `pageshow` from that cache and on `resume`, refreshing what it shows, since the
 * events of the meantime did not reach it. A tab merely hidden keeps its part: handing the stream
 * over at every switch of tabs would open a new connection each time.
 */
export function useLiveEvents(workspace: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!workspace || typeof EventSource === 'undefined') return;
    const { setMode, markEvent } = useLiveEventsStore.getState();
    const locks = browserLocks();
    const announcements = new AbortController();
    let state: StreamState = 'connecting';
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshOwed = false;

    const refreshLive = () => {
      for (const queryKey of liveQueryRoots) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'active' });
      }
    };
    const stopPolling = () => {
      clearTimeout(pollTimer);
      pollTimer = undefined;
    };
    const poll = (attempt: number) => {
      const every = pollingIntervalMs(attempt);
      setMode('polling', every, state === 'paused' ? 'paused' : 'disconnected');
      pollTimer = setTimeout(() => {
        if (document.visibilityState === 'hidden') refreshOwed = true;
        else refreshLive();
        poll(attempt + 1);
      }, every);
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'visible' || !refreshOwed) return;
      refreshOwed = false;
      refreshLive();
    };

    const onState = (next: StreamState) => {
      const previous = state;
      state = next;
      if (next === 'down' || next === 'paused') {
        stopPolling();
        poll(0);
        return;
      }
      stopPolling();
      refreshOwed = false;
      setMode(next);
      // Anything that finished while the stream was not there to say so is picked up now.
      if (next === 'live' && (previous === 'down' || previous === 'paused')) refreshLive();
    };

    // Events apply in the order they came, each once the event map has loaded (with the first).
    let applied = Promise.resolve();
    const apply = (event: LiveEvent) => {
      markEvent();
      leaveMark(event);
      applied = applied
        .then(() => Promise.all([loadEventEffects(), loadAnnouncer()]))
        .then(([{ applyLiveEvent }, { announceOnce }]) =>
          applyEffects(applyLiveEvent, queryClient, event, (subject, show) =>
            announceOnce(subject, show, {
              visible: document.visibilityState === 'visible',
              locks,
              signal: announcements.signal,
            }),
          ),
        )
        .catch((error: unknown) => {
          // A chunk that failed to load: the next event tries again; polling covers the meantime.
          eventEffects = undefined;
          console.error('live events: could not apply an event', error);
        });
    };

    const stream = new SharedLiveStream({ scope: workspace, onEvent: apply, onState });
    const leave = (event?: Event) => {
      stream.stop();
      stopPolling();
      // A request still on its way would keep the page out of the back/forward cache.
      if (event && 'persisted' in event && event.persisted) void queryClient.cancelQueries();
    };
    const rejoin = () => {
      stream.start();
      // What happened while this page was away reached the other tabs, not this one.
      void queryClient.invalidateQueries({ refetchType: 'active' });
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) rejoin();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', onPageShow);
    document.addEventListener('freeze', leave);
    document.addEventListener('resume', rejoin);
    document.addEventListener('visibilitychange', onVisibility);

    setMode('connecting');
    stream.start();
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('freeze', leave);
      document.removeEventListener('resume', rejoin);
      document.removeEventListener('visibilitychange', onVisibility);
      stream.stop();
      stopPolling();
      announcements.abort();
    };
  }, [workspace, queryClient]);
}

/**
 * The one place an event turns into what it changes on screen: its news in every cached view and
 * the queries it makes stale (event-effects' applyLiveEvent), and the toast of finished work
 * (handed to `announce`).
 */
function applyEffects(
  applyLiveEvent: EventEffectsModule['applyLiveEvent'],
  queryClient: QueryClient,
  event: LiveEvent,
  announce: (subject: { ids: string[]; key: string }, show: () => void) => void,
): void {
  const { toast, subject } = applyLiveEvent(queryClient, event);
  if (toast && subject) announce(subject, () => pushToast(toast));
}

type EventEffectsModule = typeof EventEffects;

/** The event map (event-effects.ts), loaded with the first event a tab receives (or by a test). */
let eventEffects: Promise<EventEffectsModule> | undefined;

export function loadEventEffects(): Promise<EventEffectsModule> {
  eventEffects ??= import('./event-effects.ts');
  return eventEffects;
}

let marksLeft = MARKS_LIMIT;

function leaveMark(event: LiveEvent): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (--marksLeft < 0) {
    performance.clearMarks(LIVE_EVENT_MARK);
    marksLeft = MARKS_LIMIT - 1;
  }
  performance.mark(LIVE_EVENT_MARK, { detail: { id: event.id, type: event.type } });
}
