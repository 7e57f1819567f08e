/**
 * The caption styler's editor, built with the editor kit's `createEditor` over one document made
 * of two resources: the project's words and its caption style. Two of the kit's capabilities are
 * on:
 *
 * - `persist` (the outbox, editor-kit/outbox.ts): every change is kept until the service confirms
 *   it, saved one request at a time (the changes of the same words that waited behind a save go
 *   out as one request), sent at the revisions this browser's own earlier saves produced (a 409
 *   means someone else changed the words), held and kept on this device when a save fails for a
 *   reason that may pass, and reconciled with the service after a reload;
 * - `live`: a slider dragged or a timing handle moved shows its change (`draft`) before it is
 *   saved (`preview`, `commitLive`, `cancelLive`).
 *
 * What is the styler's own: how a change is sent (two requests, words then style), what a
 * conflict re-check left out (said after the save), and that the timeline's per-item caption words
 * are refreshed after a save.
 */
import type { QueryClient } from '@tanstack/query-core';
import { ApiError } from '@/api/api-error.ts';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { createEditor, type EditorWithOutbox } from '@/editor-kit/editor.ts';
import { OwnRevisions } from '@/editor-kit/save-queue.ts';
import { updateStyle, updateWords } from '../api/captions-api.ts';
import { captionWordsQueryOptions } from '@/api/caption-queries.ts';
import {
  applyChange,
  CAPTION_CHANGE_TRAITS,
  describeConflict,
  describeDropped,
  invertChange,
  rebaseChange,
  restampChange,
  settleChange,
  STYLE_KEY,
  toUpdates,
  wordKey,
  type CaptionChange,
  type CaptionResult,
  type Rebased,
} from '../model/caption-change.ts';
import type { CaptionStyleResponse } from '@/api/schema.gen.ts';
import type { CaptionDoc } from '../model/caption-doc.ts';
import type { WordsDoc } from '@/api/caption-queries.ts';
import { CAPTIONS_COMMANDS, type CaptionsContext } from '../model/commands.ts';
import { loadOutbox, reconcile, saveOutbox } from '../model/outbox.ts';
import { initialCaptionsState, MARKED_KEYS, type CaptionsState } from './captions-state.ts';

export type CaptionsEditor = EditorWithOutbox<
  CaptionsState,
  CaptionDoc,
  CaptionChange,
  CaptionResult,
  CaptionsContext
>;

export interface CreateCaptionsEditorOptions {
  projectId: string;
  queryClient: QueryClient;
  storage?: Storage | undefined;
  initial?: Partial<CaptionsState>;
  /** Waits between retries of a 429/5xx/network failure (tests pass a fake). */
  wait?: (ms: number) => Promise<void>;
}

export function createCaptionsEditor(options: CreateCaptionsEditorOptions): CaptionsEditor {
  const { projectId, queryClient, storage } = options;
  const wordsQuery = captionWordsQueryOptions(projectId);
  const styleQuery = captionStyleQueryOptions(projectId);
  const rebased: { last: Rebased | null } = { last: null };
  const own = new OwnRevisions();
  /** Told after each answer of a save (the editor reads its waiting changes forward). */
  const saved = { notify: () => {} };
  let composed: { words: WordsDoc; style: CaptionStyleResponse; doc: CaptionDoc } | null = null;

  const read = (qc: QueryClient): CaptionDoc | undefined => {
    const words = qc.getQueryData<WordsDoc>(wordsQuery.queryKey);
    const style = qc.getQueryData<CaptionStyleResponse>(styleQuery.queryKey);
    if (!words || !style) return undefined;
    // The same object for the same parts: views compare documents by identity.
    if (composed?.words !== words || composed.style !== style)
      composed = { words, style, doc: { words, style } };
    return composed.doc;
  };

  const editor: CaptionsEditor = createEditor({
    key: queryKeys.captions.editor(projectId),
    queryClient,
    initialState: { ...initialCaptionsState(), ...options.initial },
    markedKeys: MARKED_KEYS,
    commands: CAPTIONS_COMMANDS,
    ...(options.wait ? { wait: options.wait } : {}),
    context: (doc, state) => ({
      doc,
      selection: state.selection,
      anchor: state.anchor,
      history: state.history,
      unsaved: state.outbox.length,
    }),
    document: {
      queryKey: queryKeys.captions.project(projectId),
      read,
      write: (qc, doc) => {
        if (qc.getQueryData(wordsQuery.queryKey) !== doc.words)
          qc.setQueryData(wordsQuery.queryKey, doc.words);
        if (qc.getQueryData(styleQuery.queryKey) !== doc.style)
          qc.setQueryData(styleQuery.queryKey, doc.style);
      },
      fetch: async () => {
        await Promise.all([
          queryClient.fetchQuery({ ...wordsQuery, staleTime: 0 }),
          queryClient.fetchQuery({ ...styleQuery, staleTime: 0 }),
        ]);
        return read(queryClient)!;
      },
      apply: applyChange,
      async send(read, _base, idempotencyKey) {
        // Sent at the revisions this browser's own earlier saves produced (never past someone
        // else's): a retry with the same key sends the same body, as nothing was recorded yet.
        const change = restampChange(read, own.latest);
        const updates = toUpdates(change);
        const words =
          updates.length > 0 ? await updateWords(projectId, updates, idempotencyKey) : [];
        const style = change.style
          ? await updateStyle(
              projectId,
              {
                ...(change.style.to.settings ? { settings: change.style.to.settings } : {}),
                ...(change.style.to.lookId !== undefined
                  ? { look_id: change.style.to.lookId }
                  : {}),
                ...(change.style.revision !== undefined
                  ? { expected_revision: change.style.revision }
                  : {}),
              },
              `${idempotencyKey}.style`,
            )
          : undefined;
        const answered = new Map(words.map((word) => [word.id, word.revision]));
        for (const update of updates)
          own.record(wordKey(update.id), update.expected_revision, answered.get(update.id));
        if (style) own.record(STYLE_KEY, change.style?.revision, style.revision);
        saved.notify();
        return { words, ...(style ? { style } : {}) };
      },
      settle: ({ optimistic, result }) => settleChange(optimistic, result),
      invert: (change, result) => invertChange(change, result),
      isConflict: (error) => error instanceof ApiError && error.status === 409,
      rebase: (change, _base, fresh) => {
        const next = rebaseChange(change, fresh);
        rebased.last = next;
        if (next.change.words.length === 0 && !next.change.style)
          return {
            ok: false,
            reason: describeDropped(next) ?? 'Everything it changed was changed by someone else.',
          };
        return { ok: true, change: next.change };
      },
      describeConflict,
    },
    persist: {
      load: () => loadOutbox(storage, projectId),
      save: (entries) => saveOutbox(storage, projectId, entries),
      isEmpty: (change) => change.words.length === 0 && !change.style,
      traits: CAPTION_CHANGE_TRAITS,
      latest: own.latest,
      reconcile,
      saving: () => {
        rebased.last = null;
      },
      saved: (label) => {
        const left = rebased.last;
        rebased.last = null;
        // The timeline's preview reads caption words per item: they are stale now.
        void queryClient.invalidateQueries({
          queryKey: [...queryKeys.captions.project(projectId), 'words', 'item'],
        });
        const dropped = left ? describeDropped(left) : null;
        return dropped
          ? { tone: 'info', title: `${label}: not every word was changed`, detail: dropped }
          : null;
      },
    },
    live: { read: (state) => state.draft, write: (draft) => ({ draft }) },
  });
  saved.notify = () => editor.outbox.noteSaved();
  return editor;
}
