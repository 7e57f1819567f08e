import { useLiveEventsStore } from '../live-events-store.ts';

/** Says how fresh the screens are: live updates, or polling while the stream is down. */
export function LiveStatus() {
  const mode = useLiveEventsStore((s) => s.mode);
  const every = useLiveEventsStore((s) => s.pollingEveryMs);
  const reason = useLiveEventsStore((s) => s.pollingReason);
  const seconds = Math.round((every ?? 0) / 1000);
  const label =
    mode === 'live'
      ? 'Live updates'
      : mode === 'polling'
        ? reason === 'paused'
          ? `Live updates paused · polling every ${seconds} s`
          : `Polling every ${seconds} s`
        : 'Connecting…';
  const title =
    mode === 'polling' && reason === 'paused'
      ? `The server cannot deliver live updates right now; checking for changes every ${seconds} s.`
      : label;
  const dot =
    mode === 'live' ? 'bg-emerald-500' : mode === 'polling' ? 'bg-amber-500' : 'bg-slate-400';
  return (
    <span role="status" className="flex items-center gap-1.5 text-xs text-slate-600" title={title}>
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot}`} />
      {label}
    </span>
  );
}
