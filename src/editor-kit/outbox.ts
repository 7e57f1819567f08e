/**
 * The outbox, an optional capability of an editor (`persist` in its config): every change is
 * kept until the service confirms it.
 *
 * - A change is shown at once on top of the document and queued; changes are saved one after
 *   another, each as one request through the editor's own path (`submitNow`: review, commit,
 *   one undo step).
 * - The save queue (`save-queue.ts`): one request in flight at a time per group of keys; the
 *   changes of the same keys that waited behind a save go out as one request (each stays its own
 *   undo step); a change is sent at the revision this browser's own earlier saves produced, so a
 *   409 means someone else changed the document.
 * - A save that fails for a reason that may pass (network, 429, 5xx after the kit's retries)
 *   keeps the change on screen, marked unsaved, and holds the queue until the person saves again;
 *   a refused one leaves with the reason shown.
 * - The outbox is kept on this device (`persist.save`): after a reload the changes are back,
 *   reconciled with the service (what it already has is dropped), waiting to be saved.
 * - Undo takes back an unsaved change locally, else the last saved one through the service.
 */
import { describeError } from '@/api/api-error.ts';
import { isRetryable } from '@/api/retry-policy.ts';
import type {
  CommitOutcome,
  EditorState,
  OutboxEntry,
  OutboxState,
  PersistBinding,
} from './contract.ts';
import { createEntry, HISTORY_LIMIT } from './history.ts';
import { nextBatch, restampEntries, type Batch } from './save-queue.ts';

/** What the outbox reads and asks of its editor. */
export interface OutboxHost<State, Doc, Change, Result> {
  getState(): EditorState<State, Change>;
  setState(patch: Partial<EditorState<State, Change>>): void;
  subscribe(listener: (state: EditorState<State, Change>) => void): () => void;
  announce(text: string): void;
  /** The document in the query cache (the service's, with the change being saved). */
  readDocument(): Doc | undefined;
  apply(doc: Doc, change: Change): Doc;
  invert(change: Change, result: Result, base: Doc): Change | null;
  /** Reviews and commits a change now: the editor's own path. */
  submitNow(label: string, change: Change): Promise<CommitOutcome<Change, Result>>;
  undoNow(): Promise<CommitOutcome<Change, Result> | null>;
  redoNow(): Promise<CommitOutcome<Change, Result> | null>;
}

type Outcome<Change, Result> = CommitOutcome<Change, Result>;

/** `doc` with every entry's change applied in order (what the screen shows). */
export function applyEntries<Doc, Change>(
  apply: (doc: Doc, change: Change) => Doc,
  doc: Doc,
  entries: readonly OutboxEntry<Change>[],
): Doc {
  let shown = doc;
  for (const entry of entries) shown = apply(shown, entry.change);
  return shown;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export class Outbox<State, Doc, Change, Result> {
  private readonly host: OutboxHost<State, Doc, Change, Result>;
  private readonly persist: PersistBinding<Doc, Change>;
  private queue: Promise<unknown> = Promise.resolve();
  /** The pending `submit` of each entry waiting to be saved. */
  private readonly answers = new Map<string, (outcome: Outcome<Change, Result>) => void>();
  /** The last layered document (views compare documents by identity). */
  private shown: { base: Doc; changes: readonly Change[]; doc: Doc } | null = null;
  private reconciled = false;

  constructor(host: OutboxHost<State, Doc, Change, Result>, persist: PersistBinding<Doc, Change>) {
    this.host = host;
    this.persist = persist;
  }

  /** The kit state an editor with an outbox starts with: the changes left from an earlier visit. */
  initialState(): OutboxState<Change> {
    const outbox = this.persist.load();
    return { outbox, saveHeld: outbox.length > 0 ? 'returned' : null, returned: null };
  }

  /** `base` with every waiting change on top, in order (the same object while nothing changes). */
  layered(base: Doc): Doc {
    const { outbox } = this.host.getState();
    // An entry's status changing (pending → saving) changes nothing shown: same document.
    const shown = this.shown;
    if (
      shown?.base !== base ||
      shown.changes.length !== outbox.length ||
      outbox.some((entry, i) => entry.change !== shown.changes[i])
    ) {
      this.shown = {
        base,
        changes: outbox.map((entry) => entry.change),
        doc: applyEntries(this.host.apply, base, outbox),
      };
    }
    return this.shown!.doc;
  }

  /**
   * Keeps the outbox on this device from now on; returns the function that stops (the screen
   * went away). The outbox left from an earlier visit was loaded with the editor.
   */
  keepOnDevice(): () => void {
    let kept = this.host.getState().outbox;
    return this.host.subscribe((state) => {
      if (state.outbox === kept) return;
      kept = state.outbox;
      if (!this.persist.save(state.outbox) && state.outbox.length > 0)
        this.host.setState({
          notice: {
            tone: 'error',
            title: 'Unsaved changes are not kept on this device',
            detail:
              'The browser refused to store them (storage full or blocked). Save them before you leave this page.',
          },
        } as Partial<EditorState<State, Change>>);
    });
  }

  private setOutbox(
    outbox: OutboxEntry<Change>[],
    patch: Partial<EditorState<State, Change>> = {},
  ): void {
    this.host.setState({ ...patch, outbox } as Partial<EditorState<State, Change>>);
  }

  private patchEntries(ids: ReadonlySet<string>, patch: Partial<OutboxEntry<Change>>): void {
    this.setOutbox(
      this.host
        .getState()
        .outbox.map((entry) => (ids.has(entry.id) ? { ...entry, ...patch } : entry)),
    );
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Answers the `submit` of each entry (the outcome of the save that carried it). */
  private answer(ids: Iterable<string>, outcome: Outcome<Change, Result>): void {
    for (const id of ids) {
      this.answers.get(id)?.(outcome);
      this.answers.delete(id);
    }
  }

  /**
   * A change: shown at once, queued, saved in turn (with the changes of the same keys that
   * waited behind a save in flight, as one request). Resolves with its save's outcome.
   */
  submit(label: string, change: Change): Promise<Outcome<Change, Result>> {
    if (this.persist.isEmpty(change)) {
      this.host.announce('Nothing to change.');
      return Promise.resolve({ status: 'not-applied', label, mode: 'do', change });
    }
    const held = this.host.getState().saveHeld !== null;
    const entry: OutboxEntry<Change> = {
      id: crypto.randomUUID(),
      label,
      change,
      status: held ? 'unsaved' : 'pending',
      createdAt: Date.now(),
    };
    this.setOutbox([...this.host.getState().outbox, entry]);
    if (held) return Promise.resolve({ status: 'held', label, mode: 'do', change });
    const answered = new Promise<Outcome<Change, Result>>((resolve) =>
      this.answers.set(entry.id, resolve),
    );
    // The change is on screen now; saving starts in the next task, so the frame that shows it
    // is not held up by the save's bookkeeping.
    void this.enqueue(() => nextTask().then(() => this.drain()));
    return answered;
  }

  /** Saves what waits, one request after another, until nothing can go. */
  private async drain(): Promise<void> {
    for (;;) {
      if (this.host.getState().saveHeld !== null) return;
      const batch = nextBatch(this.host.getState().outbox, this.persist.traits);
      if (!batch) return;
      await this.saveBatch(batch);
    }
  }

  /** Saves one batch through the editor's own path (`submitNow`) and settles its entries. */
  private async saveBatch(batch: Batch<Change>): Promise<void> {
    const ids = new Set(batch.ids);
    const entries = this.host.getState().outbox.filter((entry) => ids.has(entry.id));
    const label = entries[entries.length - 1]?.label ?? 'Change';
    this.patchEntries(ids, { status: 'saving', error: undefined });
    this.persist.saving?.();
    const outcome = await this.host.submitNow(label, batch.change);
    switch (outcome.status) {
      case 'applied': {
        this.removeEntries(ids);
        if (entries.length > 1 && outcome.change === batch.change)
          this.splitHistory(outcome.change, entries, outcome.result);
        const notice = this.persist.saved?.(label) ?? null;
        if (notice) this.host.setState({ notice } as Partial<EditorState<State, Change>>);
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
    this.setOutbox(this.host.getState().outbox.filter((entry) => !ids.has(entry.id)));
  }

  /**
   * Changes saved together stay one undo step each: the history entry the save recorded is
   * replaced by one entry per change, in order.
   */
  private splitHistory(
    sent: Change,
    entries: readonly OutboxEntry<Change>[],
    result: Result,
  ): void {
    const history = this.host.getState().history;
    const last = history.past[history.past.length - 1];
    const base = this.host.readDocument();
    if (last?.forward !== sent || base === undefined) return;
    const split = [];
    for (const entry of entries) {
      const inverse = this.host.invert(entry.change, result, base);
      if (!inverse) return;
      split.push(createEntry(entry.label, entry.change, inverse));
    }
    const past = [...history.past.slice(0, -1), ...split];
    this.host.setState({
      history: { past: past.slice(Math.max(0, past.length - HISTORY_LIMIT)), future: [] },
    } as Partial<EditorState<State, Change>>);
  }

  /**
   * After an answer of this browser's save: the changes still waiting are read forward past it
   * (kept so on this device, so a reload sends them at the right revisions too).
   */
  noteSaved(): void {
    const outbox = this.host.getState().outbox;
    const next = restampEntries(outbox, this.persist.traits, this.persist.latest);
    if (next !== outbox) this.setOutbox([...next]);
  }

  /** The save of `id` failed for a reason that may pass: it and every later change wait. */
  private holdAfterFailure(id: string, error: unknown): void {
    const { title, detail } = describeError(error);
    const outbox = this.host.getState().outbox;
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
      } as Partial<EditorState<State, Change>>,
    );
  }

  /** Saves the unsaved changes, in order. */
  saveUnsaved(): Promise<void> {
    const waiting = this.host.getState().outbox.filter((entry) => entry.status !== 'saving');
    if (waiting.length === 0) return Promise.resolve();
    this.host.setState({ saveHeld: null, returned: null, notice: null } as Partial<
      EditorState<State, Change>
    >);
    this.patchEntries(new Set(waiting.map((entry) => entry.id)), { status: 'pending' });
    return this.enqueue(() => this.drain());
  }

  /** Drops the unsaved changes (the screen goes back to what the service has). */
  discardUnsaved(): void {
    const outbox = this.host.getState().outbox;
    const kept = outbox.filter((entry) => entry.status === 'saving');
    const count = outbox.length - kept.length;
    this.setOutbox(kept, { saveHeld: null, returned: null, notice: null } as Partial<
      EditorState<State, Change>
    >);
    const discarded = outbox.filter((entry) => entry.status !== 'saving');
    for (const entry of discarded)
      this.answer([entry.id], {
        status: 'not-applied',
        label: entry.label,
        mode: 'do',
        change: entry.change,
      });
    this.host.announce(`${plural(count, 'unsaved change')} discarded.`);
  }

  /**
   * Once the document is loaded: the changes left from an earlier visit against the service's
   * document (drops what it already has, counts what was changed elsewhere since).
   */
  reconcileReturned(): void {
    if (this.reconciled) return;
    const base = this.host.readDocument();
    if (base === undefined) return;
    this.reconciled = true;
    const outbox = this.host.getState().outbox;
    if (outbox.length === 0 || this.host.getState().saveHeld !== 'returned') return;
    const result = this.persist.reconcile(outbox, base);
    this.setOutbox(result.entries, {
      saveHeld: result.entries.length > 0 ? 'returned' : null,
      returned: { alreadySaved: result.alreadySaved, changedElsewhere: result.changedElsewhere },
    } as Partial<EditorState<State, Change>>);
  }

  /** Takes back the last unsaved change locally, or undoes the last saved one in turn. */
  undo(): Promise<Outcome<Change, Result> | null> {
    const outbox = this.host.getState().outbox;
    const last = outbox[outbox.length - 1];
    if (last && last.status !== 'saving') {
      this.setOutbox(
        outbox.slice(0, -1),
        (outbox.length === 1 ? { saveHeld: null } : {}) as Partial<EditorState<State, Change>>,
      );
      this.answer([last.id], {
        status: 'not-applied',
        label: last.label,
        mode: 'do',
        change: last.change,
      });
      this.host.announce(`Undid ${last.label} (it had not been saved).`);
      return Promise.resolve(null);
    }
    return this.enqueue(() => this.host.undoNow());
  }

  redo(): Promise<Outcome<Change, Result> | null> {
    return this.enqueue(() => this.host.redoNow());
  }
}
