import { describe, expect, it } from 'vitest';
import { pageAt, paginate } from './caption-pages.ts';
import {
  layoutPage,
  paintCaption,
  paintPage,
  parseShadow,
  TextMeasureCache,
  transformText,
  wordAt,
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
    alpha?: number;
    value?: number;
    align?: string;
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
    scale: (value: number) => calls.push({ op: 'scale', value }),
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
        alpha: ctx.globalAlpha,
        align: ctx.textAlign,
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

describe('every setting and word style field', () => {
  const page = (list: PaintableWord[], settings = {}) => paginate(list, settings)[0]!;
  const texts = (calls: ReturnType<typeof recorder>['calls']) =>
    calls.filter((call) => call.op === 'fillText');

  it('a special word keeps its gradient while active; a keyword gets the emphasis treatment', () => {
    const { ctx, calls, gradients } = recorder();
    const list: PaintableWord[] = [
      {
        ...words[0]!,
        style: { isSpecial: true, textGradientFrom: '#ff0000', textGradientTo: '#0000ff' },
      },
      { ...words[1]!, style: { isKeyword: true } },
    ];
    paintCaption(ctx, {
      words: list,
      settings: { emphasisColor: '#00ffff', emphasisFontWeight: '900', fontWeight: '400' },
      frame,
      seconds: 0.1,
    });
    expect(gradients).toHaveLength(1);
    const [first, second] = texts(calls);
    expect(first!.fill).toBe(gradients[0]);
    expect(second!.fill).toBe('#00ffff');
    expect(second!.font).toMatch(/^normal 900 /);
  });

  it('draws the drop shadow and the glow both, the stroke under the fill, and the word background', () => {
    const { ctx, calls } = recorder();
    paintPage(
      ctx,
      page([
        {
          ...words[0]!,
          style: {
            glowColor: '#ff00ff',
            glowBlurPx: 20,
            textStrokeWidthPx: 3,
            backgroundColor: '#112233',
          },
        },
      ]),
      { settings: { textShadow: '0 2px 8px #000000' }, frame, seconds: 5 },
    );
    const ops = calls.map((call) => call.op);
    expect(ops.indexOf('roundRect')).toBeLessThan(ops.indexOf('strokeText'));
    expect(ops.indexOf('strokeText')).toBeLessThan(ops.indexOf('fillText'));
    expect(texts(calls).map((call) => call.shadow)).toEqual(['#000000', '#ff00ff']);
    expect(calls.find((call) => call.op === 'roundRect')?.fill).toBe('#112233');
  });

  it('active word: colour, background, and the pop, underline and highlight animations', () => {
    const { ctx, calls } = recorder();
    const list = [words[0]!, { ...words[1]!, style: { activeAnimation: 'underline' as const } }];
    const settings = {
      activeWordColor: '#00ff00',
      activeWordBackgroundColor: '#333333',
      activeWordAnimation: 'pop' as const,
    };
    paintCaption(ctx, { words: list, settings, frame, seconds: 0.2 });
    expect(texts(calls)[0]!.fill).toBe('#00ff00');
    expect(calls.find((call) => call.op === 'roundRect')?.fill).toBe('#333333');
    expect(calls.some((call) => call.op === 'scale' && call.value! > 1.05)).toBe(true);
    calls.length = 0;
    paintCaption(ctx, { words: list, settings, frame, seconds: 0.7 });
    // The underline of the second word (its own animation), after the fill.
    const after = calls.slice(
      calls.findIndex((call) => call.op === 'fillText' && call.text === 'every'),
    );
    expect(after.some((call) => call.op === 'roundRect' && call.fill === '#00ff00')).toBe(true);
    calls.length = 0;
    paintCaption(ctx, {
      words: list,
      settings: { activeWordAnimation: 'highlight', activeWordColor: '#abcdef' },
      frame,
      seconds: 0.2,
    });
    expect(calls.find((call) => call.op === 'roundRect')?.fill).toBe('#abcdef');
  });

  it('word reveal: fade hides words not spoken yet, typewriter shows part of the word', () => {
    const { ctx, calls } = recorder();
    paintCaption(ctx, {
      words: words.slice(0, 3),
      settings: { wordRevealAnimation: 'fade' },
      frame,
      seconds: 0.55,
    });
    // "Cut" fully shown, "every" fading in, "pause" not yet (nothing drawn).
    expect(texts(calls).map((call) => [call.text, Number(call.alpha!.toFixed(2))])).toEqual([
      ['Cut', 1],
      ['every', 0.33],
    ]);
    calls.length = 0;
    paintCaption(ctx, {
      words: words.slice(0, 3),
      settings: { wordRevealAnimation: 'typewriter' },
      frame,
      seconds: 0.6,
    });
    const partial = texts(calls).find((call) => call.text?.startsWith('ev'));
    expect(partial?.text).not.toBe('every');
    expect(partial?.align).toBe('left');
    // At rest (outside its time) the page shows every word whole.
    calls.length = 0;
    paintPage(ctx, page(words.slice(0, 3)), {
      settings: { wordRevealAnimation: 'typewriter' },
      frame,
      seconds: 50,
    });
    expect(texts(calls).map((call) => call.text)).toEqual(['Cut', 'every', 'pause']);
  });

  it('opacity, offsets, font style, emoji scale, and a line too wide shrinks the page to fit', () => {
    const { ctx, calls } = recorder();
    const layout = paintPage(
      ctx,
      page([{ ...words[0]!, word: 'x'.repeat(80), style: { opacity: 0.5, fontStyle: 'italic' } }]),
      { settings: { fontSize: 64 }, frame, seconds: 50 },
    );
    expect(layout.fit).toBeLessThan(1);
    expect(layout.words[0]!.width).toBeLessThanOrEqual(frame.width * 0.88 + 1e-6);
    expect(texts(calls)[0]).toMatchObject({ alpha: 0.5 });
    expect(texts(calls)[0]!.font).toMatch(/^italic /);
    calls.length = 0;
    paintPage(ctx, page([{ ...words[0]!, style: { emojiName: 'rocket', emojiScale: '2' } }]), {
      settings: { emojiOverlaySizePx: 40 },
      frame,
      seconds: 50,
    });
    expect(texts(calls)[1]).toMatchObject({ text: '🚀', font: '40px system-ui, sans-serif' });
  });

  it('places the block by position (custom uses customPositionY) and finds the word under a point', () => {
    const { ctx } = recorder();
    const at = (settings: object) =>
      layoutPage(ctx, page(words.slice(0, 2)), settings, frame, 0).words[0]!.y;
    expect(at({ position: 'top', maxLinesPerCaption: 1 })).toBeCloseTo(960 * 0.2, 0);
    expect(at({ position: 'custom', customPositionY: 0.4 })).toBeCloseTo(960 * 0.4, 0);
    const layout = layoutPage(ctx, page(words.slice(0, 2)), {}, frame, 0);
    const second = layout.words[1]!;
    expect(wordAt(layout, second.x, second.y)?.word.id).toBe('w1');
    expect(wordAt(layout, 0, 0)).toBeNull();
  });
});
