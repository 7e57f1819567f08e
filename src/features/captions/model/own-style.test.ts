import { describe, expect, it } from 'vitest';
import { resolveSettings } from '@/caption-painter/caption-cascade.ts';
import { describeOwnStyle, inheritedValue } from './own-style.ts';

describe('a word’s own style', () => {
  it('names the fields the word sets itself, with their values', () => {
    expect(
      describeOwnStyle({
        color: '#00ff00',
        textGradientFrom: '#ff0000',
        textGradientTo: '#0000ff',
        isKeyword: true,
        glowColor: null,
      }),
    ).toEqual({
      fields: ['color', 'textGradientFrom', 'textGradientTo', 'isKeyword'],
      short: 'colour, gradient, keyword',
      long: 'colour #00ff00, gradient #ff0000→#0000ff, keyword',
    });
    expect(describeOwnStyle({})).toEqual({ fields: [], short: '', long: '' });
  });

  it('says what a field would be without the word’s own value', () => {
    const settings = resolveSettings({
      color: '#ffffff',
      emphasisColor: '#22d3ee',
      fontWeight: '800',
    });
    const word = { isEmphasis: false, style: { color: '#00ff00' } };
    expect(inheritedValue('color', word, settings)).toBe('#ffffff');
    expect(inheritedValue('color', { ...word, isEmphasis: true }, settings)).toBe('#22d3ee');
    expect(inheritedValue('fontWeight', word, settings)).toBe('800');
    expect(inheritedValue('scale', word, settings)).toBe(1);
    expect(inheritedValue('textGradientFrom', word, settings)).toBeUndefined();
  });
});
