import { describe, expect, it } from 'vitest';
import { fixtureBrand, fixtureFonts } from '../testing/caption-fixtures.ts';
import { brandFonts, paletteOf } from './palette.ts';

const brand = {
  ...fixtureBrand(),
  colors: [...fixtureBrand().colors, { name: 'Primary again', hex: '#1e40af' }],
};
const fonts = fixtureFonts();

describe('palette', () => {
  it('offers the brand’s colours first, then the project’s others, each group labelled', () => {
    const palette = paletteOf(
      brand,
      { color: '#FFFFFF', activeWordColor: '#f59e0b', emphasisColor: 'transparent' },
      fonts,
    );
    expect(palette.groups).toEqual([
      {
        label: 'Brand',
        description: 'Northwind Coffee brand colours',
        swatches: [
          { color: '#1e40af', name: 'Primary' },
          { color: '#f59e0b', name: 'Accent' },
        ],
      },
      {
        label: 'This project',
        description: 'colours of this project',
        swatches: [{ color: '#ffffff', name: 'caption colour' }],
      },
    ]);
  });

  it('without a brand: only the project’s colours, and no brand fonts', () => {
    const palette = paletteOf(null, { color: '#112233' }, fonts);
    expect(palette.groups.map((group) => group.label)).toEqual(['This project']);
    expect(palette.fonts).toBeNull();
    expect(paletteOf({ ...brand, colors: [] }, undefined, fonts).groups).toEqual([]);
  });

  it('splits the brand’s fonts by whether captions can use them', () => {
    expect(brandFonts(brand, fonts)).toEqual({
      brandName: 'Northwind Coffee',
      available: ['Inter'],
      unavailable: ['DM Sans'],
    });
    expect(brandFonts({ ...brand, fonts: [] }, fonts)).toBeNull();
  });
});
