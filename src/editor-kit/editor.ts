/**
 * # The editor kit
 *
 * One `Editor` per editing screen (the timeline, the caption styler, …). It owns the screen's
 * zustand store of ephemeral state, its dependencies (the QueryClient and the document binding)
 * and its command table, and it is the only way anything changes:
 *
 * - `editor.run(command, args)`: a command's pure `perform` returns an `Outcome` (state patch,
 *   document change, undo, redo or a refusal with a reason) and the editor carries it out.
 *   Toolbar buttons, key bindings (`editor.handleKey`), the shortcut help (`editor.shortcuts()`)
 *   and inspector fields are all read from the one table (`command.ts`).
 * - `editor.commit(label, change)`: one gesture → one request → one undo step. Optimistic: cancel
 *   the document query, show `apply(base, change)`, send, then settle on the answer, or roll back.
 *   A 409 goes through `withConflictRetry` (fetch once, say what changed, re-send only when the
 *   change still applies). The whole commit is one React Query mutation under
 *   `[...key, 'commit']`: "Saving…" is `useIsMutating` and a commit's answer (e.g. a delete
 *   result) is read from the mutation cache, never copied into the store.
 * - Gestures (tldraw-style marks): `beginGesture(label)` saves the `markedKeys` of the state;
 *   Escape (`handleKey`) or `cancelGesture()` restores them; `commitGesture(change, label,
 *   patch)` ends the gesture and commits it as one history entry; its `patch` (the gesture's live
 *   feedback cleared) lands in the update that shows the change, so a change that is checked
 *   first keeps its feedback on screen meanwhile.
 * - `submit(label, change)` (what commands and gestures use): when the editor has a `review`
 *   step (e.g. a dry run of a destructive trim), the change is checked first, as a mutation under
 *   `[...key, 'review']`; a held change waits in the mutation cache (`pendingReview()`) until
 *   `resolveReview(apply)`. `isBusy()` covers checking and saving.
 * - `undo()` / `redo()` send an entry's inverse / forward change through the same commit path.
 *
 * The document itself (server state) stays in the query cache under `document.queryKey`; the
 * binding (`DocumentBinding`) says how to apply, send, invert, rebase and describe changes. The
 * kit core has no React; `react.tsx` beside it has the hooks and the derived toolbar/help views.
 *
 * ```ts
 * const editor = createEditor({ key, queryClient, initialState, document, commands, context });
 * editor.run(selectAll, undefined);
 * const gesture = editor.beginGesture('Move 3 items');
 * editor.setState({ drag });            // live feedback
 * await editor.commitGesture({ ops });  // or editor.cancelGesture() on Escape
 * await editor.undo();
 * ```
 */
import { MutationObserver, type QueryClient, type QueryKey } from '@tanstack/query-core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '@/api/api-error.ts';
import { isRetryable, retryDelayMs, shouldRetry } from '@/api/retry-policy.ts';
import {
  findBinding,
  shortcutOf,
  type AnyCommand,
  type Command,
  type KeyInput,
  type Outcome,
} from './command.ts';
import { withConflictRetry, type ConflictReport, type Rebase } from './conflict-retry.ts';
import { isShortcutBlocked } from './shortcut-guard.ts';
import {
  createEntry,
  dropEntry,
  emptyHistory,
  keepEntries,
  nextRedo,
  nextUndo,
  record,
  redone,
  undone,
  type History,
  type HistoryEntry,
} from './history.ts';

export interface Notice {
  tone: 'info' | 'error';
  title: string;
  detail: string;
}

export interface ConflictNotice extends ConflictReport {
  /** What happened to the person's own change, in words. */
  outcome: string;
}

/** State every editor has, beside its own. */
export interface KitState<Change> {
  history: History<Change>;
  notice: Notice | null;
  conflict: ConflictNotice | null;
  /** The last action in words, for a polite live region. */
  announcement: string;
  /** The gesture in progress (between `beginGesture` and its end). */
  gesture: { id: number; label: string } | null;
}

export type EditorState<State, Change> = State & KitState<Change>;

/** Thrown by `send` when the service applied none of the change (with its reasons). */
export class ChangeRejected extends Error {
  constructor(
    message: string,
    readonly reasons: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ChangeRejected';
  }
}

/** How an editor's document is read, changed, sent and reconciled. */
export interface DocumentBinding<Doc, Change, Result> {
  /** Where the document lives in the query cache (the common prefix of its parts, with `read`). */
  queryKey: QueryKey;
  /**
   * A document made of several queries (e.g. caption words and caption style): reads it from the
   * cache, undefined until every part is loaded; `queryKey` is then a prefix of every part (they
   * are cancelled and invalidated as one). Default: the query under `queryKey`.
   */
  read?(queryClient: QueryClient): Doc | undefined;
  /** Writes the document back to its parts. Default: `setQueryData(queryKey, doc)`. */
  write?(queryClient: QueryClient, doc: Doc): void;
  /** Fetches it from the service into the cache (after a conflict, or when `settle` asks). */
  fetch(): Promise<Doc>;
  /** The change applied to a copy: what the screen shows while it is saved. Pure. */
  apply(doc: Doc, change: Change): Doc;
  /** Sends the change as one request. Throws `ChangeRejected` when none of it was applied. */
  send(change: Change, base: Doc, idempotencyKey: string): Promise<Result>;
  /**
   * The document after the service accepted the change: the optimistic one adjusted from the
   * answer, or 'refetch' when the answer cannot tell (fetched once).
   */
  settle(input: { base: Doc; optimistic: Doc; change: Change; result: Result }): Doc | 'refetch';
  /** The change that undoes `change` given the answer, or null when it cannot be undone. */
  invert(change: Change, result: Result, base: Doc): Change | null;
  isConflict(error: unknown): boolean;
  rebase(change: Change, base: Doc, fresh: Doc): Rebase<Change>;
  /** What changed between two versions of the document, in words. */
  describeConflict(base: Doc, fresh: Doc): string;
  /** Adjustments the service made (shown after the change). */
  warnings?(result: Result): readonly string[];
  /** Why a change cannot be undone (shown when `invert` gives null; null says nothing). */
  notUndoable?(change: Change, result: Result): string | null;
  /** Whether an older history entry no longer applies after this commit (e.g. deleted items). */
  invalidates?(entry: HistoryEntry<Change>, change: Change, result: Result, base: Doc): boolean;
}

/** Words for a failed check or commit: the service's refusal with its reasons, or the error. */
export function describeFailure(error: unknown): { title: string; detail: string } {
  if (!(error instanceof ChangeRejected)) return describeError(error);
  const { reasons } = error;
  const shown = reasons.slice(0, 5).join(' ');
  const more = reasons.length > 5 ? ` (and ${reasons.length - 5} more)` : '';
  return {
    title: 'The service refused it',
    detail: reasons.length ? `${error.message} ${shown}${more}` : error.message,
  };
}

export interface EditorConfig<State extends object, Doc, Change, Result, Ctx> {
  /** Names the editor: its mutations are `[...key, 'commit']` and `[...key, 'review']`. */
  key: QueryKey;
  /** State to change after a change went through (e.g. drop deleted items from the selection). */
  afterCommit?(input: { change: Change; result: Result; base: Doc; state: State }): Partial<State>;
  queryClient: QueryClient;
  initialState: State;
  document: DocumentBinding<Doc, Change, Result>;
  commands: ReadonlyArray<AnyCommand<Ctx, State, Change>>;
  /** The command context, from the document and the state (memoize what is costly). */
  context(doc: Doc, state: EditorState<State, Change>): Ctx;
  /** State a gesture's mark saves and Escape restores (selection, drag, a draft…). */
  markedKeys?: ReadonlyArray<keyof State>;
  /** Waits between retries of a 429/5xx (tests pass a fake). */
  wait?: (ms: number) => Promise<void>;
  /**
   * Checks a change before it is committed (e.g. a dry run of a destructive trim): commit it (as
   * rebased), hold it for the person to review (`answer` is what the dialog shows), or drop it
   * after a conflict. Undo and redo are not reviewed.
   */
  review?(input: { label: string; change: Change; base: Doc }): Promise<ReviewVerdict<Change>>;
}

export type ReviewVerdict<Change> =
  | { action: 'commit'; change: Change; conflict?: ConflictReport | null }
  | { action: 'hold'; change: Change; answer: unknown; conflict?: ConflictReport | null }
  | { action: 'drop'; conflict: ConflictReport };

/** A change held for review, as the review mutation left it in the mutation cache. */
export interface PendingReview<Change> {
  mutationId: number;
  label: string;
  change: Change;
  answer: unknown;
}

export type CommitMode = 'do' | 'undo' | 'redo';

export type CommitOutcome<Change, Result> =
  | { status: 'applied'; label: string; mode: CommitMode; change: Change; result: Result }
  | { status: 'not-applied'; label: string; mode: CommitMode; change: Change }
  | { status: 'failed'; label: string; mode: CommitMode; change: Change; error: unknown }
  | { status: 'busy'; label: string; mode: CommitMode; change: Change }
  | { status: 'held'; label: string; mode: CommitMode; change: Change };

/** A committed gesture's end state (its live feedback cleared), applied once, when its change shows. */
export interface GestureEnd<State> {
  patch: Partial<State>;
  done: boolean;
}

/** The variables of a commit mutation (what `useMutationState` sees). */
export interface CommitVariables<Change> {
  label: string;
  mode: CommitMode;
  change: Change;
}

const plainWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  private readonly config: EditorConfig<State, Doc, Change, Result, Ctx>;
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
    const kit: KitState<Change> = {
      history: emptyHistory<Change>(),
      notice: null,
      conflict: null,
      announcement: '',
      gesture: null,
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

  /** The document as the screen shows it (optimistic while a commit is saved). */
  document(): Doc | undefined {
    return this.readDocument();
  }

  /** The document in the query cache (what commits are based on). */
  protected readDocument(): Doc | undefined {
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

  /** Rolls the gesture in progress back to its mark (Escape). */
  cancelGesture(): void {
    const gesture = this.getState().gesture;
    const saved = this.mark?.saved ?? {};
    this.mark = null;
    this.setState({
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

  // ───────────── review ─────────────

  /**
   * Reviews the change when the editor has a `review` step, then commits it (or holds it).
   * `end`: the end of the gesture that made it (commitGesture), applied when the change shows or
   * when it will not.
   */
  async submit(
    label: string,
    change: Change,
    end?: GestureEnd<State>,
  ): Promise<CommitOutcome<Change, Result>> {
    const review = this.config.review;
    if (!review) return this.commit(label, change, 'do', undefined, end);
    if (this.isBusy()) return this.refuseBusy(label, change, 'do', end);
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
    if (verdict.conflict) this.showConflict(verdict.conflict, label, 'do', 'checked again');
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

  undo(): Promise<CommitOutcome<Change, Result> | null> {
    const entry = nextUndo(this.getState().history);
    if (!entry) {
      this.announce('Nothing to undo.');
      return Promise.resolve(null);
    }
    return this.commit(entry.label, entry.inverse, 'undo', entry);
  }

  redo(): Promise<CommitOutcome<Change, Result> | null> {
    const entry = nextRedo(this.getState().history);
    if (!entry) {
      this.announce('Nothing to redo.');
      return Promise.resolve(null);
    }
    return this.commit(entry.label, entry.forward, 'redo', entry);
  }

  /** Commits one change (one gesture) as one mutation. */
  commit(
    label: string,
    change: Change,
    mode: CommitMode = 'do',
    entry?: HistoryEntry<Change>,
    end?: GestureEnd<State>,
  ): Promise<CommitOutcome<Change, Result>> {
    if (this.isSaving()) return Promise.resolve(this.refuseBusy(label, change, mode, end));
    const observer = new MutationObserver<
      CommitOutcome<Change, Result>,
      Error,
      CommitVariables<Change>
    >(this.queryClient, {
      mutationKey: this.mutationKey,
      mutationFn: (variables) => this.runCommit(variables, entry, end),
    });
    return observer.mutate({ label, mode, change });
  }

  private refuseBusy(
    label: string,
    change: Change,
    mode: CommitMode,
    end?: GestureEnd<State>,
  ): CommitOutcome<Change, Result> {
    this.finishGestureEnd(end, {
      notice: {
        tone: 'info',
        title: 'One moment',
        detail: 'The previous change is still being saved.',
      },
    } as Partial<EditorState<State, Change>>);
    return { status: 'busy', label, mode, change };
  }

  private showConflict(
    conflict: ConflictReport,
    title: string,
    mode: CommitMode,
    again = 're-applied on top of theirs',
  ): void {
    this.setState({
      conflict: {
        ...conflict,
        outcome: conflict.reapplied
          ? `Your change (${title}) still applied, so it was ${again}.`
          : `Your change (${title}) was not applied: ${conflict.reason ?? 'it no longer applies.'}${mode !== 'do' ? ' It was removed from the undo history.' : ''}`,
      },
    } as Partial<EditorState<State, Change>>);
  }

  /** Sends with retries of 429/5xx/network (backoff, Retry-After), one Idempotency-Key throughout. */
  private async sendWithRetries(change: Change, base: Doc): Promise<Result> {
    const key = `cutroom-${crypto.randomUUID()}`;
    const wait = this.config.wait ?? plainWait;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.config.document.send(change, base, key);
      } catch (error) {
        if (!shouldRetry(attempt, error)) throw error;
        await wait(retryDelayMs(attempt, error));
      }
    }
  }

  private async runCommit(
    { label, mode, change }: CommitVariables<Change>,
    entry: HistoryEntry<Change> | undefined,
    end: GestureEnd<State> | undefined,
  ): Promise<CommitOutcome<Change, Result>> {
    const binding = this.config.document;
    const { queryKey } = binding;
    const qc = this.queryClient;
    const title = mode === 'do' ? label : `${mode === 'undo' ? 'Undo' : 'Redo'} “${label}”`;
    await qc.cancelQueries({ queryKey });
    const base = this.readDocument();
    if (base === undefined) {
      this.finishGestureEnd(end);
      return { status: 'failed', label, mode, change, error: new Error('Not loaded.') };
    }
    // The document the screen shows while the change is saved (settle starts from it), with the
    // gesture's end state in the same update.
    let shown = binding.apply(base, change);
    this.writeDocument(shown);
    this.finishGestureEnd(end, { notice: null } as Partial<EditorState<State, Change>>);

    const outcome = await withConflictRetry<Doc, Change, Result>({
      base,
      change,
      send: (next, doc) => this.sendWithRetries(next, doc),
      isConflict: (error) => binding.isConflict(error),
      refetch: () => binding.fetch(),
      rebase: (next, from, fresh) => binding.rebase(next, from, fresh),
      describe: (from, fresh) => binding.describeConflict(from, fresh),
      onRebase: (fresh, next) => {
        shown = binding.apply(fresh, next);
        this.writeDocument(shown);
      },
    });
    if (outcome.conflict) this.showConflict(outcome.conflict, title, mode);

    if (outcome.status === 'not-applied') {
      this.writeDocument(outcome.base);
      if (entry) this.setHistory(dropEntry(this.getState().history, entry.id));
      this.announce(`${title} was not applied because the document changed.`);
      return { status: 'not-applied', label, mode, change };
    }

    if (outcome.status === 'failed') {
      this.writeDocument(outcome.base);
      // The service's state is unknown after a failure: read it again (rollback → invalidate).
      void qc.invalidateQueries({ queryKey });
      const { title: errorTitle, detail } = describeFailure(outcome.error);
      // A change the service refuses will be refused again: it leaves the history.
      const dropped = entry !== undefined && !isRetryable(outcome.error);
      if (dropped) this.setHistory(dropEntry(this.getState().history, entry.id));
      this.setState({
        notice: {
          tone: 'error',
          title: `${title} failed`,
          detail: `${errorTitle}: ${detail} Nothing changed.${dropped ? ' This step was removed from the undo history.' : ''}`,
        },
        announcement: `${title} failed.`,
      } as Partial<EditorState<State, Change>>);
      return { status: 'failed', label, mode, change, error: outcome.error };
    }

    const { result, change: sent, base: appliedTo } = outcome;
    const settled = binding.settle({ base: appliedTo, optimistic: shown, change: sent, result });
    if (settled === 'refetch') {
      try {
        await binding.fetch();
      } catch {
        void qc.invalidateQueries({ queryKey });
      }
    } else {
      this.writeDocument(settled);
    }
    const inverse = binding.invert(sent, result, appliedTo);
    const warnings = binding.warnings?.(result) ?? [];
    let history = this.getState().history;
    if (mode === 'undo') history = undone(history, inverse ?? undefined);
    else if (mode === 'redo') history = redone(history, inverse ?? undefined);
    else {
      if (binding.invalidates)
        history = keepEntries(
          history,
          (old) => !binding.invalidates!(old, sent, result, appliedTo),
        );
      if (inverse) history = record(history, createEntry(label, sent, inverse));
    }
    this.setHistory(history);
    const after = this.config.afterCommit?.({
      change: sent,
      result,
      base: appliedTo,
      state: this.getState(),
    });
    if (after) this.setState(after as Partial<EditorState<State, Change>>);
    const announcement =
      mode === 'do' ? `${label} done.` : `${mode === 'undo' ? 'Undid' : 'Redid'} ${label}.`;
    const whyNotUndoable =
      mode === 'do' && !inverse
        ? binding.notUndoable
          ? binding.notUndoable(sent, result)
          : 'This change has no inverse.'
        : null;
    this.setState({
      announcement: warnings.length ? `${announcement} ${warnings.join(' ')}` : announcement,
      ...(whyNotUndoable
        ? {
            notice: {
              tone: 'info',
              title: `${label} cannot be undone`,
              detail: whyNotUndoable,
            },
          }
        : warnings.length
          ? {
              notice: {
                tone: 'info',
                title: `${title}: the service adjusted it`,
                detail: warnings.join(' '),
              },
            }
          : {}),
    } as Partial<EditorState<State, Change>>);
    return { status: 'applied', label, mode, change: sent, result };
  }

  private setHistory(history: History<Change>): void {
    this.setState({ history } as Partial<EditorState<State, Change>>);
  }
}

export function createEditor<State extends object, Doc, Change, Result, Ctx>(
  config: EditorConfig<State, Doc, Change, Result, Ctx>,
): Editor<State, Doc, Change, Result, Ctx> {
  return new Editor(config);
}

/** The kit's own commands, for any editor's table: undo and redo with their usual keys. */
export function historyCommands<Ctx extends { history: History<unknown> }, State, Change>(): [
  Command<Ctx, State, Change>,
  Command<Ctx, State, Change>,
] {
  return [
    {
      name: 'undo',
      label: 'Undo',
      description: 'Undo the last change',
      keys: [{ keys: 'Mod+Z', args: undefined }],
      toolbar: 'history',
      writes: true,
      canRun: (ctx) => ctx.history.past.length > 0,
      perform: (ctx) =>
        ctx.history.past.length > 0
          ? { type: 'undo' }
          : { type: 'refused', reason: 'Nothing to undo.' },
    },
    {
      name: 'redo',
      label: 'Redo',
      description: 'Redo the change undone last',
      keys: [
        { keys: 'Shift+Mod+Z', args: undefined },
        { keys: 'Mod+Y', args: undefined },
      ],
      toolbar: 'history',
      writes: true,
      canRun: (ctx) => ctx.history.future.length > 0,
      perform: (ctx) =>
        ctx.history.future.length > 0
          ? { type: 'redo' }
          : { type: 'refused', reason: 'Nothing to redo.' },
    },
  ];
}
