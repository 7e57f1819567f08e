/**
 * A word's own style in words: which fields it sets itself (the rest it inherits through the
 * cascade, `caption-cascade.ts`), and what a field would be if the word did not set it (shown in
 * the inspector beside an inherited field).
 */
import {
  ownFields,
  resolveWordStyle,
  type ResolvedSettings,
  type ResolvedWordStyle,
  type StyledWord,
  type WordStyleKey,
} from '@/caption-painter/caption-cascade.ts';
import { WORD_STYLE_FIELDS } from './style-fields.ts';

/** Short names of the word style fields (gradient ends named once). */
function shortName(key: WordStyleKey): string {
  if (key === 'textGradientFrom' || key === 'textGradientTo') return 'gradient';
  const label = WORD_STYLE_FIELDS.find((field) => field.key === key)?.label ?? key;
  return label.replace(/ \(.*\)$/, '').toLowerCase();
}

export interface OwnStyle {
  fields: WordStyleKey[];
  /** “colour, glow colour” (empty when none). */
  short: string;
  /** “colour #00ff00, glow colour #22d3ee, keyword” (empty when none). */
  long: string;
}

const NONE: OwnStyle = { fields: [], short: '', long: '' };

/** The fields the word sets itself, named. */
export function describeOwnStyle(style: StyledWord['style']): OwnStyle {
  const fields = ownFields(style);
  if (fields.length === 0) return NONE;
  const values = style as Record<string, unknown>;
  const short = [...new Set(fields.map(shortName))];
  const long = [
    ...new Set(
      fields.map((key) => {
        const value = values[key];
        if (key === 'textGradientFrom' || key === 'textGradientTo')
          return `gradient ${String(values.textGradientFrom ?? '')}→${String(values.textGradientTo ?? '')}`;
        return typeof value === 'boolean' ? shortName(key) : `${shortName(key)} ${String(value)}`;
      }),
    ),
  ];
  return { fields, short: short.join(', '), long: long.join(', ') };
}

/**
 * What `key` would be for this word if it did not set it: the value it inherits (through its
 * emphasis, for the colours, weight and glow).
 */
export function inheritedValue(
  key: WordStyleKey,
  word: StyledWord,
  settings: ResolvedSettings,
): string | number | boolean | undefined {
  const resolved = resolveWordStyle({ ...word, style: { ...word.style, [key]: null } }, settings);
  switch (key) {
    case 'scale':
      return 1;
    case 'textGradientFrom':
    case 'textGradientTo':
      return undefined;
    case 'textGradientAngleDeg':
      return 90;
    case 'isKeyword':
      return false;
    default:
      return resolved[key as keyof ResolvedWordStyle] as string | number | boolean;
  }
}
