/**
 * Undo history of inverse operations: one entry per gesture (a group move of 200 items is one
 * entry). Undo runs an entry's `inverse`, redo its `forward`. Pure and immutable.
 */
import type { EditOp } from './edit-ops.ts';

export interface HistoryEntry {
  id: number;
  label: string;
  forward: EditOp[];
  inverse: EditOp[];
}

export interface History {
  past: HistoryEntry[];
  future: HistoryEntry[];
}

export const HISTORY_LIMIT = 100;

export const emptyHistory: History = { past: [], future: [] };

let nextEntryId = 1;

export function createEntry(label: string, forward: EditOp[], inverse: EditOp[]): HistoryEntry {
  nextEntryId += 1;
  return { id: nextEntryId, label, forward, inverse };
}

/** Records a new gesture; the redo branch is dropped. */
export function record(history: History, entry: HistoryEntry, limit = HISTORY_LIMIT): History {
  const past = [...history.past, entry];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, future: [] };
}

export function canUndo(history: History): boolean {
  return history.past.length > 0;
}

export function canRedo(history: History): boolean {
  return history.future.length > 0;
}

export function nextUndo(history: History): HistoryEntry | undefined {
  return history.past[history.past.length - 1];
}

export function nextRedo(history: History): HistoryEntry | undefined {
  return history.future[history.future.length - 1];
}

/** After an undo of the latest entry succeeded. */
export function undone(history: History): History {
  const entry = nextUndo(history);
  if (!entry) return history;
  return { past: history.past.slice(0, -1), future: [...history.future, entry] };
}

/** After a redo of the next entry succeeded. */
export function redone(history: History): History {
  const entry = nextRedo(history);
  if (!entry) return history;
  return { past: [...history.past, entry], future: history.future.slice(0, -1) };
}

/** Drops the entry (its inverse no longer applies, e.g. an item was deleted elsewhere). */
export function dropEntry(history: History, entryId: number): History {
  return {
    past: history.past.filter((entry) => entry.id !== entryId),
    future: history.future.filter((entry) => entry.id !== entryId),
  };
}

/** Drops every entry that touches a deleted item (they can no longer be undone or redone). */
export function pruneDeleted(history: History, deleted: ReadonlySet<string>): History {
  if (deleted.size === 0) return history;
  const keep = (entry: HistoryEntry) =>
    !entry.forward.some((op) => deleted.has(op.itemId)) &&
    !entry.inverse.some((op) => deleted.has(op.itemId));
  return { past: history.past.filter(keep), future: history.future.filter(keep) };
}
