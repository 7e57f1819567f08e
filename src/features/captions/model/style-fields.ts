/**
 * Every field of a word's style and of the project's caption settings, with the control that
 * edits it and the limits the contract declares (CaptionWordStyle, CaptionSettings: a test checks
 * this table against the yaml), and the checks made before anything is sent.
 */
import type { CaptionSettings, CaptionWordStyle } from '@/api/schema.gen.ts';

export type FieldKind = 'color' | 'number' | 'select' | 'toggle' | 'shadow' | 'font' | 'emoji';

export interface FieldSpec<Key extends string> {
  key: Key;
  label: string;
  kind: FieldKind;
  group: string;
  min?: number;
  max?: number;
  step?: number;
  /** Whole numbers only. */
  integer?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Extra words for the label (units). */
  unit?: string;
}

const ANIMATIONS = [
  { value: 'none', label: 'None' },
  { value: 'pop', label: 'Pop' },
  { value: 'bounce', label: 'Bounce' },
  { value: 'underline', label: 'Underline' },
  { value: 'highlight', label: 'Highlight box' },
];
const WEIGHTS = ['100', '200', '300', '400', '500', '600', '700', '800', '900'].map((value) => ({
  value,
  label: value,
}));
const FONT_STYLES = [
  { value: 'normal', label: 'Normal' },
  { value: 'italic', label: 'Italic' },
];

export type WordStyleKey = keyof CaptionWordStyle & string;
export type SettingKey = keyof CaptionSettings & string;

// One builder per kind of field: a table row says only what differs (key, label, group, limits).
type Range = readonly [min: number, max: number, step: number];
const field = <Key extends string>(
  kind: FieldKind,
  key: Key,
  label: string,
  group: string,
): FieldSpec<Key> => ({ key, label, kind, group });
const color = <Key extends string>(key: Key, label: string, group: string) =>
  field('color', key, label, group);
const toggle = <Key extends string>(key: Key, label: string, group: string) =>
  field('toggle', key, label, group);
const select = <Key extends string>(
  key: Key,
  label: string,
  group: string,
  options: NonNullable<FieldSpec<Key>['options']>,
): FieldSpec<Key> => ({ ...field('select', key, label, group), options });
const number = <Key extends string>(
  key: Key,
  label: string,
  group: string,
  [min, max, step]: Range,
  extra: Pick<FieldSpec<Key>, 'unit' | 'integer'> = {},
): FieldSpec<Key> => ({ ...field('number', key, label, group), ...extra, min, max, step });
const pixels = <Key extends string>(key: Key, label: string, group: string, range: Range) =>
  number(key, label, group, range, { unit: 'px' });
const degrees = <Key extends string>(key: Key, label: string, group: string, range: Range) =>
  number(key, label, group, range, { unit: '°' });

// Fields a word's style and the project's settings share (same label and limits).
const FONT_FIELDS = [
  field('font', 'fontFamily', 'Font', 'Text'),
  select('fontWeight', 'Weight', 'Text', WEIGHTS),
  select('fontStyle', 'Font style', 'Text', FONT_STYLES),
] as const;
const LETTER_SPACING = pixels('letterSpacing', 'Letter spacing', 'Text', [-20, 100, 0.5]);
const outlineFields = (group: string) =>
  [
    color('textStrokeColor', 'Outline colour', group),
    pixels('textStrokeWidthPx', 'Outline width', group, [0, 40, 0.5]),
    pixels('textStrokeBlurPx', 'Outline blur', group, [0, 40, 0.5]),
  ] as const;
const shadow = (group: string) => field('shadow', 'textShadow', 'Shadow', group);

export const WORD_STYLE_FIELDS: ReadonlyArray<FieldSpec<WordStyleKey>> = [
  ...FONT_FIELDS,
  select('textTransform', 'Letter case', 'Text', [
    { value: 'none', label: 'As typed' },
    { value: 'uppercase', label: 'UPPERCASE' },
    { value: 'lowercase', label: 'lowercase' },
    { value: 'capitalize', label: 'Capitalise' },
  ]),
  number('scale', 'Scale', 'Text', [0.1, 5, 0.05]),
  LETTER_SPACING,
  color('color', 'Colour', 'Fill'),
  color('activeColor', 'Colour while spoken', 'Fill'),
  color('textGradientFrom', 'Gradient from', 'Fill'),
  color('textGradientTo', 'Gradient to', 'Fill'),
  degrees('textGradientAngleDeg', 'Gradient angle', 'Fill', [-360, 360, 1]),
  number('opacity', 'Opacity', 'Fill', [0, 1, 0.05]),
  ...outlineFields('Outline and glow'),
  color('glowColor', 'Glow colour', 'Outline and glow'),
  pixels('glowBlurPx', 'Glow size', 'Outline and glow', [0, 100, 1]),
  shadow('Outline and glow'),
  color('backgroundColor', 'Box colour', 'Box'),
  pixels('backgroundRadiusPx', 'Box corner radius', 'Box', [0, 200, 1]),
  pixels('offsetX', 'Offset X', 'Position', [-1080, 1080, 1]),
  pixels('offsetY', 'Offset Y', 'Position', [-1920, 1920, 1]),
  degrees('rotationDeg', 'Rotation', 'Position', [-180, 180, 1]),
  select('activeAnimation', 'Animation while spoken', 'Animation and emoji', ANIMATIONS),
  field('emoji', 'emojiName', 'Emoji', 'Animation and emoji'),
  number('emojiScale', 'Emoji scale', 'Animation and emoji', [0, 5, 0.1]),
  toggle('isKeyword', 'Keyword (emphasis weight and size)', 'Flags'),
  toggle('isSpecial', 'Special (keeps its fill while spoken)', 'Flags'),
];

export const SETTINGS_FIELDS: ReadonlyArray<FieldSpec<SettingKey>> = [
  ...FONT_FIELDS,
  pixels('fontSize', 'Font size', 'Text', [8, 400, 1]),
  number('lineHeight', 'Line height', 'Text', [0.5, 4, 0.05]),
  LETTER_SPACING,
  select('textAlign', 'Alignment', 'Text', [
    { value: 'left', label: 'Left' },
    { value: 'center', label: 'Centre' },
    { value: 'right', label: 'Right' },
  ]),
  color('color', 'Colour', 'Colours'),
  color('backgroundColor', 'Line background', 'Colours'),
  pixels('borderRadius', 'Background corner radius', 'Colours', [0, 200, 1]),
  toggle('textStrokeEnabled', 'Outline', 'Outline and shadow'),
  ...outlineFields('Outline and shadow'),
  shadow('Outline and shadow'),
  select('position', 'Position', 'Layout', [
    { value: 'top', label: 'Top' },
    { value: 'center', label: 'Centre' },
    { value: 'bottom', label: 'Bottom' },
    { value: 'custom', label: 'Custom height' },
  ]),
  number('customPositionY', 'Custom height (0 top, 1 bottom)', 'Layout', [0, 1, 0.01]),
  number('maxLinesPerCaption', 'Lines per page', 'Layout', [1, 6, 1], { integer: true }),
  number('wordsPerLineLimit', 'Words per line', 'Layout', [1, 12, 1], { integer: true }),
  toggle('showActiveWord', 'Highlight the spoken word', 'Active word'),
  color('activeWordColor', 'Spoken word colour', 'Active word'),
  color('activeWordBackgroundColor', 'Spoken word background', 'Active word'),
  select('activeWordAnimation', 'Spoken word animation', 'Active word', ANIMATIONS),
  select('wordRevealAnimation', 'Word reveal', 'Active word', [
    { value: 'none', label: 'Whole page at once' },
    { value: 'fade', label: 'Fade in as spoken' },
    { value: 'pop', label: 'Pop in as spoken' },
    { value: 'typewriter', label: 'Typewriter' },
  ]),
  toggle('emphasisEnabled', 'Emphasis', 'Emphasis'),
  color('emphasisColor', 'Emphasis colour', 'Emphasis'),
  select('emphasisFontWeight', 'Emphasis weight', 'Emphasis', WEIGHTS),
  number('emphasisScale', 'Emphasis scale', 'Emphasis', [0.5, 3, 0.05]),
  color('emphasisGlowColor', 'Emphasis glow colour', 'Emphasis'),
  pixels('emphasisGlowBlurPx', 'Emphasis glow size', 'Emphasis', [0, 100, 1]),
  pixels('emojiOverlaySizePx', 'Emoji size', 'Emphasis', [8, 400, 1]),
];

/** Fields by group, in table order. */
export function groupFields<Key extends string>(
  fields: ReadonlyArray<FieldSpec<Key>>,
): Array<{ group: string; fields: Array<FieldSpec<Key>> }> {
  const groups = new Map<string, Array<FieldSpec<Key>>>();
  for (const field of fields) {
    const list = groups.get(field.group) ?? [];
    list.push(field);
    groups.set(field.group, list);
  }
  return [...groups].map(([group, list]) => ({ group, fields: list }));
}

// ───────────── checks before sending ─────────────

const COLOR =
  /^(transparent|#[0-9a-fA-F]{3}|#[0-9a-fA-F]{4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\([0-9., %]+\))$/;
const SHADOW =
  /^(none|-?[0-9.]+(px)? -?[0-9.]+(px)?( [0-9.]+(px)?)? (#[0-9a-fA-F]{3,8}|rgba?\([0-9., %]+\)|[a-z]+))$/;

/** A colour as typed ("FF00AA", "#f0a", "transparent"), normalised, or why it is not one. */
export function parseColor(
  input: string,
): { ok: true; value: string } | { ok: false; reason: string } {
  const text = input.trim();
  const value = /^[0-9a-fA-F]{3,8}$/.test(text) ? `#${text}` : text;
  if (COLOR.test(value)) return { ok: true, value: value.toLowerCase() };
  return {
    ok: false,
    reason: 'Enter a colour as #RRGGBB (or #RGB, #RRGGBBAA, rgba(…) or transparent).',
  };
}

export function checkShadow(input: string): string | null {
  return SHADOW.test(input.trim())
    ? null
    : 'Enter a shadow as “x y blur colour” (e.g. 0 2px 8px #000000), or none.';
}

export function checkNumber(field: FieldSpec<string>, value: number): string | null {
  if (!Number.isFinite(value)) return 'Enter a number.';
  if (field.integer && !Number.isInteger(value)) return `${field.label} takes whole numbers.`;
  if (field.min !== undefined && value < field.min)
    return `${field.label} is at least ${field.min}${field.unit ?? ''}.`;
  if (field.max !== undefined && value > field.max)
    return `${field.label} is at most ${field.max}${field.unit ?? ''}.`;
  return null;
}

/** The `<input type="color">` value for a colour (#rrggbb), or null when it has none. */
export function pickerValue(color: string | undefined): string | null {
  if (!color) return null;
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toLowerCase();
  if (/^#[0-9a-f]{8}$/i.test(color)) return color.slice(0, 7).toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])[0-9a-f]?$/i.exec(color);
  if (short)
    return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const rgb = /^rgba?\(\s*(\d+)[ ,]+(\d+)[ ,]+(\d+)/.exec(color);
  if (rgb)
    return `#${[rgb[1], rgb[2], rgb[3]]
      .map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0'))
      .join('')}`;
  return null;
}

/** The word-style value as the field edits it (`emojiScale` is a string in the contract). */
export function toStyleValue(
  key: WordStyleKey,
  value: number | string | boolean,
): CaptionWordStyle[WordStyleKey] {
  if (key === 'emojiScale')
    return String(Math.round(Number(value) * 100) / 100) as CaptionWordStyle['emojiScale'];
  return value as CaptionWordStyle[WordStyleKey];
}
