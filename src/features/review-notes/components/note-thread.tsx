import { Link } from '@tanstack/react-router';
import { memo, useState } from 'react';
import type { Note } from '@/api/bff-schema.gen.ts';
import type { Plan } from '@/api/schema.gen.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { CopyableId } from '@/components/copyable-id.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import {
  useDeleteNote,
  useEditNote,
  useReply,
  useSetNoteStatus,
  type RevisionRef,
} from '../api/notes-mutations.ts';
import { anchorLabel, anchorPlace } from '../model/anchors.ts';
import { carryWords } from '../model/carry-words.ts';
import { canChangeOwn, timeLeftWords } from '../model/edit-window.ts';
import { noteTextProblem } from '../model/note-text.ts';
import { isUnnamed, personName } from '../model/people.ts';
import { useNoteDraft } from '../state/note-drafts.ts';
import { NoteTextArea } from './note-text-area.tsx';
import { NoteText } from './note-text.tsx';

export const noteElementId = (noteId: string) => `note-${noteId}`;

interface ThreadContext {
  where: RevisionRef;
  plan: Plan | undefined;
  currentUserId: string | undefined;
  canWrite: boolean;
  now: number;
}

/** Who wrote it ("You", their name, or a member without one, whose id shows on demand). */
function Author({
  id,
  name,
  currentUserId,
}: {
  id: string;
  name: string | null;
  currentUserId?: string;
}) {
  const [showId, setShowId] = useState(false);
  const person = { id, name };
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="font-medium text-slate-900">{personName(person, currentUserId)}</span>
      {isUnnamed(person, currentUserId) ? (
        showId ? (
          <CopyableId id={id} what="user" />
        ) : (
          <button
            type="button"
            onClick={() => setShowId(true)}
            className="rounded px-1 text-xs text-indigo-700 underline hover:bg-indigo-50"
          >
            Show id
          </button>
        )
      ) : null}
    </span>
  );
}

function When({ note }: { note: Note }) {
  return (
    <span className="text-xs text-slate-600">
      <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
      {note.edited_at ? ' · edited' : ''}
    </span>
  );
}

/** Edit (in place) and delete, for one's own note or reply while its 15 minutes last. */
function OwnChanges({
  note,
  context,
  onEdit,
}: {
  note: Note;
  context: ThreadContext;
  onEdit(): void;
}) {
  const remove = useDeleteNote(context.where);
  const [confirming, setConfirming] = useState(false);
  const what = note.parent_id ? 'reply' : 'note';
  return (
    <>
      <Button variant="ghost" className="px-2 py-1" onClick={onEdit}>
        Edit<span className="sr-only"> your {what}</span>
      </Button>
      {confirming ? (
        <span className="inline-flex items-center gap-1 text-sm">
          Delete this {what}?
          <Button
            variant="danger"
            className="px-2 py-1"
            pending={remove.isPending}
            onClick={() => remove.mutate(note)}
          >
            Delete
          </Button>
          <Button variant="ghost" className="px-2 py-1" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </span>
      ) : (
        <Button variant="ghost" className="px-2 py-1" onClick={() => setConfirming(true)}>
          Delete<span className="sr-only"> your {what}</span>
        </Button>
      )}
      <span className="text-xs text-slate-500">{timeLeftWords(note, context.now)}</span>
      {remove.error ? (
        <span className="basis-full">
          <InlineError error={remove.error} />
        </span>
      ) : null}
    </>
  );
}

/** The text of one's own note or reply, edited in place (kept on this device until saved). */
function EditForm({
  note,
  context,
  onDone,
}: {
  note: Note;
  context: ThreadContext;
  onDone(): void;
}) {
  const [draft, update, clear] = useNoteDraft(
    context.where.revisionId,
    { kind: 'edit', noteId: note.id },
    { body: note.body },
  );
  const edit = useEditNote(context.where);
  const problem = noteTextProblem(draft.body);
  const save = () => {
    if (problem || edit.isPending) return;
    edit.mutate(
      { note, body: draft.body },
      {
        onSuccess: () => {
          clear();
          onDone();
        },
      },
    );
  };
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <NoteTextArea
        label={note.parent_id ? 'Your reply' : 'Your note'}
        value={draft.body}
        onChange={(body) => update({ body })}
        onSubmitKey={save}
      />
      {problem && draft.body.trim() === '' ? (
        <p role="alert" className="text-xs text-red-700">
          {problem}
        </p>
      ) : null}
      <InlineError error={edit.error} fieldLabels={{ body: 'Your note' }} />
      <div className="flex gap-2">
        <Button type="submit" pending={edit.isPending} disabled={Boolean(problem)}>
          Save
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            clear();
            onDone();
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ReplyForm({
  note,
  context,
  onDone,
}: {
  note: Note;
  context: ThreadContext;
  onDone(): void;
}) {
  const [draft, update, clear] = useNoteDraft(
    context.where.revisionId,
    { kind: 'reply', noteId: note.id },
    { body: '' },
  );
  const reply = useReply(context.where);
  const [tried, setTried] = useState(false);
  const problem = noteTextProblem(draft.body);
  const send = () => {
    setTried(true);
    if (problem || reply.isPending) return;
    reply.mutate(
      { noteId: note.id, body: draft.body },
      {
        onSuccess: () => {
          clear();
          onDone();
        },
      },
    );
  };
  return (
    <form
      aria-label="Reply"
      className="mt-2 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <NoteTextArea
        label="Reply"
        value={draft.body}
        onChange={(body) => update({ body })}
        rows={2}
        onSubmitKey={send}
      />
      {tried && problem && draft.body.trim() === '' ? (
        <p role="alert" className="text-xs text-red-700">
          {problem}
        </p>
      ) : null}
      <InlineError error={reply.error} fieldLabels={{ body: 'Reply' }} />
      <div className="flex gap-2">
        <Button type="submit" pending={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A reply: author, time, text; its author may change it for 15 minutes. */
function Reply({ reply, context }: { reply: Note; context: ThreadContext }) {
  const [editing, setEditing] = useState(false);
  const own = canChangeOwn(reply, context.currentUserId, context.now) && context.canWrite;
  return (
    <li className="border-l-2 border-slate-200 pl-3">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Author
          id={reply.author_id}
          name={reply.author_name}
          currentUserId={context.currentUserId}
        />
        <When note={reply} />
      </div>
      {editing ? (
        <EditForm note={reply} context={context} onDone={() => setEditing(false)} />
      ) : (
        <>
          <NoteText text={reply.body} />
          {own ? (
            <div className="flex flex-wrap items-center gap-1">
              <OwnChanges note={reply} context={context} onEdit={() => setEditing(true)} />
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}

/**
 * One note and its replies: what it is about (a link that opens the revision there), who wrote
 * it and when, where it was carried from and whether its scene changed since, its text, and what
 * can be done (reply, resolve or reopen; edit and delete one's own for 15 minutes).
 */
export const NoteThread = memo(function NoteThread({
  note,
  context,
  highlighted,
}: {
  note: Note;
  context: ThreadContext;
  highlighted: boolean;
}) {
  const [mode, setMode] = useState<'read' | 'edit' | 'reply'>('read');
  const status = useSetNoteStatus(context.where);
  const own = canChangeOwn(note, context.currentUserId, context.now) && context.canWrite;
  const carried = note.carried_from ? carryWords(note.carried_from) : null;
  const label = anchorLabel(note.anchor, context.plan);
  const resolved = note.status === 'resolved';
  return (
    <article
      id={noteElementId(note.id)}
      aria-label={`Note about ${label}`}
      tabIndex={-1}
      className={`rounded-lg border p-3 [content-visibility:auto] [contain-intrinsic-size:auto_9rem] focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 ${
        highlighted
          ? 'border-indigo-500 bg-indigo-50'
          : resolved
            ? 'border-slate-200 bg-slate-50'
            : 'border-slate-200 bg-white'
      }`}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Link
          to="/projects/$projectId/plans/$revisionId"
          params={{ projectId: context.where.projectId, revisionId: context.where.revisionId }}
          search={anchorPlace(note.anchor, note.id, context.plan)}
          className="text-sm font-semibold text-indigo-700 underline"
        >
          {label}
        </Link>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            resolved ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {resolved ? 'Resolved' : 'Open'}
        </span>
        {carried ? (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${
              carried.changed ? 'bg-sky-100 text-sky-900' : 'bg-slate-100 text-slate-800'
            }`}
          >
            {carried.badge}
          </span>
        ) : null}
      </header>
      <div className="mt-1 flex flex-wrap items-baseline gap-x-2">
        <Author id={note.author_id} name={note.author_name} currentUserId={context.currentUserId} />
        <When note={note} />
      </div>
      {carried ? (
        <p className="mt-1 text-xs text-slate-700">
          {carried.from}
          {note.carried_from && note.carried_from.from_anchor.kind !== note.anchor?.kind
            ? `, where it was about ${anchorLabel(note.carried_from.from_anchor).toLowerCase()}`
            : ''}
          .{carried.detail ? ` ${carried.detail}` : ''}
        </p>
      ) : null}
      {mode === 'edit' ? (
        <EditForm note={note} context={context} onDone={() => setMode('read')} />
      ) : (
        <div className="mt-2">
          <NoteText text={note.body} />
        </div>
      )}
      {resolved && note.resolved_by ? (
        <p className="mt-1 text-xs text-slate-700">
          Resolved by{' '}
          {personName({ id: note.resolved_by, name: note.resolved_by_name }, context.currentUserId)}
          {note.resolved_at ? ` · ${formatDateTime(note.resolved_at)}` : ''}
        </p>
      ) : null}
      {mode !== 'edit' ? (
        <div className="mt-2 flex flex-wrap items-center gap-1">
          {context.canWrite ? (
            <>
              <Button
                variant="secondary"
                className="px-2 py-1"
                pending={status.isPending}
                onClick={() => status.mutate({ note, status: resolved ? 'open' : 'resolved' })}
              >
                {resolved ? 'Reopen' : 'Resolve'}
                <span className="sr-only"> the note about {label}</span>
              </Button>
              <Button
                variant="ghost"
                className="px-2 py-1"
                aria-expanded={mode === 'reply'}
                onClick={() => setMode(mode === 'reply' ? 'read' : 'reply')}
              >
                Reply<span className="sr-only"> to the note about {label}</span>
              </Button>
            </>
          ) : null}
          {own ? <OwnChanges note={note} context={context} onEdit={() => setMode('edit')} /> : null}
        </div>
      ) : null}
      <InlineError error={status.error} />
      {note.replies.length > 0 ? (
        <ol aria-label={`Replies to the note about ${label}`} className="mt-3 flex flex-col gap-2">
          {note.replies.map((reply) => (
            <Reply key={reply.id} reply={reply} context={context} />
          ))}
        </ol>
      ) : null}
      {mode === 'reply' ? (
        <ReplyForm note={note} context={context} onDone={() => setMode('read')} />
      ) : null}
    </article>
  );
});

export type { ThreadContext };
