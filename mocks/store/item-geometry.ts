/**
 * Where visual items sit on the project's frame and how audio items sound (the contract's assumed
 * `layout` and `audio` of a timeline item): natural sizes, the defaults an item gets when it has
 * none (seeded items, items of projects created before these fields), and a text item's natural
 * size from its text. The frame is the project's (`aspect_ratio`, src/lib/project-frame.ts):
 * 1080 × 1920 for 9:16, 1920 × 1080 for 16:9. No randomness: the seed's draws stay as they were.
 */
import { frameOf, titlePlace, type ProjectFrame } from '@/lib/project-frame.ts';
import type { LayerState, ProjectRecord } from './workspace.ts';
import type { TimelineItem, TimelineItemAudio, TimelineItemLayout } from '@/api/schema.gen.ts';

export type { ProjectFrame } from '@/lib/project-frame.ts';
export const DEFAULT_FONT_SIZE = 72;

/** The frame of a project record (its `aspect_ratio`). */
export const frameOfRecord = (record: Pick<ProjectRecord, 'project'>): ProjectFrame =>
  frameOf(record.project.aspect_ratio);

const VISUAL_TYPES = new Set<TimelineItem['type']>(['video', 'image', 'overlay', 'text']);
const AUDIO_TYPES = new Set<TimelineItem['type']>(['audio', 'video']);

export const hasLayout = (type: TimelineItem['type']): boolean => VISUAL_TYPES.has(type);
export const hasAudio = (type: TimelineItem['type']): boolean => AUDIO_TYPES.has(type);

export const NO_CROP = { left: 0, top: 0, right: 0, bottom: 0 };

/**
 * Seeded overlays without media: a natural size and a place by what they are. Places are pixels of
 * the 9:16 frame, moved to the same share of another frame's width and height; a `full` width
 * spans the frame's width.
 */
const OVERLAY_SHAPES: Array<{
  match: RegExp;
  width: number;
  height: number;
  x: number;
  y: number;
  full?: boolean;
}> = [
  { match: /lower third|speaker/i, width: 920, height: 130, x: 540, y: 1230 },
  { match: /progress/i, width: 1080, height: 24, x: 540, y: 36, full: true },
  { match: /subscribe/i, width: 420, height: 130, x: 540, y: 1080 },
  { match: /arrow/i, width: 260, height: 260, x: 760, y: 700 },
  { match: /zoom frame/i, width: 720, height: 720, x: 540, y: 880 },
  { match: /emoji/i, width: 300, height: 300, x: 780, y: 520 },
  { match: /highlight/i, width: 820, height: 220, x: 540, y: 780 },
  { match: /logo|watermark/i, width: 240, height: 96, x: 880, y: 330 },
];

const SHAPES_FRAME = frameOf('9:16');

function overlayShape(name: string, frame: ProjectFrame) {
  const shape = OVERLAY_SHAPES.find((candidate) => candidate.match.test(name));
  if (!shape) return null;
  return {
    width: shape.full ? frame.width : shape.width,
    height: shape.height,
    x: Math.round((shape.x / SHAPES_FRAME.width) * frame.width),
    y: Math.round((shape.y / SHAPES_FRAME.height) * frame.height),
  };
}

/** A text item's natural box: its lines at its font size (about 0.56 em a character). */
export function textSize(
  text: string,
  fontSize: number,
  frame: ProjectFrame,
): { width: number; height: number } {
  const lines = text.split('\n');
  const longest = Math.max(1, ...lines.map((line) => line.length));
  return {
    width: Math.round(Math.min(frame.width * 2, Math.max(fontSize, longest * fontSize * 0.56))),
    height: Math.round(lines.length * fontSize * 1.2),
  };
}

/**
 * The natural size of an item: video and image clips are reframed to fill the project's frame;
 * overlays of media are a landscape video (16:9) or a square image; seeded overlays by what they
 * are.
 */
export function naturalSize(
  item: Pick<TimelineItem, 'type' | 'name' | 'text' | 'text_style' | 'asset_id'>,
  frame: ProjectFrame,
  assetKind?: 'video' | 'image' | 'audio',
): { width: number; height: number } {
  switch (item.type) {
    case 'text':
      return textSize(
        item.text ?? item.name,
        item.text_style?.font_size ?? DEFAULT_FONT_SIZE,
        frame,
      );
    case 'overlay': {
      if (assetKind === 'video') return { width: 960, height: 540 };
      if (assetKind === 'image') return { width: 480, height: 480 };
      const shape = overlayShape(item.name, frame);
      return shape ? { width: shape.width, height: shape.height } : { width: 600, height: 160 };
    }
    default:
      return { width: frame.width, height: frame.height };
  }
}

/** Where an item without a layout sits: centred, titles in the upper part, overlays by kind. */
export function defaultLayout(
  item: TimelineItem,
  frame: ProjectFrame,
  assetKind?: 'video' | 'image' | 'audio',
): TimelineItemLayout {
  const size = naturalSize(item, frame, assetKind);
  let x = frame.width / 2;
  let y = frame.height / 2;
  if (item.type === 'text') ({ x, y } = titlePlace(frame));
  if (item.type === 'overlay' && !assetKind) {
    const shape = overlayShape(item.name, frame);
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
  frame: ProjectFrame,
  assetKind?: (assetId: string) => 'video' | 'image' | 'audio' | undefined,
): TimelineItem {
  if (hasLayout(item.type) && !item.layout)
    item.layout = defaultLayout(
      item,
      frame,
      item.asset_id ? assetKind?.(item.asset_id) : undefined,
    );
  if (hasAudio(item.type) && !item.audio) item.audio = defaultAudio();
  return item;
}

/** Every item of a project gets its layout and sound (seeded projects, new projects). */
export function ensureGeometry(
  record: ProjectRecord,
  assetKind?: (assetId: string) => 'video' | 'image' | 'audio' | undefined,
): void {
  const frame = frameOfRecord(record);
  for (const layer of record.timeline.layers as LayerState[])
    for (const item of layer.items) ensureItemGeometry(item, frame, assetKind);
}
