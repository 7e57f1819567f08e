import { describe, expect, it } from 'vitest';
import { fixtureWords } from '../testing/caption-fixtures.ts';
import {
  buildRows,
  followOffset,
  highlight,
  rowIndexById,
  selectWord,
  wordIdsOf,
} from './word-rows.ts';

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

  it('finds the row of a word by id (caption headings have none)', () => {
    const rows = buildRows(fixtureWords());
    const index = rowIndexById(rows);
    expect(index.get('w0')).toBe(1);
    expect(index.get('w3')).toBe(5);
    expect(index.size).toBe(6);
  });

  it('scrolls to a row only when it is not wholly in view, a third down the view', () => {
    const view = { scrollTop: 100, height: 300, scrollHeight: 5000 };
    expect(followOffset({ start: 150, end: 200 }, view)).toBeNull();
    expect(followOffset({ start: 380, end: 432 }, view)).toBe(280);
    expect(followOffset({ start: 40, end: 92 }, view)).toBe(0);
    expect(followOffset({ start: 900, end: 952 }, view)).toBe(800);
    // Never past the end of the list.
    expect(followOffset({ start: 4948, end: 5000 }, view)).toBe(4700);
  });
});
