/**
 * Time in whole frames: a cut is planned in frames (integers, no drift between its edges and the
 * words), then said in seconds as the service rounds them (`@/shared-rules/frame-time.ts`).
 */

/** Milliseconds, as the service rounds seconds. */
export const roundMs = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Frames covering at least `seconds` (a padding never rounds down to less than asked). */
export const framesAtLeast = (seconds: number, fps: number): number =>
  Math.max(0, Math.ceil(seconds * fps - 1e-6));

/** Frames nearest to `seconds`. */
export const framesNear = (seconds: number, fps: number): number =>
  Math.max(0, Math.round(seconds * fps));

/** "1.4 s", "12 s", "0.05 s": lengths as people read them. */
export function formatSeconds(seconds: number): string {
  const abs = Math.abs(seconds);
  const text = abs >= 10 ? abs.toFixed(0) : abs >= 1 ? abs.toFixed(1) : abs.toFixed(2);
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return `${seconds < 0 ? '−' : ''}${trimmed} s`;
}
