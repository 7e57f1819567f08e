/**
 * Undo history of committed changes: one entry per gesture (a group move of 1,000 items is one
 * entry), each with the change that redoes it and the change that undoes it. Pure and immutable.
 */
export interface HistoryEntry<Change> {
  id: number;
  label: string;
  forward: Change;
  inverse: Change;
}

export interface History<Change> {
  past: ReadonlyArray<HistoryEntry<Change>>;
  future: ReadonlyArray<HistoryEntry<Change>>;
}

export const HISTORY_LIMIT = 100;

export function emptyHistory<Change>(): History<Change> {
  return { past: [], future: [] };
}

let lastEntryId = 0;

export function createEntry<Change>(
  label: string,
  forward: Change,
  inverse: Change,
): HistoryEntry<Change> {
  lastEntryId += 1;
  return { id: lastEntryId, label, forward, inverse };
}

/** Records a new gesture; the redo branch is dropped. */
export function record<Change>(
  history: History<Change>,
  entry: HistoryEntry<Change>,
  limit = HISTORY_LIMIT,
): History<Change> {
  const past = [...history.past, entry];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, future: [] };
}

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0;
export const canRedo = (history: History<unknown>): boolean => history.future.length > 0;

export function nextUndo<Change>(history: History<Change>): HistoryEntry<Change> | undefined {
  return history.past[history.past.length - 1];
}

export function nextRedo<Change>(history: History<Change>): HistoryEntry<Change> | undefined {
  return history.future[history.future.length - 1];
}

/**
 * After the undo of the latest entry went through. `forward` replaces the entry's redo change when
 * the service's answer changed it (e.g. a new id for a re-created effect).
 */
export function undone<Change>(history: History<Change>, forward?: Change): History<Change> {
  const entry = nextUndo(history);
  if (!entry) return history;
  const moved = forward === undefined ? entry : { ...entry, forward };
  return { past: history.past.slice(0, -1), future: [...history.future, moved] };
}

/** After the redo of the next entry went through; `inverse` as `forward` above. */
export function redone<Change>(history: History<Change>, inverse?: Change): History<Change> {
  const entry = nextRedo(history);
  if (!entry) return history;
  const moved = inverse === undefined ? entry : { ...entry, inverse };
  return { past: [...history.past, moved], future: history.future.slice(0, -1) };
}

/** Drops one entry (its change no longer applies). */
export function dropEntry<Change>(history: History<Change>, entryId: number): History<Change> {
  return keepEntries(history, (entry) => entry.id !== entryId);
}

/** Keeps only the entries `keep` accepts (e.g. drops those touching deleted items). */
export function keepEntries<Change>(
  history: History<Change>,
  keep: (entry: HistoryEntry<Change>) => boolean,
): History<Change> {
  const past = history.past.filter(keep);
  const future = history.future.filter(keep);
  return past.length === history.past.length && future.length === history.future.length
    ? history
    : { past, future };
}
