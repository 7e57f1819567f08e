import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Decision, PlanNotes } from '@/api/bff-schema.gen.ts';
import { planNotesQueryOptions } from '@/api/plan-notes.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { useStagedMount } from '@/lib/use-staged-mount.ts';
import { anchorLabel } from '../model/anchors.ts';
import { NOTE_FILTERS, openNotesWords, shownNotes, type NotesFilter } from '../model/note-list.ts';
import { personName } from '../model/people.ts';
import { useNotesPanelStore } from '../state/notes-panel-store.ts';
import { NoteComposer } from './note-composer.tsx';
import { NoteThread, noteElementId, type ThreadContext } from './note-thread.tsx';

/** Notes rendered with the page; the rest follow in batches of NOTES_BATCH after it paints. */
const FIRST_NOTES = 20;
const NOTES_BATCH = 60;

const FILTER_LABELS: Record<NotesFilter, string> = {
  open: 'Open',
  resolved: 'Resolved',
  all: 'All',
};

/**
 * The notes of a plan revision, beside its review: a new note (unless the key is read-only), the
 * notes (open ones first shown; resolved and all on demand; only one scene's or character's when
 * a marker asked), each with its replies, the decisions taken, and the notes that moved on to a
 * later revision. `focusNote` (from the URL) opens at that note. When the BFF's database cannot
 * be reached, the panel says so and the rest of the page works as before.
 */
export function NotesPanel({
  projectId,
  revision,
  currentUserId,
  focusNote,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  currentUserId: string | undefined;
  focusNote?: string | undefined;
}) {
  const notes = useQuery(planNotesQueryOptions(projectId, revision.id));
  return (
    <section
      id="plan-notes"
      aria-labelledby="notes-heading"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <header className="flex flex-wrap items-baseline gap-x-3">
        <h2 id="notes-heading" className="text-lg font-semibold">
          Notes
        </h2>
        {notes.data ? (
          <p className="text-sm text-slate-700">
            {openNotesWords(notes.data.state.open_notes)}
            {notes.data.state.resolved_notes > 0
              ? `, ${notes.data.state.resolved_notes} resolved`
              : ''}
          </p>
        ) : null}
      </header>
      {notes.isPending ? (
        <LoadingState label="Loading notes…" />
      ) : notes.isError && !notes.data ? (
        <ErrorState error={notes.error} onRetry={() => void notes.refetch()} />
      ) : (
        <NotesBody
          projectId={projectId}
          revision={revision}
          data={notes.data}
          currentUserId={currentUserId}
          focusNote={focusNote}
        />
      )}
    </section>
  );
}

function NotesBody({
  projectId,
  revision,
  data,
  currentUserId,
  focusNote,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  data: PlanNotes;
  currentUserId: string | undefined;
  focusNote: string | undefined;
}) {
  const now = useNow(30_000);
  const plan = revision.plan;
  const focused = data.notes.find((note) => note.id === focusNote);
  // A note opened by its link shows whatever its state.
  const [filter, setFilter] = useState<NotesFilter>(
    focused?.status === 'resolved' ? 'all' : 'open',
  );
  const about = useNotesPanelStore((state) =>
    state.revisionId === revision.id ? state.about : null,
  );
  const showAbout = useNotesPanelStore((state) => state.showAbout);
  // A note listed under this filter stays listed (in its new state) when it changes underneath
  // (resolved here or by someone else): the list does not jump, and a refusal stays by its note.
  const [kept, setKept] = useState<{ key: unknown; ids: ReadonlySet<string> }>({
    key: null,
    ids: new Set(),
  });
  const keyOfView = `${filter}|${JSON.stringify(about)}`;
  const matching = useMemo(
    () => shownNotes(data.notes, filter, about, plan),
    [data.notes, filter, about, plan],
  );
  const keptIds = kept.key === keyOfView ? kept.ids : null;
  const shown = useMemo(
    () =>
      keptIds
        ? shownNotes(data.notes, 'all', about, plan).filter(
            (note) => keptIds.has(note.id) || matching.includes(note),
          )
        : matching,
    [keptIds, data.notes, about, plan, matching],
  );
  if (!keptIds || shown.some((note) => !keptIds.has(note.id))) {
    setKept({ key: keyOfView, ids: new Set(shown.map((note) => note.id)) });
  }
  const context: ThreadContext = useMemo(
    () => ({
      where: { projectId, revisionId: revision.id },
      plan,
      currentUserId,
      canWrite: data.can_write,
      now,
    }),
    [projectId, revision.id, plan, currentUserId, data.can_write, now],
  );

  // A long list shows its first notes with the page, and the rest in batches after that paint
  // (each batch a transition that yields to input): the panel opens at once whatever it holds.
  const stage = useStagedMount(Math.ceil(Math.max(0, shown.length - FIRST_NOTES) / NOTES_BATCH));
  const mounted = shown.slice(0, FIRST_NOTES + stage * NOTES_BATCH);

  // Opened at a note (its link): bring it into view once it is listed.
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!focusNote || scrolledTo.current === focusNote) return;
    const element = document.getElementById(noteElementId(focusNote));
    if (!element) return;
    scrolledTo.current = focusNote;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [focusNote, mounted.length]);

  const movedAway = data.carried_away.find((moved) => moved.note_id === focusNote);
  const aboutLabel = about
    ? 'scene' in about
      ? anchorLabel({ kind: 'scene', scene_index: about.scene }, plan)
      : anchorLabel({ kind: 'character', character_id: about.character }, plan)
    : null;

  return (
    <>
      {data.can_write ? (
        <NoteComposer projectId={projectId} revision={revision} currentUserId={currentUserId} />
      ) : (
        <p role="note" className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
          Your key is read-only: you can read these notes, not write or resolve them. Sign in with a
          key that may make changes to add one.
        </p>
      )}

      {movedAway ? (
        <p role="note" className="rounded-md bg-sky-50 p-3 text-sm text-sky-950">
          The note you opened moved on to{' '}
          <Link
            to="/projects/$projectId/plans/$revisionId"
            params={{ projectId, revisionId: movedAway.to_revision_id }}
            search={{ tab: 'overview', note: movedAway.note_id }}
            className="font-medium underline"
          >
            revision {movedAway.to_revision ?? 'a later one'}
          </Link>{' '}
          when it was made.
        </p>
      ) : null}

      <div role="group" aria-label="Show notes" className="flex flex-wrap items-center gap-1">
        {NOTE_FILTERS.map((value) => (
          <Button
            key={value}
            variant={filter === value ? 'primary' : 'secondary'}
            aria-pressed={filter === value}
            className="px-3 py-1"
            onClick={() => setFilter(value)}
          >
            {FILTER_LABELS[value]}
          </Button>
        ))}
        {aboutLabel ? (
          <span className="ml-1 inline-flex flex-wrap items-center gap-1 text-sm text-slate-700">
            about {aboutLabel}
            <Button
              variant="ghost"
              className="px-2 py-1"
              onClick={() => showAbout(revision.id, null)}
            >
              Show every note
            </Button>
          </span>
        ) : null}
      </div>

      {shown.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-sm text-slate-700">
          {data.notes.length === 0
            ? data.can_write
              ? 'No notes yet. Say what should change: about the whole revision, a scene, a character or a span of time.'
              : 'No notes on this revision.'
            : filter === 'open'
              ? `No open notes${aboutLabel ? ` about ${aboutLabel}` : ''}: everything raised is resolved.`
              : `No ${filter === 'resolved' ? 'resolved ' : ''}notes${aboutLabel ? ` about ${aboutLabel}` : ''}.`}
        </p>
      ) : (
        <ol
          aria-label={`${FILTER_LABELS[filter]} notes`}
          aria-busy={mounted.length < shown.length}
          className="flex flex-col gap-3"
        >
          {mounted.map((note) => (
            <li key={note.id}>
              <NoteThread note={note} context={context} highlighted={note.id === focusNote} />
            </li>
          ))}
        </ol>
      )}

      {data.decisions.length > 0 ? (
        <Decisions decisions={data.decisions} currentUserId={currentUserId} />
      ) : null}
      {data.carried_away.length > 0 ? (
        <p className="text-sm text-slate-700">
          {data.carried_away.length === 1 ? 'One note' : `${data.carried_away.length} notes`} of
          this revision moved on to{' '}
          {[
            ...new Map(data.carried_away.map((moved) => [moved.to_revision_id, moved])).values(),
          ].map((moved, index) => (
            <span key={moved.to_revision_id}>
              {index > 0 ? ', ' : ''}
              <Link
                to="/projects/$projectId/plans/$revisionId"
                params={{ projectId, revisionId: moved.to_revision_id }}
                search={{ tab: 'overview' }}
                className="font-medium text-indigo-700 underline"
              >
                revision {moved.to_revision ?? '(later)'}
              </Link>
            </span>
          ))}
          , where they are listed.
        </p>
      ) : null}
    </>
  );
}

const DECISION_WORDS: Record<Decision['kind'], string> = {
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

function Decisions({
  decisions,
  currentUserId,
}: {
  decisions: readonly Decision[];
  currentUserId: string | undefined;
}) {
  return (
    <section aria-labelledby="decisions-heading" className="border-t border-slate-200 pt-3">
      <h3 id="decisions-heading" className="text-sm font-semibold">
        Decisions
      </h3>
      <ol className="mt-1 flex flex-col gap-1 text-sm text-slate-800">
        {decisions.map((decision) => (
          <li key={decision.id}>
            <span className="font-medium">
              {DECISION_WORDS[decision.kind]}
              {decision.kind === 'approved' ? ` (${decision.stage})` : ''}
            </span>{' '}
            by {personName({ id: decision.user_id, name: decision.user_name }, currentUserId)} ·{' '}
            <time dateTime={decision.created_at}>{formatDateTime(decision.created_at)}</time>
            {decision.kind === 'changes_requested'
              ? ` · ${decision.open_notes} open ${decision.open_notes === 1 ? 'note' : 'notes'}`
              : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
