/**
 * Onboarding (assumed endpoints): what a website scan finds, and the caption style a new project
 * starts with once the workspace has caption defaults.
 */
import type { Rng } from '../lib/prng.ts';
import { createRng } from '../lib/prng.ts';
import type { Schema } from '../store/contract.ts';
import type { CaptionStyleState, Workspace } from '../store/workspace.ts';
import type { CaptionLook } from '@/api/schema.gen.ts';

const FONT_POOL = [
  'Inter',
  'Poppins',
  'Montserrat',
  'DM Sans',
  'Playfair Display',
  'Space Grotesk',
];
const COLOR_ROLES = ['Primary', 'Secondary', 'Accent', 'Background'];

function hashSeed(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}

function hexColor(rng: Rng): string {
  return `#${rng.hex(6).toUpperCase()}`;
}

/** "www.acme-coffee.co.uk" → "Acme Coffee". */
export function brandNameOf(host: string): string {
  const label = host.replace(/^www\./, '').split('.')[0] ?? host;
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Deterministic per site: the same address always yields the same brand context. */
export function scanWebsite(url: URL, scannedAt: string): Schema<'WebsiteScanResult'> {
  const rng = createRng(hashSeed(url.host));
  const colors = COLOR_ROLES.slice(0, rng.int(3, 4)).map((name) => ({ name, hex: hexColor(rng) }));
  const fonts = rng.sample(FONT_POOL, 2);
  return {
    url: url.origin,
    brand_name: brandNameOf(url.hostname),
    colors,
    fonts,
    logo_candidates: [
      {
        url: `${url.origin}/assets/logo.svg`,
        width: 512,
        height: 128,
        format: 'svg',
        source: 'header',
      },
      {
        url: `${url.origin}/assets/logo-mark.png`,
        width: 256,
        height: 256,
        format: 'png',
        source: 'og:image',
      },
      { url: `${url.origin}/favicon.png`, width: 64, height: 64, format: 'png', source: 'favicon' },
    ],
    scanned_at: scannedAt,
  };
}

/** Hosts a scan cannot reach (reserved names), so the error path can be tried. */
export function isUnreachableHost(hostname: string): boolean {
  return /(^|\.)(invalid|test|localhost|example)$/.test(hostname) || hostname === 'localhost';
}

/** The caption style of a new project: the workspace's caption defaults over the chosen look. */
export function initialCaptionStyle(
  workspace: Workspace,
  looks: readonly CaptionLook[],
  fallback: CaptionStyleState,
): CaptionStyleState {
  const defaults = workspace.onboarding.brand_context?.caption_defaults;
  if (!defaults) return fallback;
  const look = looks.find((candidate) => candidate.id === defaults.look_id);
  return {
    settings: {
      ...fallback.settings,
      ...(look?.settings ?? {}),
      fontFamily: defaults.font_family,
      color: defaults.color,
      activeWordColor: defaults.active_word_color,
      position: defaults.position,
    },
    look_id: look?.id ?? null,
    preset_id: null,
  };
}
