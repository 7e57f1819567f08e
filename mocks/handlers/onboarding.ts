/** Onboarding (assumed): scan a website for brand context, import a logo, complete with defaults. */
import type { HttpHandler } from 'msw';
import { invalid, notFound } from '../lib/errors.ts';
import { isUnreachableHost, scanWebsite } from '../rules/onboarding.ts';
import type { Schema } from '../store/contract.ts';
import { findAsset } from '../store/workspace.ts';
import { CAPTION_LOOKS } from './captions.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';
import type { BrandContext } from '@/api/schema.gen.ts';

const IMAGE_EXTENSIONS = new Set(['png', 'svg', 'jpg', 'jpeg', 'webp']);

export function onboardingHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/onboarding', ({ workspace }) => ({ body: workspace.onboarding })),

    // The contract checked the bodies: absolute http(s) addresses (WebsiteScanRequest,
    // LogoImportRequest); only behaviour is left here.
    route(ctx, 'post', '/onboarding/website-scan', ({ body, sim }) => {
      const url = new URL((body as Schema<'WebsiteScanRequest'>).url);
      if (isUnreachableHost(url.hostname)) {
        throw invalid('url', `${url.host} could not be reached. Check the address and try again.`);
      }
      return { body: scanWebsite(url, sim.nowIso()) };
    }),

    route(ctx, 'post', '/onboarding/logo-import', ({ body, sim, workspace }) => {
      const url = new URL((body as Schema<'LogoImportRequest'>).source_url);
      const file = url.pathname.split('/').pop() ?? '';
      const extension = file.split('.').pop()?.toLowerCase() ?? '';
      if (!IMAGE_EXTENSIONS.has(extension)) {
        throw invalid('source_url', 'The address is not an image (png, svg, jpg or webp).');
      }
      const now = sim.nowIso();
      const id = sim.rng.uuid();
      const name = `Logo - ${url.hostname.replace(/^www\./, '')}.${extension}`;
      workspace.assets.unshift({
        id,
        name,
        kind: 'image',
        folder_id: null,
        size_bytes: 24_000 + sim.rng.int(0, 40_000),
        duration_seconds: null,
        thumbnail_url: url.toString(),
        linked_project_ids: [],
        created_at: now,
        updated_at: now,
      });
      const result: Schema<'LogoImportResult'> = { asset_id: id, name, url: url.toString() };
      return { body: result };
    }),

    route(ctx, 'post', '/onboarding/complete', ({ body, sim, workspace }) => {
      const request = body as Schema<'OnboardingCompleteRequest'>;
      const logoId = request.logo_asset_id ?? null;
      const logo = logoId === null ? undefined : findAsset(workspace, logoId);
      if (logoId !== null && !logo) throw notFound('logo_asset_id', `No media asset ${logoId}.`);
      const lookId = request.caption_defaults.look_id;
      if (!CAPTION_LOOKS.some((look) => look.id === lookId)) {
        throw notFound('caption_defaults.look_id', `No Caption Look ${lookId}.`);
      }
      const now = sim.nowIso();
      const brand: BrandContext = {
        brand_name: request.brand_name,
        website_url: request.website_url ?? null,
        colors: request.colors.map((color) => ({ ...color, hex: color.hex.toUpperCase() })),
        fonts: request.fonts,
        logo_asset_id: logo?.id ?? null,
        logo_url: logo?.thumbnail_url ?? null,
        caption_defaults: request.caption_defaults,
        updated_at: now,
      };
      workspace.onboarding = { status: 'complete', brand_context: brand, completed_at: now };
      return { body: workspace.onboarding };
    }),
  ];
}
