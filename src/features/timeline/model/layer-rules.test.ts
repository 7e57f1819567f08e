import { describe, expect, it } from 'vitest';
import { layerAccepts } from './layer-rules.ts';

describe('layer rules', () => {
  it('accepts items on their own kind and the documented neighbours only', () => {
    expect(layerAccepts('video', 'video')).toBe(true);
    expect(layerAccepts('overlay', 'video')).toBe(true);
    expect(layerAccepts('video', 'image')).toBe(true);
    expect(layerAccepts('overlay', 'text')).toBe(true);
    expect(layerAccepts('text', 'video')).toBe(false);
    expect(layerAccepts('audio', 'video')).toBe(false);
    expect(layerAccepts('caption', 'text')).toBe(false);
    expect(layerAccepts('audio', 'audio')).toBe(true);
  });
});
