/**
 * What the simulator's preview frame shows at a time, as a small scene of shapes (groups, rects,
 * texts, images) in the frame's coordinates (1080 × 1920 for 9:16, 1920 × 1080 for 16:9): the
 * items playing then, bottom layer first, each visual item at its layout (centre, scale, rotation,
 * crop). One scene feeds both answers: the SVG (frame-svg.ts) and, on a Node server, the raster
 * (lib/frame-raster.ts), so the two always show the same picture.
 * Video frames show their source time moving; audio items are listed with their volume. Filters
 * (layers, item types, items left out, items alone on a transparent background) serve the editor:
 * mute/solo, text and captions drawn by its caption painter, and the item being dragged.
 */
import { colorFor } from '../store/seed-context.ts';
import {
  DEFAULT_FONT_SIZE,
  defaultAudio,
  ensureItemGeometry,
  frameOfRecord,
} from '../store/item-geometry.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import type { TimelineItem, TimelineItemLayout } from '@/api/schema.gen.ts';

export interface FrameFilters {
  layers?: readonly number[];
  excludeTypes?: readonly string[];
  excludeItemIds?: readonly string[];
  onlyItemIds?: readonly string[];
}

export interface SceneRect {
  kind: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  fill: string;
  opacity?: number;
  radius?: number;
}

export interface SceneTextSpan {
  text: string;
  fill: string;
}

export interface SceneText {
  kind: 'text';
  x: number;
  y: number;
  size: number;
  family: string;
  weight?: number;
  anchor: 'start' | 'middle';
  /** One fill for the whole line, or none when every span has its own. */
  fill?: string;
  stroke?: { color: string; width: number };
  spans: SceneTextSpan[];
  itemId?: string;
}

export interface SceneImage {
  kind: 'image';
  /** A data: URL. */
  href: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An item at its layout: translate, rotate, scale, then its crop's centre moved to the origin. */
export interface SceneGroup {
  kind: 'group';
  itemId: string;
  x: number;
  y: number;
  rotationDeg: number;
  scaleX: number;
  scaleY: number;
  offsetX: number;
  offsetY: number;
  /** What the crop leaves, in the item's own box. */
  clip: { x: number; y: number; width: number; height: number };
  children: SceneNode[];
}

export type SceneNode = SceneRect | SceneText | SceneImage | SceneGroup;

export interface FrameScene {
  /** The frame's coordinate size. */
  width: number;
  height: number;
  /** False when the items are drawn alone on a transparent background. */
  opaque: boolean;
  nodes: SceneNode[];
}

const rect = (
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  extra: Partial<SceneRect> = {},
): SceneRect => ({ kind: 'rect', x, y, width, height, fill, ...extra });

function placed(layout: TimelineItemLayout, children: SceneNode[], itemId: string): SceneGroup {
  const { width: w, height: h, crop } = layout;
  const x0 = -w / 2 + crop.left * w;
  const x1 = w / 2 - crop.right * w;
  const y0 = -h / 2 + crop.top * h;
  const y1 = h / 2 - crop.bottom * h;
  return {
    kind: 'group',
    itemId,
    x: layout.x,
    y: layout.y,
    rotationDeg: layout.rotation_deg,
    scaleX: layout.scale_x,
    scaleY: layout.scale_y,
    offsetX: -(x0 + x1) / 2,
    offsetY: -(y0 + y1) / 2,
    clip: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
    children,
  };
}

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}`;
}

const line = (
  x: number,
  y: number,
  text: string,
  style: Omit<SceneText, 'kind' | 'x' | 'y' | 'spans' | 'fill'> & { fill: string },
): SceneText => ({ kind: 'text', x, y, spans: [{ text, fill: style.fill }], ...style });

/** A video or image: its colour, its name, and (video) a marker moving with its source time. */
function mediaBody(item: TimelineItem, w: number, h: number, at: number): SceneNode[] {
  const size = Math.max(18, Math.min(w, h) * 0.06);
  const nodes: SceneNode[] = [
    rect(-w / 2, -h / 2, w, h, colorFor(item.name)),
    line(0, -h * 0.3, item.name, {
      size,
      family: 'sans-serif',
      weight: 700,
      fill: '#fff',
      anchor: 'middle',
    }),
  ];
  if ((item.type === 'video' || item.source_start_seconds !== null) && item.type !== 'image') {
    const source = (item.source_start_seconds ?? 0) + (at - item.start_seconds);
    // One lap of the frame's width every 4 s of source: every frame of playback differs.
    const lap = ((source % 4) + 4) % 4;
    const markerX = -w / 2 + (lap / 4) * w;
    nodes.push(
      rect(markerX - w * 0.04, h * 0.1, w * 0.08, h * 0.25, '#ffffff', { opacity: 0.35 }),
      line(0, h * 0.42, `source ${clock(source)}`, {
        size: size * 0.8,
        family: 'monospace',
        fill: '#fff',
        anchor: 'middle',
      }),
    );
  }
  return nodes;
}

function overlayBody(item: TimelineItem, w: number, h: number): SceneNode[] {
  if (item.thumbnail_url?.startsWith('data:image/')) {
    return [{ kind: 'image', href: item.thumbnail_url, x: -w / 2, y: -h / 2, width: w, height: h }];
  }
  const size = Math.max(14, Math.min(h * 0.4, w * 0.08));
  return [
    rect(-w / 2, -h / 2, w, h, colorFor(item.name), {
      opacity: 0.92,
      radius: Math.min(w, h) * 0.12,
    }),
    line(0, size * 0.35, item.name, {
      size,
      family: 'sans-serif',
      weight: 700,
      fill: '#fff',
      anchor: 'middle',
    }),
  ];
}

function textBody(item: TimelineItem, h: number): SceneNode[] {
  const style = item.text_style;
  const size = style?.font_size ?? DEFAULT_FONT_SIZE;
  const top = -h / 2 + size * 0.6 + size * 0.1;
  return (item.text ?? item.name).split('\n').map((text, i) =>
    line(0, top + i * size * 1.2 + size * 0.35, text, {
      size,
      family: style?.font_family ?? 'sans-serif',
      weight: 800,
      fill: style?.color ?? '#FFFFFF',
      stroke: { color: '#000', width: size / 30 },
      anchor: 'middle',
    }),
  );
}

function captionLine(record: ProjectRecord, item: TimelineItem, at: number): SceneText {
  const frame = frameOfRecord(record);
  const words = record.captionWords.filter((word) => word.timelineItemId === item.id);
  const style = record.captionStyle.settings;
  const spans = words.length
    ? words.map((word) => {
        const active = (word.startSeconds ?? 0) <= at && at < (word.endSeconds ?? 0);
        const fill = active
          ? (style.activeWordColor ?? '#facc15')
          : (word.style?.color ?? style.color ?? '#fff');
        return { text: `${word.word} `, fill };
      })
    : [{ text: item.text ?? '', fill: '#fff' }];
  return {
    kind: 'text',
    x: frame.width / 2,
    y: frame.height * 0.78,
    size: 68,
    family: style.fontFamily ?? 'sans-serif',
    weight: 800,
    stroke: { color: '#000', width: 2 },
    anchor: 'middle',
    spans,
    itemId: item.id,
  };
}

/** The items drawn at `at`, bottom layer first, after the filters. */
export function framedItems(
  record: ProjectRecord,
  at: number,
  filters: FrameFilters = {},
): TimelineItem[] {
  const layers = filters.layers ? new Set(filters.layers) : null;
  const types = new Set(filters.excludeTypes ?? []);
  const excluded = new Set(filters.excludeItemIds ?? []);
  const only = filters.onlyItemIds ? new Set(filters.onlyItemIds) : null;
  return [...record.timeline.layers]
    .sort((a, b) => a.index - b.index)
    .filter((layer) => !layers || layers.has(layer.index))
    .flatMap((layer) =>
      layer.items.filter(
        (item) =>
          item.start_seconds <= at &&
          at < item.end_seconds &&
          !types.has(item.type) &&
          !excluded.has(item.id) &&
          (!only || only.has(item.id)),
      ),
    );
}

function itemNodes(
  record: ProjectRecord,
  item: TimelineItem,
  at: number,
): SceneNode | string | null {
  const layout = item.layout;
  switch (item.type) {
    case 'video':
    case 'image':
      return placed(layout!, mediaBody(item, layout!.width, layout!.height, at), item.id);
    case 'overlay':
      return placed(
        layout!,
        item.asset_id && !item.thumbnail_url?.startsWith('data:image/')
          ? mediaBody(item, layout!.width, layout!.height, at)
          : overlayBody(item, layout!.width, layout!.height),
        item.id,
      );
    case 'text':
      return placed(layout!, textBody(item, layout!.height), item.id);
    case 'caption':
      return captionLine(record, item, at);
    case 'audio': {
      const sound = item.audio ?? defaultAudio();
      return `${item.name} · ${sound.muted ? 'muted' : `${Math.round(sound.volume_percent)} %`}`;
    }
    default:
      return null;
  }
}

/** The scene of `record`'s frame at `atSeconds` after `filters`. */
export function frameScene(
  record: ProjectRecord,
  atSeconds: number,
  filters: FrameFilters = {},
): FrameScene {
  const opaque = filters.onlyItemIds === undefined;
  const frame = frameOfRecord(record);
  const nodes: SceneNode[] = opaque ? [rect(0, 0, frame.width, frame.height, '#111827')] : [];
  const audio: string[] = [];
  for (const item of framedItems(record, atSeconds, filters)) {
    ensureItemGeometry(item, frame);
    const node = itemNodes(record, item, atSeconds);
    if (typeof node === 'string') audio.push(node);
    else if (node) nodes.push(node);
  }
  const grey = { size: 32, family: 'sans-serif', fill: '#9ca3af', anchor: 'start' } as const;
  audio.forEach((text, index) =>
    nodes.push(line(32, frame.height - 48 - index * 48, `♫ ${text}`, grey)),
  );
  if (opaque) nodes.push(line(32, 56, `${record.project.name} @ ${atSeconds.toFixed(2)} s`, grey));
  return { width: frame.width, height: frame.height, opaque, nodes };
}
