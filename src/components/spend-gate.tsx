import { useQuery } from '@tanstack/react-query';
import { creditsQueryOptions } from '@/api/credits.ts';
import { paidOperations } from '@/api/paid-operations.gen.ts';
import { formatNumber } from '@/lib/format.ts';

/** What an action spends: a known estimate, a floor (an export costs at least a credit), or unknown. */
export type Spend = number | { atLeast: number } | null;

export interface Refusal {
  /** Short, said on the control itself: “needs a paid plan”, “needs 60 credits, 40 left”. */
  short: string;
  /** The whole reason, with what to do about it. */
  detail: string;
}

const PAID = new Set<string>(paidOperations);

/**
 * Whether what the app already knows (the workspace's plan and balance) refuses an action before
 * anything is sent: an operation the contract marks `x-requires-paid-plan` on the free plan, or a
 * spend larger than the balance. Null when nothing refuses it (or the balance is not known yet:
 * the service still has the last word).
 */
export function refusalOf(input: {
  operation: string;
  spend: Spend;
  credits: { plan: string; balance: number; unit: string } | undefined;
}): Refusal | null {
  const { credits } = input;
  if (!credits) return null;
  if (PAID.has(input.operation) && credits.plan === 'free') {
    return {
      short: 'needs a paid plan',
      detail:
        'This needs an active paid plan and the workspace is on the free plan: upgrade it, or sign in with a key of a paid workspace.',
    };
  }
  const needed =
    input.spend === null
      ? null
      : typeof input.spend === 'number'
        ? { amount: input.spend, floor: false }
        : { amount: input.spend.atLeast, floor: true };
  if (needed && needed.amount > credits.balance) {
    const unit =
      needed.amount === 1 && credits.unit.endsWith('s') ? credits.unit.slice(0, -1) : credits.unit;
    const amount = `${needed.floor ? 'at least ' : ''}${formatNumber(needed.amount)} ${unit}`;
    const left = `${formatNumber(credits.balance)} left`;
    return {
      short: `needs ${amount}, ${left}`,
      detail: `This spends ${amount} and the workspace has ${formatNumber(credits.balance)} ${credits.unit}: top it up first.`,
    };
  }
  return null;
}

/** The refusal of an action in this workspace now (see refusalOf). */
export function useRefusal(operation: string, spend: Spend = null): Refusal | null {
  const credits = useQuery(creditsQueryOptions);
  return refusalOf({ operation, spend, credits: credits.data });
}

/** A control's label with its refusal said on it: “Approve assets — needs 60 credits, 40 left”. */
export function refusedLabel(label: string, refusal: Refusal | null): string {
  return refusal ? `${label} — ${refusal.short}` : label;
}

/** The whole reason, beside the refused control (point the control's aria-describedby at `id`). */
export function RefusalNote({ id, refusal }: { id: string; refusal: Refusal | null }) {
  if (!refusal) return null;
  return (
    <p id={id} className="max-w-md text-sm text-amber-900">
      {refusal.detail}
    </p>
  );
}
