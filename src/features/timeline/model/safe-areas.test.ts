import { describe, expect, it } from 'vitest';
import { safeAreaWarnings, SAFE_AREAS, zonesUnder, type PlacedOnFrame } from './safe-areas.ts';

const placed = (patch: Partial<PlacedOnFrame>): PlacedOnFrame => ({
  itemId: 'i',
  name: 'Item',
  kind: 'text',
  box: { left: 300, top: 700, right: 700, bottom: 800 },
  start: 0,
  end: 2,
  ...patch,
});

describe('platform safe areas', () => {
  it('cover the top bar, the right-hand action column and the bottom caption band of each platform', () => {
    for (const areas of Object.values(SAFE_AREAS))
      expect(areas.map((area) => area.zone)).toEqual(['top bar', 'action column', 'caption band']);
    expect(zonesUnder({ left: 300, top: 700, right: 700, bottom: 800 }, 'reels')).toEqual([]);
    expect(zonesUnder({ left: 100, top: 1300, right: 1000, bottom: 1400 }, 'reels')).toEqual([
      'action column',
      'caption band',
    ]);
    expect(zonesUnder({ left: 100, top: 1300, right: 900, bottom: 1400 }, 'tiktok')).toEqual([]);
  });

  it('lists what is under them, which item and when, merging a caption’s pages', () => {
    const warnings = safeAreaWarnings(
      [
        placed({
          itemId: 'title',
          name: 'Title: Hello',
          box: { left: 300, top: 100, right: 700, bottom: 200 },
        }),
        placed({ itemId: 'safe', name: 'Safe' }),
        placed({
          itemId: 'cap',
          name: 'Caption 1',
          kind: 'caption',
          box: { left: 60, top: 1000, right: 1000, bottom: 1100 },
          start: 4,
          end: 5,
        }),
        placed({
          itemId: 'cap',
          name: 'Caption 1',
          kind: 'caption',
          box: { left: 60, top: 1000, right: 1000, bottom: 1100 },
          start: 5,
          end: 6.5,
        }),
        placed({
          itemId: 'cap',
          name: 'Caption 1',
          kind: 'caption',
          box: { left: 60, top: 1000, right: 1000, bottom: 1100 },
          start: 8,
          end: 9,
        }),
      ],
      'reels',
    );
    expect(warnings).toEqual([
      {
        itemId: 'title',
        name: 'Title: Hello',
        kind: 'text',
        zones: ['top bar'],
        spans: [{ start: 0, end: 2 }],
      },
      {
        itemId: 'cap',
        name: 'Caption 1',
        kind: 'caption',
        zones: ['action column'],
        spans: [
          { start: 4, end: 6.5 },
          { start: 8, end: 9 },
        ],
      },
    ]);
  });
});
