/**
 * An item's sound drawn on it: the volume as a line across the item's box (0 % at its bottom,
 * 200 % at the band's top, so 100 % is half way) with the fades as ramps from the bottom at its
 * ends; a muted item's line lies on the bottom, dashed. Drawn over the box of detailed items.
 */
import type { TimelineItem, TimelineItemAudio } from '@/api/schema.gen.ts';
import type { Ctx } from './timeline-drawing.ts';

export const MAX_VOLUME_PERCENT = 200;

export interface EnvelopeBox {
  x0: number;
  width: number;
  /** The band the line moves in: its top (200 %) and bottom (0 %). */
  top: number;
  bottom: number;
}

/** The envelope's corners, left to right: fade-in ramp, the level, fade-out ramp. */
export function envelopePoints(
  audio: TimelineItemAudio,
  seconds: number,
  box: EnvelopeBox,
): Array<{ x: number; y: number }> {
  const level = audio.muted
    ? box.bottom
    : box.bottom -
      (Math.min(audio.volume_percent, MAX_VOLUME_PERCENT) / MAX_VOLUME_PERCENT) *
        (box.bottom - box.top);
  const pxPerSecond = seconds > 0 ? box.width / seconds : 0;
  const x1 = box.x0 + box.width;
  const fadeIn = Math.min(audio.fade_in_seconds * pxPerSecond, box.width);
  const fadeOut = Math.min(audio.fade_out_seconds * pxPerSecond, box.width - fadeIn);
  const points = [];
  if (fadeIn > 0) points.push({ x: box.x0, y: box.bottom });
  points.push({ x: box.x0 + fadeIn, y: level });
  points.push({ x: x1 - fadeOut, y: level });
  if (fadeOut > 0) points.push({ x: x1, y: box.bottom });
  return points;
}

/** Draws the item's sound (nothing for items without one), clipped to its box by the caller. */
export function drawSoundEnvelope(ctx: Ctx, item: TimelineItem, box: EnvelopeBox): void {
  const audio = item.audio;
  if (!audio) return;
  const points = envelopePoints(audio, item.end_seconds - item.start_seconds, box);
  ctx.beginPath();
  ctx.moveTo(points[0]!.x, points[0]!.y);
  for (const point of points.slice(1)) ctx.lineTo(point.x, point.y);
  if (!audio.muted) {
    // The area under the line, faint: the fades read as ramps.
    ctx.lineTo(points.at(-1)!.x, box.bottom);
    ctx.lineTo(points[0]!.x, box.bottom);
    ctx.closePath();
    ctx.fillStyle = 'rgba(255,255,255,0.16)';
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(points[0]!.x, points[0]!.y);
    for (const point of points.slice(1)) ctx.lineTo(point.x, point.y);
  }
  ctx.strokeStyle = audio.muted ? '#fca5a5' : '#fde68a';
  ctx.lineWidth = 1.5;
  if (audio.muted) ctx.setLineDash([3, 3]);
  ctx.stroke();
  if (audio.muted) ctx.setLineDash([]);
}

/** Whether two sounds draw the same (for the items layer's redraw check). */
export function soundDrawnAlike(
  a: TimelineItemAudio | undefined,
  b: TimelineItemAudio | undefined,
): boolean {
  if (!a || !b) return a === b;
  return (
    a.volume_percent === b.volume_percent &&
    a.muted === b.muted &&
    a.fade_in_seconds === b.fade_in_seconds &&
    a.fade_out_seconds === b.fade_out_seconds
  );
}
