/**
 * What the preview draws over the service's frame: the text items and the caption under the
 * playhead by the one caption painter (so they look as the caption styler shows them), the
 * platform's safe areas when asked, and the snap guides of a gesture. Plain functions over a 2D
 * context (tested with a recording fake); the frame itself is the service's.
 */
import {
  paintCaption,
  type PaintableWord,
  type PainterContext,
} from '@/caption-painter/caption-painter.ts';
import type { ProjectFrame } from '@/lib/project-frame.ts';
import type { SnapGuide } from '../model/frame-layout.ts';
import type { ItemLayout } from '../model/item-edits.ts';
import { safeAreasOf, type SafeAreaPlatform } from '../model/safe-areas.ts';
import { paintTextItem } from './text-item-drawing.ts';
import type { CaptionSettings, Timeline, TimelineItem, TimelineLayer } from '@/api/schema.gen.ts';

export type FrameContext = PainterContext & {
  fillRect: CanvasRenderingContext2D['fillRect'];
  strokeRect: CanvasRenderingContext2D['strokeRect'];
  drawImage(image: CanvasImageSource, dx: number, dy: number, dw: number, dh: number): void;
  transform: CanvasRenderingContext2D['transform'];
  setLineDash: CanvasRenderingContext2D['setLineDash'];
  moveTo: CanvasRenderingContext2D['moveTo'];
  lineTo: CanvasRenderingContext2D['lineTo'];
  stroke: CanvasRenderingContext2D['stroke'];
};

export interface OverlaySources {
  /** The project's frame (layouts and sizes are its pixels). */
  frame: ProjectFrame;
  /** The caption words of a caption item, or null until they are loaded. */
  captionWords(item: TimelineItem): readonly PaintableWord[] | null;
  captionSettings: Partial<CaptionSettings> | null;
  /** A layout other than the item's own (the item being dragged). */
  layoutOf?(item: TimelineItem): ItemLayout | undefined;
}

/** The items playing at `seconds`, bottom layer first, on the layers that play. */
export function itemsAt(
  timeline: Timeline,
  seconds: number,
  playing: ReadonlySet<number> | null = null,
): Array<{ item: TimelineItem; layer: TimelineLayer }> {
  const found: Array<{ item: TimelineItem; layer: TimelineLayer }> = [];
  for (const layer of [...timeline.layers].sort((a, b) => a.index - b.index)) {
    if (playing && !playing.has(layer.index)) continue;
    for (const item of layer.items) {
      if (item.start_seconds <= seconds && seconds < item.end_seconds) found.push({ item, layer });
    }
  }
  return found;
}

/**
 * The text items over the frame at `seconds` (their ids: a text item's picture does not change
 * with the time), or null when a caption plays there (its words animate with the time).
 */
export function stillOverlaysAt(
  timeline: Timeline,
  seconds: number,
  playing: ReadonlySet<number> | null,
): string | null {
  const ids: string[] = [];
  for (const { item } of itemsAt(timeline, seconds, playing)) {
    if (item.type === 'caption') return null;
    if (item.type === 'text') ids.push(item.id);
  }
  return ids.join(' ');
}

/** Words spread evenly over the item: the caption's text until its real words are loaded. */
export function wordsFromText(item: TimelineItem): PaintableWord[] {
  const parts = (item.text ?? item.name).split(/\s+/).filter(Boolean);
  const span = (item.end_seconds - item.start_seconds) / Math.max(1, parts.length);
  return parts.map((word, i) => ({
    id: `${item.id}-${i}`,
    word,
    sequenceIndex: i,
    captionId: item.id,
    startSeconds: item.start_seconds + span * i,
    endSeconds: item.start_seconds + span * (i + 1),
  }));
}

/** What plays at a time, in words, bottom to top (the preview's accessible description). */
export function describeFrame(
  timeline: Timeline,
  seconds: number,
  playing: ReadonlySet<number> | null,
): string[] {
  return itemsAt(timeline, seconds, playing).map(({ item }) =>
    item.type === 'text'
      ? `title “${item.text ?? item.name}”`
      : item.type === 'caption'
        ? `caption “${item.text ?? item.name}”`
        : `${item.type} “${item.name}”`,
  );
}

/**
 * Paints the text items and the caption playing at `seconds` over the frame already drawn
 * (`size`: the canvas's pixels of the project's frame).
 */
export function paintTextAndCaptions(
  ctx: FrameContext,
  timeline: Timeline,
  seconds: number,
  size: { width: number; height: number },
  sources: OverlaySources,
  playing: ReadonlySet<number> | null,
): void {
  for (const { item } of itemsAt(timeline, seconds, playing)) {
    if (item.type === 'text') {
      const layout = sources.layoutOf?.(item) ?? item.layout;
      if (layout) paintTextItem(ctx, item, layout, size, sources.frame);
    } else if (item.type === 'caption') {
      paintCaption(ctx, {
        words: sources.captionWords(item) ?? wordsFromText(item),
        settings: sources.captionSettings ?? {},
        frame: size,
        seconds,
      });
    }
  }
}

const GUIDE_COLOURS: Record<string, string> = {
  'top bar': 'rgba(248,113,113,0.35)',
  'action column': 'rgba(251,191,36,0.35)',
  'caption band': 'rgba(96,165,250,0.35)',
  'control bar': 'rgba(248,113,113,0.35)',
  'edge margin': 'rgba(167,139,250,0.3)',
};

/** The guide's covered areas on the project's frame, tinted and outlined. */
export function paintSafeAreas(
  ctx: FrameContext,
  platform: SafeAreaPlatform,
  size: { width: number; height: number },
  frame: ProjectFrame,
): void {
  const k = size.width / frame.width;
  ctx.save();
  ctx.lineWidth = Math.max(1, k * 3);
  ctx.setLineDash([6, 4]);
  for (const area of safeAreasOf(platform, frame)) {
    const { left, top, right, bottom } = area.box;
    ctx.fillStyle = GUIDE_COLOURS[area.zone] ?? 'rgba(255,255,255,0.3)';
    ctx.fillRect(left * k, top * k, (right - left) * k, (bottom - top) * k);
    ctx.strokeStyle = '#ffffff';
    ctx.strokeRect(left * k, top * k, (right - left) * k, (bottom - top) * k);
  }
  ctx.restore();
}

/** The lines a moved item snapped to (the frame's centre lines in magenta, the rest in cyan). */
export function paintSnapGuides(
  ctx: FrameContext,
  guides: readonly SnapGuide[],
  size: { width: number; height: number },
  frame: ProjectFrame,
): void {
  if (guides.length === 0) return;
  const k = size.width / frame.width;
  ctx.save();
  ctx.lineWidth = 1;
  ctx.setLineDash([]);
  for (const guide of guides) {
    ctx.strokeStyle = guide.kind === 'item' ? '#22d3ee' : '#e879f9';
    ctx.beginPath();
    if (guide.axis === 'x') {
      ctx.moveTo(guide.at * k, 0);
      ctx.lineTo(guide.at * k, size.height);
    } else {
      ctx.moveTo(0, guide.at * k);
      ctx.lineTo(size.width, guide.at * k);
    }
    ctx.stroke();
  }
  ctx.restore();
}
