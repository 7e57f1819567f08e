import { describe, expect, it } from 'vitest';
import { RowOffsets } from './list-window.ts';

describe('RowOffsets', () => {
  const offsets = new RowOffsets([34, 52, 52, 34, 52]);

  it('places rows one after another', () => {
    expect([0, 1, 2, 3, 4].map((i) => offsets.start(i))).toEqual([0, 34, 86, 138, 172]);
    expect(offsets.end(4)).toBe(224);
    expect(offsets.total).toBe(224);
  });

  it('finds the row at an offset, a row’s top belonging to it', () => {
    expect(offsets.indexAt(0)).toBe(0);
    expect(offsets.indexAt(33.9)).toBe(0);
    expect(offsets.indexAt(34)).toBe(1);
    expect(offsets.indexAt(223)).toBe(4);
    expect(offsets.indexAt(10_000)).toBe(4);
  });

  it('gives the rows a view shows', () => {
    expect(offsets.range(0, 100)).toEqual({ startIndex: 0, endIndex: 2, count: 5 });
    expect(offsets.range(86, 52)).toEqual({ startIndex: 2, endIndex: 2, count: 5 });
    expect(offsets.range(150, 600)).toEqual({ startIndex: 3, endIndex: 4, count: 5 });
    expect(new RowOffsets([]).range(0, 100)).toEqual({ startIndex: 0, endIndex: -1, count: 0 });
  });
});
