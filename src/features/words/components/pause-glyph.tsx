/**
 * The pause sign (⏸) drawn, not typed: the character is missing from many systems' fonts (it
 * showed as an empty box in Debian's Chromium).
 */
export function PauseGlyph() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 10 10"
      className="inline h-2.5 w-2.5 align-baseline"
      fill="currentColor"
    >
      <rect x="1.5" y="1" width="2.5" height="8" rx="0.5" />
      <rect x="6" y="1" width="2.5" height="8" rx="0.5" />
    </svg>
  );
}
