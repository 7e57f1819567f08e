import { describe, expect, it } from 'vitest';
import {
  activeWordAt,
  isAnimating,
  pageAt,
  pageIndexAt,
  pageOfWord,
  pageStillKey,
  paginate,
  nearestPageIndex,
  STILL,
  wordMotion,
  type PaintableWord,
} from './caption-pages.ts';

/** `count` words of 0.5 s each, in captions of `perCaption` words. */
function wordsOf(count: number, perCaption: number): PaintableWord[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `w${i}`,
    word: `word${i}`,
    sequenceIndex: i,
    captionId: `c${Math.floor(i / perCaption)}`,
    startSeconds: i * 0.5,
    endSeconds: i * 0.5 + 0.5,
  }));
}

const text = (pages: ReturnType<typeof paginate>) =>
  pages.map((page) => page.lines.map((line) => line.map((word) => word.id).join(' ')));

describe('pages', () => {
  it('breaks lines by wordsPerLineLimit and pages by maxLinesPerCaption, never across captions', () => {
    const pages = paginate(wordsOf(7, 5), { wordsPerLineLimit: 2, maxLinesPerCaption: 2 });
    expect(text(pages)).toEqual([['w0 w1', 'w2 w3'], ['w4'], ['w5 w6']]);
    expect(pages.map((page) => [page.startSeconds, page.endSeconds])).toEqual([
      [0, 2],
      [2, 2.5],
      [2.5, 3.5],
    ]);
    expect(pages.map((page) => page.captionId)).toEqual(['c0', 'c0', 'c1']);
    expect(text(paginate(wordsOf(4, 10), { wordsPerLineLimit: 3, maxLinesPerCaption: 1 }))).toEqual(
      [['w0 w1 w2'], ['w3']],
    );
  });

  it('orders words by sequence (only sorting when out of order) and treats odd limits as whole', () => {
    const list = wordsOf(4, 10).reverse();
    expect(text(paginate(list, { wordsPerLineLimit: 2.7, maxLinesPerCaption: 0 }))).toEqual([
      ['w0 w1'],
      ['w2 w3'],
    ]);
  });

  it('finds the page at a time by binary search, and none in the gaps', () => {
    const words = wordsOf(10_000, 6).map((word, i) => ({
      ...word,
      // A 0.2 s gap after every caption.
      startSeconds: i * 0.5 + Math.floor(i / 6) * 0.2,
      endSeconds: i * 0.5 + 0.5 + Math.floor(i / 6) * 0.2,
    }));
    const pages = paginate(words, { wordsPerLineLimit: 3, maxLinesPerCaption: 1 });
    expect(pages).toHaveLength(3334);
    const target = words[5000]!;
    const index = pageIndexAt(pages, target.startSeconds! + 0.01);
    expect(pages[index]!.lines[0]!.some((word) => word.id === target.id)).toBe(true);
    const lastOfCaption = words[5]!;
    expect(pageAt(pages, lastOfCaption.endSeconds! + 0.1)).toBeNull();
    expect(pageIndexAt(pages, -1)).toBe(-1);
    expect(pageOfWord(pages, 'w9999')).toBe(3333);
  });

  it('the active word follows each word start and end', () => {
    const [page] = paginate(wordsOf(4, 4), { wordsPerLineLimit: 4 });
    expect(activeWordAt(page!, 0)?.id).toBe('w0');
    expect(activeWordAt(page!, 0.5)?.id).toBe('w1');
    expect(activeWordAt(page!, 1.99)?.id).toBe('w3');
    expect(activeWordAt(page!, 2)).toBeNull();
  });
});

describe('motion', () => {
  const word: PaintableWord = { id: 'a', word: 'hello', startSeconds: 1, endSeconds: 2 };

  it('at rest (page not on screen) nothing moves', () => {
    expect(
      wordMotion(word, 1.05, { activeWordAnimation: 'pop', wordRevealAnimation: 'fade' }, false),
    ).toEqual(STILL);
  });

  it('pop grows the active word, bounce lifts it (the animation the cascade resolved)', () => {
    const settings = { activeWordAnimation: 'pop' as const };
    expect(wordMotion(word, 1, settings, true).scale).toBe(1);
    expect(wordMotion(word, 1.5, settings, true).scale).toBeCloseTo(1.12, 5);
    expect(wordMotion(word, 2.5, settings, true).scale).toBe(1);
    expect(wordMotion(word, 1.125, { activeWordAnimation: 'bounce' }, true).lift).toBeCloseTo(
      -0.18,
      5,
    );
    expect(wordMotion(word, 1.5, { ...settings, showActiveWord: false }, true).scale).toBe(1);
  });

  it('reveal: fade in, pop in, typewriter', () => {
    expect(wordMotion(word, 0.9, { wordRevealAnimation: 'fade' }, true).alpha).toBe(0);
    expect(wordMotion(word, 1.075, { wordRevealAnimation: 'fade' }, true).alpha).toBeCloseTo(0.5);
    expect(wordMotion(word, 0.9, { wordRevealAnimation: 'pop' }, true).alpha).toBe(0);
    expect(wordMotion(word, 1.02, { wordRevealAnimation: 'pop' }, true).scale).toBeLessThan(1);
    expect(wordMotion(word, 1.15, { wordRevealAnimation: 'typewriter' }, true).shown).toBeCloseTo(
      0.5,
    );
    expect(wordMotion(word, 3, { wordRevealAnimation: 'typewriter' }, true).shown).toBe(1);
  });

  it('says when a page needs a repaint every frame', () => {
    const [page] = paginate([word], {});
    expect(isAnimating(page!, 1.1)).toBe(true);
    expect(isAnimating(page!, 1.9)).toBe(false);
  });
});

describe('pages made once', () => {
  it('gives the same pages for the same list and settings, new ones when the settings change', () => {
    const words = wordsOf(12, 12);
    const pages = paginate(words, { wordsPerLineLimit: 3 });
    expect(paginate(words, { wordsPerLineLimit: 3 })).toBe(pages);
    const wider = paginate(words, { wordsPerLineLimit: 4 });
    expect(wider).not.toBe(pages);
    expect(text(wider)[0]).toEqual(['w0 w1 w2 w3', 'w4 w5 w6 w7']);
    expect(paginate([...words], { wordsPerLineLimit: 3 })).toEqual(pages);
  });
});

describe('a page at rest', () => {
  // Words of 0.5 s from 0 s, four to a page (one line of four).
  const page = paginate(wordsOf(8, 8), { wordsPerLineLimit: 4, maxLinesPerCaption: 1 })[0]!;

  it('is keyed by the words revealed and the active one once the active word has settled', () => {
    expect(pageStillKey(page, {}, 0.1)).toBeNull();
    expect(pageStillKey(page, {}, 0.3)).toBe('0|1|w0');
    expect(pageStillKey(page, {}, 0.45)).toBe('0|1|w0');
    expect(pageStillKey(page, {}, 0.6)).toBeNull();
    expect(pageStillKey(page, {}, 0.8)).toBe('0|2|w1');
    // Nothing active shown: still from the first moment of each word.
    expect(pageStillKey(page, { showActiveWord: false }, 0.55)).toBe('0|2|');
  });

  it('moves while a word is revealed', () => {
    expect(
      pageStillKey(page, { wordRevealAnimation: 'fade', showActiveWord: false }, 0.7),
    ).toBeNull();
    expect(pageStillKey(page, { wordRevealAnimation: 'fade', showActiveWord: false }, 0.85)).toBe(
      '0|2|',
    );
  });
});

describe('the page nearest the playhead', () => {
  const spaced: PaintableWord[] = [
    { id: 'a', word: 'one', captionId: 'c1', sequenceIndex: 0, startSeconds: 1, endSeconds: 2 },
    { id: 'b', word: 'two', captionId: 'c2', sequenceIndex: 1, startSeconds: 5, endSeconds: 6 },
  ];
  const pages = paginate(spaced, {});

  it('is the page on screen, else the closer of the one before and the one after', () => {
    expect(nearestPageIndex(pages, 1.5)).toBe(0);
    expect(nearestPageIndex(pages, 0)).toBe(0);
    expect(nearestPageIndex(pages, 2.5)).toBe(0);
    expect(nearestPageIndex(pages, 3.4)).toBe(0);
    // A tie goes to the page coming up.
    expect(nearestPageIndex(pages, 3.5)).toBe(1);
    expect(nearestPageIndex(pages, 4.9)).toBe(1);
    expect(nearestPageIndex(pages, 99)).toBe(1);
    expect(nearestPageIndex([], 1)).toBe(-1);
  });
});
