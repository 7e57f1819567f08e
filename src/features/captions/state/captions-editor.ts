/**
 * The caption styler's `Editor` (the shared editor kit) over one document made of two resources:
 * the project's words and its caption style. On top of the kit it keeps every change until the
 * service confirms it (the outbox):
 *
 * - a gesture's change is shown at once and queued; changes are saved one after another, each as
 *   one batched request (chunked as the service allows) through the kit's commit (optimistic
 *   apply, `expected_revision`, conflict re-check, one undo step);
 * - the save queue (`model/save-queue.ts`): one request in flight at a time; the changes of the
 *   same words that waited behind a save go out as one request (each stays its own undo step);
 *   a change is sent at the revision this browser's own earlier saves produced, so a 409 means
 *   someone else changed the words;
 * - a save that fails for a reason that may pass (network, 429, 5xx after the kit's retries)
 *   keeps the change on screen, marked unsaved, and holds the queue until the person saves again
 *   (or the browser comes back online); a refused one leaves with the reason shown;
 * - the outbox is kept on this device (localStorage, per project): after a reload the changes are
 *   back, reconciled with the service (what it already has is dropped), waiting to be saved;
 * - undo takes back an unsaved change locally, else the last saved one through the service.
 */
import type { QueryClient } from '@tanstack/query-core';
import { ApiError, describeError } from '@/api/api-error.ts';
import type { Outcome as KitOutcome } from '@/editor-kit/command.ts';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { isRetryable } from '@/api/retry-policy.ts';
import type { CommitOutcome, EditorConfig, EditorState } from '@/editor-kit/contract.ts';
import { Editor } from '@/editor-kit/editor.ts';
import { updateStyle, updateWords } from '../api/captions-api.ts';
import { captionWordsQueryOptions } from '../api/captions-queries.ts';
import { createEntry, HISTORY_LIMIT } from '@/editor-kit/history.ts';
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
import type { CaptionDoc, WordsDoc } from '../model/caption-doc.ts';
import {
  CAPTIONS_COMMANDS,
  type CaptionsCommand,
  type CaptionsContext,
} from '../model/commands.ts';
import {
  applyOutbox,
  loadOutbox,
  reconcile,
  saveOutbox,
  type OutboxEntry,
} from '../model/outbox.ts';
import { nextBatch, OwnRevisions, restampEntries, type Batch } from '../model/save-queue.ts';
import { initialCaptionsState, MARKED_KEYS, type CaptionsState } from './captions-state.ts';

type State = EditorState<CaptionsState, CaptionChange>;
type Outcome = CommitOutcome<CaptionChange, CaptionResult>;
type Outcome_ = KitOutcome<CaptionsState, CaptionChange>;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export class CaptionsEditor extends Editor<
  CaptionsState,
  CaptionDoc,
  CaptionChange,
  CaptionResult,
  CaptionsContext
> {
  private queue: Promise<unknown> = Promise.resolve();
  /** The pending `submit` of each entry waiting to be saved. */
  private readonly answers = new Map<string, (outcome: Outcome) => void>();
  /** The last shown documents (views compare documents by identity). */
  private withOutbox: {
    base: CaptionDoc;
    changes: readonly CaptionChange[];
    doc: CaptionDoc;
  } | null = null;
  private shown: { under: CaptionDoc; draft: CaptionChange | null; doc: CaptionDoc } | null = null;
  private reconciled = false;

  constructor(
    config: EditorConfig<CaptionsState, CaptionDoc, CaptionChange, CaptionResult, CaptionsContext>,
    private readonly options: {
      projectId: string;
      storage: Storage | undefined;
      /** What the last conflict re-check left out (filled by the binding's `rebase`). */
      rebased: { last: Rebased | null };
      /** The revisions this browser's own saves produced (filled by the binding's `send`). */
      own: OwnRevisions;
    },
  ) {
    super(config);
  }

  /**
   * Keeps the outbox on this device from now on (per project); returns the function that stops
   * (the screen went away). The outbox left from an earlier visit was loaded by the factory.
   */
  keepOnDevice(): () => void {
    const { storage, projectId } = this.options;
    let kept = this.getState().outbox;
    return this.store.subscribe((state) => {
      if (state.outbox === kept) return;
      kept = state.outbox;
      if (!saveOutbox(storage, projectId, state.outbox) && state.outbox.length > 0)
        this.setState({
          notice: {
            tone: 'error',
            title: 'Unsaved changes are not kept on this device',
            detail:
              'The browser refused to store them (storage full or blocked). Save them before you leave this page.',
          },
        });
    });
  }

  /** The document as shown: the service's, with the unsaved changes and the gesture on top. */
  override document(): CaptionDoc | undefined {
    const base = this.readDocument();
    if (base === undefined) return undefined;
    const { outbox, draft } = this.getState();
    // An entry's status changing (pending → saving) changes nothing shown: same document.
    let shownUnder = this.withOutbox;
    if (
      shownUnder?.base !== base ||
      shownUnder.changes.length !== outbox.length ||
      outbox.some((entry, i) => entry.change !== shownUnder!.changes[i])
    ) {
      shownUnder = {
        base,
        changes: outbox.map((entry) => entry.change),
        doc: applyOutbox(base, outbox),
      };
      this.withOutbox = shownUnder;
    }
    const under = shownUnder.doc;
    if (this.shown?.under !== under || this.shown.draft !== draft)
      this.shown = { under, draft, doc: draft ? applyChange(under, draft) : under };
    return this.shown.doc;
  }

  /** The document as the service has it (with the change being saved, optimistically). */
  savedDocument(): CaptionDoc | undefined {
    return this.readDocument();
  }

  // ───────────── live gestures (a slider dragged, a handle moved) ─────────────

  /** The command context without the gesture's draft (what a change is computed against). */
  private contextUnderDraft(): CaptionsContext | null {
    this.document();
    const under = this.withOutbox?.doc;
    return under ? this.contextFor(under, this.getState()) : null;
  }

  /** Shows what the command would change, without saving it (starts a gesture: Escape undoes). */
  preview<Args>(command: CaptionsCommand<Args>, args: Args): Outcome_ | null {
    const ctx = this.contextUnderDraft();
    if (!ctx) return null;
    const outcome = command.perform(ctx, args);
    if (outcome.type !== 'change') return outcome;
    if (!this.getState().gesture) this.beginGesture(outcome.label);
    this.setState({ draft: outcome.change });
    return outcome;
  }

  /** Ends the gesture with the command's change: saved as one request and one undo step. */
  commitLive<Args>(command: CaptionsCommand<Args>, args: Args): Outcome_ {
    if (this.getState().gesture) this.endGesture({ draft: null });
    else this.setState({ draft: null });
    return this.run(command, args);
  }

  /** Drops the gesture's draft (Escape, or a control that lost its edit). */
  cancelLive(): void {
    if (this.getState().gesture) this.cancelGesture();
    else this.setState({ draft: null });
  }

  // ───────────── the outbox ─────────────

  private setOutbox(outbox: OutboxEntry[], patch: Partial<State> = {}): void {
    this.setState({ ...patch, outbox });
  }

  private patchEntries(ids: ReadonlySet<string>, patch: Partial<OutboxEntry>): void {
    this.setOutbox(
      this.getState().outbox.map((entry) => (ids.has(entry.id) ? { ...entry, ...patch } : entry)),
    );
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Answers the `submit` of each entry (the outcome of the save that carried it). */
  private answer(ids: Iterable<string>, outcome: Outcome): void {
    for (const id of ids) {
      this.answers.get(id)?.(outcome);
      this.answers.delete(id);
    }
  }

  /**
   * A gesture's change: shown at once, queued, saved in turn (with the changes of the same words
   * that waited behind a save in flight, as one request). Resolves with its save's outcome.
   */
  override submit(label: string, change: CaptionChange): Promise<Outcome> {
    if (change.words.length === 0 && !change.style) {
      this.announce('Nothing to change.');
      return Promise.resolve({ status: 'not-applied', label, mode: 'do', change });
    }
    const held = this.getState().saveHeld !== null;
    const entry: OutboxEntry = {
      id: crypto.randomUUID(),
      label,
      change,
      status: held ? 'unsaved' : 'pending',
      createdAt: Date.now(),
    };
    this.setOutbox([...this.getState().outbox, entry]);
    if (held) return Promise.resolve({ status: 'held', label, mode: 'do', change });
    const answered = new Promise<Outcome>((resolve) => this.answers.set(entry.id, resolve));
    // The change is on screen now; saving starts in the next task, so the frame that shows it
    // is not held up by the save's bookkeeping.
    void this.enqueue(() => nextTask().then(() => this.drain()));
    return answered;
  }

  /** Saves what waits, one request after another, until nothing can go. */
  private async drain(): Promise<void> {
    for (;;) {
      if (this.getState().saveHeld !== null) return;
      const batch = nextBatch(this.getState().outbox, CAPTION_CHANGE_TRAITS);
      if (!batch) return;
      await this.saveBatch(batch);
    }
  }

  private async saveBatch(batch: Batch<CaptionChange>): Promise<void> {
    const ids = new Set(batch.ids);
    const entries = this.getState().outbox.filter((entry) => ids.has(entry.id));
    const label = entries[entries.length - 1]?.label ?? 'Change';
    this.patchEntries(ids, { status: 'saving', error: undefined });
    this.options.rebased.last = null;
    const outcome = await super.submit(label, batch.change);
    const rebased = this.options.rebased.last as Rebased | null;
    this.options.rebased.last = null;
    switch (outcome.status) {
      case 'applied': {
        this.removeEntries(ids);
        if (entries.length > 1 && outcome.change === batch.change)
          this.splitHistory(outcome.change, entries, outcome.result);
        const dropped = rebased ? describeDropped(rebased) : null;
        if (dropped)
          this.setState({
            notice: {
              tone: 'info',
              title: `${label}: not every word was changed`,
              detail: dropped,
            },
          });
        // The timeline's preview reads caption words per item: they are stale now.
        void this.queryClient.invalidateQueries({
          queryKey: [...queryKeys.captions.project(this.options.projectId), 'words', 'item'],
        });
        break;
      }
      case 'failed':
        if (isRetryable(outcome.error)) this.holdAfterFailure(batch.ids[0]!, outcome.error);
        else this.removeEntries(ids);
        break;
      case 'busy':
        // Cannot happen (saves are queued); kept as unsaved rather than lost.
        this.holdAfterFailure(batch.ids[0]!, new Error('Another change was being saved.'));
        break;
      default:
        this.removeEntries(ids);
    }
    this.answer(ids, outcome);
  }

  private removeEntries(ids: ReadonlySet<string>): void {
    this.setOutbox(this.getState().outbox.filter((entry) => !ids.has(entry.id)));
  }

  /**
   * Changes saved together stay one undo step each: the history entry the save recorded is
   * replaced by one entry per change, in order.
   */
  private splitHistory(
    sent: CaptionChange,
    entries: readonly OutboxEntry[],
    result: CaptionResult,
  ): void {
    const history = this.getState().history;
    const last = history.past[history.past.length - 1];
    if (last?.forward !== sent) return;
    const split = entries.map((entry) =>
      createEntry(entry.label, entry.change, invertChange(entry.change, result)),
    );
    const past = [...history.past.slice(0, -1), ...split];
    this.setState({
      history: { past: past.slice(Math.max(0, past.length - HISTORY_LIMIT)), future: [] },
    });
  }

  /**
   * After an answer of this browser's save: the changes still waiting are read forward past it
   * (kept so on this device, so a reload sends them at the right revisions too).
   */
  noteSaved(): void {
    const outbox = this.getState().outbox;
    const next = restampEntries(outbox, CAPTION_CHANGE_TRAITS, this.options.own.latest);
    if (next !== outbox) this.setOutbox([...next]);
  }

  /** The save of `id` failed for a reason that may pass: it and every later change wait. */
  private holdAfterFailure(id: string, error: unknown): void {
    const { title, detail } = describeError(error);
    const outbox = this.getState().outbox;
    const from = outbox.findIndex((entry) => entry.id === id);
    const waiting = new Set(outbox.slice(Math.max(0, from)).map((entry) => entry.id));
    this.setOutbox(
      outbox.map((entry) =>
        waiting.has(entry.id)
          ? {
              ...entry,
              status: 'unsaved' as const,
              error: entry.id === id ? `${title}: ${detail}` : undefined,
            }
          : entry,
      ),
      {
        saveHeld: 'failed',
        notice: {
          tone: 'error',
          title: 'Not saved yet',
          detail: `${title}: ${detail} Your ${plural(waiting.size, 'change')} stay on screen, marked unsaved, and are kept on this device. Save again when the connection is back.`,
        },
        announcement: 'Changes not saved yet; they are kept.',
      },
    );
  }

  /** Saves the unsaved changes, in order. */
  saveUnsaved(): Promise<void> {
    const waiting = this.getState().outbox.filter((entry) => entry.status !== 'saving');
    if (waiting.length === 0) return Promise.resolve();
    this.setState({ saveHeld: null, returned: null, notice: null });
    this.patchEntries(new Set(waiting.map((entry) => entry.id)), { status: 'pending' });
    return this.enqueue(() => this.drain());
  }

  /** Drops the unsaved changes (the screen goes back to what the service has). */
  discardUnsaved(): void {
    const outbox = this.getState().outbox;
    const kept = outbox.filter((entry) => entry.status === 'saving');
    const count = outbox.length - kept.length;
    this.setOutbox(kept, { saveHeld: null, returned: null, notice: null });
    const discarded = outbox.filter((entry) => entry.status !== 'saving');
    for (const entry of discarded)
      this.answer([entry.id], {
        status: 'not-applied',
        label: entry.label,
        mode: 'do',
        change: entry.change,
      });
    this.announce(`${plural(count, 'unsaved change')} discarded.`);
  }

  /**
   * Once the document is loaded: the changes left from an earlier visit against the service's
   * document (drops what it already has, counts words changed elsewhere since).
   */
  reconcileReturned(): void {
    if (this.reconciled) return;
    const base = this.readDocument();
    if (base === undefined) return;
    this.reconciled = true;
    const outbox = this.getState().outbox;
    if (outbox.length === 0 || this.getState().saveHeld !== 'returned') return;
    const result = reconcile(outbox, base);
    this.setOutbox(result.entries, {
      saveHeld: result.entries.length > 0 ? 'returned' : null,
      returned: { alreadySaved: result.alreadySaved, changedElsewhere: result.changedElsewhere },
    });
  }

  // ───────────── history ─────────────

  /** Takes back the last unsaved change locally, or undoes the last saved one. */
  override undo(): Promise<Outcome | null> {
    const outbox = this.getState().outbox;
    const last = outbox[outbox.length - 1];
    if (last && last.status !== 'saving') {
      this.setOutbox(outbox.slice(0, -1), outbox.length === 1 ? { saveHeld: null } : {});
      this.answer([last.id], {
        status: 'not-applied',
        label: last.label,
        mode: 'do',
        change: last.change,
      });
      this.announce(`Undid ${last.label} (it had not been saved).`);
      return Promise.resolve(null);
    }
    return this.enqueue(() => super.undo());
  }

  override redo(): Promise<Outcome | null> {
    return this.enqueue(() => super.redo());
  }
}

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

  const outbox = loadOutbox(storage, projectId);
  const editor = new CaptionsEditor(
    {
      key: queryKeys.captions.editor(projectId),
      queryClient,
      initialState: { ...initialCaptionsState(outbox), ...options.initial },
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
    },
    { projectId, storage, rebased, own },
  );
  saved.notify = () => editor.noteSaved();
  return editor;
}
