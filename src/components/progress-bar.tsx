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
      {/* Scaled, not resized, and not animated: a width transition lays out and paints the page
          on every frame while a value keeps changing (an upload's progress, updated several
          times a second). */}
      <div
        className="h-full w-full origin-left bg-indigo-600"
        style={{ transform: `scaleX(${percent / 100})` }}
      />
    </div>
  );
}
