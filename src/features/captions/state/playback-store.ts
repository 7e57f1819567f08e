/**
 * Playback of the caption preview: playing or not, the playhead, and the word spoken at it.
 * Ephemeral (zustand) and apart from the editor's store: the playhead moves every frame while
 * playing, and only the few views that show it follow it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface PlaybackState {
  playing: boolean;
  playhead: number;
  /** The word spoken at the playhead (the active word), or null between words. */
  spokenId: string | null;
}

export type PlaybackStore = StoreApi<PlaybackState>;

export const createPlaybackStore = (): PlaybackStore =>
  createStore<PlaybackState>()(() => ({ playing: false, playhead: 0, spokenId: null }));
