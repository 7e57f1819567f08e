import { create } from 'zustand';

/** How the app learns about finished work: the live stream, or polling while it is down. */
export type LiveMode = 'connecting' | 'live' | 'polling';

interface LiveEventsState {
  mode: LiveMode;
  pollingEveryMs: number | null;
  lastEventAt: number | null;
  setMode: (mode: LiveMode, pollingEveryMs?: number | null) => void;
  markEvent: () => void;
}

export const useLiveEventsStore = create<LiveEventsState>((set) => ({
  mode: 'connecting',
  pollingEveryMs: null,
  lastEventAt: null,
  setMode: (mode, pollingEveryMs = null) => set({ mode, pollingEveryMs }),
  markEvent: () => set({ lastEventAt: Date.now() }),
}));
