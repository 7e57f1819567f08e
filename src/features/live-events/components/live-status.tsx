import { useLiveEventsStore } from '../live-events-store.ts';

/** Says how fresh the screens are: live updates, or polling while the stream is down. */
export function LiveStatus() {
  const mode = useLiveEventsStore((s) => s.mode);
  const every = useLiveEventsStore((s) => s.pollingEveryMs);
  const label =
    mode === 'live'
      ? 'Live updates'
      : mode === 'polling'
        ? `Polling every ${Math.round((every ?? 0) / 1000)} s`
        : 'Connecting…';
  const dot =
    mode === 'live' ? 'bg-emerald-500' : mode === 'polling' ? 'bg-amber-500' : 'bg-slate-400';
  return (
    <span role="status" className="flex items-center gap-1.5 text-xs text-slate-600" title={label}>
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot}`} />
      {label}
    </span>
  );
}
