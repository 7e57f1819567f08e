/** How long a revision has waited, in the words a queue uses ("3 days", "just now"). */
const UNITS: Array<[number, string]> = [
  [365 * 24 * 3_600_000, 'year'],
  [30 * 24 * 3_600_000, 'month'],
  [7 * 24 * 3_600_000, 'week'],
  [24 * 3_600_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
];

export function formatWaited(sinceMs: number, nowMs: number): string {
  const waited = Math.max(0, nowMs - sinceMs);
  for (const [size, unit] of UNITS) {
    const count = Math.floor(waited / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'}`;
  }
  return 'less than a minute';
}
