/**
 * Writing notes: a note, a reply, an edit, a delete, resolve and reopen. Each answer is written
 * into the revision's cached notes at once (the live event that follows finds it there), and the
 * counts every other screen shows are read again. Writes that create something carry one
 * Idempotency-Key across retries; edits and status changes carry `expected_version` (a retry of
 * one's own change is answered as it is, never a conflict). A conflict reads the notes again, so
 * the panel shows what the other person did while the error says it in words.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error.ts';
import { bff, unwrap } from '@/api/client.ts';
import { putNoteInCache } from '@/api/plan-notes.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { retryDelayMs, shouldRetry } from '@/api/retry-policy.ts';
import { useIdempotentMutation } from '@/api/use-idempotent-mutation.ts';
import type { Note, NoteAnchor, NoteStatus } from '@/api/bff-schema.gen.ts';

export interface RevisionRef {
  projectId: string;
  revisionId: string;
}

/** What a note change makes stale beyond the revision's own notes. */
function afterChange(client: QueryClient, where: RevisionRef, error: unknown) {
  const reads = [
    client.invalidateQueries({ queryKey: queryKeys.reviewStates.all }),
    client.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ];
  // Refused because the note moved on (someone resolved, replied, deleted): read it as it is.
  if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
    reads.push(
      client.invalidateQueries({
        queryKey: queryKeys.planNotes.revision(where.projectId, where.revisionId),
      }),
    );
  }
  return Promise.all(reads);
}

export function useCreateNote(where: RevisionRef) {
  const client = useQueryClient();
  return useIdempotentMutation<Note, { anchor: NoteAnchor; body: string }>({
    mutationFn: ({ anchor, body }, idempotencyKey) =>
      unwrap(
        bff.POST('/bff/projects/{projectId}/faceless/plans/{revisionId}/notes', {
          params: {
            path: { projectId: where.projectId, revisionId: where.revisionId },
            header: { 'Idempotency-Key': idempotencyKey },
          },
          body: { anchor, body },
        }),
      ),
    onSuccess: (note) => void putNoteInCache(client, where, { note }),
    onSettled: (_note, error) => afterChange(client, where, error),
  });
}

export function useReply(where: RevisionRef) {
  const client = useQueryClient();
  return useIdempotentMutation<Note, { noteId: string; body: string }>({
    mutationFn: ({ noteId, body }, idempotencyKey) =>
      unwrap(
        bff.POST('/bff/notes/{noteId}/replies', {
          params: { path: { noteId }, header: { 'Idempotency-Key': idempotencyKey } },
          body: { body },
        }),
      ),
    onSuccess: (reply) => void putNoteInCache(client, where, { note: reply }),
    onSettled: (_note, error) => afterChange(client, where, error),
  });
}

export function useEditNote(where: RevisionRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ note, body }: { note: Note; body: string }) =>
      unwrap(
        bff.PATCH('/bff/notes/{noteId}', {
          params: { path: { noteId: note.id } },
          body: { body, expected_version: note.version },
        }),
      ),
    retry: shouldRetry,
    retryDelay: retryDelayMs,
    onSuccess: (note) => void putNoteInCache(client, where, { note }),
    onSettled: (_note, error) => afterChange(client, where, error),
  });
}

export function useDeleteNote(where: RevisionRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: Note) =>
      unwrap(
        bff.DELETE('/bff/notes/{noteId}', {
          params: { path: { noteId: note.id }, query: { expected_version: note.version } },
        }),
      ),
    // A retry after a lost answer finds the note gone (404): it was deleted, as asked.
    retry: shouldRetry,
    retryDelay: retryDelayMs,
    onSuccess: (_answer, note) => void putNoteInCache(client, where, { removed: note.id }),
    onSettled: (_answer, error) => afterChange(client, where, error),
  });
}

export function useSetNoteStatus(where: RevisionRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ note, status }: { note: Note; status: NoteStatus }) =>
      unwrap(
        bff.PUT('/bff/notes/{noteId}/status', {
          params: { path: { noteId: note.id } },
          body: { status, expected_version: note.version },
        }),
      ),
    retry: shouldRetry,
    retryDelay: retryDelayMs,
    onSuccess: (note) => void putNoteInCache(client, where, { note }),
    onSettled: (_note, error) => afterChange(client, where, error),
  });
}
