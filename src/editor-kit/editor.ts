/**
 * The `Editor` of the editor kit: one per editing screen, the only way anything on it changes.
 * It carries out the contract of contract.ts (read that first: what an editor is configured
 * with, the state it has, what a commit answers): commands run through `run`, gestures are marked
 * and committed as one history entry, `submit` reviews then commits, and `commit` sends one
 * change as one mutation (optimistic, retried, conflict-checked, settled, recorded for undo).
 */
import { MutationObserver, type QueryClient, type QueryKey } from '@tanstack/query-core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  findBinding,
  shortcutOf,
  type AnyCommand,
  type Command,
  type KeyInput,
  type Outcome,
} from './command.ts';
import { CommitPath } from './commit.ts';
import {
  describeFailure,
  type CommitMode,
  type CommitOutcome,
  type EditorConfig,
  type EditorState,
  type GestureEnd,
  type KitState,
  type PendingReview,
  type ReviewVerdict,
} from './contract.ts';
import { emptyHistory, nextRedo, nextUndo, type HistoryEntry } from './history.ts';
import { Outbox } from './outbox.ts';
import { isShortcutBlocked } from './shortcut-guard.ts';

let lastGestureId = 0;

export class Editor<State extends object, Doc, Change, Result, Ctx> {
  readonly store: StoreApi<EditorState<State, Change>>;
  readonly queryClient: QueryClient;
  readonly commands: ReadonlyArray<AnyCommand<Ctx, State, Change>>;
  /** `[...key, 'commit']`: every commit is one mutation under this key. */
  readonly mutationKey: QueryKey;
  /** `[...key, 'review']`: the review (check) of a change before it is committed. */
  readonly reviewKey: QueryKey;
  /** `key`: every mutation of this editor (commit and review). */
  readonly key: QueryKey;
  /** The outbox, when the editor keeps every change until it is confirmed (`persist`). */
  readonly outbox: Outbox<State, Doc, Change, Result> | null;
  private readonly config: EditorConfig<State, Doc, Change, Result, Ctx>;
  private readonly commits: CommitPath<State, Doc, Change, Result>;
  /** The document last shown with a gesture's live change on top (the same object while it holds). */
  private shown: { under: Doc; draft: Change | null; doc: Doc } | null = null;
  private mark: { id: number; saved: Partial<State> } | null = null;
  /** A committed gesture's end state (e.g. its live feedback cleared), applied when its change shows. */
  private gestureEnd: GestureEnd<State> | null = null;

  constructor(config: EditorConfig<State, Doc, Change, Result, Ctx>) {
    this.config = config;
    this.queryClient = config.queryClient;
    this.commands = config.commands;
    this.key = config.key;
    this.mutationKey = [...config.key, 'commit'];
    this.reviewKey = [...config.key, 'review'];
    this.commits = new CommitPath({
      config,
      queryClient: this.queryClient,
      mutationKey: this.mutationKey,
      getState: () => this.getState(),
      setState: (patch) => this.setState(patch),
      announce: (text) => this.announce(text),
      isSaving: () => this.isSaving(),
      readDocument: () => this.readDocument(),
      writeDocument: (doc) => this.writeDocument(doc),
      finishGestureEnd: (end, extra) => this.finishGestureEnd(end, extra),
    });
    this.outbox = config.persist
      ? new Outbox(
          {
            getState: () => this.getState(),
            setState: (patch) => this.setState(patch),
            subscribe: (listener) => this.store.subscribe(listener),
            announce: (text) => this.announce(text),
            readDocument: () => this.readDocument(),
            apply: (doc, change) => config.document.apply(doc, change),
            invert: (change, result, base) => config.document.invert(change, result, base),
            submitNow: (label, change) => this.submitNow(label, change),
            undoNow: () => this.undoNow(),
            redoNow: () => this.redoNow(),
          },
          config.persist,
        )
      : null;
    const kit: KitState<Change> = {
      history: emptyHistory<Change>(),
      notice: null,
      conflict: null,
      announcement: '',
      gesture: null,
      ...(this.outbox?.initialState() ?? { outbox: [], saveHeld: null, returned: null }),
    };
    this.store = createStore<EditorState<State, Change>>()(() => ({
      ...config.initialState,
      ...kit,
    }));
  }

  // ───────────── state and document ─────────────

  getState(): EditorState<State, Change> {
    return this.store.getState();
  }

  setState(patch: Partial<EditorState<State, Change>>): void {
    this.store.setState(patch);
  }

  /**
   * The document as the screen shows it: the service's (optimistic while a commit is saved), with
   * the outbox's waiting changes and a gesture's live change on top.
   */
  document(): Doc | undefined {
    const under = this.documentUnderDraft();
    const { live } = this.config;
    if (under === undefined || !live) return under;
    const draft = live.read(this.getState());
    if (this.shown?.under !== under || this.shown.draft !== draft)
      this.shown = { under, draft, doc: draft ? this.config.document.apply(under, draft) : under };
    return this.shown.doc;
  }

  /** The document without a gesture's live change (what a change is computed against). */
  private documentUnderDraft(): Doc | undefined {
    const base = this.readDocument();
    return base === undefined || !this.outbox ? base : this.outbox.layered(base);
  }

  /** The document in the query cache (what commits are based on). */
  private readDocument(): Doc | undefined {
    const { read, queryKey } = this.config.document;
    return read ? read(this.queryClient) : this.queryClient.getQueryData<Doc>(queryKey);
  }

  private writeDocument(doc: Doc): void {
    const { write, queryKey } = this.config.document;
    if (write) write(this.queryClient, doc);
    else this.queryClient.setQueryData(queryKey, doc);
  }

  /** The command context, or null while the document is not loaded. */
  context(): Ctx | null {
    const doc = this.document();
    return doc === undefined ? null : this.config.context(doc, this.getState());
  }

  /** The command context for a given document and state (views that memoize on both). */
  contextFor(doc: Doc, state: EditorState<State, Change>): Ctx {
    return this.config.context(doc, state);
  }

  /** Whether a commit is being saved (read from the mutation cache). */
  isSaving(): boolean {
    return this.queryClient.isMutating({ mutationKey: this.mutationKey }) > 0;
  }

  /** Whether a change is being checked or saved: new changes wait (read from the mutation cache). */
  isBusy(): boolean {
    return this.queryClient.isMutating({ mutationKey: this.key }) > 0;
  }

  announce(text: string): void {
    this.setState({ announcement: text } as Partial<EditorState<State, Change>>);
  }

  // ───────────── commands ─────────────

  command(name: string): AnyCommand<Ctx, State, Change> {
    const found = this.commands.find((command) => command.name === name);
    if (!found) throw new Error(`No command "${name}" in this editor.`);
    return found;
  }

  canRun<Args>(command: Command<Ctx, State, Change, Args>, args: Args): boolean {
    const ctx = this.context();
    return ctx !== null && command.canRun(ctx, args);
  }

  /** Performs the command and carries its outcome out; returns the outcome (refusals say why). */
  run<Args>(command: Command<Ctx, State, Change, Args>, args: Args): Outcome<State, Change> {
    const ctx = this.context();
    const outcome: Outcome<State, Change> = ctx
      ? command.perform(ctx, args)
      : { type: 'refused', reason: 'The document is still loading.' };
    this.carryOut(outcome);
    return outcome;
  }

  private carryOut(outcome: Outcome<State, Change>): void {
    switch (outcome.type) {
      case 'state':
        this.setState({
          ...outcome.patch,
          ...(outcome.announce ? { announcement: outcome.announce } : {}),
        } as Partial<EditorState<State, Change>>);
        break;
      case 'change':
        void this.submit(outcome.label, outcome.change);
        break;
      case 'undo':
        void this.undo();
        break;
      case 'redo':
        void this.redo();
        break;
      case 'refused':
        this.announce(outcome.reason);
        break;
    }
  }

  /**
   * The keyboard: Escape cancels the gesture in progress; otherwise the first command whose key
   * binding matches runs. Returns true when the key was used (the caller prevents its default).
   */
  handleKey(event: KeyInput): boolean {
    // Never a key of a field or a dialog (shortcut-guard.ts), not even Escape.
    if (isShortcutBlocked(event)) return false;
    if (event.key === 'Escape' && this.getState().gesture) {
      this.cancelGesture();
      return true;
    }
    if (this.getState().gesture) return false;
    const found = findBinding(this.commands, event);
    if (!found) return false;
    this.run(found.command, found.args);
    return true;
  }

  /** The shortcut help, in table order: every command with a shortcut. */
  shortcuts(): Array<{ name: string; shortcut: string; description: string }> {
    return this.commands.flatMap((command) => {
      const shortcut = shortcutOf(command);
      return shortcut
        ? [{ name: command.name, shortcut, description: command.description ?? command.label }]
        : [];
    });
  }

  /** Toolbar groups in table order. */
  toolbar(): Array<{ group: string; commands: Array<AnyCommand<Ctx, State, Change>> }> {
    const groups = new Map<string, Array<AnyCommand<Ctx, State, Change>>>();
    for (const command of this.commands) {
      if (!command.toolbar) continue;
      const list = groups.get(command.toolbar) ?? [];
      list.push(command);
      groups.set(command.toolbar, list);
    }
    return [...groups].map(([group, commands]) => ({ group, commands }));
  }

  // ───────────── gestures ─────────────

  /**
   * Starts a gesture: marks the state so that Escape can roll it back. `patch` (e.g. the selection
   * a press makes) is applied in the same store update, and is part of the mark: subscribers see
   * the gesture begin and its first state at once, not a state without the gesture before it.
   */
  beginGesture(label: string, patch: Partial<State> = {}): { id: number; label: string } {
    if (this.getState().gesture) this.cancelGesture();
    // The last gesture's feedback, still shown while its change is checked, ends now.
    this.endGestureFeedback();
    lastGestureId += 1;
    const state = { ...this.getState(), ...patch };
    const saved: Partial<State> = {};
    for (const key of this.config.markedKeys ?? []) saved[key] = state[key];
    this.mark = { id: lastGestureId, saved };
    const gesture = { id: lastGestureId, label };
    this.setState({ ...patch, gesture } as Partial<EditorState<State, Change>>);
    return gesture;
  }

  /** Rolls the gesture in progress back to its mark (Escape); a live change goes with it. */
  cancelGesture(): void {
    const gesture = this.getState().gesture;
    const saved = this.mark?.saved ?? {};
    this.mark = null;
    this.setState({
      ...this.config.live?.write(null),
      ...saved,
      gesture: null,
      ...(gesture ? { announcement: `${gesture.label} cancelled.` } : {}),
    } as Partial<EditorState<State, Change>>);
  }

  /** Ends the gesture without committing anything (e.g. a click that did not drag). */
  endGesture(patch: Partial<State> = {}): void {
    this.mark = null;
    this.setState({ ...patch, gesture: null } as Partial<EditorState<State, Change>>);
  }

  /**
   * Ends the gesture and commits its change as one request and one undo step. `patch` (e.g. the
   * gesture's live feedback cleared) is applied in the same update that shows the change (the
   * optimistic document), or as soon as it is clear that it will not show (held for review,
   * refused, failed): while a review checks the change first (a dry run), the screen keeps the
   * gesture's feedback instead of showing the document without the change.
   */
  commitGesture(
    change: Change,
    label?: string,
    patch: Partial<State> = {},
  ): Promise<CommitOutcome<Change, Result>> {
    const gesture = this.getState().gesture;
    this.endGestureFeedback();
    this.mark = null;
    const end: GestureEnd<State> = { patch, done: false };
    this.gestureEnd = end;
    this.setState({ gesture: null } as Partial<EditorState<State, Change>>);
    const outcome = this.submit(label ?? gesture?.label ?? 'Edit', change, end);
    // Whatever path the change took, the gesture's feedback does not outlive it.
    const finish = () => this.finishGestureEnd(end);
    void outcome.then(finish, finish);
    return outcome;
  }

  /**
   * Ends the feedback of the last committed gesture now if it is still shown (its change is
   * being checked): a new press, before it starts anything of its own.
   */
  endGestureFeedback(): void {
    if (this.gestureEnd) this.finishGestureEnd(this.gestureEnd);
  }

  /** Applies a gesture's end patch (once) with `extra` in the same update. */
  private finishGestureEnd(
    end: GestureEnd<State> | undefined,
    extra: Partial<EditorState<State, Change>> = {},
  ): void {
    const pending = end !== undefined && !end.done;
    if (pending) {
      end.done = true;
      if (this.gestureEnd === end) this.gestureEnd = null;
    }
    if (pending || Object.keys(extra).length > 0)
      this.setState({ ...(pending ? end.patch : {}), ...extra } as Partial<
        EditorState<State, Change>
      >);
  }

  // ───────────── live gestures (`live` in the config) ─────────────

  private liveConfig(): NonNullable<EditorConfig<State, Doc, Change, Result, Ctx>['live']> {
    const { live } = this.config;
    if (!live) throw new Error('This editor has no live gestures (`live` in its config).');
    return live;
  }

  /** Shows what the command would change, without saving it (starts a gesture: Escape undoes). */
  preview<Args>(
    command: Command<Ctx, State, Change, Args>,
    args: Args,
  ): Outcome<State, Change> | null {
    const live = this.liveConfig();
    const under = this.documentUnderDraft();
    if (under === undefined) return null;
    const outcome = command.perform(this.contextFor(under, this.getState()), args);
    if (outcome.type !== 'change') return outcome;
    if (!this.getState().gesture) this.beginGesture(outcome.label);
    this.setState(live.write(outcome.change) as Partial<EditorState<State, Change>>);
    return outcome;
  }

  /** Ends the gesture with the command's change: saved as one request and one undo step. */
  commitLive<Args>(command: Command<Ctx, State, Change, Args>, args: Args): Outcome<State, Change> {
    const cleared = this.liveConfig().write(null);
    if (this.getState().gesture) this.endGesture(cleared);
    else this.setState(cleared as Partial<EditorState<State, Change>>);
    return this.run(command, args);
  }

  /** Drops the gesture's live change (Escape, or a control that lost its edit). */
  cancelLive(): void {
    const cleared = this.liveConfig().write(null);
    if (this.getState().gesture) this.cancelGesture();
    else this.setState(cleared as Partial<EditorState<State, Change>>);
  }

  // ───────────── review ─────────────

  /**
   * A change made by a command or a gesture: queued in the outbox when the editor has one, else
   * reviewed and committed now (`submitNow`). `end`: the end of the gesture that made it
   * (commitGesture), applied when the change shows or when it will not.
   */
  submit(
    label: string,
    change: Change,
    end?: GestureEnd<State>,
  ): Promise<CommitOutcome<Change, Result>> {
    if (this.outbox) return this.outbox.submit(label, change);
    return this.submitNow(label, change, end);
  }

  /**
   * Reviews the change when the editor has a `review` step, then commits it (`commit`), or holds
   * it for the person to review.
   */
  private async submitNow(
    label: string,
    change: Change,
    end?: GestureEnd<State>,
  ): Promise<CommitOutcome<Change, Result>> {
    const review = this.config.review;
    if (!review) return this.commit(label, change, 'do', undefined, end);
    if (this.isBusy()) return this.commits.refuseBusy(label, change, 'do', end);
    const observer = new MutationObserver<
      ReviewVerdict<Change>,
      Error,
      { label: string; change: Change }
    >(this.queryClient, {
      mutationKey: this.reviewKey,
      mutationFn: async (variables) => {
        const base = this.readDocument();
        if (base === undefined) throw new Error('The document is still loading.');
        return review({ ...variables, base });
      },
    });
    let verdict: ReviewVerdict<Change>;
    try {
      verdict = await observer.mutate({ label, change });
    } catch (error) {
      const { title, detail } = describeFailure(error);
      this.finishGestureEnd(end, {
        notice: {
          tone: 'error',
          title: `${label} could not be checked`,
          detail: `${title}: ${detail} Nothing changed.`,
        },
      } as Partial<EditorState<State, Change>>);
      return { status: 'failed', label, mode: 'do', change, error };
    }
    if (verdict.action !== 'commit') this.finishGestureEnd(end);
    if (verdict.conflict) this.commits.showConflict(verdict.conflict, label, 'do', 'checked again');
    if (verdict.action === 'commit')
      return this.commit(label, verdict.change, 'do', undefined, end);
    if (verdict.action === 'drop') return { status: 'not-applied', label, mode: 'do', change };
    this.announce(`${label} needs your review.`);
    return { status: 'held', label, mode: 'do', change: verdict.change };
  }

  /** The change held for review, if any (the last review that held, still in the cache). */
  pendingReview(): PendingReview<Change> | null {
    const held = this.queryClient
      .getMutationCache()
      .findAll({ mutationKey: this.reviewKey, status: 'success' })
      .filter((mutation) => (mutation.state.data as ReviewVerdict<Change>).action === 'hold');
    const last = held[held.length - 1];
    if (!last) return null;
    const verdict = last.state.data as Extract<ReviewVerdict<Change>, { action: 'hold' }>;
    const variables = last.state.variables as { label: string };
    return {
      mutationId: last.mutationId,
      label: variables.label,
      change: verdict.change,
      answer: verdict.answer,
    };
  }

  /** Applies or cancels the change held for review; the review leaves the mutation cache. */
  resolveReview(apply: boolean): Promise<CommitOutcome<Change, Result>> | null {
    const pending = this.pendingReview();
    if (!pending) return null;
    const cache = this.queryClient.getMutationCache();
    for (const mutation of cache.findAll({ mutationKey: this.reviewKey })) cache.remove(mutation);
    if (apply) return this.commit(pending.label, pending.change);
    this.announce(`${pending.label} cancelled.`);
    return null;
  }

  // ───────────── writes ─────────────

  /** Undoes the last change (with an outbox: takes back one not saved yet, locally). */
  undo(): Promise<CommitOutcome<Change, Result> | null> {
    return this.outbox ? this.outbox.undo() : this.undoNow();
  }

  redo(): Promise<CommitOutcome<Change, Result> | null> {
    return this.outbox ? this.outbox.redo() : this.redoNow();
  }

  private undoNow(): Promise<CommitOutcome<Change, Result> | null> {
    const entry = nextUndo(this.getState().history);
    if (!entry) {
      this.announce('Nothing to undo.');
      return Promise.resolve(null);
    }
    return this.commit(entry.label, entry.inverse, 'undo', entry);
  }

  private redoNow(): Promise<CommitOutcome<Change, Result> | null> {
    const entry = nextRedo(this.getState().history);
    if (!entry) {
      this.announce('Nothing to redo.');
      return Promise.resolve(null);
    }
    return this.commit(entry.label, entry.forward, 'redo', entry);
  }

  /** Commits one change (one gesture) as one mutation (see CommitPath.commit). */
  commit(
    label: string,
    change: Change,
    mode: CommitMode = 'do',
    entry?: HistoryEntry<Change>,
    end?: GestureEnd<State>,
  ): Promise<CommitOutcome<Change, Result>> {
    return this.commits.commit(label, change, mode, entry, end);
  }
}

/** An editor whose config has `persist`: its outbox is there. */
export type EditorWithOutbox<State extends object, Doc, Change, Result, Ctx> = Editor<
  State,
  Doc,
  Change,
  Result,
  Ctx
> & { readonly outbox: Outbox<State, Doc, Change, Result> };

/** The one way to build an editor: its document, its commands and, optionally, an outbox. */
export function createEditor<State extends object, Doc, Change, Result, Ctx>(
  config: EditorConfig<State, Doc, Change, Result, Ctx> & {
    persist: NonNullable<EditorConfig<State, Doc, Change, Result, Ctx>['persist']>;
  },
): EditorWithOutbox<State, Doc, Change, Result, Ctx>;
export function createEditor<State extends object, Doc, Change, Result, Ctx>(
  config: EditorConfig<State, Doc, Change, Result, Ctx>,
): Editor<State, Doc, Change, Result, Ctx>;
export function createEditor<State extends object, Doc, Change, Result, Ctx>(
  config: EditorConfig<State, Doc, Change, Result, Ctx>,
): Editor<State, Doc, Change, Result, Ctx> {
  return new Editor(config);
}
