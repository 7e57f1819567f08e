import { describe, expect, it } from 'vitest';
import {
  CAPTION_DEFAULTS,
  fieldsOverriding,
  INHERITED_FROM,
  ownFields,
  resolveSettings,
  resolveWordStyle,
} from './caption-cascade.ts';

const project = resolveSettings({
  color: '#ffffff',
  fontWeight: '700',
  emphasisColor: '#22d3ee',
  emphasisFontWeight: '900',
  emphasisGlowColor: '#22d3ee',
  emphasisGlowBlurPx: 10,
  emphasisScale: 1.2,
  fontSize: 60,
  textShadow: '0 2px 8px #000000',
  activeWordColor: '#facc15',
  textStrokeEnabled: true,
  textStrokeWidthPx: 3,
});

describe('settings: defaults ← project ← a Look being tried', () => {
  it('takes each field from the last layer that sets it; null and absent fields fall through', () => {
    const settings = resolveSettings(
      { color: '#111111', fontSize: 50 },
      { color: '#222222', fontSize: null as unknown as number },
    );
    expect(settings.color).toBe('#222222');
    expect(settings.fontSize).toBe(50);
    expect(settings.activeWordColor).toBe(CAPTION_DEFAULTS.activeWordColor);
    expect(resolveSettings()).toEqual(CAPTION_DEFAULTS);
    expect(resolveSettings(undefined, null)).toEqual(CAPTION_DEFAULTS);
  });
});

describe('a word: its own fields ← the settings', () => {
  it('a word without overrides is drawn with the project’s settings', () => {
    const style = resolveWordStyle({ style: {} }, project);
    expect(style).toMatchObject({
      emphasis: false,
      color: '#ffffff',
      fontWeight: '700',
      fontSize: 60,
      activeColor: '#facc15',
      textShadow: '0 2px 8px #000000',
      textStrokeWidthPx: 3,
      glowColor: 'transparent',
      glowBlurPx: 0,
      gradient: null,
    });
    // A change of the project's colour reaches it.
    expect(resolveWordStyle({}, resolveSettings(project, { color: '#ff0000' })).color).toBe(
      '#ff0000',
    );
  });

  it('only the fields set on the word override; null is the same as absent', () => {
    const word = { style: { color: '#00ff00', fontWeight: null, textShadow: undefined } };
    const style = resolveWordStyle(word, resolveSettings(project, { color: '#ff0000' }));
    expect(style.color).toBe('#00ff00');
    expect(style.fontWeight).toBe('700');
    expect(style.textShadow).toBe('0 2px 8px #000000');
    expect(ownFields(word.style)).toEqual(['color']);
    expect(ownFields(undefined)).toEqual([]);
  });

  it('an emphasised or keyword word takes the emphasis colour, weight, scale and glow', () => {
    for (const word of [{ isEmphasis: true }, { style: { isKeyword: true } }]) {
      expect(resolveWordStyle(word, project)).toMatchObject({
        emphasis: true,
        color: '#22d3ee',
        fontWeight: '900',
        fontSize: 72,
        glowColor: '#22d3ee',
        glowBlurPx: 10,
      });
    }
    // Its own colour still wins; with emphasis off it is a plain word.
    expect(resolveWordStyle({ isEmphasis: true, style: { color: '#123456' } }, project).color).toBe(
      '#123456',
    );
    const off = resolveSettings(project, { emphasisEnabled: false });
    expect(resolveWordStyle({ isEmphasis: true }, off)).toMatchObject({
      emphasis: false,
      color: '#ffffff',
      fontSize: 60,
    });
  });

  it('outline: the project’s when enabled, none when not, the word’s own width either way', () => {
    const off = resolveSettings(project, { textStrokeEnabled: false });
    expect(resolveWordStyle({}, off).textStrokeWidthPx).toBe(0);
    expect(resolveWordStyle({ style: { textStrokeWidthPx: 6 } }, off).textStrokeWidthPx).toBe(6);
    expect(resolveWordStyle({}, project).textStrokeWidthPx).toBe(3);
  });

  it('fields without a setting default to none; a gradient needs two colours', () => {
    expect(resolveWordStyle({}, project)).toMatchObject({
      offsetX: 0,
      offsetY: 0,
      rotationDeg: 0,
      opacity: 1,
      emojiName: '',
      emojiScale: 1,
      textTransform: 'none',
      isSpecial: false,
      backgroundColor: 'transparent',
    });
    const gradient = { style: { textGradientFrom: '#ff0000', textGradientTo: '#0000ff' } };
    expect(resolveWordStyle(gradient, project).gradient).toEqual({
      from: '#ff0000',
      to: '#0000ff',
      angleDeg: 90,
    });
    expect(
      resolveWordStyle({ style: { textGradientFrom: '#ff0000' } }, project).gradient,
    ).toBeNull();
  });

  it('names the own fields a Look’s settings would stand behind', () => {
    const style = { color: '#00ff00', rotationDeg: 4, glowColor: '#ffffff', isKeyword: true };
    expect(fieldsOverriding(style, new Set(['color', 'fontWeight']))).toEqual(['color']);
    expect(fieldsOverriding(style, new Set(Object.keys(CAPTION_DEFAULTS)))).toEqual([
      'color',
      'glowColor',
    ]);
    // Every setting a word field names is a caption setting.
    for (const settings of Object.values(INHERITED_FROM))
      for (const setting of settings) expect(CAPTION_DEFAULTS).toHaveProperty(setting);
  });
});
