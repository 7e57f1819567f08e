import { describe, expect, it } from 'vitest';
import { frameOf } from '@/lib/project-frame.ts';
import {
  describeFrame,
  itemsAt,
  paintSafeAreas,
  paintSnapGuides,
  paintTextAndCaptions,
  stillOverlaysAt,
  wordsFromText,
  type FrameContext,
} from './preview-drawing.ts';
import { measureTextItem, textLayout } from './text-item-drawing.ts';
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';

/** A 2D context that records every call (any method the painters use), with a fixed-width font. */
function recordingContext(): { ctx: FrameContext; calls: Array<[string, unknown[]]> } {
  const calls: Array<[string, unknown[]]> = [];
  const state: Record<string | symbol, unknown> = {};
  const ctx = new Proxy(state, {
    get(target, prop) {
      if (prop in target) return target[prop];
      if (prop === 'measureText')
        return (text: string) => ({
          width: text.length * 6,
          actualBoundingBoxAscent: 8,
          actualBoundingBoxDescent: 2,
        });
      if (
        typeof prop === 'string' &&
        /^create(Linear|Radial|Conic)Gradient$|^createPattern$/.test(prop)
      )
        return () => ({ addColorStop: () => undefined });
      return (...args: unknown[]) => {
        calls.push([String(prop), args]);
      };
    },
    set(target, prop, value) {
      if (prop === 'fillStyle') calls.push(['fillStyle', [value]]);
      target[prop] = value;
      return true;
    },
  }) as unknown as FrameContext;
  return { ctx, calls };
}

const LAYOUT = {
  x: 540,
  y: 420,
  scale_x: 1,
  scale_y: 1,
  rotation_deg: 0,
  crop: { left: 0, top: 0, right: 0, bottom: 0 },
  width: 400,
  height: 86,
};

const item = (patch: Partial<TimelineItem> & Pick<TimelineItem, 'id' | 'type'>): TimelineItem => ({
  name: patch.id,
  layer_index: 0,
  start_seconds: 0,
  end_seconds: 10,
  source_start_seconds: null,
  source_end_seconds: null,
  asset_id: null,
  thumbnail_url: null,
  text: null,
  effects: [],
  ...patch,
});

const timeline: Timeline = {
  project_id: 'p',
  revision: 1,
  fps: 30,
  duration_seconds: 10,
  layers: [
    {
      index: 2,
      name: 'Captions',
      kind: 'caption',
      items: [
        item({
          id: 'cap',
          type: 'caption',
          layer_index: 2,
          start_seconds: 2,
          end_seconds: 6,
          text: 'hello big world',
        }),
      ],
    },
    {
      index: 0,
      name: 'Main',
      kind: 'video',
      items: [
        item({ id: 'v1', type: 'video', start_seconds: 0, end_seconds: 5 }),
        item({ id: 'v2', type: 'video', start_seconds: 5, end_seconds: 9 }),
      ],
    },
    {
      index: 3,
      name: 'Titles',
      kind: 'text',
      items: [
        item({
          id: 'title',
          type: 'text',
          layer_index: 3,
          text: 'Hello',
          text_style: { color: '#1E40AF', font_family: 'Poppins', font_size: 100 },
          layout: LAYOUT,
        }),
      ],
    },
  ],
};

const VERTICAL = frameOf('9:16');

describe('what plays at a time', () => {
  it('bottom layer first, on the layers that play', () => {
    expect(itemsAt(timeline, 3).map((entry) => entry.item.id)).toEqual(['v1', 'cap', 'title']);
    expect(itemsAt(timeline, 3, new Set([0, 3])).map((entry) => entry.item.id)).toEqual([
      'v1',
      'title',
    ]);
    expect(describeFrame(timeline, 6.5, null)).toEqual(['video “v2”', 'title “Hello”']);
  });

  it('names the still overlays (text items), none while a caption plays', () => {
    // The title (item()'s default span) plays all along; the caption from 2 s to 6 s.
    expect(stillOverlaysAt(timeline, 1, null)).toBe('title');
    expect(stillOverlaysAt(timeline, 3, null)).toBeNull();
    expect(stillOverlaysAt(timeline, 3, new Set([0, 3]))).toBe('title');
    expect(stillOverlaysAt(timeline, 3, new Set([0]))).toBe('');
  });

  it('spreads a caption’s text over the item until its words are loaded', () => {
    const words = wordsFromText(timeline.layers[0]!.items[0]!);
    expect(words.map((word) => word.word)).toEqual(['hello', 'big', 'world']);
    expect(words[0]!.startSeconds).toBe(2);
    expect(words[2]!.endSeconds).toBeCloseTo(6, 5);
  });
});

describe('text and captions over the frame', () => {
  it('paints a title with the caption painter in its colour, font and size, at its layout', () => {
    const { ctx, calls } = recordingContext();
    const painted: Array<{ text: string; fill: unknown; font: unknown }> = [];
    ctx.fillText = (text: string) => {
      painted.push({ text, fill: ctx.fillStyle, font: ctx.font });
    };
    paintTextAndCaptions(
      ctx,
      timeline,
      1,
      { width: 540, height: 960 },
      { frame: VERTICAL, captionWords: () => null, captionSettings: null },
      null,
    );
    expect(painted).toContainEqual({
      text: 'Hello',
      fill: '#1E40AF',
      font: expect.stringMatching(/100px Poppins/),
    });
    // Half the frame's size, then placed at its layout (540, 420).
    const transform = calls.find(([name]) => name === 'transform')![1];
    expect(transform).toEqual([1, 0, -0, 1, 540, 420]);
    expect(calls.find(([name]) => name === 'scale')![1]).toEqual([0.5, 0.5]);
  });

  it('paints the dragged title where the gesture has it, and the caption from its words', () => {
    const { ctx, calls } = recordingContext();
    const texts: string[] = [];
    ctx.fillText = (text: string) => void texts.push(text);
    paintTextAndCaptions(
      ctx,
      timeline,
      3,
      { width: 540, height: 960 },
      {
        frame: VERTICAL,
        captionWords: () => [
          { id: 'w1', word: 'Hi', sequenceIndex: 0, startSeconds: 2, endSeconds: 3 },
          { id: 'w2', word: 'there', sequenceIndex: 1, startSeconds: 3, endSeconds: 4 },
        ],
        captionSettings: null,
        layoutOf: (entry) => (entry.id === 'title' ? { ...LAYOUT, x: 100 } : undefined),
      },
      null,
    );
    expect(texts).toEqual(expect.arrayContaining(['Hi', 'there', 'Hello']));
    expect(calls.find(([name]) => name === 'transform')![1]).toEqual([1, 0, -0, 1, 100, 420]);
  });

  it('measures a title’s box as the painter lays it out', () => {
    const { ctx } = recordingContext();
    const title = timeline.layers[2]!.items[0]!;
    const box = measureTextItem(ctx, title, VERTICAL);
    // "Hello": 5 characters of 6 px (the fake font) plus the stroke's room.
    expect(box.width).toBeCloseTo(30 + 100 * 0.15 * 2, 5);
    expect(textLayout(ctx, title, LAYOUT, VERTICAL)).toMatchObject({ x: 540, width: box.width });
  });
});

describe('guides', () => {
  it('tints the platform’s safe areas and draws the snap lines', () => {
    const { ctx, calls } = recordingContext();
    paintSafeAreas(ctx, 'reels', { width: 540, height: 960 }, VERTICAL);
    const rects = calls.filter(([name]) => name === 'fillRect').map(([, args]) => args);
    expect(rects).toEqual([
      [0, 0, 540, 135],
      [470, 440, 70, 410],
      [0, 625, 540, 335],
    ]);
    const lines = recordingContext();
    paintSnapGuides(
      lines.ctx,
      [{ axis: 'x', at: 540, kind: 'frame-centre' }],
      { width: 540, height: 960 },
      VERTICAL,
    );
    expect(lines.calls.filter(([name]) => name === 'moveTo' || name === 'lineTo')).toEqual([
      ['moveTo', [270, 0]],
      ['lineTo', [270, 960]],
    ]);
  });
});
