import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { creditsQueryOptions } from '@/api/credits.ts';
import { formatNumber } from '@/lib/format.ts';

/** The balance in the header, linking to the workspace settings. */
export function CreditsBadge() {
  const credits = useQuery(creditsQueryOptions);
  const label = credits.isPending
    ? 'Credits …'
    : credits.isError
      ? 'Credits unavailable'
      : `${formatNumber(credits.data.balance)} ${credits.data.unit}`;
  return (
    <Link
      to="/settings"
      className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200"
      aria-label={`Credit balance: ${label}`}
    >
      {label}
    </Link>
  );
}

/**
 * Shown before anything that spends credits: the balance, the cost when it is known, what is left
 * after, and a warning when the balance does not cover it.
 */
export function CreditsNotice({
  cost,
  action,
}: {
  /** Estimated credits the action spends; null when the service only says after starting. */
  cost: number | null;
  /** What spends them, e.g. "This export". */
  action: string;
}) {
  const credits = useQuery(creditsQueryOptions);
  if (credits.isPending) {
    return <p className="text-sm text-slate-600">Checking your credit balance…</p>;
  }
  if (credits.isError) {
    return (
      <p className="text-sm text-amber-800">
        Your credit balance could not be loaded. {action} spends credits.
      </p>
    );
  }
  const { balance, unit } = credits.data;
  const short = cost !== null && cost > balance;
  return (
    <p
      className={`rounded-md p-3 text-sm ${short ? 'bg-red-50 text-red-900' : 'bg-slate-50 text-slate-800'}`}
      role={short ? 'alert' : undefined}
    >
      {cost === null ? (
        <>
          {action} spends {unit}; the estimate shows on the job once it starts. Balance:{' '}
          <strong>
            {formatNumber(balance)} {unit}
          </strong>
          .
        </>
      ) : (
        <>
          {action} costs about{' '}
          <strong>
            {formatNumber(cost)} {unit}
          </strong>
          . Balance: {formatNumber(balance)} {unit}
          {short
            ? ' — not enough. Top up the workspace or choose a smaller change.'
            : `; about ${formatNumber(balance - cost)} left after.`}
        </>
      )}
    </p>
  );
}
