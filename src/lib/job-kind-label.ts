/**
 * A job's kind as people read it: the service's `type` or `kind` (`faceless_preproduction`,
 * `render`) in words, capitalised ("Faceless preproduction", "Render").
 */
export function jobKindLabel(kind: string | null | undefined): string {
  const words = (kind ?? '').trim().replace(/[_-]+/g, ' ');
  if (!words) return 'Job';
  return words.charAt(0).toUpperCase() + words.slice(1);
}
