/**
 * Playback of the caption preview: playing or not, the playhead, and the word spoken at it.
 * Ephemeral (zustand) and apart from the editor's store: the playhead moves every frame while
 * playing, and only the few views that show it follow it.
 *
 * The store mirrors the project's transport (src/playback/) both ways: Play, Pause and the
 * scrubber move the transport, and the transport's playback (its clock: the sound's while sound
 * plays) moves `playhead`; a moment chosen in the timeline or the Words view is the styler's too.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { mirrorTransport } from '@/playback/transport-mirror.ts';
import type { Transport } from '@/playback/transport.ts';

export interface PlaybackState {
  playing: boolean;
  playhead: number;
  /** The word spoken at the playhead (the active word), or null between words. */
  spokenId: string | null;
}

export type PlaybackStore = StoreApi<PlaybackState>;

export const createPlaybackStore = (): PlaybackStore =>
  createStore<PlaybackState>()(() => ({ playing: false, playhead: 0, spokenId: null }));

/**
 * Mirrors `store` and `transport` until the returned stop, which pauses playback (leaving the
 * page stops it).
 */
export function bridgePlaybackStore(store: PlaybackStore, transport: Transport): () => void {
  const stop = mirrorTransport(transport, {
    origin: 'captions',
    read: () => {
      const { playhead, playing } = store.getState();
      // The styler knows "playing", not the speed: playing at whatever speed the transport has.
      return { playhead, rate: playing ? transport.get().rate || 1 : 0 };
    },
    write: (next) => {
      const state = store.getState();
      const playing = next.rate !== 0;
      if (state.playhead === next.playhead && state.playing === playing) return;
      store.setState({ playhead: next.playhead, playing });
    },
    subscribe: (listener) => store.subscribe(listener),
  });
  return () => {
    stop();
    transport.pause();
  };
}
