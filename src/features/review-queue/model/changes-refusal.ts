/**
 * Whether "Request changes" may be sent from the queue on a row, from what the queue knows (its
 * state, and its notes as the BFF counts them): each refusal in words, before any request.
 */
import type { RevisionReviewState } from '@/api/bff-schema.gen.ts';
import type { QueueRow } from './queue-row.ts';

export function changesRefusal(
  row: QueueRow,
  review: RevisionReviewState | undefined,
  reviewsKnown: boolean,
): string | null {
  if (row.state === 'failed') {
    return 'A failed run waits for a new revision, not for a decision: open it and revise it.';
  }
  if (review?.latest_decision?.kind === 'changes_requested') {
    return 'Changes are already requested on this revision: it waits for its creator.';
  }
  if (!reviewsKnown) return 'Its notes cannot be read right now, so changes cannot be requested.';
  if ((review?.open_notes ?? 0) === 0) {
    return 'Requesting changes needs an open note: open the revision (Enter) and write what should change.';
  }
  return null;
}
