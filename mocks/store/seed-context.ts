/**
 * Shared helpers of the seed generator: the PRNG, a fixed time anchor (start of the current UTC
 * day, so two simulators seeded alike on the same day produce identical stores) and small
 * formatting helpers.
 */
import type { Rng } from '../lib/prng.ts';

export interface SeedContext {
  rng: Rng;
  /** Epoch ms all seeded timestamps are relative to. */
  anchor: number;
}

const DAY_MS = 86_400_000;

export function seedAnchor(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

/** ISO timestamp `days` (may be fractional or negative) from the anchor. */
export function isoAt(ctx: SeedContext, days: number): string {
  return new Date(ctx.anchor + Math.round(days * DAY_MS)).toISOString();
}

/** Seconds rounded to whole frames at `fps`, then to milliseconds. */
export function toFrame(seconds: number, fps = 30): number {
  return Math.round(Math.round(seconds * fps) * (1000 / fps)) / 1000;
}

export const round3 = (value: number): number => Math.round(value * 1000) / 1000;

export const CDN_BASE = 'https://cdn.video-creation.example';

const PALETTE = ['#7c3aed', '#2563eb', '#059669', '#d97706', '#dc2626', '#db2777', '#0891b2'];

export function colorFor(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#7c3aed';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A small self-contained 9:16 SVG thumbnail (works offline in the browser mock). */
export function thumbnailDataUri(label: string): string {
  const initials = label
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="90" height="160" viewBox="0 0 90 160">` +
    `<rect width="90" height="160" fill="${colorFor(label)}"/>` +
    `<text x="45" y="88" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">` +
    `${escapeXml(initials)}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
