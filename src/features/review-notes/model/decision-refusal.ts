/**
 * Whether "Request changes" may be sent on a revision, from what the app already knows: the
 * revision must wait for a decision (its plan or its assets), the key must be allowed to write,
 * and at least one note must be open. Each refusal in words, before the click.
 */
import type { PlanNotes } from '@/api/bff-schema.gen.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import { planWaitingState } from '@/shared-rules/plan-waiting.ts';

export type DecisionStage = 'plan' | 'assets';

/** The stage a decision on the revision would be about, or null when it waits for none. */
export function decisionStage(
  revision: Pick<
    FacelessPlanRevision,
    'status' | 'revision' | 'plan_approved_at' | 'assets_approved_at'
  >,
): DecisionStage | null {
  const waiting = planWaitingState(revision, revision.revision);
  return waiting === 'plan' || waiting === 'assets' ? waiting : null;
}

export function requestChangesRefusal(
  notes: Pick<PlanNotes, 'can_write' | 'state'> | undefined,
): string | null {
  if (!notes) return 'Reading the notes…';
  if (!notes.can_write) return 'Your key is read-only: it cannot request changes.';
  if (notes.state.open_notes === 0) {
    return 'Write a note first: requesting changes says what should change, in at least one open note.';
  }
  return null;
}
