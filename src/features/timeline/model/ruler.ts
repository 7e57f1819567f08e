/**
 * Ruler ticks whose spacing adapts to the zoom: labels at least MIN_LABEL_PX apart, frame-based
 * steps when zoomed in below one second, minutes and hours when zoomed far out.
 */
import { frameTime, timeToX, type Viewport } from './time-scale.ts';

export const MIN_LABEL_PX = 80;
const MIN_MINOR_PX = 8;
const SECOND_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];
const FRAME_STEPS = [1, 2, 5, 10, 15];

export interface RulerTick {
  seconds: number;
  x: number;
  label: string;
}

export interface RulerTicks {
  step: number;
  minorStep: number;
  major: RulerTick[];
  minor: number[];
}

/** Label step candidates in seconds, smallest first, for a frame rate. */
export function stepCandidates(fps: number): number[] {
  const frames = FRAME_STEPS.filter((f) => f < fps).map((f) => f / fps);
  return [...frames, ...SECOND_STEPS];
}

export function chooseStep(pxPerSecond: number, fps: number): number {
  const candidates = stepCandidates(fps);
  return (
    candidates.find((step) => step * pxPerSecond >= MIN_LABEL_PX) ??
    candidates[candidates.length - 1]!
  );
}

function chooseMinorStep(step: number, pxPerSecond: number, fps: number): number {
  const candidates = stepCandidates(fps).filter((minor) => minor < step);
  for (const minor of candidates) {
    const ratio = step / minor;
    if (minor * pxPerSecond >= MIN_MINOR_PX && Math.abs(ratio - Math.round(ratio)) < 1e-6)
      return minor;
  }
  return step;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * `m:ss` (or `h:mm:ss`); with `withFrames`, `m:ss:ff`. Negative values are clamped to 0.
 */
export function formatTimecode(seconds: number, fps: number, withFrames = false): string {
  const safeFps = fps > 0 ? fps : 30;
  const totalFrames = Math.round(Math.max(0, seconds) * safeFps);
  const whole = Math.floor(totalFrames / safeFps);
  const frames = totalFrames - Math.round(whole * safeFps);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const base = h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  return withFrames ? `${base}:${pad(Math.max(0, frames))}` : base;
}

/** Seconds with up to three decimals, for fields and announcements (`12.5 s`). */
export function formatSeconds(seconds: number): string {
  return `${Number(seconds.toFixed(3))} s`;
}

export function rulerTicks(view: Viewport, fps: number): RulerTicks {
  const step = chooseStep(view.pxPerSecond, fps);
  const minorStep = chooseMinorStep(step, view.pxPerSecond, fps);
  const withFrames = step < 1;
  const startTime = Math.max(0, view.scrollX / view.pxPerSecond);
  const endTime = (view.scrollX + view.width) / view.pxPerSecond;
  const major: RulerTick[] = [];
  const minor: number[] = [];
  const tickTime = (n: number, unit: number): number =>
    unit < 1 ? frameTime(Math.round(n * unit * fps), fps) : n * unit;
  const firstMajor = Math.floor(startTime / step);
  for (let n = firstMajor; tickTime(n, step) <= endTime + step; n += 1) {
    const seconds = tickTime(n, step);
    major.push({
      seconds,
      x: timeToX(seconds, view),
      label: formatTimecode(seconds, fps, withFrames),
    });
    if (major.length > 1000) break;
  }
  if (minorStep < step) {
    const firstMinor = Math.floor(startTime / minorStep);
    const ratio = Math.round(step / minorStep);
    for (let n = firstMinor; tickTime(n, minorStep) <= endTime + minorStep; n += 1) {
      if (n % ratio === 0) continue;
      minor.push(timeToX(tickTime(n, minorStep), view));
      if (minor.length > 5000) break;
    }
  }
  return { step, minorStep, major, minor };
}
