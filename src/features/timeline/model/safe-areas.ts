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
import { isVertical, type ProjectFrame } from '@/lib/project-frame.ts';
import type { Box } from './frame-layout.ts';

export type SafeAreaPlatform = 'tiktok' | 'reels' | 'shorts';
export type SafeAreaZone = 'top bar' | 'action column' | 'caption band';

export interface SafeArea {
  zone: SafeAreaZone;
  box: Box;
}

export const PLATFORMS: ReadonlyArray<{ id: SafeAreaPlatform; label: string }> = [
  { id: 'tiktok', label: 'TikTok' },
  { id: 'reels', label: 'Instagram Reels' },
  { id: 'shorts', label: 'YouTube Shorts' },
];

/** The platforms whose safe areas apply to a project's frame (none but on the vertical frame). */
export function platformsFor(
  frame: ProjectFrame,
): ReadonlyArray<{ id: SafeAreaPlatform; label: string }> {
  return isVertical(frame) ? PLATFORMS : [];
}

export const SAFE_AREAS: Readonly<Record<SafeAreaPlatform, readonly SafeArea[]>> = {
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

/** The zones of `platform` a box falls under. */
export function zonesUnder(box: Box, platform: SafeAreaPlatform): SafeAreaZone[] {
  return SAFE_AREAS[platform].filter((area) => overlaps(box, area.box)).map((area) => area.zone);
}

/** Every item (or caption page) under a zone of `platform`, in time order. */
export function safeAreaWarnings(
  placed: readonly PlacedOnFrame[],
  platform: SafeAreaPlatform,
): SafeAreaWarning[] {
  const warnings: SafeAreaWarning[] = [];
  const open = new Map<string, SafeAreaWarning>();
  const sorted = [...placed].sort((a, b) => a.start - b.start || a.itemId.localeCompare(b.itemId));
  for (const entry of sorted) {
    const zones = zonesUnder(entry.box, platform);
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
