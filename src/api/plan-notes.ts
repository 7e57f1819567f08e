/**
 * Notes and decisions on a plan revision, as the BFF keeps them: one query per revision, shared by
 * the notes panel, the storyboard's scene markers and "Request changes" (several features read
 * them; only the notes feature writes notes). A note that arrives (an answer, a live event) is
 * written into the cached revision at once, the copy with the higher `version` winning.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { bff, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';
import type { Note, PlanNotes } from './bff-schema.gen.ts';

export const planNotesQueryOptions = (projectId: string, revisionId: string) =>
  queryOptions({
    queryKey: queryKeys.planNotes.revision(projectId, revisionId),
    queryFn: ({ signal }) =>
      unwrap(
        bff.GET('/bff/projects/{projectId}/faceless/plans/{revisionId}/notes', {
          params: { path: { projectId, revisionId } },
          signal,
        }),
      ),
    // Live events keep an open revision's notes true; a refetch on focus would only repeat them.
    staleTime: 30_000,
  });

/** Notes that are open (not resolved), replies aside. */
export const openNotesOf = (notes: readonly Note[]) =>
  notes.filter((note) => note.parent_id === null && note.status === 'open');

const newer = (candidate: Note, current: Note | undefined) =>
  current === undefined || candidate.version >= current.version;

/** The revision's notes with `note` (a note or a reply) put where it belongs. */
export function withNote(notes: readonly Note[], note: Note): Note[] {
  if (note.parent_id === null) {
    const at = notes.findIndex((candidate) => candidate.id === note.id);
    if (at < 0) return [...notes, note];
    if (!newer(note, notes[at])) return [...notes];
    return notes.map((candidate, index) => (index === at ? note : candidate));
  }
  return notes.map((parent) => {
    if (parent.id !== note.parent_id) return parent;
    const at = parent.replies.findIndex((reply) => reply.id === note.id);
    if (at >= 0 && !newer(note, parent.replies[at])) return parent;
    const replies =
      at < 0
        ? [...parent.replies, note]
        : parent.replies.map((reply, index) => (index === at ? note : reply));
    return { ...parent, replies };
  });
}

/** The revision's notes without the note or reply `noteId` (a note's replies go with it). */
export function withoutNote(notes: readonly Note[], noteId: string): Note[] {
  return notes
    .filter((note) => note.id !== noteId)
    .map((note) =>
      note.replies.some((reply) => reply.id === noteId)
        ? { ...note, replies: note.replies.filter((reply) => reply.id !== noteId) }
        : note,
    );
}

/** The counts a revision's notes add up to (the `state` the list carries). */
function recount(data: PlanNotes, notes: Note[]): PlanNotes {
  const open = openNotesOf(notes).length;
  const resolved = notes.filter((note) => note.parent_id === null && note.status === 'resolved');
  return {
    ...data,
    notes,
    state: { ...data.state, open_notes: open, resolved_notes: resolved.length },
  };
}

/**
 * Writes a note (or a reply) that arrived, or the removal of one, into the cached notes of its
 * revision. Returns whether that revision was cached (when not, nothing is there to keep true).
 */
export function putNoteInCache(
  client: QueryClient,
  where: { projectId: string; revisionId: string },
  change: { note: Note } | { removed: string },
): boolean {
  const key = queryKeys.planNotes.revision(where.projectId, where.revisionId);
  const data = client.getQueryData<PlanNotes>(key);
  if (!data) return false;
  const notes =
    'note' in change ? withNote(data.notes, change.note) : withoutNote(data.notes, change.removed);
  client.setQueryData<PlanNotes>(key, recount(data, notes));
  return true;
}
