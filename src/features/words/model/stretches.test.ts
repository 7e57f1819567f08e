import { describe, expect, it } from 'vitest';
import { talkDoc } from '../testing/talk-fixture.ts';
import { framesIn, planStretches } from './stretches.ts';
import { transcriptOf } from './transcript.ts';

const transcript = transcriptOf(talkDoc());
const cut = (...removed: number[]) =>
  planStretches(transcript, { removed: new Set(removed) }, { padFrames: 2 });
const cleanUp = (removed: number[], shorten: number[]) =>
  planStretches(
    transcript,
    { removed: new Set(removed), shorten: new Set(shorten) },
    { padFrames: 2, thresholdFrames: 15, targetFrames: 9 },
  );

describe('the stretches a cut takes out', () => {
  it('runs from the end of the word before plus the padding to the start of the word after minus it', () => {
    // "So | um, | we": So ends at 24, um is 30-39, we starts at 42.
    expect(cut(1)).toEqual([{ start: 26, end: 40 }]);
    // "the company" with a second of silence before it.
    expect(cut(4, 5)).toEqual([{ start: 62, end: 115 }]);
  });

  it('never clips a kept word where the silence is shorter than the padding', () => {
    // "we" ends where "started" begins.
    expect(cut(3)).toEqual([{ start: 48, end: 88 }]);
  });

  it('leaves the silence before the first word and after the last', () => {
    expect(cut(0)).toEqual([{ start: 15, end: 28 }]);
    expect(cut(19)).toEqual([{ start: 362, end: 399 }]);
  });

  it('merges stretches that meet and keeps apart those that do not', () => {
    // "we" ends where "started" begins: nothing is left of the padding there.
    expect(cut(1, 2)).toEqual([{ start: 26, end: 48 }]);
    expect(cut(1, 5)).toEqual([
      { start: 26, end: 40 },
      { start: 96, end: 115 },
    ]);
    expect(framesIn(cut(1, 5))).toBe(33);
  });
});

describe('the stretches a clean-up takes out', () => {
  it('shortens a ticked pause to the target, split around its middle', () => {
    // "started" ends at 60, "the" starts at 90: 4 frames kept after, 5 before.
    expect(cleanUp([], [4])).toEqual([{ start: 64, end: 85 }]);
  });

  it('keeps a long pause beside a filler whole unless it is ticked too', () => {
    // "hard" 240-255, "Uh" 270-279, "I" from 315 (a 1.2 s pause after "Uh").
    expect(cleanUp([14], [])).toEqual([{ start: 257, end: 279 }]);
    expect(cleanUp([14], [15])).toEqual([{ start: 257, end: 306 }]);
  });

  it('shortens the silence at the very start or end only when asked', () => {
    expect(cleanUp([], [20])).toEqual([{ start: 408, end: 450 }]);
  });
});
