/**
 * The colours and fonts the styler offers first: the brand's (saved at onboarding, shared brand
 * context), then the colours the project's captions already use. Pure, so the offers are tested
 * apart from the controls that show them.
 */
import type { BrandContext } from '@/api/schema.gen.ts';
import type { CaptionFont } from '@/api/schema.gen.ts';

export interface Swatch {
  /** #rrggbb, lower case (as the hex input normalises what is typed). */
  color: string;
  /** What the colour is, e.g. "Primary" or "emphasis colour". */
  name: string;
}

export interface SwatchGroup {
  /** Visible, short: "Brand" or "This project". */
  label: string;
  /** For the group's accessible name: "brand colours", "colours of this project". */
  description: string;
  swatches: Swatch[];
}

export interface BrandFonts {
  brandName: string;
  /** Brand fonts the caption renderer has (offered first). */
  available: string[];
  /** Brand fonts it does not have (shown, not choosable, so the person knows why). */
  unavailable: string[];
}

/** The colours offered to every colour field: the brand's first, then the project's. */
export interface Palette {
  groups: SwatchGroup[];
  fonts: BrandFonts | null;
}

const HEX6 = /^#[0-9a-f]{6}$/i;

/** The brand's colours, in the order onboarding saved them (duplicates dropped). */
export function brandSwatchGroup(brand: BrandContext | null | undefined): SwatchGroup | null {
  const seen = new Set<string>();
  const swatches: Swatch[] = [];
  for (const color of brand?.colors ?? []) {
    const hex = color.hex.toLowerCase();
    if (!HEX6.test(hex) || seen.has(hex)) continue;
    seen.add(hex);
    swatches.push({ color: hex, name: color.name });
  }
  return swatches.length > 0 && brand
    ? { label: 'Brand', description: `${brand.brand_name} brand colours`, swatches }
    : null;
}

const PROJECT_COLOURS: Array<[string, string]> = [
  ['color', 'caption colour'],
  ['activeWordColor', 'active word colour'],
  ['emphasisColor', 'emphasis colour'],
  ['emphasisGlowColor', 'emphasis glow'],
  ['textStrokeColor', 'stroke colour'],
];

/** The colours the project's captions already use, less those the brand group offers. */
export function projectSwatchGroup(
  settings: Readonly<Record<string, unknown>> | undefined,
  except: ReadonlySet<string> = new Set(),
): SwatchGroup | null {
  if (!settings) return null;
  const seen = new Set(except);
  const swatches: Swatch[] = [];
  for (const [key, name] of PROJECT_COLOURS) {
    const color = settings[key];
    if (typeof color !== 'string' || !HEX6.test(color)) continue;
    const lower = color.toLowerCase();
    if (seen.has(lower)) continue;
    seen.add(lower);
    swatches.push({ color: lower, name });
  }
  return swatches.length > 0
    ? { label: 'This project', description: 'colours of this project', swatches }
    : null;
}

/** The brand's fonts split by whether the caption renderer has them (`fonts`). */
export function brandFonts(
  brand: BrandContext | null | undefined,
  fonts: readonly CaptionFont[],
): BrandFonts | null {
  if (!brand || brand.fonts.length === 0) return null;
  const byName = new Map(fonts.map((font) => [font.family.toLowerCase(), font.family]));
  const available: string[] = [];
  const unavailable: string[] = [];
  for (const name of new Set(brand.fonts)) {
    const family = byName.get(name.toLowerCase());
    if (family) available.push(family);
    else unavailable.push(name);
  }
  return { brandName: brand.brand_name, available, unavailable };
}

export function paletteOf(
  brand: BrandContext | null | undefined,
  settings: Readonly<Record<string, unknown>> | undefined,
  fonts: readonly CaptionFont[],
): Palette {
  const brandGroup = brandSwatchGroup(brand);
  const projectGroup = projectSwatchGroup(
    settings,
    new Set(brandGroup?.swatches.map((swatch) => swatch.color) ?? []),
  );
  return {
    groups: [brandGroup, projectGroup].filter((group): group is SwatchGroup => group !== null),
    fonts: brandFonts(brand, fonts),
  };
}
