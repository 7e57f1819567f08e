/**
 * # The caption painter
 *
 * Draws one caption page the way the video shows it: a 2D canvas context in, nothing else (no
 * DOM, no React), so the timeline's preview and the caption styler draw captions with the same
 * code. Sizes in the settings are pixels of the project's frame, 1080 on its short side (1080 ×
 * 1920 for 9:16, 1920 × 1080 for 16:9: src/lib/project-frame.ts); the frame's short side scales
 * them, so text keeps the frame's proportions at every size and shape.
 *
 * - Pages, the active word and animation progress are pure (`caption-pages.ts`).
 * - Every word is styled through the cascade (`caption-cascade.ts`): its own overrides, then the
 *   settings (a Look being tried, the project's, the defaults). The painter reads only the
 *   resolved style, so a setting reaches every word that does not override it.
 * - `layoutPage(ctx, page, settings, frame)`: where every word goes. Widths are measured once per
 *   font, spacing and text (`TextMeasureCache`); a line too wide for the frame shrinks the page.
 * - `paintPage` / `paintCaption`: the line background (`backgroundColor`, `borderRadius`), then
 *   each word: font (family, weight, style, size × word `scale` × emphasis scale for emphasised
 *   and keyword words), `letterSpacing`, `textTransform`; its background and radius (or the
 *   active word's background, or the highlight animation); stroke (width, colour, blur); drop
 *   shadow (`textShadow`) and glow, both drawn when both are set; fill: the active colour unless
 *   the word `isSpecial`, a linear gradient at `textGradientAngleDeg`, the colour; offsets,
 *   rotation, opacity; the active-word animation and the word reveal; the emoji above the word
 *   (`emojiOverlaySizePx` × `emojiScale`). A page can be painted dimmed (`dim`: a page shown
 *   near the playhead but not spoken at it).
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
import type { CaptionSettings } from '@/api/schema.gen.ts';
import { FRAME_SHORT_SIDE } from '@/lib/project-frame.ts';
import {
  resolveSettings,
  resolveWordStyle,
  type ResolvedSettings,
  type ResolvedWordStyle,
} from './caption-cascade.ts';

export type { PaintableWord } from './caption-pages.ts';
export { resolveSettings, type ResolvedSettings } from './caption-cascade.ts';

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

/** Setting sizes are pixels of a frame this many pixels on its short side. */
export const REFERENCE_SHORT_SIDE = FRAME_SHORT_SIDE;

/** What a frame's pixels are to the settings' sizes. */
export const frameScale = (frame: Frame): number =>
  Math.min(frame.width, frame.height) / REFERENCE_SHORT_SIDE;

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
  /** How it is drawn (the cascade resolved: its own fields, else the settings'). */
  style: ResolvedWordStyle;
}

export interface PageLayout {
  words: PlacedWord[];
  lines: Array<{ x: number; y: number; width: number; height: number }>;
  /** Frame pixels per reference pixel. */
  scale: number;
  /** Shrink applied so the widest line fits the frame (1 when it fits). */
  fit: number;
}

function fontOf(style: ResolvedWordStyle, scale: number): { font: string; size: number } {
  const size = style.fontSize * scale;
  const family = style.fontFamily;
  const familyCss = /[\s,]/.test(family) && !family.includes('"') ? `"${family}"` : family;
  return {
    font: `${style.fontStyle} ${style.fontWeight} ${Math.max(1, Math.round(size * 10) / 10)}px ${familyCss}, system-ui, sans-serif`,
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

export function layoutPage(
  ctx: PainterContext,
  page: CaptionPage,
  settingsIn: Partial<CaptionSettings>,
  frame: Frame,
  seconds: number,
  cache: TextMeasureCache = sharedCache,
): PageLayout {
  const settings = resolveSettings(settingsIn);
  const scale = frameScale(frame);
  const lineHeight = settings.fontSize * scale * settings.lineHeight;
  const gap = settings.fontSize * scale * 0.28;
  const margin = frame.width * 0.06;
  const playing = seconds >= page.startSeconds && seconds < page.endSeconds;
  const measuredLines = page.lines.map((line) => {
    const measured = line.map((word) => {
      const style = resolveWordStyle(word, settings);
      const { font, size } = fontOf(style, scale);
      const text = transformText(word.word, style.textTransform);
      const spacing = style.letterSpacing * scale;
      const width = cache.width(ctx, font, spacing, text);
      // A word growing in its animation (the active pop) takes the room it grows into, so it
      // never covers the spaces beside it; the page's fit is taken at rest (no shrinking pulse).
      const grown = Math.max(1, motionOf(word, style, settings, seconds, playing).scale);
      return { word, text, font, size, style, width, slot: width * grown };
    });
    const gaps = gap * Math.max(0, measured.length - 1);
    return {
      measured,
      rest: measured.reduce((sum, entry) => sum + entry.width, 0) + gaps,
      width: measured.reduce((sum, entry) => sum + entry.slot, 0) + gaps,
    };
  });
  const widest = Math.max(0, ...measuredLines.map((line) => line.rest));
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
        x: fitX(x + entry.slot / 2),
        y: fitY(y),
        width: entry.width * fit,
        height: entry.size * fit,
        line: lineIndex,
        active: settings.showActiveWord && isActiveAt(entry.word, seconds),
        style: entry.style,
      });
      x += entry.slot + gap;
    }
  });
  return { words: placed, lines, scale, fit };
}

/** A word's animation at `seconds` (its own active animation, else the setting's). */
function motionOf(
  word: PaintableWord,
  style: ResolvedWordStyle,
  settings: ResolvedSettings,
  seconds: number,
  playing: boolean,
): WordMotion {
  return wordMotion(
    word,
    seconds,
    { ...settings, activeWordAnimation: style.activeAnimation },
    playing,
  );
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

export const isVisibleColor = (color: string | null | undefined): color is string =>
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

/** The fill of a word: the active colour (unless special), its gradient, its colour. */
function fillFor(
  ctx: PainterContext,
  placed: PlacedWord,
  width: number,
  height: number,
): string | CanvasGradient {
  const { style } = placed;
  if (placed.active && !style.isSpecial) return style.activeColor;
  if (style.gradient) {
    // The angle as in CSS: 0° paints bottom → top, 90° left → right.
    const angle = (style.gradient.angleDeg * Math.PI) / 180;
    const dx = (Math.sin(angle) * width) / 2;
    const dy = (-Math.cos(angle) * height) / 2;
    const gradient = ctx.createLinearGradient(-dx, -dy, dx, dy);
    gradient.addColorStop(0, style.gradient.from);
    gradient.addColorStop(1, style.gradient.to);
    return gradient;
  }
  return style.color;
}

function paintWord(
  ctx: PainterContext,
  placed: PlacedWord,
  settings: ResolvedSettings,
  layout: PageLayout,
  motion: WordMotion,
  pageAlpha: number,
): void {
  const { style } = placed;
  const opacity = style.opacity * motion.alpha * pageAlpha;
  if (opacity <= 0) return;
  const { scale, fit } = layout;
  // Word boxes at full size: the context is scaled by the page fit and the motion.
  const width = placed.width / fit;
  const height = placed.height / fit;
  ctx.save();
  ctx.translate(
    placed.x + style.offsetX * scale * fit,
    placed.y + (style.offsetY * scale + motion.lift * height) * fit,
  );
  if (style.rotationDeg) ctx.rotate((style.rotationDeg * Math.PI) / 180);
  const zoom = fit * motion.scale;
  if (zoom !== 1) ctx.scale(zoom, zoom);
  ctx.globalAlpha = opacity;
  ctx.font = placed.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (ctx.letterSpacing !== undefined) ctx.letterSpacing = `${style.letterSpacing * scale}px`;

  const pad = height * 0.12;
  const box = () =>
    [-width / 2 - pad, -height / 2 - pad / 2, width + pad * 2, height + pad] as const;
  const radius = style.backgroundRadiusPx * scale;
  const activeBackground =
    placed.active && isVisibleColor(settings.activeWordBackgroundColor)
      ? settings.activeWordBackgroundColor
      : null;
  const background =
    activeBackground ?? (motion.highlight ? style.activeColor : style.backgroundColor);
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

  const strokeWidth = style.textStrokeWidthPx * scale;
  if (strokeWidth > 0) {
    const blur = style.textStrokeBlurPx * scale;
    if (blur > 0 && ctx.filter !== undefined) ctx.filter = `blur(${blur}px)`;
    ctx.strokeStyle = style.textStrokeColor;
    ctx.lineWidth = strokeWidth * 2;
    ctx.lineJoin = 'round';
    ctx.strokeText(text, textX, 0);
    if (blur > 0 && ctx.filter !== undefined) ctx.filter = 'none';
  }

  const fill = fillFor(ctx, placed, width, height);
  const glowColor = isVisibleColor(style.glowColor) ? style.glowColor : null;
  const glowBlur = style.glowBlurPx;
  const shadow = parseShadow(style.textShadow, scale);
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
    ctx.fillStyle = style.activeColor;
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

  const emoji = emojiFor(style.emojiName);
  if (emoji) {
    const size = settings.emojiOverlaySizePx * scale * style.emojiScale;
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
  /** Paints the page faded (a page shown near the playhead, not spoken at it). */
  dimmed?: boolean;
}

/** How much of a dimmed page shows: readable, and plainly not the spoken one. */
export const DIMMED_ALPHA = 0.5;

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
  const alpha = input.dimmed ? DIMMED_ALPHA : 1;
  ctx.save();
  ctx.globalAlpha = alpha;
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
      motionOf(placed.word, placed.style, settings, input.seconds, playing),
      alpha,
    );
  ctx.restore();
  return layout;
}
