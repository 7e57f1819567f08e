/**
 * Deterministic synthetic timelines for unit tests: `itemCount` items spread
 * over `layerCount` layers, frame-aligned, non-overlapping within a layer.
 */
import type { EditOp } from './edit-ops.ts';
import { layerAccepts } from '@/shared-rules/timeline-layer-rules.ts';
import { frameTime } from './time-scale.ts';
import type { TimelineItemType, TimelineLayerKind } from './timeline-types.ts';
import type { Timeline, TimelineItem, TimelineLayer } from '@/api/schema.gen.ts';

const KINDS: TimelineLayerKind[] = ['video', 'video', 'overlay', 'text', 'caption', 'audio'];

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES_FOR: Record<TimelineLayerKind, TimelineItemType[]> = {
  video: ['video', 'video', 'image'],
  overlay: ['overlay', 'image', 'text'],
  text: ['text'],
  caption: ['caption'],
  audio: ['audio'],
};

export function syntheticThumbnail(hue: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="90" height="160">` +
    `<rect width="90" height="160" fill="hsl(${hue},60%,45%)"/><circle cx="45" cy="70" r="22" fill="hsl(${hue},70%,75%)"/></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

export function syntheticTimeline(options: {
  itemCount: number;
  layerCount?: number;
  fps?: number;
  seed?: number;
  projectId?: string;
}): Timeline {
  const fps = options.fps ?? 30;
  const layerCount = options.layerCount ?? 20;
  const random = mulberry32(options.seed ?? 42);
  const thumbnails = Array.from({ length: 8 }, (_, i) => syntheticThumbnail(i * 45));
  const layers: TimelineLayer[] = Array.from({ length: layerCount }, (_, index) => {
    const kind = KINDS[index % KINDS.length]!;
    return {
      index,
      name: `${kind[0]!.toUpperCase()}${kind.slice(1)} ${index + 1}`,
      kind,
      items: [],
    };
  });
  const cursor = new Array<number>(layerCount).fill(0);
  for (let n = 0; n < options.itemCount; n += 1) {
    const layer = layers[n % layerCount]!;
    const type = TYPES_FOR[layer.kind][Math.floor(random() * TYPES_FOR[layer.kind].length)]!;
    const gapFrames = Math.floor(random() * 20);
    const lengthFrames = 15 + Math.floor(random() * 120);
    const startFrame = cursor[layer.index]! + gapFrames;
    cursor[layer.index] = startFrame + lengthFrames;
    const start = frameTime(startFrame, fps);
    const end = frameTime(startFrame + lengthFrames, fps);
    const media = type === 'video' || type === 'audio' || type === 'image';
    const sourceStart = media ? frameTime(Math.floor(random() * 60), fps) : null;
    const item: TimelineItem = {
      id: `item-${n}`,
      type,
      name: `${type} ${n}`,
      layer_index: layer.index,
      start_seconds: start,
      end_seconds: end,
      source_start_seconds: sourceStart,
      source_end_seconds:
        sourceStart === null ? null : Math.round((sourceStart + (end - start)) * 1000) / 1000,
      asset_id: media ? `asset-${n % 50}` : null,
      thumbnail_url:
        type === 'video' || type === 'image' ? thumbnails[n % thumbnails.length]! : null,
      text: type === 'text' || type === 'caption' ? `Words ${n}` : null,
      effects: [],
    };
    if (!layerAccepts(layer.kind, type))
      throw new Error('synthetic generator produced an invalid placement');
    layer.items.push(item);
  }
  const duration = Math.max(0, ...cursor.map((frames) => frameTime(frames, fps)));
  return {
    project_id: options.projectId ?? 'synthetic',
    revision: 1,
    fps,
    duration_seconds: duration,
    layers,
  };
}

/** A small hand-made timeline for focused tests. */
export function smallTimeline(): Timeline {
  const item = (
    id: string,
    type: TimelineItemType,
    layer: number,
    start: number,
    end: number,
  ): TimelineItem => ({
    id,
    type,
    name: id,
    layer_index: layer,
    start_seconds: start,
    end_seconds: end,
    source_start_seconds: type === 'text' || type === 'caption' ? null : 1,
    source_end_seconds: type === 'text' || type === 'caption' ? null : 1 + end - start,
    asset_id: null,
    thumbnail_url: null,
    text: type === 'text' ? 'Title' : null,
    ...(type === 'text' ? { text_style: { color: '#FFFFFF', font_family: 'Inter' } } : {}),
    ...(type === 'audio' || type === 'caption'
      ? {}
      : {
          layout: {
            x: 540,
            y: type === 'text' ? 420 : 960,
            scale_x: 1,
            scale_y: 1,
            rotation_deg: 0,
            crop: { left: 0, top: 0, right: 0, bottom: 0 },
            width: type === 'text' ? 400 : 1080,
            height: type === 'text' ? 86 : 1920,
          },
        }),
    ...(type === 'audio' || type === 'video'
      ? { audio: { volume_percent: 100, muted: false, fade_in_seconds: 0, fade_out_seconds: 0 } }
      : {}),
    effects: [],
  });
  return {
    project_id: 'p1',
    revision: 7,
    fps: 30,
    duration_seconds: 12,
    layers: [
      {
        index: 0,
        name: 'Main video',
        kind: 'video',
        items: [item('a', 'video', 0, 0, 4), item('b', 'video', 0, 4, 8)],
      },
      { index: 1, name: 'B-roll', kind: 'video', items: [item('c', 'image', 1, 2, 5)] },
      { index: 2, name: 'Titles', kind: 'text', items: [item('t', 'text', 2, 1, 3)] },
      { index: 3, name: 'Music', kind: 'audio', items: [item('m', 'audio', 3, 0, 12)] },
    ],
  };
}

/** The same timeline with some layers locked (the contract's optional `locked`). */
export function withLockedLayers(timeline: Timeline, layerIndexes: readonly number[]): Timeline {
  return {
    ...timeline,
    layers: timeline.layers.map((layer) =>
      layerIndexes.includes(layer.index) ? { ...layer, locked: true } : layer,
    ),
  };
}

/** A move edit for tests: item `itemId` from `fromStart` to `toStart` (and between layers). */
export const moveOp = (
  itemId: string,
  fromStart: number,
  toStart: number,
  fromLayer = 0,
  toLayer = fromLayer,
): EditOp => ({
  kind: 'move',
  itemId,
  fromStart,
  fromLayer,
  toStart,
  toLayer,
});
