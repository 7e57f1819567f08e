import { describe, expect, it } from 'vitest';
import { paginate } from '@/caption-painter/caption-pages.ts';
import { fixtureDoc, fixtureWords } from '../testing/caption-fixtures.ts';
import {
  describeOverrides,
  fieldNames,
  lookOverrides,
  settingsWithLook,
  thumbnailMoment,
} from './looks.ts';

describe('Looks', () => {
  it('are tried on top of the project’s settings (the same object for the same inputs)', () => {
    const { settings } = fixtureDoc().style;
    const look = { settings: { color: '#e0f2fe', textShadow: '0 0 12px #38bdf8' } };
    const tried = settingsWithLook(settings, look);
    expect(tried).toMatchObject({ color: '#e0f2fe', fontSize: 64, wordsPerLineLimit: 4 });
    expect(settingsWithLook(settings, look)).toBe(tried);
    expect(settingsWithLook(settings, null)).toBe(settings);
  });

  it('finds the words whose own fields stand in for what a Look sets, and says so', () => {
    const words = fixtureWords().map((word, i) =>
      i === 0
        ? { ...word, style: { color: '#00ff00', rotationDeg: 3 } }
        : i === 1
          ? { ...word, style: { textGradientFrom: '#f00', textGradientTo: '#00f' } }
          : { ...word, style: { rotationDeg: 2 } },
    );
    const found = lookOverrides(words, { settings: { color: '#ffffff', fontSize: 70 } });
    expect(found.words).toEqual([
      { id: 'w0', fields: ['color'] },
      { id: 'w1', fields: ['textGradientFrom', 'textGradientTo'] },
    ]);
    expect(found.fields).toEqual(['color', 'textGradientFrom', 'textGradientTo']);
    expect(fieldNames(found.fields)).toBe('colour and gradient');
    expect(describeOverrides('Neon Glow', found)).toBe(
      '2 words set their own colour and gradient, in place of what Neon Glow sets. Keep them, or clear them so those words take the Look? Either way it is one step to undo.',
    );
    // A Look that sets only the font size leaves their colours alone.
    expect(lookOverrides(words, { settings: { fontSize: 70 } }).words).toEqual([]);
  });

  it('paints a thumbnail while its second word is spoken, its active treatment in', () => {
    const [page] = paginate(fixtureWords(), { wordsPerLineLimit: 4 });
    const at = thumbnailMoment(page!);
    // The second word runs 0.5–1 s.
    expect(at).toBeGreaterThan(0.6);
    expect(at).toBeLessThan(1);
  });
});
