/**
 * Field types of caption settings and caption word styles (from the reference), used to validate
 * partial updates key by key.
 */
import { invalid } from '../lib/errors.ts';
import { isJsonObject } from '../lib/validate.ts';

type FieldKind = 'number' | 'string' | 'boolean';

function kinds(numbers: string[], strings: string[], booleans: string[]): Map<string, FieldKind> {
  return new Map<string, FieldKind>([
    ...numbers.map((key): [string, FieldKind] => [key, 'number']),
    ...strings.map((key): [string, FieldKind] => [key, 'string']),
    ...booleans.map((key): [string, FieldKind] => [key, 'boolean']),
  ]);
}

export const CAPTION_SETTINGS_FIELDS = kinds(
  [
    'fontSize',
    'lineHeight',
    'letterSpacing',
    'borderRadius',
    'textStrokeWidthPx',
    'textStrokeBlurPx',
    'customPositionY',
    'emojiOverlaySizePx',
    'maxLinesPerCaption',
    'wordsPerLineLimit',
    'emphasisScale',
    'emphasisGlowBlurPx',
  ],
  [
    'fontFamily',
    'fontWeight',
    'fontStyle',
    'textAlign',
    'color',
    'backgroundColor',
    'textStrokeColor',
    'textShadow',
    'position',
    'activeWordColor',
    'activeWordBackgroundColor',
    'activeWordAnimation',
    'wordRevealAnimation',
    'emphasisColor',
    'emphasisFontWeight',
    'emphasisGlowColor',
  ],
  ['textStrokeEnabled', 'showActiveWord', 'emphasisEnabled'],
);

export const CAPTION_WORD_STYLE_FIELDS = kinds(
  [
    'offsetX',
    'offsetY',
    'rotationDeg',
    'scale',
    'letterSpacing',
    'opacity',
    'textStrokeWidthPx',
    'textStrokeBlurPx',
    'glowBlurPx',
    'textGradientAngleDeg',
    'backgroundRadiusPx',
  ],
  [
    'fontFamily',
    'fontWeight',
    'color',
    'activeColor',
    'backgroundColor',
    'textStrokeColor',
    'textShadow',
    'glowColor',
    'textGradientFrom',
    'textGradientTo',
    'emojiName',
    'emojiScale',
    'activeAnimation',
    'fontStyle',
    'textTransform',
  ],
  ['isSpecial', 'isKeyword'],
);

/** Checks a partial settings / style object; returns it typed as `T` (all fields optional). */
export function checkFields<T extends object>(
  value: unknown,
  fields: Map<string, FieldKind>,
  param: string,
): T {
  if (!isJsonObject(value)) throw invalid(param, `${param} must be an object.`);
  for (const [key, item] of Object.entries(value)) {
    const kind = fields.get(key);
    if (!kind) throw invalid(`${param}.${key}`, `Unknown field ${param}.${key}.`);
    const ok =
      kind === 'number' ? typeof item === 'number' && Number.isFinite(item) : typeof item === kind;
    if (!ok) throw invalid(`${param}.${key}`, `${param}.${key} must be a ${kind}.`);
  }
  return value as T;
}
