/**
 * # The caption style cascade
 *
 * Every field a caption word is drawn with comes from the first of these layers that sets it:
 *
 * 1. **the word's own overrides** (`word.style`): only the fields the user set on that word; a
 *    field that is absent or null is inherited (the contract's `CaptionWordStyle`);
 * 2. **a Look being tried** (hovered in the gallery, or painted in its thumbnail), over:
 * 3. **the project's caption settings** (`GET …/captions/style`): applying a Look writes the Look's
 *    settings there, so the applied Look is part of them, and a setting changed after it wins
 *    over the Look;
 * 4. **the painter's defaults** (`CAPTION_DEFAULTS`), for what an older or partial style leaves out.
 *
 * Layers 2–4 are settings (`resolveSettings`). A word field inherits through the setting named in
 * `INHERITED_FROM`; some choose by the word's emphasis (an emphasised or keyword word, while
 * emphasis is enabled, takes the emphasis colour, weight, scale and glow). Word fields without a
 * setting (offsets, rotation, opacity, gradient, emoji, letter case, flags) default to none.
 * `resolveWordStyle` is the one place this happens: the painter draws every word through it, so
 * the styler's preview, the Look thumbnails and the timeline's preview agree.
 */
import type { CaptionSettings, CaptionWordStyle } from '@/api/schema.gen.ts';

export type ResolvedSettings = Required<CaptionSettings>;
export type SettingKey = keyof CaptionSettings & string;
export type WordStyleKey = keyof CaptionWordStyle & string;

/** What a field of a word's or the project's style may hold (null: not set, inherited). */
type Layer<T> = { readonly [Key in keyof T]?: T[Key] | null } | null | undefined;

/** The painter's defaults: what the last layer falls back to. */
export const CAPTION_DEFAULTS: ResolvedSettings = {
  fontSize: 64,
  lineHeight: 1.15,
  letterSpacing: 0,
  borderRadius: 8,
  textStrokeWidthPx: 0,
  textStrokeBlurPx: 0,
  customPositionY: 0.5,
  emojiOverlaySizePx: 48,
  maxLinesPerCaption: 2,
  wordsPerLineLimit: 4,
  emphasisScale: 1,
  emphasisGlowBlurPx: 0,
  fontFamily: 'sans-serif',
  fontWeight: '700',
  fontStyle: 'normal',
  textAlign: 'center',
  color: '#ffffff',
  backgroundColor: 'transparent',
  textStrokeColor: '#000000',
  textShadow: 'none',
  position: 'bottom',
  activeWordColor: '#facc15',
  activeWordBackgroundColor: 'transparent',
  activeWordAnimation: 'none',
  wordRevealAnimation: 'none',
  emphasisColor: '#facc15',
  emphasisFontWeight: '900',
  emphasisGlowColor: 'transparent',
  textStrokeEnabled: false,
  showActiveWord: true,
  emphasisEnabled: true,
};

/**
 * The settings a word inherits from: the defaults, then each layer in order (project settings,
 * then a Look being tried); a field a layer leaves out (or sets to null) is the one before.
 */
export function resolveSettings(
  ...layers: ReadonlyArray<Layer<CaptionSettings>>
): ResolvedSettings {
  const resolved: ResolvedSettings = { ...CAPTION_DEFAULTS };
  for (const layer of layers)
    for (const [key, value] of Object.entries(layer ?? {}))
      if (value !== undefined && value !== null && key in resolved)
        (resolved as Record<string, unknown>)[key] = value;
  return resolved;
}

/**
 * The settings each word field inherits from (the first for a plain word, the second for an
 * emphasised one); empty for fields without a setting. Read by the Look dialog (which words
 * override what a Look sets) and by the inspector (what a field would be without the override).
 */
export const INHERITED_FROM: Readonly<Record<WordStyleKey, readonly SettingKey[]>> = {
  fontFamily: ['fontFamily'],
  fontWeight: ['fontWeight', 'emphasisFontWeight'],
  fontStyle: ['fontStyle'],
  letterSpacing: ['letterSpacing'],
  color: ['color', 'emphasisColor'],
  // A gradient is the word's fill: it stands in for the colour settings.
  textGradientFrom: ['color', 'emphasisColor'],
  textGradientTo: ['color', 'emphasisColor'],
  activeColor: ['activeWordColor'],
  activeAnimation: ['activeWordAnimation'],
  textStrokeColor: ['textStrokeColor'],
  textStrokeWidthPx: ['textStrokeWidthPx', 'textStrokeEnabled'],
  textStrokeBlurPx: ['textStrokeBlurPx'],
  textShadow: ['textShadow'],
  glowColor: ['emphasisGlowColor'],
  glowBlurPx: ['emphasisGlowBlurPx'],
  backgroundRadiusPx: ['borderRadius'],
  scale: ['emphasisScale'],
  backgroundColor: [],
  offsetX: [],
  offsetY: [],
  rotationDeg: [],
  opacity: [],
  textGradientAngleDeg: [],
  emojiName: [],
  emojiScale: [],
  textTransform: [],
  isSpecial: [],
  isKeyword: [],
};

/** What the painter needs of a word to style it. */
export interface StyledWord {
  isEmphasis?: boolean | undefined;
  style?: Layer<CaptionWordStyle>;
}

/** Every field a word is drawn with, resolved through the cascade. */
export interface ResolvedWordStyle {
  /** Drawn with the emphasis treatment (emphasised or keyword, emphasis enabled). */
  emphasis: boolean;
  fontFamily: string;
  fontWeight: ResolvedSettings['fontWeight'];
  fontStyle: ResolvedSettings['fontStyle'];
  /** Reference pixels: the setting × the word's scale × the emphasis scale. */
  fontSize: number;
  letterSpacing: number;
  textTransform: NonNullable<CaptionWordStyle['textTransform']>;
  color: string;
  /** A two-colour fill instead of `color`, or null. */
  gradient: { from: string; to: string; angleDeg: number } | null;
  activeColor: string;
  activeAnimation: ResolvedSettings['activeWordAnimation'];
  opacity: number;
  backgroundColor: string;
  backgroundRadiusPx: number;
  textStrokeColor: string;
  /** 0 draws no outline. */
  textStrokeWidthPx: number;
  textStrokeBlurPx: number;
  textShadow: string;
  glowColor: string;
  glowBlurPx: number;
  offsetX: number;
  offsetY: number;
  rotationDeg: number;
  emojiName: string;
  emojiScale: number;
  /** Keeps its own fill while it is the active word. */
  isSpecial: boolean;
}

/** The word's own value of a field, or undefined when it inherits it. */
function own<Key extends WordStyleKey>(
  style: Layer<CaptionWordStyle>,
  key: Key,
): NonNullable<CaptionWordStyle[Key]> | undefined {
  const value = style?.[key];
  return value === null || value === undefined
    ? undefined
    : (value as NonNullable<CaptionWordStyle[Key]>);
}

/** How the word is drawn: its own fields, else what it inherits from `settings`. */
export function resolveWordStyle(word: StyledWord, settings: ResolvedSettings): ResolvedWordStyle {
  const style = word.style;
  const emphasis =
    settings.emphasisEnabled && (word.isEmphasis === true || own(style, 'isKeyword') === true);
  const from = own(style, 'textGradientFrom');
  const to = own(style, 'textGradientTo');
  return {
    emphasis,
    fontFamily: own(style, 'fontFamily') ?? settings.fontFamily,
    fontWeight:
      own(style, 'fontWeight') ?? (emphasis ? settings.emphasisFontWeight : settings.fontWeight),
    fontStyle: own(style, 'fontStyle') ?? settings.fontStyle,
    fontSize:
      settings.fontSize * (own(style, 'scale') ?? 1) * (emphasis ? settings.emphasisScale : 1),
    letterSpacing: own(style, 'letterSpacing') ?? settings.letterSpacing,
    textTransform: own(style, 'textTransform') ?? 'none',
    color: own(style, 'color') ?? (emphasis ? settings.emphasisColor : settings.color),
    gradient:
      from && to && from !== to
        ? { from, to, angleDeg: own(style, 'textGradientAngleDeg') ?? 90 }
        : null,
    activeColor: own(style, 'activeColor') ?? settings.activeWordColor,
    activeAnimation: own(style, 'activeAnimation') ?? settings.activeWordAnimation,
    opacity: Math.max(0, Math.min(1, own(style, 'opacity') ?? 1)),
    backgroundColor: own(style, 'backgroundColor') ?? 'transparent',
    backgroundRadiusPx: own(style, 'backgroundRadiusPx') ?? settings.borderRadius,
    textStrokeColor: own(style, 'textStrokeColor') ?? settings.textStrokeColor,
    textStrokeWidthPx:
      own(style, 'textStrokeWidthPx') ??
      (settings.textStrokeEnabled ? settings.textStrokeWidthPx : 0),
    textStrokeBlurPx: own(style, 'textStrokeBlurPx') ?? settings.textStrokeBlurPx,
    textShadow: own(style, 'textShadow') ?? settings.textShadow,
    glowColor: own(style, 'glowColor') ?? (emphasis ? settings.emphasisGlowColor : 'transparent'),
    glowBlurPx: own(style, 'glowBlurPx') ?? (emphasis ? settings.emphasisGlowBlurPx : 0),
    offsetX: own(style, 'offsetX') ?? 0,
    offsetY: own(style, 'offsetY') ?? 0,
    rotationDeg: own(style, 'rotationDeg') ?? 0,
    emojiName: own(style, 'emojiName') ?? '',
    emojiScale: Number.parseFloat(own(style, 'emojiScale') ?? '1') || 1,
    isSpecial: own(style, 'isSpecial') ?? false,
  };
}

/** The fields set on the word itself (its overrides), in the contract's order. */
export function ownFields(style: Layer<CaptionWordStyle>): WordStyleKey[] {
  if (!style) return [];
  return (Object.keys(INHERITED_FROM) as WordStyleKey[]).filter(
    (key) => style[key] !== undefined && style[key] !== null,
  );
}

/** The word's own fields that stand in for any of `settings` (what it keeps over a Look). */
export function fieldsOverriding(
  style: Layer<CaptionWordStyle>,
  settings: ReadonlySet<string>,
): WordStyleKey[] {
  return ownFields(style).filter((key) =>
    INHERITED_FROM[key].some((setting) => settings.has(setting)),
  );
}
