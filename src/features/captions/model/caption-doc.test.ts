import { describe, expect, it } from 'vitest';
import { paginate } from '@/caption-painter/caption-pages.ts';
import { fixtureDoc } from '../testing/caption-fixtures.ts';
import { withCurrentWords } from './caption-doc.ts';

describe('withCurrentWords', () => {
  it('paints a page built from the structure with its words as they are now', () => {
    const words = fixtureDoc().words.words;
    const page = paginate(words, { wordsPerLineLimit: 3, maxLinesPerCaption: 1 })[0]!;
    const first = page.lines[0]![0]!;
    // A style change replaces the word object; the page (from the structure) still has the old.
    const restyled = words.map((word) =>
      word.id === first.id ? { ...word, style: { ...word.style, color: '#ff0000' } } : word,
    );
    const now = withCurrentWords(page, restyled);
    expect(now.lines[0]![0]!.style?.color).toBe('#ff0000');
    expect(now.lines[0]![1]).toBe(page.lines[0]![1]);
    // Nothing on the page changed: the same page (views compare by identity).
    const elsewhere = words.map((word, i) => (i === words.length - 1 ? { ...word } : word));
    expect(withCurrentWords(page, elsewhere)).toBe(page);
  });
});
