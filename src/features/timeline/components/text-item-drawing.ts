/**
 * Text items drawn by the one caption painter (the caption styler's and the preview's), so a
 * title looks in the editor as it will in the export: the text as one page (a line per line of
 * text), in its colour, font and size, placed on the frame by its layout. Its box for selecting,
 * snapping and the transformer is measured from the same layout the painter draws.
 */
import { layoutPage, paintPage, type PainterContext } from '@/caption-painter/caption-painter.ts';
import type { CaptionPage, PaintableWord } from '@/caption-painter/caption-pages.ts';
import type { ProjectFrame } from '@/lib/project-frame.ts';
import { layoutMatrix } from '../model/frame-layout.ts';
import type { ItemLayout } from '../model/item-edits.ts';
import type { CaptionSettings, TimelineItem } from '@/api/schema.gen.ts';

export const DEFAULT_FONT_SIZE = 72;

export function textSettings(item: TimelineItem): Partial<CaptionSettings> {
  const style = item.text_style;
  return {
    fontSize: style?.font_size ?? DEFAULT_FONT_SIZE,
    fontFamily: style?.font_family ?? 'system-ui',
    fontWeight: '800',
    color: style?.color ?? '#FFFFFF',
    position: 'middle',
    textAlign: 'center',
    lineHeight: 1.2,
    wordsPerLineLimit: 1000,
    maxLinesPerCaption: 1000,
    showActiveWord: false,
    emphasisEnabled: false,
    textStrokeEnabled: true,
    textStrokeWidthPx: 3,
    textStrokeColor: '#000000',
    textShadow: '0 2px 6px rgba(0,0,0,0.6)',
  };
}

/** The text as one page: a line per line of text, its words in order. */
export function textPage(item: TimelineItem): CaptionPage {
  const lines = (item.text ?? item.name).split('\n').map((line, lineIndex) =>
    line
      .split(/\s+/)
      .filter(Boolean)
      .map((word, i): PaintableWord => ({
        id: `${item.id}-${lineIndex}-${i}`,
        word,
        startSeconds: item.start_seconds,
        endSeconds: item.end_seconds,
      })),
  );
  return {
    lines: lines.filter((line) => line.length > 0),
    startSeconds: item.start_seconds,
    endSeconds: item.end_seconds,
    index: 0,
    captionId: item.id,
  };
}

/**
 * The text's natural box (scale 1) as the painter lays it out on the project's frame, in frame
 * pixels: the lines' box with the stroke's room around it.
 */
export function measureTextItem(
  ctx: PainterContext,
  item: TimelineItem,
  frame: ProjectFrame,
): { width: number; height: number } {
  const page = textPage(item);
  if (page.lines.length === 0) return { width: 40, height: 40 };
  const laid = layoutPage(ctx, page, textSettings(item), frame, item.start_seconds);
  const left = Math.min(...laid.lines.map((line) => line.x));
  const right = Math.max(...laid.lines.map((line) => line.x + line.width));
  const top = Math.min(...laid.lines.map((line) => line.y));
  const bottom = Math.max(...laid.lines.map((line) => line.y + line.height));
  const pad = (textSettings(item).fontSize ?? DEFAULT_FONT_SIZE) * 0.15;
  return { width: right - left + pad * 2, height: bottom - top + pad };
}

/** The layout the editor uses for a text item: its own, with the box the painter draws. */
export function textLayout(
  ctx: PainterContext,
  item: TimelineItem,
  layout: ItemLayout,
  frame: ProjectFrame,
): ItemLayout {
  return { ...layout, ...measureTextItem(ctx, item, frame) };
}

type TransformingContext = PainterContext & {
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void;
};

/** Paints the text item at `layout` into a canvas of `size` (the project's `frame`, scaled). */
export function paintTextItem(
  ctx: TransformingContext,
  item: TimelineItem,
  layout: ItemLayout,
  size: { width: number; height: number },
  frame: ProjectFrame,
): void {
  const page = textPage(item);
  if (page.lines.length === 0) return;
  ctx.save();
  const k = size.width / frame.width;
  ctx.scale(k, k);
  const m = layoutMatrix({ ...layout, crop: { left: 0, top: 0, right: 0, bottom: 0 } });
  ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
  // The page is laid out around the frame's centre: that centre is the box's.
  ctx.translate(-frame.width / 2, -frame.height / 2);
  paintPage(ctx, page, {
    settings: textSettings(item),
    frame,
    seconds: item.start_seconds,
  });
  ctx.restore();
}
