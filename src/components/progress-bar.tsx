import { toPercent } from '@/lib/format.ts';

/** Accepts progress as 0-1 or 0-100 (the service does not document its scale). */
export function ProgressBar({
  value,
  label,
  className = '',
}: {
  value: number;
  label: string;
  className?: string;
}) {
  const percent = toPercent(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`h-2 w-full overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
