import { describe, expect, it } from 'vitest';
import { talkDoc } from '../testing/talk-fixture.ts';
import {
  cleanUpTargets,
  DEFAULT_CLEAN_UP,
  describeCleanUp,
  findOccurrences,
  normalizeWord,
  type CleanUpSettings,
} from './clean-up.ts';
import { planCut } from './cut-plan.ts';
import { stretchesFor } from './cut-targets.ts';
import { transcriptOf, type WordsDocument } from './transcript.ts';

const apply = (doc: WordsDocument, settings: CleanUpSettings, untick: string[] = []) => {
  const transcript = transcriptOf(doc);
  const { occurrences } = findOccurrences(transcript, settings);
  const ticked = new Set(occurrences.map((o) => o.key).filter((key) => !untick.includes(key)));
  const targets = cleanUpTargets(transcript, occurrences, ticked, settings, 0.05);
  return planCut(doc, stretchesFor(transcript, targets));
};

describe('the clean-up finder', () => {
  it('finds the default fillers as whole words, any case, phrases included, and not “like”', () => {
    const found = findOccurrences(transcriptOf(talkDoc()), DEFAULT_CLEAN_UP);
    const fillers = found.occurrences.filter((o) => o.kind === 'filler');
    expect(fillers.map((o) => [o.filler, o.text])).toEqual([
      ['um', 'um,'],
      ['you know', 'you know'],
      ['uh', 'Uh'],
      ['I mean', 'I mean'],
    ]);
    expect(fillers[1]).toMatchObject({
      context: { before: 'the company umbrella and', after: 'it was like hard' },
    });
    expect(normalizeWord('“Um,”')).toBe('um');
  });

  it('finds “like” when it is switched on, and words the person adds', () => {
    const settings = {
      ...DEFAULT_CLEAN_UP,
      fillers: [
        ...DEFAULT_CLEAN_UP.fillers.map((f) => (f.text === 'like' ? { ...f, on: true } : f)),
        { text: 'anyway', on: true },
      ],
    };
    const texts = findOccurrences(transcriptOf(talkDoc()), settings)
      .occurrences.filter((o) => o.kind === 'filler')
      .map((o) => o.text);
    expect(texts).toContain('like');
    expect(texts).toContain('anyway');
  });

  it('finds pauses over the threshold between words, the very start and end only when asked', () => {
    const transcript = transcriptOf(talkDoc());
    const pauses = (settings: CleanUpSettings) =>
      findOccurrences(transcript, settings)
        .occurrences.filter((o) => o.kind === 'pause')
        .map((o) => (o.kind === 'pause' ? [o.start, o.seconds] : []));
    expect(pauses(DEFAULT_CLEAN_UP)).toEqual([
      [2, 1],
      [4.4, 0.6],
      [6.8, 1.2],
      [9.3, 1.2],
    ]);
    expect(pauses({ ...DEFAULT_CLEAN_UP, includeEdges: true }).at(-1)).toEqual([13.3, 1.7]);
    expect(pauses({ ...DEFAULT_CLEAN_UP, thresholdSeconds: 1 })).toHaveLength(2);
  });

  it('leaves out what was kept on purpose before, and says how many', () => {
    const transcript = transcriptOf(talkDoc());
    const first = findOccurrences(transcript, DEFAULT_CLEAN_UP);
    const kept = new Set([first.occurrences[0]!.key]);
    const again = findOccurrences(transcript, DEFAULT_CLEAN_UP, kept);
    expect(again.occurrences).toHaveLength(first.occurrences.length - 1);
    expect(again.ignored).toBe(1);
  });
});

describe('a clean-up applied', () => {
  it('shortens every ticked pause to the target, and a second run finds nothing', () => {
    const doc = talkDoc({ locked: false });
    const plan = apply(doc, DEFAULT_CLEAN_UP);
    expect(plan.locked).toEqual([]);
    const after = transcriptOf(plan.after);
    expect(after.words.map((w) => w.word).join(' ')).toBe(
      'So we started the company umbrella and it was like hard we shipped anyway',
    );
    // "started" → "the": the 1 s pause is 0.3 s now.
    const at = after.positionOf.get('cw_0_4')!;
    expect((after.start[at]! - after.end[at - 1]!) / 30).toBeCloseTo(0.3, 5);
    expect(findOccurrences(after, DEFAULT_CLEAN_UP).occurrences).toEqual([]);
  });

  it('keeps an unticked occurrence', () => {
    const doc = talkDoc({ locked: false });
    const found = findOccurrences(transcriptOf(doc), DEFAULT_CLEAN_UP);
    const um = found.occurrences.find((o) => o.kind === 'filler' && o.filler === 'um')!;
    const plan = apply(doc, DEFAULT_CLEAN_UP, [um.key]);
    const again = findOccurrences(transcriptOf(plan.after), DEFAULT_CLEAN_UP);
    expect(again.occurrences.map((o) => o.key)).toEqual([um.key]);
    expect(describeCleanUp(3, 4)).toBe('Removed 3 fillers and shortened 4 pauses');
    expect(describeCleanUp(0, 1)).toBe('Shortened 1 pause');
  });
});
