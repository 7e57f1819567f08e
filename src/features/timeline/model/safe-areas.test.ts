import { describe, expect, it } from 'vitest';
import { frameOf } from '@/lib/project-frame.ts';
import {
  platformsFor,
  safeAreasOf,
  safeAreaWarnings,
  SAFE_AREAS,
  zonesUnder,
  type PlacedOnFrame,
} from './safe-areas.ts';

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

describe('guides by the frame’s shape', () => {
  const wide = frameOf('16:9');
  it('offers the apps’ areas on the vertical frame, YouTube’s player on a landscape one, title safe on all', () => {
    expect(platformsFor(frameOf('9:16')).map((entry) => entry.id)).toEqual([
      'tiktok',
      'reels',
      'shorts',
      'title-safe',
    ]);
    expect(platformsFor(wide).map((entry) => entry.id)).toEqual(['youtube', 'title-safe']);
    expect(platformsFor(frameOf('1:1')).map((entry) => entry.id)).toEqual(['title-safe']);
  });

  it('draws YouTube’s top bar and control bar across a 1920 × 1080 frame', () => {
    expect(safeAreasOf('youtube', wide)).toEqual([
      { zone: 'top bar', box: { left: 0, top: 0, right: 1920, bottom: 135 } },
      { zone: 'control bar', box: { left: 0, top: 926, right: 1920, bottom: 1080 } },
    ]);
    // A lower third at the bottom of a wide frame is under the controls; one above them is not.
    expect(zonesUnder({ left: 200, top: 900, right: 1000, bottom: 1000 }, 'youtube', wide)).toEqual(
      ['control bar'],
    );
    expect(zonesUnder({ left: 200, top: 700, right: 1000, bottom: 900 }, 'youtube', wide)).toEqual(
      [],
    );
  });

  it('keeps text 5% in from every edge for title safe, named once however many edges it crosses', () => {
    const margin = safeAreasOf('title-safe', wide);
    expect(margin.map((area) => area.box)).toEqual([
      { left: 0, top: 0, right: 1920, bottom: 54 },
      { left: 0, top: 1026, right: 1920, bottom: 1080 },
      { left: 0, top: 54, right: 96, bottom: 1026 },
      { left: 1824, top: 54, right: 1920, bottom: 1026 },
    ]);
    expect(zonesUnder({ left: 50, top: 20, right: 400, bottom: 120 }, 'title-safe', wide)).toEqual([
      'edge margin',
    ]);
    expect(
      safeAreaWarnings(
        [placed({ box: { left: 1800, top: 500, right: 1900, bottom: 600 } })],
        'title-safe',
        wide,
      ),
    ).toMatchObject([{ itemId: 'i', zones: ['edge margin'] }]);
  });

  it('are the apps’ own table on the vertical frame', () => {
    expect(safeAreasOf('tiktok', frameOf('9:16'))).toBe(SAFE_AREAS.tiktok);
  });
});
