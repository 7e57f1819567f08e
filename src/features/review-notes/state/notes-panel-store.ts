/**
 * What the storyboard's and the characters' note markers ask of the notes panel (both belong to
 * this feature; the plan review composes them): write a note about a scene or a character, or
 * show only the notes about one. Ephemeral: it lasts as long as the page; a note's own link uses
 * the URL instead.
 */
import { create } from 'zustand';
import type { AnchorChoice } from '../model/anchors.ts';
import type { NotesAbout } from '../model/note-list.ts';

interface NotesPanelState {
  /** The revision the requests below are for. */
  revisionId: string | null;
  /** The anchor to write a note about, and a counter that goes up with every request. */
  compose: { anchor: AnchorChoice; request: number } | null;
  about: NotesAbout;
  composeAbout(revisionId: string, anchor: AnchorChoice): void;
  showAbout(revisionId: string, about: NotesAbout): void;
}

export const useNotesPanelStore = create<NotesPanelState>((set) => ({
  revisionId: null,
  compose: null,
  about: null,
  composeAbout: (revisionId, anchor) =>
    set((state) => ({
      revisionId,
      compose: { anchor, request: (state.compose?.request ?? 0) + 1 },
      about: state.revisionId === revisionId ? state.about : null,
    })),
  showAbout: (revisionId, about) =>
    set((state) => ({
      revisionId,
      about,
      compose: state.revisionId === revisionId ? state.compose : null,
    })),
}));
