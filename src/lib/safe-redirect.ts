/** Only same-app paths may be redirect targets (no `//host`, no absolute URLs). */
export function safeRedirectPath(target: string | undefined, fallback = '/projects'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return fallback;
  }
  if (target.startsWith('/login')) return fallback;
  return target;
}
