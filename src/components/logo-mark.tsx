/** Cutroom's mark (the favicon's drawing), inline: no request of its own on the first screen. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" fill="#4f46e5" />
      <path d="M9 8l16 8-16 8z" fill="#fff" />
    </svg>
  );
}
