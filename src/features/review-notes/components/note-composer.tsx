import { useEffect, useId, useRef, useState } from 'react';
import type { NoteAnchor } from '@/api/bff-schema.gen.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { formatSeconds } from '@/lib/format.ts';
import { useCreateNote } from '../api/notes-mutations.ts';
import {
  anchorLabel,
  choiceValue,
  sceneName,
  spanProblem,
  storyboardSpan,
  type AnchorChoice,
} from '../model/anchors.ts';
import { noteTextProblem } from '../model/note-text.ts';
import { useNoteDraft } from '../state/note-drafts.ts';
import { useNotesPanelStore } from '../state/notes-panel-store.ts';
import { DisplayNameOffer } from './display-name.tsx';
import { NoteTextArea } from './note-text-area.tsx';

const FIELD_LABELS = { body: 'Note', anchor: 'About', 'anchor.scene_index': 'About' };

/** The choices of "About": the revision, each scene, each character, a span of time. */
function anchorChoices(revision: FacelessPlanRevision): Array<readonly [string, string]> {
  const plan = revision.plan ?? {};
  const scenes = [...(plan.scenes ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return [
    ['revision', 'The whole revision'],
    ...scenes.map(
      (scene) => [`scene:${scene.index ?? 0}`, sceneName(scene.index ?? 0, scene.title)] as const,
    ),
    ...(plan.characters ?? []).map(
      (character) =>
        [
          `character:${character.id ?? ''}`,
          `${character.name ?? 'A character'} (character)`,
        ] as const,
    ),
    ...(scenes.length > 0 ? [['time_span', 'A span of time…'] as const] : []),
  ];
}

/** The anchor a choice value stands for (the span's seconds from the two fields). */
function anchorOf(value: string, from: string, to: string): NoteAnchor | null {
  if (value === 'revision') return { kind: 'revision' };
  if (value === 'time_span') {
    return { kind: 'time_span', start_seconds: Number(from), end_seconds: Number(to) };
  }
  const [kind, id] = value.split(/:(.*)/s);
  if (kind === 'scene' && id !== undefined && /^\d+$/.test(id)) {
    return { kind: 'scene', scene_index: Number(id) };
  }
  if (kind === 'character' && id) return { kind: 'character', character_id: id };
  return null;
}

/**
 * A new note on the revision: what it is about, its text (counted as typed, kept on this device
 * until it is sent), and, for someone without a display name, an offer to set one that never
 * stands in the way.
 */
export function NoteComposer({
  projectId,
  revision,
  currentUserId,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  currentUserId: string | undefined;
}) {
  const [draft, update, clear] = useNoteDraft(
    revision.id,
    { kind: 'new' },
    {
      body: '',
      anchor: 'revision',
    },
  );
  const create = useCreateNote({ projectId, revisionId: revision.id });
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const selectId = useId();
  const choices = anchorChoices(revision);
  const value = choices.some(([option]) => option === draft.anchor) ? draft.anchor : 'revision';
  const span = storyboardSpan(revision.plan);

  // A marker on a scene or a character asks to write about it: choose it and go to the text.
  const compose = useNotesPanelStore((state) =>
    state.revisionId === revision.id ? state.compose : null,
  );
  const handled = useRef(compose?.request ?? 0);
  useEffect(() => {
    if (!compose || compose.request === handled.current) return;
    handled.current = compose.request;
    update({ anchor: choiceValue(compose.anchor as AnchorChoice) });
    setSent(null);
    textRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    textRef.current?.focus({ preventScroll: true });
  }, [compose, update]);

  const anchor = anchorOf(value ?? 'revision', draft.from ?? '', draft.to ?? '');
  const anchorProblem =
    anchor?.kind === 'time_span'
      ? spanProblem(revision.plan, anchor.start_seconds, anchor.end_seconds)
      : anchor
        ? null
        : 'Choose what the note is about.';
  const textProblem = noteTextProblem(draft.body);
  const refusal = textProblem ?? anchorProblem;

  const send = () => {
    setTried(true);
    if (refusal || !anchor || create.isPending) return;
    create.mutate(
      { anchor, body: draft.body },
      {
        onSuccess: (note) => {
          clear();
          setTried(false);
          setSent(`Note added about ${anchorLabel(note.anchor, revision.plan).toLowerCase()}.`);
        },
      },
    );
  };

  return (
    <form
      aria-label="New note"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
          About
        </label>
        <select
          id={selectId}
          value={value}
          onChange={(event) => update({ anchor: event.target.value })}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          {choices.map(([option, label]) => (
            <option key={option} value={option}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {value === 'time_span' && span ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-700">
            Span of the storyboard, in seconds ({formatSeconds(span.start)}–
            {formatSeconds(span.end)})
          </legend>
          <div className="flex gap-3">
            <label className="flex flex-1 flex-col gap-1 text-sm">
              From
              <input
                type="number"
                inputMode="decimal"
                step="0.1"
                min={span.start}
                max={span.end}
                value={draft.from ?? ''}
                onChange={(event) => update({ from: event.target.value })}
                className="rounded-md border border-slate-300 px-3 py-2"
              />
            </label>
            <label className="flex flex-1 flex-col gap-1 text-sm">
              To
              <input
                type="number"
                inputMode="decimal"
                step="0.1"
                min={span.start}
                max={span.end}
                value={draft.to ?? ''}
                onChange={(event) => update({ to: event.target.value })}
                className="rounded-md border border-slate-300 px-3 py-2"
              />
            </label>
          </div>
          {anchorProblem && (tried || (draft.from && draft.to)) ? (
            <p role="alert" className="text-xs text-red-700">
              {anchorProblem}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <NoteTextArea
        label="Note"
        value={draft.body}
        onChange={(body) => {
          update({ body });
          setSent(null);
        }}
        textareaRef={textRef}
        onSubmitKey={send}
      />
      {tried && textProblem && draft.body.trim() === '' ? (
        <p role="alert" className="text-xs text-red-700">
          {textProblem}
        </p>
      ) : null}
      <InlineError error={create.error} fieldLabels={FIELD_LABELS} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={create.isPending} disabled={Boolean(refusal) && tried}>
          {create.isPending ? 'Adding…' : 'Add note'}
        </Button>
        <p role="status" className="text-sm text-emerald-800 empty:hidden">
          {sent}
        </p>
      </div>
      <DisplayNameOffer currentUserId={currentUserId} />
    </form>
  );
}
