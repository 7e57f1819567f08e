/**
 * Which notes the panel shows (open, resolved or all; only those about one scene or character)
 * and how many open notes each scene and character has (the storyboard's markers).
 */
import type { Note } from '@/api/bff-schema.gen.ts';
import type { Plan } from '@/api/schema.gen.ts';
import { anchorScenes } from './anchors.ts';

export const NOTE_FILTERS = ['open', 'resolved', 'all'] as const;
export type NotesFilter = (typeof NOTE_FILTERS)[number];

/** Only the notes about this scene (0-based) or this character. */
export type NotesAbout = { scene: number } | { character: string } | null;

const isAbout = (note: Note, about: NotesAbout, plan: Plan | undefined): boolean => {
  if (!about) return true;
  if ('scene' in about) return anchorScenes(note.anchor, plan).includes(about.scene);
  return note.anchor?.kind === 'character' && note.anchor.character_id === about.character;
};

/** The notes (not replies: they follow their note) the panel lists, oldest first. */
export function shownNotes(
  notes: readonly Note[],
  filter: NotesFilter,
  about: NotesAbout = null,
  plan?: Plan,
): Note[] {
  return notes.filter(
    (note) =>
      note.parent_id === null &&
      (filter === 'all' || note.status === filter) &&
      isAbout(note, about, plan),
  );
}

/** Open notes per scene (a span counts for every scene it covers). */
export function openNotesByScene(notes: readonly Note[], plan?: Plan): Map<number, number> {
  const counts = new Map<number, number>();
  for (const note of notes) {
    if (note.parent_id !== null || note.status !== 'open') continue;
    for (const scene of anchorScenes(note.anchor, plan)) {
      counts.set(scene, (counts.get(scene) ?? 0) + 1);
    }
  }
  return counts;
}

/** Open notes per character id. */
export function openNotesByCharacter(notes: readonly Note[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const note of notes) {
    if (note.parent_id !== null || note.status !== 'open' || note.anchor?.kind !== 'character') {
      continue;
    }
    counts.set(note.anchor.character_id, (counts.get(note.anchor.character_id) ?? 0) + 1);
  }
  return counts;
}

/** "3 open notes", "1 open note", "No open notes". */
export function openNotesWords(count: number): string {
  if (count === 0) return 'No open notes';
  return `${count} open ${count === 1 ? 'note' : 'notes'}`;
}
