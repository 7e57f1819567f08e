import { describe, expect, it } from 'vitest';
import {
  linesToList,
  modelsEditSchema,
  sceneEditSchema,
  validateEdit,
} from './plan-edit-schemas.ts';

const scene = {
  title: 'Storm',
  narration: 'Every night…',
  originalCue: '',
  imagePrompt: 'stairs',
  motionPrompt: 'climb',
  durationSeconds: 5,
  locationId: 'loc1',
  characterIds: [],
};

describe('plan edit schemas', () => {
  it('accepts a scene and trims text', () => {
    const result = validateEdit(sceneEditSchema, { ...scene, title: '  Gale ' });
    expect(result).toEqual({ ok: true, values: { ...scene, title: 'Gale' } });
  });

  it('refuses empty prompts and out-of-range durations with words', () => {
    const result = validateEdit(sceneEditSchema, {
      ...scene,
      imagePrompt: '   ',
      durationSeconds: 0,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        imagePrompt: 'Give the image prompt.',
        durationSeconds: 'The duration must be above 0 seconds.',
      },
    });
    const long = validateEdit(sceneEditSchema, { ...scene, durationSeconds: 61 });
    expect(long.ok ? '' : long.errors.durationSeconds).toBe('Keep a scene to 60 seconds or less.');
    const nan = validateEdit(sceneEditSchema, { ...scene, durationSeconds: Number.NaN });
    expect(nan.ok).toBe(false);
  });

  it('requires every model id', () => {
    const result = validateEdit(modelsEditSchema, {
      plannerModelId: 'p',
      imageModelId: '',
      videoModelId: 'v',
    });
    expect(result.ok ? {} : result.errors).toEqual({ imageModelId: 'Give the image model id.' });
  });

  it('reads story facts one per line', () => {
    expect(linesToList(' a \n\n b\n')).toEqual(['a', 'b']);
  });
});
