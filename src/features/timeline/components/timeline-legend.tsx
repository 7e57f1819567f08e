import { TYPE_STYLE } from './type-style.ts';

/** The item colours as a legend (the canvas is not in the accessibility tree; this is). */
export function TimelineLegend() {
  return (
    <ul aria-label="Item types" className="flex flex-wrap gap-3 text-xs text-slate-700">
      {Object.entries(TYPE_STYLE).map(([type, style]) => (
        <li key={type} className="flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm"
            style={{ background: style.fill }}
          />
          {style.label}
        </li>
      ))}
    </ul>
  );
}
