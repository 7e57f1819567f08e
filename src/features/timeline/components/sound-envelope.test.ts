import { describe, expect, it } from 'vitest';
import { envelopePoints, soundDrawnAlike } from './sound-envelope.ts';

const sound = { volume_percent: 100, muted: false, fade_in_seconds: 0, fade_out_seconds: 0 };
const box = { x0: 100, width: 400, top: 20, bottom: 60 };

describe('the sound drawn on an item', () => {
  it('draws 100 % half way up the band and 40 % lower, flat without fades', () => {
    expect(envelopePoints(sound, 10, box)).toEqual([
      { x: 100, y: 40 },
      { x: 500, y: 40 },
    ]);
    expect(envelopePoints({ ...sound, volume_percent: 40 }, 10, box)[0]!.y).toBe(52);
  });

  it('ramps up from the bottom over the fade in and down over the fade out', () => {
    // 10 s over 400 px: 40 px a second.
    expect(envelopePoints({ ...sound, fade_in_seconds: 1, fade_out_seconds: 2 }, 10, box)).toEqual([
      { x: 100, y: 60 },
      { x: 140, y: 40 },
      { x: 420, y: 40 },
      { x: 500, y: 60 },
    ]);
  });

  it('lies on the bottom when muted; a change of sound draws the item again', () => {
    expect(envelopePoints({ ...sound, muted: true }, 10, box).map((p) => p.y)).toEqual([60, 60]);
    expect(soundDrawnAlike(sound, { ...sound })).toBe(true);
    expect(soundDrawnAlike(sound, { ...sound, fade_out_seconds: 2 })).toBe(false);
    expect(soundDrawnAlike(undefined, sound)).toBe(false);
  });
});
