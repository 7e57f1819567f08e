import { describe, expect, it } from 'vitest';
import {
  chunkIndexAt,
  chunksAhead,
  clockTimeOf,
  layersKey,
  placeChunk,
  soundPlaysAt,
  timelineTimeAt,
} from './sound-plan.ts';

describe('the chunk plan', () => {
  it('cuts the timeline into 2-second chunks and asks for those ahead, none past the end', () => {
    expect(chunkIndexAt(0)).toBe(0);
    expect(chunkIndexAt(1.999)).toBe(0);
    expect(chunkIndexAt(2)).toBe(1);
    // 6 = 3 × 2 in floating point stays chunk 3.
    expect(chunkIndexAt(0.1 * 60)).toBe(3);
    expect(chunksAhead({ time: 3, duration: 60, aheadSeconds: 8 })).toEqual([1, 2, 3, 4, 5]);
    expect(chunksAhead({ time: 55, duration: 60, aheadSeconds: 8 })).toEqual([27, 28, 29]);
    expect(chunksAhead({ time: 60, duration: 60, aheadSeconds: 8 })).toEqual([]);
    expect(chunksAhead({ time: 0, duration: 0, aheadSeconds: 8 })).toEqual([]);
  });

  it('keys a mix by the layers playing, in any order', () => {
    expect(layersKey(null)).toBe('*');
    expect(layersKey([2, 0])).toBe('0,2');
    expect(layersKey([])).toBe('none');
  });

  it('plays sound forward at 1× only', () => {
    expect([1, 2, 4, -1, 0].map(soundPlaysAt)).toEqual([true, false, false, false, false]);
  });
});

describe('placing a chunk on the clock', () => {
  // Timeline 10 s is heard at clock 100 s.
  const mapping = { anchorTime: 10, anchorClock: 100, rate: 1 };

  it('maps timeline time and the clock both ways', () => {
    expect(clockTimeOf(mapping, 12)).toBe(102);
    expect(timelineTimeAt(mapping, 101.5)).toBe(11.5);
  });

  it('starts a chunk ahead of the clock whole, at the clock time of its start', () => {
    expect(placeChunk({ mapping, start: 12, seconds: 2, earliest: 100.05, until: 60 })).toEqual({
      when: 102,
      offset: 0,
      duration: 2,
      skipped: false,
    });
  });

  it('skips what is already past: the sound joins where the clock is, never late', () => {
    const placed = placeChunk({ mapping, start: 10, seconds: 2, earliest: 100.25, until: 60 })!;
    expect(placed.when).toBe(100.25);
    expect(placed.offset).toBeCloseTo(0.25);
    expect(placed.duration).toBeCloseTo(1.75);
    expect(placed.skipped).toBe(true);
    // Timeline time heard at `when` is the chunk's start plus the offset: in sync.
    expect(timelineTimeAt(mapping, placed.when)).toBeCloseTo(10 + placed.offset);
  });

  it('stops at the end of the cut or of the stretch played, and places nothing already over', () => {
    expect(placeChunk({ mapping, start: 12, seconds: 2, earliest: 100, until: 13.5 })).toEqual({
      when: 102,
      offset: 0,
      duration: 1.5,
      skipped: false,
    });
    expect(placeChunk({ mapping, start: 8, seconds: 2, earliest: 100.01, until: 60 })).toBeNull();
    expect(placeChunk({ mapping, start: 14, seconds: 2, earliest: 100, until: 13.5 })).toBeNull();
    expect(
      placeChunk({
        mapping: { ...mapping, rate: -1 },
        start: 8,
        seconds: 2,
        earliest: 0,
        until: 60,
      }),
    ).toBeNull();
  });
});
