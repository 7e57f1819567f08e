/** Time left before an export's download address lapses, in words that stay short. */
export function formatCountdown(msLeft: number): string {
  if (msLeft <= 0) return 'expired';
  const seconds = Math.floor(msLeft / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export type ExpiryState = 'none' | 'live' | 'soon' | 'expired';

/** `soon` is the last day: the moment to download or post before the link lapses. */
export function expiryState(expiresAt: string | null | undefined, now: number): ExpiryState {
  if (!expiresAt) return 'none';
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return 'none';
  if (at <= now) return 'expired';
  return at - now < 86_400_000 ? 'soon' : 'live';
}
