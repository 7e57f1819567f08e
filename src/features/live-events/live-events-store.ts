import { create } from 'zustand';

/** How the app learns about finished work: the live stream, or polling while it is down. */
export type LiveMode = 'connecting' | 'live' | 'polling';

/**
 * Why the app polls: the stream is down (`disconnected`), or the server said live delivery is
 * paused (`paused`: its instances cannot share events right now).
 */
export type PollingReason = 'disconnected' | 'paused';

interface LiveEventsState {
  mode: LiveMode;
  pollingEveryMs: number | null;
  pollingReason: PollingReason | null;
  lastEventAt: number | null;
  setMode: (mode: LiveMode, pollingEveryMs?: number | null, reason?: PollingReason) => void;
  markEvent: () => void;
}

export const useLiveEventsStore = create<LiveEventsState>((set) => ({
  mode: 'connecting',
  pollingEveryMs: null,
  pollingReason: null,
  lastEventAt: null,
  setMode: (mode, pollingEveryMs = null, reason) =>
    set({
      mode,
      pollingEveryMs,
      pollingReason: mode === 'polling' ? (reason ?? 'disconnected') : null,
    }),
  markEvent: () => set({ lastEventAt: Date.now() }),
}));
