/**
 * Speed and time left of a transfer, from progress samples: the bytes moved over a sliding window
 * (the last few seconds), so a pause or a burst does not skew the figure for long, and an upload
 * that resumed with parts already on the service does not count those parts as speed.
 */
export interface RateSample {
  /** Milliseconds (any monotonic clock). */
  at: number;
  /** Bytes transferred so far. */
  bytes: number;
}

export const RATE_WINDOW_MS = 5_000;

export interface TransferRate {
  samples: readonly RateSample[];
}

export const emptyRate: TransferRate = { samples: [] };

/** Adds a sample, dropping those older than the window (keeping one just before it). */
export function addSample(rate: TransferRate, sample: RateSample, windowMs = RATE_WINDOW_MS) {
  const kept = rate.samples.filter((old) => old.at <= sample.at && old.bytes <= sample.bytes);
  const cutoff = sample.at - windowMs;
  let first = 0;
  while (first < kept.length - 1 && (kept[first + 1] as RateSample).at <= cutoff) first += 1;
  return { samples: [...kept.slice(first), sample] };
}

/** Bytes per second over the window, or null until two samples at least 250 ms apart exist. */
export function bytesPerSecond(rate: TransferRate): number | null {
  const first = rate.samples[0];
  const last = rate.samples[rate.samples.length - 1];
  if (!first || !last || last.at - first.at < 250) return null;
  return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
}

/** Seconds left at the current speed, or null when unknown (no speed yet, or stalled). */
export function secondsLeft(rate: TransferRate, totalBytes: number): number | null {
  const speed = bytesPerSecond(rate);
  const last = rate.samples[rate.samples.length - 1];
  if (speed === null || !last || speed <= 0) return null;
  return Math.max(0, (totalBytes - last.bytes) / speed);
}

/** "1.5 MiB/s" (binary units, as every size on screen). */
export function formatSpeed(speed: number | null): string {
  if (speed === null) return '—';
  const units = ['B/s', 'KiB/s', 'MiB/s', 'GiB/s'];
  let value = speed;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/** "2 min 5 s left", "12 s left", "less than a second left". */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return 'time left unknown';
  if (seconds < 1) return 'less than a second left';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  if (hours > 0) return `${hours} h ${minutes} min left`;
  if (minutes > 0) return `${minutes} min ${secs} s left`;
  return `${secs} s left`;
}
