/**
 * The 15 minutes after writing a note in which its author may edit or delete it
 * (`editable_until`, set by the BFF): who may, and how long is left, in words.
 */
import type { Note } from '@/api/bff-schema.gen.ts';

export function canChangeOwn(note: Note, currentUserId: string | undefined, now: number): boolean {
  return note.author_id === currentUserId && Date.parse(note.editable_until) > now;
}

/** "12 minutes left", "less than a minute left". */
export function timeLeftWords(note: Note, now: number): string {
  const minutes = Math.floor((Date.parse(note.editable_until) - now) / 60_000);
  if (minutes < 1) return 'less than a minute left';
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
}

/** When the window closes, in ms from now (0 once it has), for a timer that hides the controls. */
export const msUntilClosed = (note: Note, now: number): number =>
  Math.max(0, Date.parse(note.editable_until) - now);
