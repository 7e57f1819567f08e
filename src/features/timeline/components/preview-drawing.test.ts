import { describe, expect, it } from 'vitest';
import { itemsAt, paintFrame, wordsFromText, type FrameContext } from './preview-drawing.ts';
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
      target[prop] = value;
      return true;
    },
  }) as unknown as FrameContext;
  return { ctx, calls };
}

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
        item({
          id: 'v1',
          type: 'video',
          thumbnail_url: 'thumb-1',
          start_seconds: 0,
          end_seconds: 5,
        }),
        item({ id: 'v2', type: 'video', start_seconds: 5, end_seconds: 9 }),
      ],
    },
    {
      index: 1,
      name: 'Music',
      kind: 'audio',
      items: [item({ id: 'Music: Calm', type: 'audio', layer_index: 1 })],
    },
  ],
};

const image = { width: 160, height: 90 } as unknown as CanvasImageSource;

describe('the preview frame', () => {
  it('finds what plays at a time, bottom layer first', () => {
    expect(itemsAt(timeline, 3).map((entry) => entry.item.id)).toEqual([
      'v1',
      'Music: Calm',
      'cap',
    ]);
    expect(itemsAt(timeline, 6.5).map((entry) => entry.item.id)).toEqual(['v2', 'Music: Calm']);
    expect(itemsAt(timeline, 9.5).map((entry) => entry.item.id)).toEqual(['Music: Calm']);
  });

  it('draws the thumbnail cover-fitted, the caption from its words, and says what it shows', () => {
    const { ctx, calls } = recordingContext();
    const frame = { width: 180, height: 320 };
    const shown = paintFrame(ctx, timeline, 3, frame, {
      image: (url) => (url === 'thumb-1' ? image : null),
      captionWords: () => [
        { id: 'w1', word: 'Hello', sequenceIndex: 0, startSeconds: 2, endSeconds: 3 },
        { id: 'w2', word: 'there', sequenceIndex: 1, startSeconds: 3, endSeconds: 4 },
      ],
      captionSettings: null,
    });
    expect(shown[0]).toBe('video “v1”');
    expect(shown[1]).toBe('audio “Music: Calm”');
    expect(shown[2]).toMatch(/^caption “Hello/);
    // Cover fit: the 16:9 thumbnail is scaled to the frame's height and centred.
    const drawn = calls.find(([name]) => name === 'drawImage')!;
    const [, x, y, w, h] = drawn[1] as [unknown, number, number, number, number];
    expect(h).toBeCloseTo(320, 5);
    expect(w).toBeCloseTo((320 * 16) / 9, 5);
    expect(x).toBeCloseTo((180 - w) / 2, 5);
    expect(y).toBeCloseTo(0, 5);
    // The caption's words are painted as text.
    const texts = calls.filter(([name]) => name === 'fillText').map(([, args]) => String(args[0]));
    expect(texts.join(' ')).toMatch(/Hello/);
  });

  it('a zoom effect zooms the picture; an item without a thumbnail shows its name', () => {
    const zoomed: Timeline = {
      ...timeline,
      layers: timeline.layers.map((layer) => ({
        ...layer,
        items: layer.items.map((entry) =>
          entry.id === 'v1'
            ? { ...entry, effects: [{ effect_id: 'fx', effect_type: 'zoom', zoom_scale: 1.5 }] }
            : entry,
        ),
      })),
    } as Timeline;
    const { ctx, calls } = recordingContext();
    paintFrame(
      ctx,
      zoomed,
      1,
      { width: 180, height: 320 },
      {
        image: () => image,
        captionWords: () => null,
        captionSettings: null,
      },
    );
    const [, , , , h] = calls.find(([name]) => name === 'drawImage')![1] as number[];
    expect(h).toBeGreaterThan(320);

    const plain = recordingContext();
    const shown = paintFrame(
      plain.ctx,
      timeline,
      6,
      { width: 180, height: 320 },
      {
        image: () => null,
        captionWords: () => null,
        captionSettings: null,
      },
    );
    expect(shown).toEqual(['video “v2”', 'audio “Music: Calm”']);
    expect(plain.calls.some(([name, args]) => name === 'fillText' && args[0] === 'v2')).toBe(true);
  });

  it('draws a title in its own text colour and font (its text style)', () => {
    const titled: Timeline = {
      ...timeline,
      layers: [
        {
          index: 3,
          name: 'Titles',
          kind: 'text',
          items: [
            item({
              id: 'title',
              type: 'text',
              text: 'Hello',
              text_style: { color: '#1E40AF', font_family: 'Poppins' },
            }),
          ],
        },
      ],
    };
    const { ctx } = recordingContext();
    const painted: Array<{ text: string; fill: unknown; font: unknown }> = [];
    ctx.fillText = (text: string) => {
      painted.push({ text, fill: ctx.fillStyle, font: ctx.font });
    };
    const frame = { width: 180, height: 320 };
    const sources = { image: () => null, captionWords: () => null, captionSettings: null };
    paintFrame(ctx, titled, 1, frame, sources);
    expect(painted).toContainEqual({
      text: 'Hello',
      fill: '#1E40AF',
      font: expect.stringContaining('"Poppins"'),
    });
  });

  it('spreads a caption’s text over the item until its words are loaded', () => {
    const words = wordsFromText(timeline.layers[0]!.items[0]!);
    expect(words.map((word) => word.word)).toEqual(['hello', 'big', 'world']);
    expect(words[0]!.startSeconds).toBe(2);
    expect(words[2]!.endSeconds).toBeCloseTo(6, 5);
  });
});
