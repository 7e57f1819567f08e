import { describe, expect, it } from 'vitest';
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';
import { nameList, soundingItemsAt } from './sound-items.ts';

const item = (patch: Partial<TimelineItem> & Pick<TimelineItem, 'id' | 'type'>): TimelineItem =>
  ({
    name: patch.id,
    start_seconds: 0,
    end_seconds: 10,
    ...patch,
  }) as TimelineItem;

const timeline = {
  revision: 1,
  fps: 30,
  duration_seconds: 10,
  layers: [
    {
      index: 0,
      items: [item({ id: 'talk', type: 'video' }), item({ id: 'title', type: 'text' })],
    },
    {
      index: 1,
      items: [
        item({ id: 'bed', type: 'audio', start_seconds: 2 }),
        item({
          id: 'quiet',
          type: 'audio',
          audio: { volume_percent: 0, muted: false, fade_in_seconds: 0, fade_out_seconds: 0 },
        }),
        item({
          id: 'muted',
          type: 'audio',
          audio: { volume_percent: 100, muted: true, fade_in_seconds: 0, fade_out_seconds: 0 },
        }),
      ],
    },
  ],
} as unknown as Timeline;

describe('the items heard at a moment', () => {
  const ids = (seconds: number, layers: number[] | null = null) =>
    soundingItemsAt(timeline, seconds, layers).map((found) => found.id);

  it('are the audio and video items under it, not muted, not at 0 %', () => {
    expect(ids(1)).toEqual(['talk']);
    expect(ids(3)).toEqual(['talk', 'bed']);
    expect(ids(10)).toEqual([]);
  });

  it('leave out the layers not playing (muted, or another soloed)', () => {
    expect(ids(3, [1])).toEqual(['bed']);
    expect(ids(3, [0])).toEqual(['talk']);
    expect(ids(3, [])).toEqual([]);
  });

  it('are named in words', () => {
    expect(nameList([{ name: 'A' }])).toBe('“A”');
    expect(nameList([{ name: 'A' }, { name: 'B' }])).toBe('“A” and “B”');
    expect(nameList([{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }])).toBe(
      '“A”, “B”, “C” and 1 more',
    );
  });
});
