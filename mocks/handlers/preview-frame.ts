/**
 * The simulator's frame renderer (assumed `GET /projects/{id}/preview-frame`): an SVG of the items
 * playing at a time, bottom layer first, each visual item drawn at its layout on the project's
 * frame (its aspect ratio: 1080 × 1920 for 9:16, 1920 × 1080 for 16:9; centre, scale, rotation,
 * crop), so the pixels change when a logo moves or playback advances.
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
  type ProjectFrame,
} from '../store/item-geometry.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import type { TimelineItem, TimelineItemLayout } from '@/api/schema.gen.ts';

/** The SVG's pixel size is this share of the frame its coordinates use (540 × 960 for 9:16). */
const OUT_SCALE = 0.5;

export interface FrameFilters {
  layers?: readonly number[];
  excludeTypes?: readonly string[];
  excludeItemIds?: readonly string[];
  onlyItemIds?: readonly string[];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

const n = (value: number) => Math.round(value * 100) / 100;

/** The item's transform and the clip of what its crop leaves, in its natural (local) box. */
function placed(layout: TimelineItemLayout, body: string, id: string): string {
  const { width: w, height: h, crop } = layout;
  const x0 = -w / 2 + crop.left * w;
  const x1 = w / 2 - crop.right * w;
  const y0 = -h / 2 + crop.top * h;
  const y1 = h / 2 - crop.bottom * h;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const clip = `clip-${id.replace(/[^A-Za-z0-9_-]/g, '')}`;
  return (
    `<g data-item-id="${escapeXml(id)}" transform="translate(${n(layout.x)} ${n(layout.y)}) rotate(${n(layout.rotation_deg)}) scale(${n(layout.scale_x)} ${n(layout.scale_y)}) translate(${n(-cx)} ${n(-cy)})">` +
    `<clipPath id="${clip}"><rect x="${n(x0)}" y="${n(y0)}" width="${n(x1 - x0)}" height="${n(y1 - y0)}"/></clipPath>` +
    `<g clip-path="url(#${clip})">${body}</g></g>`
  );
}

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}`;
}

/** A video or image: its colour, its name, and (video) a marker moving with its source time. */
function mediaBody(item: TimelineItem, w: number, h: number, at: number): string {
  const color = colorFor(item.name);
  const label = escapeXml(item.name);
  const size = Math.max(18, Math.min(w, h) * 0.06);
  const parts = [
    `<rect x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" fill="${color}"/>`,
    `<text x="0" y="${n(-h * 0.3)}" font-size="${n(size)}" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">${label}</text>`,
  ];
  if (item.type === 'video' || item.source_start_seconds !== null) {
    const source = (item.source_start_seconds ?? 0) + (at - item.start_seconds);
    if (item.type !== 'image') {
      // One lap of the frame's width every 4 s of source: every frame of playback differs.
      const lap = ((source % 4) + 4) % 4;
      const markerX = -w / 2 + (lap / 4) * w;
      parts.push(
        `<rect x="${n(markerX - w * 0.04)}" y="${n(h * 0.1)}" width="${n(w * 0.08)}" height="${n(h * 0.25)}" fill="#ffffff" opacity="0.35"/>`,
        `<text x="0" y="${n(h * 0.42)}" font-size="${n(size * 0.8)}" font-family="monospace" fill="#fff" text-anchor="middle">source ${clock(source)}</text>`,
      );
    }
  }
  return parts.join('');
}

function overlayBody(item: TimelineItem, w: number, h: number): string {
  if (item.thumbnail_url?.startsWith('data:image/')) {
    return `<image href="${escapeXml(item.thumbnail_url)}" x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" preserveAspectRatio="xMidYMid slice"/>`;
  }
  const size = Math.max(14, Math.min(h * 0.4, w * 0.08));
  return (
    `<rect x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(Math.min(w, h) * 0.12)}" fill="${colorFor(item.name)}" opacity="0.92"/>` +
    `<text x="0" y="${n(size * 0.35)}" font-size="${n(size)}" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(item.name)}</text>`
  );
}

function textBody(item: TimelineItem, h: number): string {
  const style = item.text_style;
  const size = style?.font_size ?? DEFAULT_FONT_SIZE;
  const lines = (item.text ?? item.name).split('\n');
  const top = -h / 2 + size * 0.6 + size * 0.1;
  return lines
    .map(
      (line, i) =>
        `<text x="0" y="${n(top + i * size * 1.2 + size * 0.35)}" font-size="${n(size)}" font-weight="800" font-family="${escapeXml(style?.font_family ?? 'sans-serif')}" fill="${escapeXml(style?.color ?? '#FFFFFF')}" stroke="#000" stroke-width="${n(size / 30)}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
}

function captionPart(
  record: ProjectRecord,
  item: TimelineItem,
  at: number,
  frame: ProjectFrame,
): string {
  const words = record.captionWords.filter((word) => word.timelineItemId === item.id);
  const style = record.captionStyle.settings;
  const spans = words.length
    ? words
        .map((word) => {
          const active = (word.startSeconds ?? 0) <= at && at < (word.endSeconds ?? 0);
          const fill = active
            ? (style.activeWordColor ?? '#facc15')
            : (word.style?.color ?? style.color ?? '#fff');
          return `<tspan fill="${escapeXml(fill)}">${escapeXml(word.word)} </tspan>`;
        })
        .join('')
    : escapeXml(item.text ?? '');
  return `<text data-item-id="${escapeXml(item.id)}" x="${frame.width / 2}" y="${frame.height * 0.78}" font-size="68" font-weight="800" font-family="${escapeXml(style.fontFamily ?? 'sans-serif')}" stroke="#000" stroke-width="2" text-anchor="middle">${spans}</text>`;
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

export function renderPreviewFrame(
  record: ProjectRecord,
  atSeconds: number,
  filters: FrameFilters = {},
): string {
  const alone = filters.onlyItemIds !== undefined;
  const frame = frameOfRecord(record);
  const parts: string[] = alone
    ? []
    : [`<rect width="${frame.width}" height="${frame.height}" fill="#111827"/>`];
  const audio: string[] = [];
  for (const item of framedItems(record, atSeconds, filters)) {
    ensureItemGeometry(item, frame);
    const layout = item.layout;
    switch (item.type) {
      case 'video':
      case 'image':
        parts.push(
          placed(layout!, mediaBody(item, layout!.width, layout!.height, atSeconds), item.id),
        );
        break;
      case 'overlay':
        parts.push(
          placed(
            layout!,
            item.asset_id
              ? item.thumbnail_url?.startsWith('data:image/')
                ? overlayBody(item, layout!.width, layout!.height)
                : mediaBody(item, layout!.width, layout!.height, atSeconds)
              : overlayBody(item, layout!.width, layout!.height),
            item.id,
          ),
        );
        break;
      case 'text':
        parts.push(placed(layout!, textBody(item, layout!.height), item.id));
        break;
      case 'caption':
        parts.push(captionPart(record, item, atSeconds, frame));
        break;
      case 'audio': {
        const sound = item.audio ?? defaultAudio();
        audio.push(
          `${item.name} · ${sound.muted ? 'muted' : `${Math.round(sound.volume_percent)} %`}`,
        );
        break;
      }
    }
  }
  audio.forEach((line, index) => {
    parts.push(
      `<text x="32" y="${frame.height - 48 - index * 48}" font-size="32" font-family="sans-serif" fill="#9ca3af">&#9835; ${escapeXml(line)}</text>`,
    );
  });
  if (!alone)
    parts.push(
      `<text x="32" y="56" font-size="32" font-family="sans-serif" fill="#9ca3af">${escapeXml(record.project.name)} @ ${atSeconds.toFixed(2)} s</text>`,
    );
  const width = Math.round(frame.width * OUT_SCALE);
  const height = Math.round(frame.height * OUT_SCALE);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${frame.width} ${frame.height}">${parts.join('')}</svg>`;
}
