/**
 * The composition at one time, drawn into the 9:16 preview: from the bottom layer up, video and
 * image items as their thumbnails (cover-fitted, a zoom effect zooms), overlays, titles, and the
 * caption under the playhead in the project's caption style (the shared caption painter). Plain
 * functions over a 2D context (tested with a recording fake).
 */
import {
  paintCaption,
  type PaintableWord,
  type PainterContext,
} from '@/caption-painter/caption-painter.ts';
import { isLocked } from '@/shared-rules/timeline-layer-rules.ts';
import type { CaptionSettings, Timeline, TimelineItem, TimelineLayer } from '@/api/schema.gen.ts';

export type FrameContext = PainterContext & {
  fillRect: CanvasRenderingContext2D['fillRect'];
  drawImage(image: CanvasImageSource, dx: number, dy: number, dw: number, dh: number): void;
  clip: CanvasRenderingContext2D['clip'];
};

export interface FrameSources {
  /** A loaded image for a thumbnail URL, or null while it loads. */
  image(url: string): CanvasImageSource | null;
  /** The caption words of a caption item, or null until they are loaded. */
  captionWords(item: TimelineItem): readonly PaintableWord[] | null;
  captionSettings: Partial<CaptionSettings> | null;
}

/** The items playing at `seconds`, bottom layer first (the lowest layer index is the bottom). */
export function itemsAt(
  timeline: Timeline,
  seconds: number,
): Array<{ item: TimelineItem; layer: TimelineLayer }> {
  const playing: Array<{ item: TimelineItem; layer: TimelineLayer }> = [];
  for (const layer of [...timeline.layers].sort((a, b) => a.index - b.index)) {
    for (const item of layer.items) {
      if (item.start_seconds <= seconds && seconds < item.end_seconds)
        playing.push({ item, layer });
    }
  }
  return playing;
}

/** Words spread evenly over the item: the caption's text until its real words are loaded. */
export function wordsFromText(item: TimelineItem): PaintableWord[] {
  const parts = (item.text ?? item.name).split(/\s+/).filter(Boolean);
  const span = (item.end_seconds - item.start_seconds) / Math.max(1, parts.length);
  return parts.map((word, i) => ({
    id: `${item.id}-${i}`,
    word,
    sequenceIndex: i,
    startSeconds: item.start_seconds + span * i,
    endSeconds: item.start_seconds + span * (i + 1),
  }));
}

function hue(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

function coverImage(
  ctx: FrameContext,
  image: CanvasImageSource,
  width: number,
  height: number,
  zoom: number,
): void {
  const source = image as {
    width?: number;
    height?: number;
    naturalWidth?: number;
    naturalHeight?: number;
  };
  const iw = source.naturalWidth || source.width || width;
  const ih = source.naturalHeight || source.height || height;
  const scale = Math.max(width / iw, height / ih) * zoom;
  const w = iw * scale;
  const h = ih * scale;
  ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
}

function label(
  ctx: FrameContext,
  text: string,
  x: number,
  y: number,
  size: number,
  maxWidth: number,
): void {
  ctx.font = `700 ${Math.round(size)}px system-ui, sans-serif`;
  let shown = text;
  while (shown.length > 3 && ctx.measureText(shown).width > maxWidth)
    shown = `${shown.slice(0, -2)}…`;
  ctx.fillText(shown, x, y);
}

/** Wraps a title into lines that fit `maxWidth`. */
function wrap(ctx: FrameContext, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

function paintVisual(
  ctx: FrameContext,
  item: TimelineItem,
  frame: { width: number; height: number },
  sources: FrameSources,
): void {
  const zoom = item.effects.some((effect) => effect.effect_type === 'zoom') ? 1.15 : 1;
  const image = item.thumbnail_url ? sources.image(item.thumbnail_url) : null;
  if (image) {
    coverImage(ctx, image, frame.width, frame.height, zoom);
    return;
  }
  const h = hue(item.name);
  ctx.fillStyle = `hsl(${h} 45% 30%)`;
  ctx.fillRect(0, 0, frame.width, frame.height);
  ctx.fillStyle = `hsl(${h} 60% 70%)`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  label(
    ctx,
    item.name,
    frame.width / 2,
    frame.height * 0.45,
    frame.width * 0.07,
    frame.width * 0.9,
  );
}

function paintOverlay(
  ctx: FrameContext,
  item: TimelineItem,
  layer: TimelineLayer,
  frame: { width: number; height: number },
  seconds: number,
): void {
  const { width, height } = frame;
  const name = item.name.toLowerCase();
  ctx.save();
  if (name.includes('progress')) {
    const share =
      (seconds - item.start_seconds) / Math.max(1e-6, item.end_seconds - item.start_seconds);
    ctx.fillStyle = 'rgba(255,255,255,0.35)';
    ctx.fillRect(0, height * 0.02, width, height * 0.008);
    ctx.fillStyle = '#facc15';
    ctx.fillRect(0, height * 0.02, width * Math.min(1, Math.max(0, share)), height * 0.008);
  } else if (isLocked(layer) || name.includes('watermark') || name.includes('logo')) {
    ctx.globalAlpha = 0.8;
    ctx.fillStyle = 'rgba(15,23,42,0.6)';
    ctx.fillRect(width * 0.72, height * 0.035, width * 0.22, height * 0.035);
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    label(ctx, 'LOGO', width * 0.83, height * 0.0525, width * 0.045, width * 0.2);
  } else {
    const lowerThird = name.includes('lower third') || name.includes('speaker');
    const y = lowerThird ? height * 0.62 : height * 0.36;
    ctx.fillStyle = lowerThird ? 'rgba(79,70,229,0.85)' : 'rgba(109,40,217,0.75)';
    ctx.fillRect(width * 0.08, y, width * 0.84, height * 0.06);
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    label(ctx, item.name, width / 2, y + height * 0.03, width * 0.05, width * 0.8);
  }
  ctx.restore();
}

function paintTitle(
  ctx: FrameContext,
  item: TimelineItem,
  frame: { width: number; height: number },
): void {
  const size = frame.width * 0.075;
  const style = item.text_style;
  ctx.save();
  // The title's own colour and font (its text style), so a brand colour shows as soon as it is set.
  ctx.font = `800 ${Math.round(size)}px ${style?.font_family ? `"${style.font_family}", ` : ''}system-ui, sans-serif`;
  const lines = wrap(ctx, item.text ?? item.name, frame.width * 0.84);
  const top = frame.height * 0.14;
  ctx.fillStyle = 'rgba(2,6,23,0.55)';
  ctx.fillRect(
    frame.width * 0.05,
    top - size * 0.7,
    frame.width * 0.9,
    lines.length * size * 1.2 + size * 0.4,
  );
  ctx.fillStyle = style?.color ?? '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.shadowColor = 'rgba(0,0,0,0.6)';
  ctx.shadowBlur = size * 0.15;
  lines.forEach((line, i) => ctx.fillText(line, frame.width / 2, top + i * size * 1.2));
  ctx.restore();
}

function paintAudio(
  ctx: FrameContext,
  names: string[],
  frame: { width: number; height: number },
): void {
  if (names.length === 0) return;
  const size = frame.width * 0.035;
  ctx.save();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  names.slice(0, 2).forEach((name, i) => {
    const y = frame.height * 0.95 - i * size * 1.8;
    ctx.fillStyle = 'rgba(4,120,87,0.8)';
    ctx.fillRect(frame.width * 0.04, y - size * 0.8, frame.width * 0.6, size * 1.6);
    ctx.fillStyle = '#ffffff';
    label(ctx, `♪ ${name}`, frame.width * 0.06, y, size, frame.width * 0.56);
  });
  ctx.restore();
}

/**
 * Paints the composition at `seconds` into `frame` (canvas pixels, 9:16); returns what it shows,
 * in words, bottom to top (for the accessible description and tests).
 */
export function paintFrame(
  ctx: FrameContext,
  timeline: Timeline,
  seconds: number,
  frame: { width: number; height: number },
  sources: FrameSources,
): string[] {
  ctx.save();
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, frame.width, frame.height);
  const shown: string[] = [];
  const audio: string[] = [];
  for (const { item, layer } of itemsAt(timeline, seconds)) {
    switch (item.type) {
      case 'video':
      case 'image':
        paintVisual(ctx, item, frame, sources);
        shown.push(`${item.type} “${item.name}”`);
        break;
      case 'overlay':
        paintOverlay(ctx, item, layer, frame, seconds);
        shown.push(`overlay “${item.name}”`);
        break;
      case 'text':
        paintTitle(ctx, item, frame);
        shown.push(`title “${item.text ?? item.name}”`);
        break;
      case 'caption': {
        const words = sources.captionWords(item) ?? wordsFromText(item);
        const layout = paintCaption(ctx, {
          words,
          settings: sources.captionSettings ?? {},
          frame,
          seconds,
        });
        if (layout) shown.push(`caption “${layout.words.map((placed) => placed.text).join(' ')}”`);
        break;
      }
      case 'audio':
        audio.push(item.name);
        shown.push(`audio “${item.name}”`);
        break;
    }
  }
  paintAudio(ctx, audio, frame);
  ctx.restore();
  return shown;
}
