/** A waiting revision as the queue shows it: what it waits for, since when, what approving costs. */
import { approvalCredits } from '@/shared-rules/faceless-staleness.ts';
import { qaConcerns, type QaConcerns } from './qa-concerns.ts';
import type { QueueEntry } from './queue-entry.ts';
import { changeCounts, type ChangeCounts } from './revision-changes.ts';
import type { WaitingState } from '@/shared-rules/plan-waiting.ts';
import { waitingSince, waitingState } from './waiting.ts';

export interface QueueRow {
  /** The revision's id. */
  id: string;
  entry: QueueEntry;
  state: WaitingState;
  waitingSince: string;
  waitingSinceMs: number;
  /** Credits approving it would spend; null when nothing can be approved (a failed run). */
  credits: number | null;
  changes: ChangeCounts | null;
  qa: QaConcerns;
}

// Entries are immutable (a refresh brings new objects), so each one's row is worked out once.
const rows = new WeakMap<QueueEntry, QueueRow | null>();

/** The row of a waiting revision, or null when it waits for nobody. */
export function rowOf(entry: QueueEntry): QueueRow | null {
  const known = rows.get(entry);
  if (known !== undefined) return known;
  const state = waitingState(entry);
  const row: QueueRow | null = state
    ? {
        id: entry.revision.id,
        entry,
        state,
        waitingSince: waitingSince(entry.revision),
        waitingSinceMs: Date.parse(waitingSince(entry.revision)) || 0,
        credits: state === 'failed' ? null : approvalCredits(entry.revision, state),
        changes: changeCounts(entry.previous?.plan, entry.revision.plan),
        qa: qaConcerns(entry.revision),
      }
    : null;
  rows.set(entry, row);
  return row;
}

/** The waiting rows of `entries`. */
export function waitingRows(entries: Iterable<QueueEntry>): QueueRow[] {
  const out: QueueRow[] = [];
  for (const entry of entries) {
    const row = rowOf(entry);
    if (row) out.push(row);
  }
  return out;
}
