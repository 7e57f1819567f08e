import { describe, expect, it } from 'vitest';
import { MediaWaits } from './media-waits.ts';

describe('MediaWaits', () => {
  it('names the tiles that were drawn without a media when it arrives, once', () => {
    const waits = new MediaWaits();
    const chunk = 'waveform|asset_1|100|3';
    waits.during(4, () => waits.missing(chunk));
    waits.during(5, () => {
      waits.missing(chunk);
      waits.missing('thumbnail|https://x/t.svg');
    });
    expect([...waits.arrived(chunk)]).toEqual([4, 5]);
    expect([...waits.arrived(chunk)]).toEqual([]);
    expect([...waits.arrived('thumbnail|https://x/t.svg')]).toEqual([5]);
  });

  it('notes nothing outside a tile’s drawing, and returns what the drawing returns', () => {
    const waits = new MediaWaits();
    waits.missing('a');
    expect(waits.during(1, () => 42)).toBe(42);
    waits.missing('a');
    expect([...waits.arrived('a')]).toEqual([]);
    expect(() =>
      waits.during(2, () => {
        throw new Error('x');
      }),
    ).toThrow('x');
    waits.missing('a');
    expect([...waits.arrived('a')]).toEqual([]);
  });
});
