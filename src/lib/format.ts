const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A timestamp in local time as `Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle:
 * 'short' })` writes it in Chromium and Node ("Nov 24, 2026, 1:55 AM"), without creating a
 * formatter: creating one loads ICU's date patterns, ~30 ms of main thread on a desktop (4x that
 * on a phone), paid by every screen that lists dates (the projects list).
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${time}`;
}

/**
 * A number as `Intl.NumberFormat('en')` writes it (thousands grouped with commas, at most three
 * decimals), without creating a formatter: the header's credit balance shows on every screen.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(value * 1000) / 1000;
  const [whole = '0', fraction] = Math.abs(rounded).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A size in binary units, named as such (KiB, MiB, GiB: powers of 1024), as the service's own
 * limits are set (parts of 5 MiB, accounts taking up to 1 GiB).
 */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/** A time on a storyboard: `12.5` → `0:12.5`; whole seconds drop the decimal. */
export function formatSeconds(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '—';
  const minutes = Math.floor(value / 60);
  const seconds = Math.round((value - minutes * 60) * 10) / 10;
  const whole = Number.isInteger(seconds);
  const padded = whole ? String(seconds).padStart(2, '0') : seconds.toFixed(1).padStart(4, '0');
  return `${minutes}:${padded}`;
}

/** `m:ss`, or `h:mm:ss` from an hour on (long sources). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return '—';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The service's `progress` is a number whose scale is not documented: accept 0-1 or 0-100. */
export function toPercent(progress: number): number {
  const percent = progress <= 1 ? progress * 100 : progress;
  return Math.round(Math.min(100, Math.max(0, percent)));
}

export function formatPercent(progress: number | null | undefined): string {
  if (progress == null || !Number.isFinite(progress)) return '—';
  return `${toPercent(progress)}%`;
}
