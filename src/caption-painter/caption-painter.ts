/**
 * # The caption painter
 *
 * Draws one caption page the way the video shows it: a 2D canvas context in, nothing else (no
 * DOM, no React), so the timeline's preview and the caption styler draw captions with the same
 * code. Sizes in the settings are pixels of a 1080 × 1920 frame; `frame.width` scales them.
 *
 * - Pages, the active word and animation progress are pure (`caption-pages.ts`).
 * - `layoutPage(ctx, page, settings, frame)`: where every word goes. Widths are measured once per
 *   font, spacing and text (`TextMeasureCache`); a line too wide for the frame shrinks the page.
 * - `paintPage` / `paintCaption`: the line background (`backgroundColor`, `borderRadius`), then
 *   each word: font (family, weight, style, size × word `scale` × emphasis scale for emphasised
 *   and keyword words), `letterSpacing`, `textTransform`; its background and radius (or the
 *   active word's background, or the highlight animation); stroke (`textStrokeWidthPx`, colour,
 *   blur); drop shadow (`textShadow`) and glow (word `glowColor`/`glowBlurPx`, or the emphasis
 *   glow), both drawn when both are set; fill: the active colour (word `activeColor`, else the
 *   setting) unless the word `isSpecial`, a linear gradient at `textGradientAngleDeg`, the word
 *   colour, the emphasis colour; offsets, rotation, opacity; the active-word animation and the
 *   word reveal; the emoji above the word (`emojiOverlaySizePx` × `emojiScale`).
 *
 * Extend it here: both screens pick the change up.
 */
import {
  isActiveAt,
  pageAt,
  paginate,
  wordMotion,
  type CaptionPage,
  type PaintableWord,
  type WordMotion,
} from './caption-pages.ts';
import type { CaptionSettings, CaptionWordStyle } from '@/api/schema.gen.ts';

export type { PaintableWord } from './caption-pages.ts';

/** The parts of a 2D context the painter uses (a recording fake in tests). */
export type PainterContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'translate'
  | 'rotate'
  | 'scale'
  | 'fillText'
  | 'strokeText'
  | 'measureText'
  | 'beginPath'
  | 'fill'
  | 'createLinearGradient'
> & {
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineJoin: CanvasLineJoin;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  globalAlpha: number;
  shadowColor: string;
  shadowBlur: number;
  shadowOffsetX: number;
  shadowOffsetY: number;
  filter?: string;
  letterSpacing?: string;
  roundRect?: CanvasRenderingContext2D['roundRect'];
  rect: CanvasRenderingContext2D['rect'];
};

export interface Frame {
  width: number;
  height: number;
}

export const REFERENCE_WIDTH = 1080;

const DEFAULTS = {
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
} satisfies Required<CaptionSettings>;

export type ResolvedSettings = Required<CaptionSettings>;

/** The settings with defaults for what a partial or older style leaves out. */
export function resolveSettings(settings: Partial<CaptionSettings> | undefined): ResolvedSettings {
  const resolved: ResolvedSettings = { ...DEFAULTS };
  for (const [key, value] of Object.entries(settings ?? {})) {
    if (value !== undefined && value !== null && key in resolved)
      (resolved as Record<string, unknown>)[key] = value;
  }
  return resolved;
}

// ───────────────────────────── measuring ─────────────────────────────

/** Text widths by font and text: a page is measured once, however often it is painted. */
export class TextMeasureCache {
  private readonly widths = new Map<string, number>();
  constructor(private readonly limit = 5000) {}

  width(ctx: PainterContext, font: string, letterSpacing: number, text: string): number {
    const key = `${font}|${letterSpacing}|${text}`;
    const cached = this.widths.get(key);
    if (cached !== undefined) return cached;
    ctx.font = font;
    if (ctx.letterSpacing !== undefined) ctx.letterSpacing = '0px';
    const width = ctx.measureText(text).width + letterSpacing * Math.max(0, text.length - 1);
    if (this.widths.size >= this.limit) this.widths.clear();
    this.widths.set(key, width);
    return width;
  }

  get size(): number {
    return this.widths.size;
  }
}

const sharedCache = new TextMeasureCache();

export function transformText(text: string, transform: string | undefined): string {
  switch (transform) {
    case 'uppercase':
      return text.toUpperCase();
    case 'lowercase':
      return text.toLowerCase();
    case 'capitalize':
      return text.replace(
        /(^|[^\p{L}\p{N}'’])(\p{L})/gu,
        (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
      );
    default:
      return text;
  }
}

/** Emoji names the styler offers (an emoji itself is accepted too). */
export const EMOJI: Readonly<Record<string, string>> = {
  fire: '🔥',
  rocket: '🚀',
  eyes: '👀',
  sparkles: '✨',
  heart: '❤️',
  star: '⭐',
  laugh: '😂',
  hundred: '💯',
  money: '💰',
  check: '✅',
  warning: '⚠️',
  bulb: '💡',
};

export const emojiFor = (name: string | undefined): string | null =>
  name ? (EMOJI[name] ?? (/\p{Extended_Pictographic}/u.test(name) ? name : null)) : null;

// ───────────────────────────── layout ─────────────────────────────

export interface PlacedWord {
  word: PaintableWord;
  text: string;
  font: string;
  /** Centre of the word box, in frame pixels (after the page's fit). */
  x: number;
  y: number;
  /** Size of the word box, in frame pixels (after the page's fit). */
  width: number;
  height: number;
  line: number;
  active: boolean;
  /** Drawn with the emphasis treatment (an emphasised or keyword word, emphasis enabled). */
  emphasis: boolean;
}

export interface PageLayout {
  words: PlacedWord[];
  lines: Array<{ x: number; y: number; width: number; height: number }>;
  /** Frame pixels per reference pixel. */
  scale: number;
  /** Shrink applied so the widest line fits the frame (1 when it fits). */
  fit: number;
}

function fontOf(
  settings: ResolvedSettings,
  style: Partial<CaptionWordStyle> | undefined,
  emphasis: boolean,
  scale: number,
): { font: string; size: number } {
  const size =
    settings.fontSize * scale * (style?.scale ?? 1) * (emphasis ? settings.emphasisScale : 1);
  const weight =
    style?.fontWeight ?? (emphasis ? settings.emphasisFontWeight : settings.fontWeight);
  const family = style?.fontFamily ?? settings.fontFamily;
  const fontStyle = style?.fontStyle ?? settings.fontStyle;
  const familyCss = /[\s,]/.test(family) && !family.includes('"') ? `"${family}"` : family;
  return {
    font: `${fontStyle} ${weight} ${Math.max(1, Math.round(size * 10) / 10)}px ${familyCss}, system-ui, sans-serif`,
    size,
  };
}

/** The vertical centre of the caption block, as a share of the frame height. */
export function blockCentre(
  settings: Pick<ResolvedSettings, 'position' | 'customPositionY'>,
): number {
  switch (settings.position) {
    case 'top':
      return 0.2;
    case 'middle':
    case 'center':
      return 0.5;
    case 'custom':
      return Math.min(0.95, Math.max(0.05, settings.customPositionY));
    default:
      return 0.78;
  }
}

const isEmphasised = (word: PaintableWord, settings: ResolvedSettings) =>
  settings.emphasisEnabled && (word.isEmphasis === true || word.style?.isKeyword === true);

export function layoutPage(
  ctx: PainterContext,
  page: CaptionPage,
  settingsIn: Partial<CaptionSettings>,
  frame: Frame,
  seconds: number,
  cache: TextMeasureCache = sharedCache,
): PageLayout {
  const settings = resolveSettings(settingsIn);
  const scale = frame.width / REFERENCE_WIDTH;
  const lineHeight = settings.fontSize * scale * settings.lineHeight;
  const gap = settings.fontSize * scale * 0.28;
  const margin = frame.width * 0.06;
  const measuredLines = page.lines.map((line) => {
    const measured = line.map((word) => {
      const emphasis = isEmphasised(word, settings);
      const { font, size } = fontOf(settings, word.style, emphasis, scale);
      const text = transformText(word.word, word.style?.textTransform);
      const spacing = (word.style?.letterSpacing ?? settings.letterSpacing) * scale;
      return { word, text, font, size, emphasis, width: cache.width(ctx, font, spacing, text) };
    });
    const width =
      measured.reduce((sum, entry) => sum + entry.width, 0) +
      gap * Math.max(0, measured.length - 1);
    return { measured, width };
  });
  const widest = Math.max(0, ...measuredLines.map((line) => line.width));
  const fit = widest > frame.width - margin * 2 ? (frame.width - margin * 2) / widest : 1;
  const centreX = frame.width / 2;
  const centreY = frame.height * blockCentre(settings);
  const top = centreY - (lineHeight * page.lines.length) / 2;
  // Positions are laid out at full size, then shrunk by `fit` around the block's centre.
  const fitX = (x: number) => centreX + (x - centreX) * fit;
  const fitY = (y: number) => centreY + (y - centreY) * fit;
  const placed: PlacedWord[] = [];
  const lines: PageLayout['lines'] = [];
  measuredLines.forEach(({ measured, width }, lineIndex) => {
    const y = top + lineHeight * lineIndex + lineHeight / 2;
    let x =
      settings.textAlign === 'left'
        ? centreX - (frame.width / 2 - margin) / fit
        : settings.textAlign === 'right'
          ? centreX + (frame.width / 2 - margin) / fit - width
          : centreX - width / 2;
    lines.push({
      x: fitX(x),
      y: fitY(y - lineHeight / 2),
      width: width * fit,
      height: lineHeight * fit,
    });
    for (const entry of measured) {
      placed.push({
        word: entry.word,
        text: entry.text,
        font: entry.font,
        x: fitX(x + entry.width / 2),
        y: fitY(y),
        width: entry.width * fit,
        height: entry.size * fit,
        line: lineIndex,
        active: settings.showActiveWord && isActiveAt(entry.word, seconds),
        emphasis: entry.emphasis,
      });
      x += entry.width + gap;
    }
  });
  return { words: placed, lines, scale, fit };
}

/** The word under a point of the frame (for clicks on the preview), or null. */
export function wordAt(layout: PageLayout, x: number, y: number): PlacedWord | null {
  for (const placed of layout.words) {
    const padX = placed.height * 0.15;
    if (
      Math.abs(x - placed.x) <= placed.width / 2 + padX &&
      Math.abs(y - placed.y) <= placed.height / 2 + padX
    )
      return placed;
  }
  return null;
}

// ───────────────────────────── painting ─────────────────────────────

export const isVisibleColor = (color: string | undefined): color is string =>
  !!color &&
  color !== 'transparent' &&
  color !== 'none' &&
  !/^rgba\([^)]*,\s*0(\.0+)?\)$/.test(color) &&
  !/^#[0-9a-f]{6}00$/i.test(color) &&
  !/^#[0-9a-f]{3}0$/i.test(color);

/** "0 2px 8px rgba(0,0,0,0.5)" → offset, blur and colour (scaled), or null for none. */
export function parseShadow(
  shadow: string | undefined,
  scale: number,
): { x: number; y: number; blur: number; color: string } | null {
  if (!shadow || shadow === 'none') return null;
  const color = shadow.match(/(rgba?\([^)]*\)|hsla?\([^)]*\)|#[0-9a-f]{3,8}|\b[a-z]+\b)\s*$/i)?.[1];
  const lengths = shadow
    .replace(color ?? '', '')
    .trim()
    .split(/\s+/)
    .map((part) => Number.parseFloat(part))
    .filter((value) => Number.isFinite(value));
  if (!color || lengths.length < 2) return null;
  return {
    x: lengths[0]! * scale,
    y: lengths[1]! * scale,
    blur: (lengths[2] ?? 0) * scale,
    color,
  };
}

function roundedRect(
  ctx: PainterContext,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
): void {
  ctx.beginPath();
  if (ctx.roundRect)
    ctx.roundRect(x, y, width, height, Math.max(0, Math.min(radius, height / 2, width / 2)));
  else ctx.rect(x, y, width, height);
  ctx.fill();
}

function setShadow(ctx: PainterContext, color: string, blur: number, x = 0, y = 0): void {
  ctx.shadowColor = color;
  ctx.shadowBlur = blur;
  ctx.shadowOffsetX = x;
  ctx.shadowOffsetY = y;
}

function clearShadow(ctx: PainterContext): void {
  setShadow(ctx, 'transparent', 0);
}

/** The fill of a word: active colour, gradient, own colour, emphasis colour, setting colour. */
function fillFor(
  ctx: PainterContext,
  placed: PlacedWord,
  settings: ResolvedSettings,
  width: number,
  height: number,
): string | CanvasGradient {
  const style = placed.word.style;
  if (placed.active && style?.isSpecial !== true)
    return style?.activeColor ?? settings.activeWordColor;
  const from = style?.textGradientFrom;
  const to = style?.textGradientTo;
  if (from && to && from !== to) {
    // The angle as in CSS: 0° paints bottom → top, 90° left → right.
    const angle = ((style?.textGradientAngleDeg ?? 90) * Math.PI) / 180;
    const dx = (Math.sin(angle) * width) / 2;
    const dy = (-Math.cos(angle) * height) / 2;
    const gradient = ctx.createLinearGradient(-dx, -dy, dx, dy);
    gradient.addColorStop(0, from);
    gradient.addColorStop(1, to);
    return gradient;
  }
  if (style?.color) return style.color;
  if (placed.emphasis) return settings.emphasisColor;
  return settings.color;
}

function paintWord(
  ctx: PainterContext,
  placed: PlacedWord,
  settings: ResolvedSettings,
  layout: PageLayout,
  motion: WordMotion,
): void {
  const style = placed.word.style;
  const opacity = Math.max(0, Math.min(1, style?.opacity ?? 1)) * motion.alpha;
  if (opacity <= 0) return;
  const { scale, fit } = layout;
  // Word boxes at full size: the context is scaled by the page fit and the motion.
  const width = placed.width / fit;
  const height = placed.height / fit;
  ctx.save();
  ctx.translate(
    placed.x + (style?.offsetX ?? 0) * scale * fit,
    placed.y + ((style?.offsetY ?? 0) * scale + motion.lift * height) * fit,
  );
  if (style?.rotationDeg) ctx.rotate((style.rotationDeg * Math.PI) / 180);
  const zoom = fit * motion.scale;
  if (zoom !== 1) ctx.scale(zoom, zoom);
  ctx.globalAlpha = opacity;
  ctx.font = placed.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (ctx.letterSpacing !== undefined)
    ctx.letterSpacing = `${(style?.letterSpacing ?? settings.letterSpacing) * scale}px`;

  const pad = height * 0.12;
  const box = () =>
    [-width / 2 - pad, -height / 2 - pad / 2, width + pad * 2, height + pad] as const;
  const radius = (style?.backgroundRadiusPx ?? settings.borderRadius) * scale;
  const activeBackground =
    placed.active && isVisibleColor(settings.activeWordBackgroundColor)
      ? settings.activeWordBackgroundColor
      : null;
  const background =
    activeBackground ??
    (motion.highlight ? (style?.activeColor ?? settings.activeWordColor) : style?.backgroundColor);
  if (isVisibleColor(background)) {
    ctx.fillStyle = background;
    roundedRect(ctx, ...box(), radius);
  }

  // Typewriter: the text grows from its left edge; the layout keeps the full width.
  const text =
    motion.shown >= 1
      ? placed.text
      : [...placed.text].slice(0, Math.ceil([...placed.text].length * motion.shown)).join('');
  const partial = text !== placed.text;
  if (partial) ctx.textAlign = 'left';
  const textX = partial ? -width / 2 : 0;

  const strokeWidth = (style?.textStrokeWidthPx ?? settings.textStrokeWidthPx) * scale;
  if ((settings.textStrokeEnabled || (style?.textStrokeWidthPx ?? 0) > 0) && strokeWidth > 0) {
    const blur = (style?.textStrokeBlurPx ?? settings.textStrokeBlurPx) * scale;
    if (blur > 0 && ctx.filter !== undefined) ctx.filter = `blur(${blur}px)`;
    ctx.strokeStyle = style?.textStrokeColor ?? settings.textStrokeColor;
    ctx.lineWidth = strokeWidth * 2;
    ctx.lineJoin = 'round';
    ctx.strokeText(text, textX, 0);
    if (blur > 0 && ctx.filter !== undefined) ctx.filter = 'none';
  }

  const fill = fillFor(ctx, placed, settings, width, height);
  const glowColor = isVisibleColor(style?.glowColor)
    ? style.glowColor
    : placed.emphasis && isVisibleColor(settings.emphasisGlowColor)
      ? settings.emphasisGlowColor
      : null;
  const glowBlur = isVisibleColor(style?.glowColor)
    ? (style?.glowBlurPx ?? 0)
    : settings.emphasisGlowBlurPx;
  const shadow = parseShadow(style?.textShadow ?? settings.textShadow, scale);
  const glowing = glowColor !== null && glowBlur > 0;
  ctx.fillStyle = fill;
  if (shadow) {
    setShadow(ctx, shadow.color, shadow.blur, shadow.x, shadow.y);
    ctx.fillText(text, textX, 0);
  }
  if (glowing) {
    setShadow(ctx, glowColor, glowBlur * scale);
    ctx.fillText(text, textX, 0);
  }
  if (!shadow && !glowing) ctx.fillText(text, textX, 0);
  clearShadow(ctx);

  if (motion.underline > 0) {
    ctx.fillStyle = style?.activeColor ?? settings.activeWordColor;
    const thickness = Math.max(2, height * 0.08);
    roundedRect(
      ctx,
      -width / 2,
      height / 2 - thickness / 2,
      width * motion.underline,
      thickness,
      thickness / 2,
    );
  }

  const emoji = emojiFor(style?.emojiName);
  if (emoji) {
    const size =
      settings.emojiOverlaySizePx * scale * (Number.parseFloat(style?.emojiScale ?? '1') || 1);
    ctx.textAlign = 'center';
    ctx.font = `${Math.max(1, Math.round(size))}px system-ui, sans-serif`;
    ctx.fillStyle = '#ffffff';
    ctx.fillText(emoji, 0, -height / 2 - size * 0.6);
  }
  ctx.restore();
}

export interface PaintCaptionInput {
  words: readonly PaintableWord[];
  settings: Partial<CaptionSettings>;
  frame: Frame;
  /** The time to paint (picks the page, the active word and the animations). */
  seconds: number;
  cache?: TextMeasureCache;
}

/** Paints the page of `words` on screen at `seconds`; returns its layout, or null when none. */
export function paintCaption(ctx: PainterContext, input: PaintCaptionInput): PageLayout | null {
  const page = pageAt(paginate(input.words, input.settings), input.seconds);
  if (!page) return null;
  return paintPage(ctx, page, input);
}

/**
 * Paints one page at `seconds`. A page shown outside its own time (the styler showing a chosen
 * page) is painted at rest: every word revealed, none active.
 */
export function paintPage(
  ctx: PainterContext,
  page: CaptionPage,
  input: Omit<PaintCaptionInput, 'words'>,
): PageLayout {
  const settings = resolveSettings(input.settings);
  const layout = layoutPage(ctx, page, settings, input.frame, input.seconds, input.cache);
  const playing = input.seconds >= page.startSeconds && input.seconds < page.endSeconds;
  ctx.save();
  if (isVisibleColor(settings.backgroundColor)) {
    ctx.fillStyle = settings.backgroundColor;
    const padX = settings.fontSize * layout.scale * layout.fit * 0.3;
    for (const line of layout.lines)
      roundedRect(
        ctx,
        line.x - padX,
        line.y,
        line.width + padX * 2,
        line.height,
        settings.borderRadius * layout.scale * layout.fit,
      );
  }
  for (const placed of layout.words)
    paintWord(
      ctx,
      placed,
      settings,
      layout,
      wordMotion(placed.word, input.seconds, settings, playing),
    );
  ctx.restore();
  return layout;
}
