/**
 * An audio or video item's waveform on the timeline's band: per screen column, the lowest and
 * highest sample of the source time under it (model/waveform-peaks.ts), filled as one shape about
 * the middle of the item's lower part; silence (a pause) draws as a flat line. Peaks arrive by
 * chunks: a column whose chunk is still loading is left out until it comes.
 */
import {
  type PeakChunk,
  peakBetween,
  waveformResolution,
  type WaveformResolution,
} from '../model/waveform-peaks.ts';
import type { Ctx } from './timeline-drawing.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

export interface WaveformSource {
  /** A chunk of an asset's peaks, or undefined while it loads (asking for it fetches it). */
  chunk(assetId: string, resolution: WaveformResolution, index: number): PeakChunk | undefined;
}

export interface WaveformBox {
  x0: number;
  width: number;
  top: number;
  bottom: number;
  /** Columns drawn: the canvas's own (an item reaching past it is drawn only where seen). */
  left: number;
  right: number;
}

/** Whether an item has a waveform to draw. */
export const hasWaveform = (item: TimelineItem): item is TimelineItem & { asset_id: string } =>
  (item.type === 'audio' || item.type === 'video') && typeof item.asset_id === 'string';

export function drawWaveform(
  ctx: Ctx,
  item: TimelineItem & { asset_id: string },
  box: WaveformBox,
  pxPerSecond: number,
  source: WaveformSource,
): void {
  const resolution = waveformResolution(pxPerSecond);
  const first = Math.max(Math.ceil(box.x0 + 1), Math.floor(box.left));
  const last = Math.min(Math.floor(box.x0 + box.width - 1), Math.ceil(box.right));
  if (last - first < 2) return;
  const sourceStart = item.source_start_seconds ?? 0;
  const mid = (box.top + box.bottom) / 2;
  const half = (box.bottom - box.top) / 2;
  const chunks = new Map<number, PeakChunk | undefined>();
  const chunk = (index: number): PeakChunk | undefined => {
    if (!chunks.has(index)) chunks.set(index, source.chunk(item.asset_id, resolution, index));
    return chunks.get(index);
  };
  // Runs of columns whose peaks are known, each one filled shape.
  let highs: number[] = [];
  let lows: number[] = [];
  let runStart = first;
  const flush = (): void => {
    if (highs.length === 0) return;
    ctx.beginPath();
    ctx.moveTo(runStart, highs[0]!);
    for (let i = 1; i < highs.length; i += 1) ctx.lineTo(runStart + i, highs[i]!);
    for (let i = lows.length - 1; i >= 0; i -= 1) ctx.lineTo(runStart + i + 1, lows[i]!);
    ctx.lineTo(runStart, lows[0]!);
    ctx.closePath();
    ctx.fill();
    highs = [];
    lows = [];
  };
  ctx.fillStyle = 'rgba(226,232,240,0.85)';
  for (let x = first; x < last; x += 1) {
    const from = sourceStart + (x - box.x0) / pxPerSecond;
    const peak = peakBetween(from, from + 1 / pxPerSecond, resolution, chunk);
    if (!peak) {
      flush();
      runStart = x + 1;
      continue;
    }
    if (highs.length === 0) runStart = x;
    // At least a hairline: silence shows as a flat line through the middle.
    highs.push(mid - Math.max(0.5, peak.high * half));
    lows.push(mid + Math.max(0.5, -peak.low * half));
  }
  flush();
}
