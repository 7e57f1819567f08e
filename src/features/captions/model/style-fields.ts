/**
 * Every field of a word's style and of the project's caption settings, with the control that
 * edits it and the limits the contract declares (CaptionWordStyle, CaptionSettings: a test checks
 * this table against the yaml), and the checks made before anything is sent.
 */
import type { CaptionSettings, WordStyle } from './caption-doc.ts';

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

export type WordStyleKey = keyof WordStyle & string;
export type SettingKey = keyof CaptionSettings & string;

export const WORD_STYLE_FIELDS: ReadonlyArray<FieldSpec<WordStyleKey>> = [
  { key: 'fontFamily', label: 'Font', kind: 'font', group: 'Text' },
  { key: 'fontWeight', label: 'Weight', kind: 'select', group: 'Text', options: WEIGHTS },
  { key: 'fontStyle', label: 'Font style', kind: 'select', group: 'Text', options: FONT_STYLES },
  {
    key: 'textTransform',
    label: 'Letter case',
    kind: 'select',
    group: 'Text',
    options: [
      { value: 'none', label: 'As typed' },
      { value: 'uppercase', label: 'UPPERCASE' },
      { value: 'lowercase', label: 'lowercase' },
      { value: 'capitalize', label: 'Capitalise' },
    ],
  },
  { key: 'scale', label: 'Scale', kind: 'number', group: 'Text', min: 0.1, max: 5, step: 0.05 },
  {
    key: 'letterSpacing',
    label: 'Letter spacing',
    unit: 'px',
    kind: 'number',
    group: 'Text',
    min: -20,
    max: 100,
    step: 0.5,
  },
  { key: 'color', label: 'Colour', kind: 'color', group: 'Fill' },
  { key: 'activeColor', label: 'Colour while spoken', kind: 'color', group: 'Fill' },
  { key: 'textGradientFrom', label: 'Gradient from', kind: 'color', group: 'Fill' },
  { key: 'textGradientTo', label: 'Gradient to', kind: 'color', group: 'Fill' },
  {
    key: 'textGradientAngleDeg',
    label: 'Gradient angle',
    unit: '°',
    kind: 'number',
    group: 'Fill',
    min: -360,
    max: 360,
    step: 1,
  },
  { key: 'opacity', label: 'Opacity', kind: 'number', group: 'Fill', min: 0, max: 1, step: 0.05 },
  { key: 'textStrokeColor', label: 'Outline colour', kind: 'color', group: 'Outline and glow' },
  {
    key: 'textStrokeWidthPx',
    label: 'Outline width',
    unit: 'px',
    kind: 'number',
    group: 'Outline and glow',
    min: 0,
    max: 40,
    step: 0.5,
  },
  {
    key: 'textStrokeBlurPx',
    label: 'Outline blur',
    unit: 'px',
    kind: 'number',
    group: 'Outline and glow',
    min: 0,
    max: 40,
    step: 0.5,
  },
  { key: 'glowColor', label: 'Glow colour', kind: 'color', group: 'Outline and glow' },
  {
    key: 'glowBlurPx',
    label: 'Glow size',
    unit: 'px',
    kind: 'number',
    group: 'Outline and glow',
    min: 0,
    max: 100,
    step: 1,
  },
  { key: 'textShadow', label: 'Shadow', kind: 'shadow', group: 'Outline and glow' },
  { key: 'backgroundColor', label: 'Box colour', kind: 'color', group: 'Box' },
  {
    key: 'backgroundRadiusPx',
    label: 'Box corner radius',
    unit: 'px',
    kind: 'number',
    group: 'Box',
    min: 0,
    max: 200,
    step: 1,
  },
  {
    key: 'offsetX',
    label: 'Offset X',
    unit: 'px',
    kind: 'number',
    group: 'Position',
    min: -1080,
    max: 1080,
    step: 1,
  },
  {
    key: 'offsetY',
    label: 'Offset Y',
    unit: 'px',
    kind: 'number',
    group: 'Position',
    min: -1920,
    max: 1920,
    step: 1,
  },
  {
    key: 'rotationDeg',
    label: 'Rotation',
    unit: '°',
    kind: 'number',
    group: 'Position',
    min: -180,
    max: 180,
    step: 1,
  },
  {
    key: 'activeAnimation',
    label: 'Animation while spoken',
    kind: 'select',
    group: 'Animation and emoji',
    options: ANIMATIONS,
  },
  { key: 'emojiName', label: 'Emoji', kind: 'emoji', group: 'Animation and emoji' },
  {
    key: 'emojiScale',
    label: 'Emoji scale',
    kind: 'number',
    group: 'Animation and emoji',
    min: 0,
    max: 5,
    step: 0.1,
  },
  { key: 'isKeyword', label: 'Keyword (emphasis weight and size)', kind: 'toggle', group: 'Flags' },
  {
    key: 'isSpecial',
    label: 'Special (keeps its fill while spoken)',
    kind: 'toggle',
    group: 'Flags',
  },
];

export const SETTINGS_FIELDS: ReadonlyArray<FieldSpec<SettingKey>> = [
  { key: 'fontFamily', label: 'Font', kind: 'font', group: 'Text' },
  { key: 'fontWeight', label: 'Weight', kind: 'select', group: 'Text', options: WEIGHTS },
  { key: 'fontStyle', label: 'Font style', kind: 'select', group: 'Text', options: FONT_STYLES },
  {
    key: 'fontSize',
    label: 'Font size',
    unit: 'px',
    kind: 'number',
    group: 'Text',
    min: 8,
    max: 400,
    step: 1,
  },
  {
    key: 'lineHeight',
    label: 'Line height',
    kind: 'number',
    group: 'Text',
    min: 0.5,
    max: 4,
    step: 0.05,
  },
  {
    key: 'letterSpacing',
    label: 'Letter spacing',
    unit: 'px',
    kind: 'number',
    group: 'Text',
    min: -20,
    max: 100,
    step: 0.5,
  },
  {
    key: 'textAlign',
    label: 'Alignment',
    kind: 'select',
    group: 'Text',
    options: [
      { value: 'left', label: 'Left' },
      { value: 'center', label: 'Centre' },
      { value: 'right', label: 'Right' },
    ],
  },
  { key: 'color', label: 'Colour', kind: 'color', group: 'Colours' },
  { key: 'backgroundColor', label: 'Line background', kind: 'color', group: 'Colours' },
  {
    key: 'borderRadius',
    label: 'Background corner radius',
    unit: 'px',
    kind: 'number',
    group: 'Colours',
    min: 0,
    max: 200,
    step: 1,
  },
  { key: 'textStrokeEnabled', label: 'Outline', kind: 'toggle', group: 'Outline and shadow' },
  { key: 'textStrokeColor', label: 'Outline colour', kind: 'color', group: 'Outline and shadow' },
  {
    key: 'textStrokeWidthPx',
    label: 'Outline width',
    unit: 'px',
    kind: 'number',
    group: 'Outline and shadow',
    min: 0,
    max: 40,
    step: 0.5,
  },
  {
    key: 'textStrokeBlurPx',
    label: 'Outline blur',
    unit: 'px',
    kind: 'number',
    group: 'Outline and shadow',
    min: 0,
    max: 40,
    step: 0.5,
  },
  { key: 'textShadow', label: 'Shadow', kind: 'shadow', group: 'Outline and shadow' },
  {
    key: 'position',
    label: 'Position',
    kind: 'select',
    group: 'Layout',
    options: [
      { value: 'top', label: 'Top' },
      { value: 'center', label: 'Centre' },
      { value: 'bottom', label: 'Bottom' },
      { value: 'custom', label: 'Custom height' },
    ],
  },
  {
    key: 'customPositionY',
    label: 'Custom height (0 top, 1 bottom)',
    kind: 'number',
    group: 'Layout',
    min: 0,
    max: 1,
    step: 0.01,
  },
  {
    key: 'maxLinesPerCaption',
    label: 'Lines per page',
    kind: 'number',
    group: 'Layout',
    min: 1,
    max: 6,
    step: 1,
    integer: true,
  },
  {
    key: 'wordsPerLineLimit',
    label: 'Words per line',
    kind: 'number',
    group: 'Layout',
    min: 1,
    max: 12,
    step: 1,
    integer: true,
  },
  {
    key: 'showActiveWord',
    label: 'Highlight the spoken word',
    kind: 'toggle',
    group: 'Active word',
  },
  { key: 'activeWordColor', label: 'Spoken word colour', kind: 'color', group: 'Active word' },
  {
    key: 'activeWordBackgroundColor',
    label: 'Spoken word background',
    kind: 'color',
    group: 'Active word',
  },
  {
    key: 'activeWordAnimation',
    label: 'Spoken word animation',
    kind: 'select',
    group: 'Active word',
    options: ANIMATIONS,
  },
  {
    key: 'wordRevealAnimation',
    label: 'Word reveal',
    kind: 'select',
    group: 'Active word',
    options: [
      { value: 'none', label: 'Whole page at once' },
      { value: 'fade', label: 'Fade in as spoken' },
      { value: 'pop', label: 'Pop in as spoken' },
      { value: 'typewriter', label: 'Typewriter' },
    ],
  },
  { key: 'emphasisEnabled', label: 'Emphasis', kind: 'toggle', group: 'Emphasis' },
  { key: 'emphasisColor', label: 'Emphasis colour', kind: 'color', group: 'Emphasis' },
  {
    key: 'emphasisFontWeight',
    label: 'Emphasis weight',
    kind: 'select',
    group: 'Emphasis',
    options: WEIGHTS,
  },
  {
    key: 'emphasisScale',
    label: 'Emphasis scale',
    kind: 'number',
    group: 'Emphasis',
    min: 0.5,
    max: 3,
    step: 0.05,
  },
  { key: 'emphasisGlowColor', label: 'Emphasis glow colour', kind: 'color', group: 'Emphasis' },
  {
    key: 'emphasisGlowBlurPx',
    label: 'Emphasis glow size',
    unit: 'px',
    kind: 'number',
    group: 'Emphasis',
    min: 0,
    max: 100,
    step: 1,
  },
  {
    key: 'emojiOverlaySizePx',
    label: 'Emoji size',
    unit: 'px',
    kind: 'number',
    group: 'Emphasis',
    min: 8,
    max: 400,
    step: 1,
  },
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
): WordStyle[WordStyleKey] {
  if (key === 'emojiScale')
    return String(Math.round(Number(value) * 100) / 100) as WordStyle['emojiScale'];
  return value as WordStyle[WordStyleKey];
}
