/**
 * The commit path of the editor kit: one change, one mutation, one request, one undo step. The
 * change is shown at once (optimistic), sent (`sendChange`: retries under one Idempotency-Key),
 * re-checked after a 409 (`withConflictRetry`: re-sent only when it still applies), settled on
 * the service's answer or rolled back, and recorded in the history with its inverse.
 */
import { MutationObserver, type QueryClient, type QueryKey } from '@tanstack/query-core';
import { isRetryable } from '@/api/retry-policy.ts';
import { withConflictRetry, type ConflictReport } from './conflict-retry.ts';
import {
  describeFailure,
  type CommitMode,
  type CommitOutcome,
  type CommitVariables,
  type EditorConfig,
  type EditorState,
  type GestureEnd,
} from './contract.ts';
import {
  createEntry,
  dropEntry,
  keepEntries,
  record,
  redone,
  undone,
  type History,
  type HistoryEntry,
} from './history.ts';
import { sendChange } from './send-change.ts';

/** What the commit path reads and writes of its editor. */
export interface CommitHost<State extends object, Doc, Change, Result> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the context type plays no part here
  readonly config: EditorConfig<State, Doc, Change, Result, any>;
  readonly queryClient: QueryClient;
  readonly mutationKey: QueryKey;
  getState(): EditorState<State, Change>;
  setState(patch: Partial<EditorState<State, Change>>): void;
  announce(text: string): void;
  isSaving(): boolean;
  /** The document in the query cache (what a commit is based on). */
  readDocument(): Doc | undefined;
  writeDocument(doc: Doc): void;
  /** Applies a gesture's end patch (once) with `extra` in the same update. */
  finishGestureEnd(
    end: GestureEnd<State> | undefined,
    extra?: Partial<EditorState<State, Change>>,
  ): void;
}

export class CommitPath<State extends object, Doc, Change, Result> {
  private readonly host: CommitHost<State, Doc, Change, Result>;

  constructor(host: CommitHost<State, Doc, Change, Result>) {
    this.host = host;
  }

  /**
   * Commits one change (one gesture) as one mutation under the editor's `mutationKey`: what
   * "Saving…" and a commit's answer are read from. Refused while another commit is saved.
   */
  commit(
    label: string,
    change: Change,
    mode: CommitMode = 'do',
    entry?: HistoryEntry<Change>,
    end?: GestureEnd<State>,
  ): Promise<CommitOutcome<Change, Result>> {
    if (this.host.isSaving()) return Promise.resolve(this.refuseBusy(label, change, mode, end));
    const observer = new MutationObserver<
      CommitOutcome<Change, Result>,
      Error,
      CommitVariables<Change>
    >(this.host.queryClient, {
      mutationKey: this.host.mutationKey,
      mutationFn: (variables) => this.runCommit(variables, entry, end),
    });
    return observer.mutate({ label, mode, change });
  }

  refuseBusy(
    label: string,
    change: Change,
    mode: CommitMode,
    end?: GestureEnd<State>,
  ): CommitOutcome<Change, Result> {
    this.host.finishGestureEnd(end, {
      notice: {
        tone: 'info',
        title: 'One moment',
        detail: 'The previous change is still being saved.',
      },
    } as Partial<EditorState<State, Change>>);
    return { status: 'busy', label, mode, change };
  }

  showConflict(
    conflict: ConflictReport,
    title: string,
    mode: CommitMode,
    again = 're-applied on top of theirs',
  ): void {
    this.host.setState({
      conflict: {
        ...conflict,
        outcome: conflict.reapplied
          ? `Your change (${title}) still applied, so it was ${again}.`
          : `Your change (${title}) was not applied: ${conflict.reason ?? 'it no longer applies.'}${mode !== 'do' ? ' It was removed from the undo history.' : ''}`,
      },
    } as Partial<EditorState<State, Change>>);
  }

  private async runCommit(
    { label, mode, change }: CommitVariables<Change>,
    entry: HistoryEntry<Change> | undefined,
    end: GestureEnd<State> | undefined,
  ): Promise<CommitOutcome<Change, Result>> {
    const binding = this.host.config.document;
    const keys = binding.partKeys ?? [binding.queryKey];
    const qc = this.host.queryClient;
    const invalidate = () => {
      for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
    };
    const title = mode === 'do' ? label : `${mode === 'undo' ? 'Undo' : 'Redo'} “${label}”`;
    await Promise.all(keys.map((queryKey) => qc.cancelQueries({ queryKey })));
    const base = this.host.readDocument();
    if (base === undefined) {
      this.host.finishGestureEnd(end);
      return { status: 'failed', label, mode, change, error: new Error('Not loaded.') };
    }
    // The document the screen shows while the change is saved (settle starts from it), with the
    // gesture's end state in the same update.
    let shown = binding.apply(base, change);
    this.host.writeDocument(shown);
    this.host.finishGestureEnd(end, { notice: null } as Partial<EditorState<State, Change>>);

    const outcome = await withConflictRetry<Doc, Change, Result>({
      base,
      change,
      send: (next, doc) => sendChange(binding, next, doc, this.host.config.wait),
      isConflict: (error) => binding.isConflict(error),
      refetch: () => binding.fetch(),
      rebase: (next, from, fresh) => binding.rebase(next, from, fresh),
      describe: (from, fresh) => binding.describeConflict(from, fresh),
      onRebase: (fresh, next) => {
        shown = binding.apply(fresh, next);
        this.host.writeDocument(shown);
      },
    });
    if (outcome.conflict) this.showConflict(outcome.conflict, title, mode);

    if (outcome.status === 'not-applied') {
      this.host.writeDocument(outcome.base);
      if (entry) this.setHistory(dropEntry(this.host.getState().history, entry.id));
      this.host.announce(`${title} was not applied because the document changed.`);
      return { status: 'not-applied', label, mode, change };
    }

    if (outcome.status === 'failed') {
      this.host.writeDocument(outcome.base);
      // The service's state is unknown after a failure: read it again (rollback → invalidate).
      invalidate();
      const { title: errorTitle, detail } = describeFailure(outcome.error);
      // A change the service refuses will be refused again: it leaves the history.
      const dropped = entry !== undefined && !isRetryable(outcome.error);
      if (dropped) this.setHistory(dropEntry(this.host.getState().history, entry.id));
      this.host.setState({
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
        invalidate();
      }
    } else {
      this.host.writeDocument(settled);
    }
    const inverse = binding.invert(sent, result, appliedTo);
    const warnings = binding.warnings?.(result) ?? [];
    let history = this.host.getState().history;
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
    const after = this.host.config.afterCommit?.({
      change: sent,
      result,
      base: appliedTo,
      state: this.host.getState(),
    });
    if (after) this.host.setState(after as Partial<EditorState<State, Change>>);
    const announcement =
      mode === 'do' ? `${label} done.` : `${mode === 'undo' ? 'Undid' : 'Redid'} ${label}.`;
    const whyNotUndoable =
      mode === 'do' && !inverse
        ? binding.notUndoable
          ? binding.notUndoable(sent, result)
          : 'This change has no inverse.'
        : null;
    this.host.setState({
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
    this.host.setState({ history } as Partial<EditorState<State, Change>>);
  }
}
