/**
 * # The editor kit's contract
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
 * - Optional capabilities: `persist` keeps every change in an outbox until the service confirms it
 *   (`outbox.ts`: queued, saved one at a time, held and kept on the device when a save fails);
 *   `live` shows a gesture's change on top of the document before it is saved (`preview`,
 *   `commitLive`, `cancelLive`; Escape drops it with the gesture).
 *
 * The document itself (server state) stays in the query cache under `document.queryKey`; the
 * binding (`DocumentBinding`) says how to apply, send, invert, rebase and describe changes. The
 * kit core has no React; `react.tsx` beside it has the hooks and the derived toolbar/help views.
 *
 * This module holds the contract's types (what an editor is configured with, the state every
 * editor has, what a commit answers); `editor.ts` is the `Editor` that carries it out.
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
import type { QueryClient, QueryKey } from '@tanstack/query-core';
import { describeError } from '@/api/api-error.ts';
import type { AnyCommand } from './command.ts';
import type { ConflictReport, Rebase } from './conflict-retry.ts';
import type { History, HistoryEntry } from './history.ts';
import type { ChangeTraits, LatestRevision } from './save-queue.ts';

export interface Notice {
  tone: 'info' | 'error';
  title: string;
  detail: string;
}

export interface ConflictNotice extends ConflictReport {
  /** What happened to the person's own change, in words. */
  outcome: string;
}

export type OutboxStatus = 'pending' | 'saving' | 'unsaved';

/** A change kept until the service confirms it (an editor with an outbox: see outbox.ts). */
export interface OutboxEntry<Change> {
  id: string;
  label: string;
  change: Change;
  /** pending: waiting its turn; saving: being sent; unsaved: its save failed or was cut short. */
  status: OutboxStatus;
  /** Why the last save failed, in words. */
  error?: string | undefined;
  createdAt: number;
}

/** The outbox's state (empty in an editor without one). */
export interface OutboxState<Change> {
  /** The changes not yet confirmed by the service, in the order they were made. */
  outbox: OutboxEntry<Change>[];
  /** Saving waits for the person: a save failed, or changes were left from an earlier visit. */
  saveHeld: 'failed' | 'returned' | null;
  /** What reconciling the returned changes with the service found. */
  returned: { alreadySaved: number; changedElsewhere: string[] } | null;
}

/** How an editor's outbox is kept, queued and reconciled (the `persist` of its config). */
export interface PersistBinding<Doc, Change> {
  /** The entries kept on this device by an earlier visit (all unsaved now). */
  load(): OutboxEntry<Change>[];
  /** Keeps the entries on this device; false when the device refused (full storage). */
  save(entries: readonly OutboxEntry<Change>[]): boolean;
  /** Whether a change changes nothing (then it is not queued). */
  isEmpty(change: Change): boolean;
  /** How the save queue reads a change: its keys, two made one, its revisions read forward. */
  traits: ChangeTraits<Change>;
  /** Reads a revision forward past this browser's own saves (`OwnRevisions.latest`). */
  latest: LatestRevision;
  /** The entries left from an earlier visit against the service's document, on return. */
  reconcile(
    entries: readonly OutboxEntry<Change>[],
    doc: Doc,
  ): { entries: OutboxEntry<Change>[] } & NonNullable<OutboxState<Change>['returned']>;
  /** A save is about to go out. */
  saving?(): void;
  /** A save was applied: its side effects, and a notice to show (what it left out) or null. */
  saved?(label: string): Notice | null;
}

/** State every editor has, beside its own. */
export interface KitState<Change> extends OutboxState<Change> {
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
  /**
   * The parts' keys when they share no prefix (the Words view's timeline and caption words, each
   * read by other editors under its own key): each is cancelled and invalidated with the document.
   * Default: `[queryKey]`.
   */
  partKeys?: readonly QueryKey[];
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
  /** Keeps every change until the service confirms it: the outbox (see outbox.ts). */
  persist?: PersistBinding<Doc, Change>;
  /**
   * A gesture's live change (a slider being dragged), shown on top of the document until the
   * gesture ends: where the state keeps it (see Editor.preview).
   */
  live?: {
    read(state: State): Change | null;
    write(change: Change | null): Partial<State>;
  };
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
