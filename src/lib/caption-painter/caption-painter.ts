/**
 * # The caption painter
 *
 * Draws one caption page the way the video shows it: a 2D canvas context in, nothing else (no
 * DOM, no React), so the timeline's preview and the caption styler draw captions with the same
 * code. Sizes in the settings are pixels of a 1080 × 1920 frame; `frame.width` scales them.
 *
 * - `paginate(words, settings)`: words into pages of at most `maxLinesPerCaption` lines of at most
 *   `wordsPerLineLimit` words (the order of `sequenceIndex`/`orderIndex`).
 * - `pageAt(pages, seconds)`: the page on screen at a time (or null between captions).
 * - `layoutPage(ctx, page, settings, frame)`: where every word goes (measured once per font and
 *   text: `TextMeasureCache`).
 * - `paintCaption(ctx, { words, settings, frame, seconds })`: all of the above, then paints: the
 *   line background (`backgroundColor`, `borderRadius`), each word with its font (family, weight,
 *   style, size × word `scale` × emphasis scale), `letterSpacing`, `textTransform`, fill (colour,
 *   the active word's colour and background, the emphasis colour, or a linear gradient at
 *   `textGradientAngleDeg`), stroke (`textStrokeWidthPx`, colour, blur), shadow (`textShadow`),
 *   glow (word `glowColor`/`glowBlurPx`, or the emphasis glow), offsets, rotation, opacity, and the
 *   emoji above the word. Returns the layout (hit testing, tests).
 *
 * Extend it here (per-word animations, reveal modes): both screens pick the change up.
 */
import type { components } from '@/api/schema.gen.ts';

export type CaptionSettings = components['schemas']['CaptionSettings'];
export type CaptionWord = components['schemas']['CaptionWord'];
export type CaptionWordStyle = components['schemas']['CaptionWordStyle'];

/** What the painter needs of a word (a caption word of the contract fits). */
export interface PaintableWord {
  id: string;
  word: string;
  startSeconds?: number;
  endSeconds?: number;
  isEmphasis?: boolean;
  orderIndex?: number;
  sequenceIndex?: number;
  style?: Partial<CaptionWordStyle>;
}

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

const REFERENCE_WIDTH = 1080;

const DEFAULTS: Required<
  Pick<
    CaptionSettings,
    | 'fontSize'
    | 'lineHeight'
    | 'letterSpacing'
    | 'borderRadius'
    | 'textStrokeWidthPx'
    | 'textStrokeBlurPx'
    | 'customPositionY'
    | 'emojiOverlaySizePx'
    | 'maxLinesPerCaption'
    | 'wordsPerLineLimit'
    | 'emphasisScale'
    | 'emphasisGlowBlurPx'
    | 'fontFamily'
    | 'fontWeight'
    | 'fontStyle'
    | 'textAlign'
    | 'color'
    | 'backgroundColor'
    | 'textStrokeColor'
    | 'textShadow'
    | 'position'
    | 'activeWordColor'
    | 'activeWordBackgroundColor'
    | 'emphasisColor'
    | 'emphasisFontWeight'
    | 'emphasisGlowColor'
    | 'textStrokeEnabled'
    | 'showActiveWord'
    | 'emphasisEnabled'
  >
> = {
  fontSize: 64,
  lineHeight: 1.15,
  letterSpacing: 0,
  borderRadius: 8,
  textStrokeWidthPx: 0,
  textStrokeBlurPx: 0,
  customPositionY: 0,
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
  emphasisColor: '#facc15',
  emphasisFontWeight: '900',
  emphasisGlowColor: 'transparent',
  textStrokeEnabled: false,
  showActiveWord: true,
  emphasisEnabled: true,
};

export type ResolvedSettings = typeof DEFAULTS;

/** The settings with defaults for what a partial or older style leaves out. */
export function resolveSettings(settings: Partial<CaptionSettings> | undefined): ResolvedSettings {
  const resolved = { ...DEFAULTS };
  for (const [key, value] of Object.entries(settings ?? {})) {
    if (value !== undefined && value !== null && key in resolved)
      (resolved as Record<string, unknown>)[key] = value;
  }
  return resolved;
}

// ───────────────────────────── pages ─────────────────────────────

export interface CaptionPage {
  lines: PaintableWord[][];
  startSeconds: number;
  endSeconds: number;
}

const order = (a: PaintableWord, b: PaintableWord) =>
  (a.sequenceIndex ?? a.orderIndex ?? 0) - (b.sequenceIndex ?? b.orderIndex ?? 0) ||
  (a.startSeconds ?? 0) - (b.startSeconds ?? 0);

export function paginate(
  words: readonly PaintableWord[],
  settings: Partial<CaptionSettings>,
): CaptionPage[] {
  const { wordsPerLineLimit, maxLinesPerCaption } = resolveSettings(settings);
  const perLine = Math.max(1, Math.floor(wordsPerLineLimit));
  const perPage = perLine * Math.max(1, Math.floor(maxLinesPerCaption));
  const sorted = [...words].sort(order);
  const pages: CaptionPage[] = [];
  for (let start = 0; start < sorted.length; start += perPage) {
    const pageWords = sorted.slice(start, start + perPage);
    const lines: PaintableWord[][] = [];
    for (let i = 0; i < pageWords.length; i += perLine) lines.push(pageWords.slice(i, i + perLine));
    pages.push({
      lines,
      startSeconds: Math.min(...pageWords.map((word) => word.startSeconds ?? 0)),
      endSeconds: Math.max(...pageWords.map((word) => word.endSeconds ?? 0)),
    });
  }
  return pages;
}

/** The page on screen at `seconds`, or null when no page covers it. */
export function pageAt(pages: readonly CaptionPage[], seconds: number): CaptionPage | null {
  return pages.find((page) => seconds >= page.startSeconds && seconds < page.endSeconds) ?? null;
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
    const width = ctx.measureText(text).width + letterSpacing * Math.max(0, text.length - 1);
    if (this.widths.size >= this.limit) this.widths.clear();
    this.widths.set(key, width);
    return width;
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
      return text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
    default:
      return text;
  }
}

const EMOJI: Record<string, string> = {
  fire: '🔥',
  rocket: '🚀',
  eyes: '👀',
  sparkles: '✨',
  heart: '❤️',
  star: '⭐',
  laugh: '😂',
  hundred: '💯',
};

export const emojiFor = (name: string | undefined): string | null =>
  name ? (EMOJI[name] ?? (/\p{Extended_Pictographic}/u.test(name) ? name : null)) : null;

// ───────────────────────────── layout ─────────────────────────────

export interface PlacedWord {
  word: PaintableWord;
  text: string;
  font: string;
  /** Centre of the word box, in frame pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  line: number;
  active: boolean;
  emphasis: boolean;
}

export interface PageLayout {
  words: PlacedWord[];
  lines: Array<{ x: number; y: number; width: number; height: number }>;
  scale: number;
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
    font: `${fontStyle} ${weight} ${Math.max(1, Math.round(size))}px ${familyCss}, system-ui, sans-serif`,
    size,
  };
}

/** The vertical centre of the caption block, as a share of the frame height. */
function blockCentre(settings: ResolvedSettings): number {
  if (settings.customPositionY > 0 && settings.customPositionY < 1) return settings.customPositionY;
  switch (settings.position) {
    case 'top':
      return 0.18;
    case 'middle':
    case 'center':
      return 0.5;
    default:
      return 0.78;
  }
}

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
  const placed: PlacedWord[] = [];
  const lines: PageLayout['lines'] = [];
  const blockHeight = lineHeight * page.lines.length;
  const top = frame.height * blockCentre(settings) - blockHeight / 2;
  const margin = frame.width * 0.06;
  page.lines.forEach((line, lineIndex) => {
    const measured = line.map((word) => {
      const emphasis = settings.emphasisEnabled && word.isEmphasis === true;
      const { font, size } = fontOf(settings, word.style, emphasis, scale);
      const text = transformText(word.word, word.style?.textTransform);
      const spacing = (word.style?.letterSpacing ?? settings.letterSpacing) * scale;
      return { word, text, font, size, emphasis, width: cache.width(ctx, font, spacing, text) };
    });
    const lineWidth =
      measured.reduce((sum, entry) => sum + entry.width, 0) +
      gap * Math.max(0, measured.length - 1);
    const y = top + lineHeight * lineIndex + lineHeight / 2;
    let x =
      settings.textAlign === 'left'
        ? margin
        : settings.textAlign === 'right'
          ? frame.width - margin - lineWidth
          : (frame.width - lineWidth) / 2;
    lines.push({ x, y: y - lineHeight / 2, width: lineWidth, height: lineHeight });
    for (const entry of measured) {
      const active =
        settings.showActiveWord &&
        seconds >= (entry.word.startSeconds ?? Infinity) &&
        seconds < (entry.word.endSeconds ?? -Infinity);
      placed.push({
        word: entry.word,
        text: entry.text,
        font: entry.font,
        x: x + entry.width / 2,
        y,
        width: entry.width,
        height: entry.size,
        line: lineIndex,
        active,
        emphasis: entry.emphasis,
      });
      x += entry.width + gap;
    }
  });
  return { words: placed, lines, scale };
}

// ───────────────────────────── painting ─────────────────────────────

const visible = (color: string | undefined): color is string =>
  !!color && color !== 'transparent' && color !== 'none' && !/^rgba\([^)]*,\s*0\)$/.test(color);

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
  if (ctx.roundRect) ctx.roundRect(x, y, width, height, Math.max(0, radius));
  else ctx.rect(x, y, width, height);
  ctx.fill();
}

function clearShadow(ctx: PainterContext): void {
  ctx.shadowColor = 'transparent';
  ctx.shadowBlur = 0;
  ctx.shadowOffsetX = 0;
  ctx.shadowOffsetY = 0;
}

function fillFor(
  ctx: PainterContext,
  placed: PlacedWord,
  settings: ResolvedSettings,
): string | CanvasGradient {
  const style = placed.word.style;
  if (placed.active) return style?.activeColor ?? settings.activeWordColor;
  const from = style?.textGradientFrom;
  const to = style?.textGradientTo;
  if (from && to && from !== to) {
    const angle = ((style?.textGradientAngleDeg ?? 90) * Math.PI) / 180;
    const dx = (Math.sin(angle) * placed.width) / 2;
    const dy = (-Math.cos(angle) * placed.height) / 2;
    const gradient = ctx.createLinearGradient(-dx, -dy, dx, dy);
    gradient.addColorStop(0, from);
    gradient.addColorStop(1, to);
    return gradient;
  }
  if (placed.emphasis && !style?.color) return settings.emphasisColor;
  return style?.color ?? settings.color;
}

function paintWord(
  ctx: PainterContext,
  placed: PlacedWord,
  settings: ResolvedSettings,
  scale: number,
): void {
  const style = placed.word.style;
  ctx.save();
  ctx.translate(placed.x + (style?.offsetX ?? 0) * scale, placed.y + (style?.offsetY ?? 0) * scale);
  if (style?.rotationDeg) ctx.rotate((style.rotationDeg * Math.PI) / 180);
  ctx.globalAlpha = Math.max(0, Math.min(1, style?.opacity ?? 1));
  ctx.font = placed.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if ('letterSpacing' in ctx)
    ctx.letterSpacing = `${(style?.letterSpacing ?? settings.letterSpacing) * scale}px`;

  const pad = placed.height * 0.12;
  const background = placed.active
    ? visible(settings.activeWordBackgroundColor)
      ? settings.activeWordBackgroundColor
      : style?.backgroundColor
    : style?.backgroundColor;
  if (visible(background)) {
    ctx.fillStyle = background;
    roundedRect(
      ctx,
      -placed.width / 2 - pad,
      -placed.height / 2 - pad / 2,
      placed.width + pad * 2,
      placed.height + pad,
      (style?.backgroundRadiusPx ?? settings.borderRadius) * scale,
    );
  }

  const strokeWidth = (style?.textStrokeWidthPx ?? settings.textStrokeWidthPx) * scale;
  const strokeColor = style?.textStrokeColor ?? settings.textStrokeColor;
  if ((settings.textStrokeEnabled || style?.textStrokeWidthPx) && strokeWidth > 0) {
    const blur = (style?.textStrokeBlurPx ?? settings.textStrokeBlurPx) * scale;
    if (blur > 0 && 'filter' in ctx) ctx.filter = `blur(${blur}px)`;
    ctx.strokeStyle = strokeColor;
    ctx.lineWidth = strokeWidth * 2;
    ctx.lineJoin = 'round';
    ctx.strokeText(placed.text, 0, 0);
    if (blur > 0 && 'filter' in ctx) ctx.filter = 'none';
  }

  // Glow (the word's, or the emphasis glow) wins over the drop shadow: one shadow per fill.
  const glowColor = visible(style?.glowColor)
    ? style.glowColor
    : placed.emphasis
      ? settings.emphasisGlowColor
      : undefined;
  const glowBlur = visible(style?.glowColor)
    ? (style?.glowBlurPx ?? 0)
    : settings.emphasisGlowBlurPx;
  const shadow = parseShadow(style?.textShadow ?? settings.textShadow, scale);
  if (visible(glowColor) && glowBlur > 0) {
    ctx.shadowColor = glowColor;
    ctx.shadowBlur = glowBlur * scale;
    ctx.shadowOffsetX = 0;
    ctx.shadowOffsetY = 0;
  } else if (shadow) {
    ctx.shadowColor = shadow.color;
    ctx.shadowBlur = shadow.blur;
    ctx.shadowOffsetX = shadow.x;
    ctx.shadowOffsetY = shadow.y;
  }
  ctx.fillStyle = fillFor(ctx, placed, settings);
  ctx.fillText(placed.text, 0, 0);
  clearShadow(ctx);

  const emoji = emojiFor(style?.emojiName);
  if (emoji) {
    const size = settings.emojiOverlaySizePx * scale * Number(style?.emojiScale ?? 1);
    ctx.font = `${Math.max(1, Math.round(size))}px system-ui, sans-serif`;
    ctx.fillText(emoji, 0, -placed.height / 2 - size * 0.6);
  }
  ctx.restore();
}

export interface PaintCaptionInput {
  words: readonly PaintableWord[];
  settings: Partial<CaptionSettings>;
  frame: Frame;
  /** The time to paint (picks the page and the active word). */
  seconds: number;
  cache?: TextMeasureCache;
}

/** Paints the page of `words` on screen at `seconds`; returns its layout, or null when none. */
export function paintCaption(ctx: PainterContext, input: PaintCaptionInput): PageLayout | null {
  const page = pageAt(paginate(input.words, input.settings), input.seconds);
  if (!page) return null;
  return paintPage(ctx, page, input);
}

/** Paints one page (the styler paints a chosen page, playing or not). */
export function paintPage(
  ctx: PainterContext,
  page: CaptionPage,
  input: Omit<PaintCaptionInput, 'words'>,
): PageLayout {
  const settings = resolveSettings(input.settings);
  const layout = layoutPage(ctx, page, input.settings, input.frame, input.seconds, input.cache);
  ctx.save();
  if (visible(settings.backgroundColor)) {
    ctx.fillStyle = settings.backgroundColor;
    const padX = settings.fontSize * layout.scale * 0.3;
    for (const line of layout.lines)
      roundedRect(
        ctx,
        line.x - padX,
        line.y,
        line.width + padX * 2,
        line.height,
        settings.borderRadius * layout.scale,
      );
  }
  for (const placed of layout.words) paintWord(ctx, placed, settings, layout.scale);
  ctx.restore();
  return layout;
}
