/**
 * Why an approval from the queue cannot go ahead, known before any request: a workspace without
 * a paid plan, a failed run (nothing to approve), or a balance below what it spends.
 */
import type { QueueRow } from './queue-row.ts';
import { creditsText } from './row-words.ts';

/** Whether the workspace's plan (as `GET /auth/validate` names it) may approve: any but free. */
export const isPaidPlan = (plan: string): boolean => plan.trim().toLowerCase() !== 'free';

export function approvalRefusal(
  row: Pick<QueueRow, 'state' | 'credits'>,
  { paid, balance }: { paid: boolean; balance: number | undefined },
): string | null {
  if (row.state === 'failed' || row.credits === null) {
    return 'A failed run cannot be approved: open it and revise the plan to try again.';
  }
  if (!paid) {
    return 'Approving needs a paid plan: this workspace is on the free plan. Upgrade it, or sign in with a key of a paid workspace.';
  }
  if (balance !== undefined && row.credits > balance) {
    return `Not enough credits: approving spends ${creditsText(row.credits)} and the workspace has ${creditsText(balance)}.`;
  }
  return null;
}
