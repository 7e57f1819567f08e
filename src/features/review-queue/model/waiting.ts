/**
 * Which revisions wait for a reviewer's decision, and since when.
 *
 * - A draft whose plan is not approved waits for the plan's approval (since it was created).
 * - A revision whose assets are ready waits for the assets' approval (since they became ready).
 * - A failed run waits for a look until a later revision of its project exists: revising it (the
 *   only way on from a failed run) is the look it needed.
 * Everything else (a run under way, a finished video) waits for nobody.
 */
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import type { QueueEntry } from './queue-entry.ts';

/** What a waiting revision waits for: its plan's approval, its assets' approval, or a look. */
export type WaitingState = 'plan' | 'assets' | 'failed';

/** The statuses a waiting revision can have (what the queue asks the workspace list for). */
export const WAITING_STATUSES = ['draft', 'assets_ready', 'failed'] as const;

export function waitingState(
  entry: Pick<QueueEntry, 'revision' | 'latestRevision'>,
): WaitingState | null {
  const { revision } = entry;
  switch (revision.status) {
    case 'draft':
      return revision.plan_approved_at ? null : 'plan';
    case 'assets_ready':
      return revision.assets_approved_at ? null : 'assets';
    case 'failed':
      return entry.latestRevision > revision.revision ? null : 'failed';
    default:
      return null;
  }
}

/**
 * When the revision started waiting: a draft from its creation; assets and failures from the
 * status change that produced them (a revision changes only with its status, so `updated_at`).
 */
export function waitingSince(revision: FacelessPlanRevision): string {
  return revision.status === 'draft' ? revision.created_at : revision.updated_at;
}

export const WAITING_LABELS: Record<WaitingState, string> = {
  plan: 'Plan to approve',
  assets: 'Assets to approve',
  failed: 'Failed run',
};
