/**
 * Note text typed but not yet sent, kept on this device per revision and per place (the new
 * note, a reply to one note, an edit of one), so a reload or a crash loses none of it. Sent or
 * cancelled, it is removed.
 */
import { useCallback, useState } from 'react';
import { clearStored, deviceStorage, loadStored, saveStored } from '@/lib/device-storage.ts';

/** Where a draft is being written: the revision's new note, a reply, or an edit. */
export type DraftPlace =
  { kind: 'new' } | { kind: 'reply'; noteId: string } | { kind: 'edit'; noteId: string };

export interface NoteDraft {
  body: string;
  /** The new note's anchor, as the composer's choice value (e.g. `scene:2`). */
  anchor?: string;
  /** A span's start and end, as typed. */
  from?: string;
  to?: string;
}

export const noteDraftKey = (revisionId: string, place: DraftPlace) =>
  `cutroom:note-draft:${revisionId}:${place.kind === 'new' ? 'new' : `${place.kind}:${place.noteId}`}`;

const acceptDraft = (value: unknown): NoteDraft | null => {
  if (typeof value !== 'object' || value === null) return null;
  const draft = value as Record<string, unknown>;
  if (typeof draft.body !== 'string') return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  const anchor = text(draft.anchor);
  const from = text(draft.from);
  const to = text(draft.to);
  return {
    body: draft.body,
    ...(anchor !== undefined ? { anchor } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
};

export function loadNoteDraft(revisionId: string, place: DraftPlace): NoteDraft | null {
  return loadStored(deviceStorage(), noteDraftKey(revisionId, place), acceptDraft);
}

/**
 * A draft kept on the device as it is typed: `[draft, update, clear]`. An empty body with nothing
 * else chosen is not kept.
 */
export function useNoteDraft(
  revisionId: string,
  place: DraftPlace,
  initial: NoteDraft,
): [NoteDraft, (patch: Partial<NoteDraft>) => void, () => void] {
  const key = noteDraftKey(revisionId, place);
  const [draft, setDraft] = useState<NoteDraft>(
    () => loadStored(deviceStorage(), key, acceptDraft) ?? initial,
  );
  const update = useCallback(
    (patch: Partial<NoteDraft>) =>
      setDraft((current) => {
        const next = { ...current, ...patch };
        if (next.body === '' && place.kind !== 'new') clearStored(deviceStorage(), key);
        else saveStored(deviceStorage(), key, next);
        return next;
      }),
    [key, place.kind],
  );
  const clear = useCallback(() => {
    clearStored(deviceStorage(), key);
    setDraft(initial);
    // `initial` is the caller's starting value; a new object each render must not re-create this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return [draft, update, clear];
}
