/**
 * Where visual items sit on the 9:16 frame and how audio items sound (the contract's assumed
 * `layout` and `audio` of a timeline item): natural sizes, the defaults an item gets when it has
 * none (seeded items, items of projects created before these fields), and a text item's natural
 * size from its text. No randomness: the seed's draws stay as they were.
 */
import type { LayerState, ProjectRecord } from './workspace.ts';
import type { TimelineItem, TimelineItemAudio, TimelineItemLayout } from '@/api/schema.gen.ts';

export const FRAME_WIDTH = 1080;
export const FRAME_HEIGHT = 1920;
export const DEFAULT_FONT_SIZE = 72;

const VISUAL_TYPES = new Set<TimelineItem['type']>(['video', 'image', 'overlay', 'text']);
const AUDIO_TYPES = new Set<TimelineItem['type']>(['audio', 'video']);

export const hasLayout = (type: TimelineItem['type']): boolean => VISUAL_TYPES.has(type);
export const hasAudio = (type: TimelineItem['type']): boolean => AUDIO_TYPES.has(type);

export const NO_CROP = { left: 0, top: 0, right: 0, bottom: 0 };

/** Seeded overlays without media: a natural size and a place by what they are. */
const OVERLAY_SHAPES: Array<{
  match: RegExp;
  width: number;
  height: number;
  x: number;
  y: number;
}> = [
  { match: /lower third|speaker/i, width: 920, height: 130, x: 540, y: 1230 },
  { match: /progress/i, width: 1080, height: 24, x: 540, y: 36 },
  { match: /subscribe/i, width: 420, height: 130, x: 540, y: 1080 },
  { match: /arrow/i, width: 260, height: 260, x: 760, y: 700 },
  { match: /zoom frame/i, width: 720, height: 720, x: 540, y: 880 },
  { match: /emoji/i, width: 300, height: 300, x: 780, y: 520 },
  { match: /highlight/i, width: 820, height: 220, x: 540, y: 780 },
  { match: /logo|watermark/i, width: 240, height: 96, x: 880, y: 330 },
];

/** A text item's natural box: its lines at its font size (about 0.56 em a character). */
export function textSize(text: string, fontSize: number): { width: number; height: number } {
  const lines = text.split('\n');
  const longest = Math.max(1, ...lines.map((line) => line.length));
  return {
    width: Math.round(Math.min(FRAME_WIDTH * 2, Math.max(fontSize, longest * fontSize * 0.56))),
    height: Math.round(lines.length * fontSize * 1.2),
  };
}

/**
 * The natural size of an item: video and image clips are reframed to fill the frame; overlays
 * of media are a landscape video (16:9) or a square image; seeded overlays by what they are.
 */
export function naturalSize(
  item: Pick<TimelineItem, 'type' | 'name' | 'text' | 'text_style' | 'asset_id'>,
  assetKind?: 'video' | 'image' | 'audio',
): { width: number; height: number } {
  switch (item.type) {
    case 'text':
      return textSize(item.text ?? item.name, item.text_style?.font_size ?? DEFAULT_FONT_SIZE);
    case 'overlay': {
      if (assetKind === 'video') return { width: 960, height: 540 };
      if (assetKind === 'image') return { width: 480, height: 480 };
      const shape = OVERLAY_SHAPES.find((candidate) => candidate.match.test(item.name));
      return shape ? { width: shape.width, height: shape.height } : { width: 600, height: 160 };
    }
    default:
      return { width: FRAME_WIDTH, height: FRAME_HEIGHT };
  }
}

/** Where an item without a layout sits: centred, titles in the upper third, overlays by kind. */
export function defaultLayout(
  item: TimelineItem,
  assetKind?: 'video' | 'image' | 'audio',
): TimelineItemLayout {
  const size = naturalSize(item, assetKind);
  let x = FRAME_WIDTH / 2;
  let y = FRAME_HEIGHT / 2;
  if (item.type === 'text') y = 420;
  if (item.type === 'overlay' && !assetKind) {
    const shape = OVERLAY_SHAPES.find((candidate) => candidate.match.test(item.name));
    if (shape) ({ x, y } = shape);
  }
  return { x, y, scale_x: 1, scale_y: 1, rotation_deg: 0, crop: { ...NO_CROP }, ...size };
}

export function defaultAudio(): TimelineItemAudio {
  return { volume_percent: 100, muted: false, fade_in_seconds: 0, fade_out_seconds: 0 };
}

/** Gives an item the layout and sound its type has, when it has none yet (in place). */
export function ensureItemGeometry(
  item: TimelineItem,
  assetKind?: (assetId: string) => 'video' | 'image' | 'audio' | undefined,
): TimelineItem {
  if (hasLayout(item.type) && !item.layout)
    item.layout = defaultLayout(item, item.asset_id ? assetKind?.(item.asset_id) : undefined);
  if (hasAudio(item.type) && !item.audio) item.audio = defaultAudio();
  return item;
}

/** Every item of a project gets its layout and sound (seeded projects, new projects). */
export function ensureGeometry(
  record: ProjectRecord,
  assetKind?: (assetId: string) => 'video' | 'image' | 'audio' | undefined,
): void {
  for (const layer of record.timeline.layers as LayerState[])
    for (const item of layer.items) ensureItemGeometry(item, assetKind);
}
