/**
 * Which faceless plan revisions wait for a reviewer's decision: the review queue's rule, which
 * the simulator also runs to answer `GET /faceless/plans?waiting=true` (the navigation's count).
 *
 * - A draft whose plan is not approved waits for the plan's approval.
 * - A revision whose assets are ready waits for the assets' approval.
 * - A failed run waits for a look until a later revision of its project exists: revising it (the
 *   only way on from a failed run) is the look it needed.
 * Everything else (a run under way, a finished video) waits for nobody.
 */
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

/** What a waiting revision waits for: its plan's approval, its assets' approval, or a look. */
export type WaitingState = 'plan' | 'assets' | 'failed';

/** The statuses a waiting revision can have. */
export const WAITING_STATUSES = ['draft', 'assets_ready', 'failed'] as const;

export function planWaitingState(
  revision: Pick<
    FacelessPlanRevision,
    'status' | 'revision' | 'plan_approved_at' | 'assets_approved_at'
  >,
  latestRevision: number,
): WaitingState | null {
  switch (revision.status) {
    case 'draft':
      return revision.plan_approved_at ? null : 'plan';
    case 'assets_ready':
      return revision.assets_approved_at ? null : 'assets';
    case 'failed':
      return latestRevision > revision.revision ? null : 'failed';
    default:
      return null;
  }
}
