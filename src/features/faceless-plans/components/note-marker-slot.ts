/** The plan review's slot for another feature's note markers (on scenes and characters). */
import type { ComponentType } from 'react';

/** What a note marker is put beside: a scene of the storyboard or a character. */
export type NoteMarkerTarget =
  { kind: 'scene'; sceneIndex: number } | { kind: 'character'; characterId: string };

/** A marker of the notes about a scene or a character (another feature's, composed by the route). */
export type NoteMarkerSlot = ComponentType<{
  projectId: string;
  revisionId: string;
  target: NoteMarkerTarget;
}>;
