/**
 * What the words are painted over: the video's frame at the playhead (the service's, as the
 * timeline's preview shows it), or the plain gradient. Remembered on this device.
 */
export type Backdrop = 'frame' | 'plain';
export const BACKDROP_KEY = 'cutroom.captions.backdrop';

/** Frame or plain: what the words are painted over. */
export function BackdropSwitch({
  value,
  onChange,
}: {
  value: Backdrop;
  onChange(next: Backdrop): void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="Preview background"
      className="ml-auto flex rounded-md border border-slate-300 text-xs"
    >
      {(
        [
          ['frame', 'Frame'],
          ['plain', 'Plain'],
        ] as const
      ).map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="radio"
          aria-checked={value === id}
          title={
            id === 'frame'
              ? 'The words over the video at the playhead'
              : 'The words over a plain gradient'
          }
          onClick={() => onChange(id)}
          className={`px-2 py-0.5 first:rounded-l-md last:rounded-r-md focus-visible:ring-2 focus-visible:ring-amber-400 ${value === id ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
