import { describe, expect, it } from 'vitest';
import { fixtureWords } from '../testing/caption-fixtures.ts';
import { buildRows, highlight, selectWord, wordIdsOf } from './word-rows.ts';

describe('word rows', () => {
  it('a heading per caption, then its words; a filter keeps matching words and their captions', () => {
    const words = fixtureWords();
    const rows = buildRows(words);
    expect(rows.map((row) => (row.kind === 'caption' ? `#${row.number}` : row.id))).toEqual([
      '#1',
      'w0',
      'w1',
      'w2',
      '#2',
      'w3',
      'w4',
      'w5',
    ]);
    expect(rows[0]).toMatchObject({
      startSeconds: 0,
      endSeconds: 1.5,
      words: 3,
      opensParagraph: true,
    });
    expect(rows[4]).toMatchObject({ opensParagraph: false });
    const filtered = buildRows(words, new Set(['w4']));
    expect(filtered.map((row) => (row.kind === 'caption' ? `#${row.number}` : row.id))).toEqual([
      '#2',
      'w4',
    ]);
    expect(wordIdsOf(rows)).toHaveLength(6);
  });

  it('selects by click, toggles with Ctrl/⌘ and takes a range with Shift', () => {
    const order = ['a', 'b', 'c', 'd'];
    const one = selectWord(new Set(), null, 'b', 'replace', order);
    expect([...one.selection]).toEqual(['b']);
    const range = selectWord(one.selection, one.anchor, 'd', 'range', order);
    expect([...range.selection]).toEqual(['b', 'c', 'd']);
    const toggled = selectWord(range.selection, range.anchor, 'c', 'toggle', order);
    expect([...toggled.selection].sort()).toEqual(['b', 'd']);
    expect([...selectWord(new Set(), null, 'c', 'range', order).selection]).toEqual(['c']);
  });

  it('highlights every case-insensitive match', () => {
    expect(highlight('Theatre the', 'the')).toEqual([
      { text: 'The', match: true },
      { text: 'atre ', match: false },
      { text: 'the', match: true },
    ]);
    expect(highlight('hook', '')).toEqual([{ text: 'hook', match: false }]);
  });
});
