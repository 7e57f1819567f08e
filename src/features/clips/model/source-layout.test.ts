import { describe, expect, it } from 'vitest';
import { clipScore, groupBySource, packLanes, percentOf, sortClips } from './source-layout.ts';
import { clipAt } from './test-clips.ts';

describe('groupBySource', () => {
  it('groups by asset or video address, with the source duration', () => {
    const a = clipAt('a', [10, 40], { asset: 'x', duration: 3600 });
    const b = clipAt('b', [100, 130], { asset: 'y', duration: 200 });
    const c = clipAt('c', [5, 20], { asset: 'x', duration: 3600 });
    const video = { ...clipAt('v', [1, 2]), source: { youtube_url: 'https://youtu.be/abcdef1' } };
    const groups = groupBySource([a, b, c, video]);
    expect(groups.map((group) => [group.key, group.clips.map((clip) => clip.clip_id)])).toEqual([
      ['asset:x', ['a', 'c']],
      ['asset:y', ['b']],
      ['video:https://youtu.be/abcdef1', ['v']],
    ]);
    expect(groups[0]?.duration).toBe(3600);
    // Without a canonical duration the furthest clip end is the length.
    expect(groups[2]?.duration).toBe(2);
  });
});

describe('sortClips', () => {
  const early = clipAt('early', [10, 40], { score: 0.6 });
  const late = clipAt('late', [500, 530], { score: 0.9 });
  const middle = clipAt('middle', [200, 240], { score: 0.75 });
  const pending = clipAt('pending', null);
  it('orders by where the clip occurs, clips without a window last', () => {
    expect(sortClips([late, pending, early, middle], 'position').map((c) => c.clip_id)).toEqual([
      'early',
      'middle',
      'late',
      'pending',
    ]);
  });
  it('orders by score, best first, unscored last', () => {
    expect(sortClips([early, pending, middle, late], 'score').map((c) => c.clip_id)).toEqual([
      'late',
      'middle',
      'early',
      'pending',
    ]);
    expect(clipScore(pending)).toBeNull();
  });
});

describe('packLanes', () => {
  it('stacks overlapping windows in as few lanes as needed', () => {
    const clips = [
      clipAt('a', [0, 50]),
      clipAt('b', [10, 20]),
      clipAt('c', [50, 60]),
      clipAt('d', [15, 70]),
      clipAt('e', [80, 90]),
    ];
    const { lanes, count } = packLanes(clips);
    expect(count).toBe(3);
    expect(lanes.get('a')).toBe(0);
    expect(lanes.get('b')).toBe(1);
    expect(lanes.get('d')).toBe(2);
    expect(lanes.get('c')).toBe(0);
    expect(lanes.get('e')).toBe(0);
  });
  it('packs 200 windows on a 3-hour source quickly and without overlap in a lane', () => {
    const clips = Array.from({ length: 200 }, (_, i) =>
      clipAt(`c${i}`, [(i * 523) % 10_700, ((i * 523) % 10_700) + 40], { duration: 10_800 }),
    );
    const { lanes } = packLanes(clips);
    const byLane = new Map<number, Array<[number, number]>>();
    for (const clip of clips) {
      const lane = lanes.get(clip.clip_id)!;
      const list = byLane.get(lane) ?? [];
      list.push([clip.clip_window!.start_seconds!, clip.clip_window!.end_seconds!]);
      byLane.set(lane, list);
    }
    for (const windows of byLane.values()) {
      windows.sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < windows.length; i += 1) {
        expect(windows[i]![0]).toBeGreaterThanOrEqual(windows[i - 1]![1]);
      }
    }
  });
  it('maps times to clamped percentages', () => {
    expect(percentOf(5400, 10_800)).toBe(50);
    expect(percentOf(-3, 100)).toBe(0);
    expect(percentOf(10, 0)).toBe(0);
  });
});
