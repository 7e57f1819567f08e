/**
 * Platform safe areas: the parts of the 9:16 frame that TikTok, Instagram Reels and YouTube Shorts
 * cover with their own interface (the top bar, the right-hand action column, the bottom caption
 * band), and which text, overlays and caption pages fall under them, when. They are the vertical
 * frame's only: these apps play other shapes (a 16:9 video) letterboxed, with their buttons over
 * the bars, not the picture, and a landscape player (YouTube's) hides its controls while it plays;
 * a project of another shape has no platform safe areas (`platformsFor`).
 *
 * The figures, in pixels of a 1080 × 1920 frame, are working values compiled from the platforms'
 * published guidance and their current apps: Meta's Business Help Center ("safe zones" for Reels:
 * keep about 14 % at the top and 35 % at the bottom free, the action buttons on the right), TikTok's
 * Creative Center 9:16 safe zone (tabs at the top, a right-hand column of buttons, the caption and
 * sound at the bottom) and YouTube's Shorts layout (search at the top, a right-hand column, the title,
 * channel and subscribe button over the bottom quarter). The apps move these with their versions:
 * they are a guide, not a guarantee, and this table is the one place to update them.
 */
import { isVertical, VERTICAL_FRAME, type ProjectFrame } from '@/lib/project-frame.ts';
import type { Box } from './frame-layout.ts';

export type SafeAreaPlatform = 'tiktok' | 'reels' | 'shorts' | 'youtube' | 'title-safe';
export type SafeAreaZone =
  'top bar' | 'action column' | 'caption band' | 'control bar' | 'edge margin';

/** The apps whose covered areas are drawn for the vertical frame. */
type VerticalPlatform = Exclude<SafeAreaPlatform, 'youtube' | 'title-safe'>;

export interface SafeArea {
  zone: SafeAreaZone;
  box: Box;
}

export interface SafeAreaGuide {
  id: SafeAreaPlatform;
  label: string;
  /** What covers the frame, as the warnings say it ("under the TikTok interface"). */
  cover: string;
}

export const PLATFORMS: readonly SafeAreaGuide[] = [
  { id: 'tiktok', label: 'TikTok', cover: 'the TikTok interface' },
  { id: 'reels', label: 'Instagram Reels', cover: 'the Instagram Reels interface' },
  { id: 'shorts', label: 'YouTube Shorts', cover: 'the YouTube Shorts interface' },
  { id: 'youtube', label: 'YouTube player', cover: 'the YouTube player’s controls' },
  { id: 'title-safe', label: 'Title safe', cover: 'the margin outside title safe' },
];

const guide = (id: SafeAreaPlatform) => PLATFORMS.find((entry) => entry.id === id)!;

/**
 * The guides for a project's frame: the short-form apps' on the vertical frame, YouTube's player
 * on a landscape one, and the title-safe margin (EBU R 95: text within the middle 90% of each
 * side) on every shape.
 */
export function platformsFor(frame: ProjectFrame): readonly SafeAreaGuide[] {
  if (isVertical(frame)) return PLATFORMS.filter((entry) => entry.id !== 'youtube');
  if (frame.width > frame.height) return [guide('youtube'), guide('title-safe')];
  return [guide('title-safe')];
}

/** The share of each side outside title safe (EBU R 95's 5% margin). */
const TITLE_SAFE_MARGIN = 0.05;

/**
 * The areas a guide covers on `frame`, in its pixels. The apps' tables are for the vertical frame
 * (stretched to another, where they are not offered); YouTube's landscape player shows its title
 * and buttons over the top eighth when paused or hovered, and its progress bar and controls over
 * the bottom seventh (working values from its 1080p player).
 */
export function safeAreasOf(platform: SafeAreaPlatform, frame: ProjectFrame): readonly SafeArea[] {
  const { width, height } = frame;
  if (platform === 'title-safe') {
    const x = Math.round(width * TITLE_SAFE_MARGIN);
    const y = Math.round(height * TITLE_SAFE_MARGIN);
    return [
      { zone: 'edge margin', box: { left: 0, top: 0, right: width, bottom: y } },
      { zone: 'edge margin', box: { left: 0, top: height - y, right: width, bottom: height } },
      { zone: 'edge margin', box: { left: 0, top: y, right: x, bottom: height - y } },
      { zone: 'edge margin', box: { left: width - x, top: y, right: width, bottom: height - y } },
    ];
  }
  if (platform === 'youtube')
    return [
      { zone: 'top bar', box: { left: 0, top: 0, right: width, bottom: Math.round(height / 8) } },
      {
        zone: 'control bar',
        box: { left: 0, top: Math.round((height * 6) / 7), right: width, bottom: height },
      },
    ];
  const kx = width / VERTICAL_FRAME.width;
  const ky = height / VERTICAL_FRAME.height;
  if (kx === 1 && ky === 1) return SAFE_AREAS[platform];
  return SAFE_AREAS[platform].map(({ zone, box }) => ({
    zone,
    box: { left: box.left * kx, top: box.top * ky, right: box.right * kx, bottom: box.bottom * ky },
  }));
}

/** The short-form apps' covered areas, in pixels of the vertical 1080 × 1920 frame. */
export const SAFE_AREAS: Readonly<Record<VerticalPlatform, readonly SafeArea[]>> = {
  tiktok: [
    { zone: 'top bar', box: { left: 0, top: 0, right: 1080, bottom: 130 } },
    { zone: 'action column', box: { left: 960, top: 640, right: 1080, bottom: 1500 } },
    { zone: 'caption band', box: { left: 0, top: 1500, right: 1080, bottom: 1920 } },
  ],
  reels: [
    { zone: 'top bar', box: { left: 0, top: 0, right: 1080, bottom: 270 } },
    { zone: 'action column', box: { left: 940, top: 880, right: 1080, bottom: 1700 } },
    { zone: 'caption band', box: { left: 0, top: 1250, right: 1080, bottom: 1920 } },
  ],
  shorts: [
    { zone: 'top bar', box: { left: 0, top: 0, right: 1080, bottom: 180 } },
    { zone: 'action column', box: { left: 950, top: 900, right: 1080, bottom: 1600 } },
    { zone: 'caption band', box: { left: 0, top: 1440, right: 1080, bottom: 1920 } },
  ],
};

/** Something drawn on the frame for a while: a text or overlay item, or one caption page. */
export interface PlacedOnFrame {
  itemId: string;
  name: string;
  kind: 'text' | 'overlay' | 'caption';
  box: Box;
  start: number;
  end: number;
}

export interface SafeAreaWarning {
  itemId: string;
  name: string;
  kind: PlacedOnFrame['kind'];
  zones: SafeAreaZone[];
  /** When it is under them (caption pages of one caption under the same zones are merged). */
  spans: Array<{ start: number; end: number }>;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The zones of `platform` a box on `frame` falls under (each zone named once). */
export function zonesUnder(
  box: Box,
  platform: SafeAreaPlatform,
  frame: ProjectFrame = VERTICAL_FRAME,
): SafeAreaZone[] {
  const zones = safeAreasOf(platform, frame)
    .filter((area) => overlaps(box, area.box))
    .map((area) => area.zone);
  return [...new Set(zones)];
}

/** Every item (or caption page) under a zone of `platform`, in time order. */
export function safeAreaWarnings(
  placed: readonly PlacedOnFrame[],
  platform: SafeAreaPlatform,
  frame: ProjectFrame = VERTICAL_FRAME,
): SafeAreaWarning[] {
  const warnings: SafeAreaWarning[] = [];
  const open = new Map<string, SafeAreaWarning>();
  const sorted = [...placed].sort((a, b) => a.start - b.start || a.itemId.localeCompare(b.itemId));
  for (const entry of sorted) {
    const zones = zonesUnder(entry.box, platform, frame);
    if (zones.length === 0) continue;
    const key = `${entry.itemId}|${zones.join(',')}`;
    const last = open.get(key);
    const lastSpan = last?.spans[last.spans.length - 1];
    if (last && lastSpan && entry.start - lastSpan.end < 1e-6) {
      lastSpan.end = Math.max(lastSpan.end, entry.end);
      continue;
    }
    if (last) {
      last.spans.push({ start: entry.start, end: entry.end });
      continue;
    }
    const warning: SafeAreaWarning = {
      itemId: entry.itemId,
      name: entry.name,
      kind: entry.kind,
      zones,
      spans: [{ start: entry.start, end: entry.end }],
    };
    open.set(key, warning);
    warnings.push(warning);
  }
  return warnings;
}
