/** Onboarding (assumed): scan a website for brand context, import a logo, complete with defaults. */
import type { HttpHandler } from 'msw';
import { invalid, notFound } from '../lib/errors.ts';
import type { JsonObject } from '../lib/validate.ts';
import { isJsonObject, optionalString, requireString } from '../lib/validate.ts';
import { isUnreachableHost, scanWebsite } from '../rules/onboarding.ts';
import type { BrandContext, Schema } from '../store/contract.ts';
import { findAsset } from '../store/workspace.ts';
import { CAPTION_LOOKS } from './captions.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

const IMAGE_EXTENSIONS = new Set(['png', 'svg', 'jpg', 'jpeg', 'webp']);

function httpUrl(value: string, param: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(param, `${param} must be an absolute http(s) address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(param, `${param} must be an absolute http(s) address.`);
  }
  return url;
}

export function onboardingHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/onboarding', ({ workspace }) => ({ body: workspace.onboarding })),

    route(ctx, 'post', '/onboarding/website-scan', ({ body, sim }) => {
      const url = httpUrl(requireString(body, 'url'), 'url');
      if (isUnreachableHost(url.hostname)) {
        throw invalid('url', `${url.host} could not be reached. Check the address and try again.`);
      }
      return { body: scanWebsite(url, sim.nowIso()) };
    }),

    route(ctx, 'post', '/onboarding/logo-import', ({ body, sim, workspace }) => {
      const url = httpUrl(requireString(body, 'source_url'), 'source_url');
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
      const request = parseCompleteRequest(body);
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

const HEX = /^#[0-9A-Fa-f]{6}$/;

/**
 * Shape checks of the body as the contract declares them (OnboardingCompleteRequest). They go
 * once the simulator validates every request against the yaml (issue 8).
 */
function parseCompleteRequest(body: JsonObject): Schema<'OnboardingCompleteRequest'> {
  const brandName = requireString(body, 'brand_name', { min: 1, max: 100 });
  const websiteUrl = optionalString(body, 'website_url', { max: 2000 });
  if (!Array.isArray(body.colors) || body.colors.length < 1 || body.colors.length > 8) {
    throw invalid('colors', 'colors must hold 1 to 8 brand colours.');
  }
  const colors = body.colors.map((color: unknown, index) => {
    if (!isJsonObject(color)) throw invalid(`colors[${index}]`, 'A colour is {hex, name}.');
    const hex = requireString(color, 'hex');
    if (!HEX.test(hex)) throw invalid(`colors[${index}].hex`, 'hex must look like #1E40AF.');
    return { hex, name: requireString(color, 'name', { min: 1, max: 60 }) };
  });
  const fontsRaw = body.fonts ?? [];
  if (!Array.isArray(fontsRaw) || fontsRaw.length > 4) {
    throw invalid('fonts', 'fonts must hold at most 4 font names.');
  }
  const fonts = fontsRaw.map((font: unknown, index) => {
    if (typeof font !== 'string' || font.length < 1 || font.length > 100) {
      throw invalid(`fonts[${index}]`, 'A font name has 1 to 100 characters.');
    }
    return font;
  });
  const logo = body.logo_asset_id;
  if (logo !== undefined && logo !== null && typeof logo !== 'string') {
    throw invalid('logo_asset_id', 'logo_asset_id must be a media asset id or null.');
  }
  const defaults = body.caption_defaults;
  if (!isJsonObject(defaults)) throw invalid('caption_defaults', 'caption_defaults is required.');
  const color = requireString(defaults, 'color');
  const active = requireString(defaults, 'active_word_color');
  if (!HEX.test(color)) throw invalid('caption_defaults.color', 'color must look like #FFFFFF.');
  if (!HEX.test(active)) {
    throw invalid(
      'caption_defaults.active_word_color',
      'active_word_color must look like #FACC15.',
    );
  }
  const position = requireString(defaults, 'position');
  if (position !== 'top' && position !== 'middle' && position !== 'bottom') {
    throw invalid('caption_defaults.position', 'position must be top, middle or bottom.');
  }
  return {
    brand_name: brandName,
    website_url: websiteUrl,
    colors,
    fonts,
    logo_asset_id: typeof logo === 'string' ? logo : null,
    caption_defaults: {
      look_id: requireString(defaults, 'look_id', { min: 1, max: 100 }),
      font_family: requireString(defaults, 'font_family', { min: 1, max: 100 }),
      color,
      active_word_color: active,
      position,
    },
  };
}
