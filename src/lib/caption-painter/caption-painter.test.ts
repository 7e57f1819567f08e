import { describe, expect, it } from 'vitest';
import {
  layoutPage,
  pageAt,
  paginate,
  paintCaption,
  parseShadow,
  TextMeasureCache,
  transformText,
  type PainterContext,
  type PaintableWord,
} from './caption-painter.ts';

/** A 2D context that records what is drawn; text is 10 px per character at any font. */
function recorder() {
  const calls: Array<{
    op: string;
    text?: string;
    fill?: unknown;
    font?: string;
    shadow?: string;
  }> = [];
  const gradients: Array<{ stops: Array<[number, string]> }> = [];
  let measured = 0;
  const ctx = {
    font: '',
    fillStyle: '' as unknown,
    strokeStyle: '' as unknown,
    lineWidth: 1,
    lineJoin: 'miter',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
    shadowColor: 'transparent',
    shadowBlur: 0,
    shadowOffsetX: 0,
    shadowOffsetY: 0,
    save: () => undefined,
    restore: () => undefined,
    translate: () => undefined,
    rotate: () => calls.push({ op: 'rotate' }),
    scale: () => undefined,
    beginPath: () => undefined,
    rect: () => undefined,
    roundRect: () => calls.push({ op: 'roundRect', fill: ctx.fillStyle }),
    fill: () => undefined,
    measureText: (text: string) => {
      measured += 1;
      return { width: text.length * 10 } as TextMetrics;
    },
    fillText: (text: string) =>
      calls.push({
        op: 'fillText',
        text,
        fill: ctx.fillStyle,
        font: ctx.font,
        shadow: ctx.shadowColor,
      }),
    strokeText: (text: string) => calls.push({ op: 'strokeText', text }),
    createLinearGradient: () => {
      const gradient = {
        stops: [] as Array<[number, string]>,
        addColorStop(at: number, color: string) {
          this.stops.push([at, color]);
        },
      };
      gradients.push(gradient);
      return gradient as unknown as CanvasGradient;
    },
  };
  return { ctx: ctx as unknown as PainterContext, calls, gradients, measured: () => measured };
}

const words: PaintableWord[] = [
  'Cut',
  'every',
  'pause',
  'longer',
  'than',
  'half',
  'a',
  'second',
  'now',
].map((word, i) => ({
  id: `w${i}`,
  word,
  sequenceIndex: i,
  startSeconds: i * 0.5,
  endSeconds: i * 0.5 + 0.5,
}));
const frame = { width: 540, height: 960 };

describe('caption pages', () => {
  it('breaks words into lines and pages by the settings, and finds the page at a time', () => {
    const pages = paginate(words, { wordsPerLineLimit: 2, maxLinesPerCaption: 2 });
    expect(
      pages.map((page) => page.lines.map((line) => line.map((w) => w.word).join(' '))),
    ).toEqual([['Cut every', 'pause longer'], ['than half', 'a second'], ['now']]);
    expect(pageAt(pages, 2.1)?.lines[0]![0]!.word).toBe('than');
    expect(pageAt(pages, 99)).toBeNull();
  });

  it('centres lines, scales to the frame and measures each word once', () => {
    const { ctx, measured } = recorder();
    const cache = new TextMeasureCache();
    const page = paginate(words, { wordsPerLineLimit: 3 })[0]!;
    const layout = layoutPage(
      ctx,
      page,
      { fontSize: 64, textAlign: 'center', position: 'middle' },
      frame,
      0,
      cache,
    );
    expect(layout.scale).toBe(0.5);
    const [line] = layout.lines;
    expect(line!.x + line!.width / 2).toBeCloseTo(frame.width / 2, 6);
    expect(layout.lines[0]!.y + (layout.lines.length * layout.lines[0]!.height) / 2).toBeCloseTo(
      480,
      0,
    );
    layoutPage(ctx, page, { fontSize: 64 }, frame, 0, cache);
    expect(measured()).toBe(6);
  });
});

describe('painting', () => {
  it('paints the active word in the active colour, emphasis, gradients, transforms and emoji', () => {
    const { ctx, calls, gradients } = recorder();
    const styled: PaintableWord[] = [
      { ...words[0]!, isEmphasis: true },
      {
        ...words[1]!,
        style: { textGradientFrom: '#f472b6', textGradientTo: '#facc15', rotationDeg: 5 },
      },
      {
        ...words[2]!,
        style: {
          textTransform: 'uppercase',
          emojiName: 'fire',
          glowColor: '#22d3ee',
          glowBlurPx: 8,
        },
      },
    ];
    const layout = paintCaption(ctx, {
      words: styled,
      settings: {
        activeWordColor: '#00ff00',
        emphasisColor: '#ff0000',
        color: '#ffffff',
        wordsPerLineLimit: 4,
      },
      frame,
      seconds: 0.6,
    });
    expect(layout?.words.map((placed) => placed.active)).toEqual([false, true, false]);
    const texts = calls.filter((call) => call.op === 'fillText');
    expect(texts.map((call) => call.text)).toEqual(['Cut', 'every', 'PAUSE', '🔥']);
    expect(texts[0]!.fill).toBe('#ff0000');
    expect(texts[1]!.fill).toBe('#00ff00');
    expect(texts[2]!.shadow).toBe('#22d3ee');
    expect(calls.some((call) => call.op === 'rotate')).toBe(true);
    expect(gradients).toHaveLength(0);
    paintCaption(ctx, { words: styled, settings: {}, frame, seconds: 0.1 });
    expect(gradients[0]!.stops).toEqual([
      [0, '#f472b6'],
      [1, '#facc15'],
    ]);
  });

  it('strokes when enabled and paints nothing between captions', () => {
    const { ctx, calls } = recorder();
    paintCaption(ctx, {
      words,
      settings: { textStrokeEnabled: true, textStrokeWidthPx: 4 },
      frame,
      seconds: 0,
    });
    expect(calls.filter((call) => call.op === 'strokeText').length).toBeGreaterThan(0);
    expect(paintCaption(ctx, { words, settings: {}, frame, seconds: 100 })).toBeNull();
  });

  it('reads CSS shadows and text transforms', () => {
    expect(parseShadow('0 2px 8px rgba(0,0,0,0.5)', 0.5)).toEqual({
      x: 0,
      y: 1,
      blur: 4,
      color: 'rgba(0,0,0,0.5)',
    });
    expect(parseShadow('none', 1)).toBeNull();
    expect(transformText('hello world', 'capitalize')).toBe('Hello World');
  });
});
