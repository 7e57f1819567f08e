/**
 * Which revisions wait for a reviewer's decision (the rule: src/shared-rules/plan-waiting.ts), and
 * since when.
 */
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import { planWaitingState, type WaitingState } from '@/shared-rules/plan-waiting.ts';
import type { QueueEntry } from './queue-entry.ts';

export function waitingState(
  entry: Pick<QueueEntry, 'revision' | 'latestRevision'>,
): WaitingState | null {
  return planWaitingState(entry.revision, entry.latestRevision);
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
