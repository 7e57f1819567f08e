import { describe, expect, it } from 'vitest';
import { dependencySentence, formatCredits, formatSceneList, spanPercent } from './plan-format.ts';

describe('plan formatting', () => {
  it('lists scenes one-based, with runs', () => {
    expect(formatSceneList([])).toBe('no scenes');
    expect(formatSceneList([1])).toBe('scene 2');
    expect(formatSceneList([0, 2, 3])).toBe('scenes 1, 3 and 4');
    expect(formatSceneList([3, 0, 1, 2, 4, 9])).toBe('scenes 1–5 and 10');
    expect(formatSceneList(Array.from({ length: 200 }, (_, i) => i))).toBe('scenes 1–200');
  });

  it('says what an anchor regenerates and costs', () => {
    expect(dependencySentence('The style anchor', [0, 2, 3], 120)).toBe(
      'The style anchor regenerates scenes 1, 3 and 4: 120 credits',
    );
    expect(dependencySentence('Ezra', [], 4)).toBe('Ezra regenerates no scenes: 4 credits');
  });

  it('formats credits', () => {
    expect(formatCredits(1234)).toBe('1,234 credits');
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(-14)).toBe('-14 credits');
  });

  it('places a scene on the bar of the whole plan', () => {
    expect(spanPercent(5, 10, 20)).toEqual({ left: 25, width: 25 });
    expect(spanPercent(18, 30, 20)).toEqual({ left: 90, width: 10 });
    expect(spanPercent(0, 1, 0)).toEqual({ left: 0, width: 0 });
  });
});
