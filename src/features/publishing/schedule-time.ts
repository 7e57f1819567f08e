/** Date and time as the user typed them, in their own time zone, to epoch ms (null if invalid). */
export function localDateTimeToEpoch(date: string, time: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const value = new Date(year, month - 1, day, hours, minutes, 0, 0);
  // Reject dates the calendar does not have (e.g. 2026-02-31 rolls over) .
  if (value.getMonth() !== month - 1 || value.getDate() !== day) return null;
  return value.getTime();
}

/** `YYYY-MM-DD` and `HH:MM` of an instant, in the local time zone (for default form values). */
export function epochToLocalInputs(epoch: number): { date: string; time: string } {
  const value = new Date(epoch);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`,
    time: `${pad(value.getHours())}:${pad(value.getMinutes())}`,
  };
}

export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}

/** Moves the item at `from` to `to` (keyboard and drag reorders share this). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
