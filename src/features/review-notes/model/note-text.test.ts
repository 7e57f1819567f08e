import { describe, expect, it } from 'vitest';
import { characterCount, noteTextProblem, NOTE_BODY_MAX, textPieces } from './note-text.ts';

describe('note text', () => {
  it('counts characters as a person does: an emoji is one', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('👍🏽 ok')).toBe(5);
    expect(characterCount('')).toBe(0);
  });

  it('says why a text cannot be sent: empty, or how much too long', () => {
    expect(noteTextProblem('  \n ')).toBe('Write what should change first.');
    expect(noteTextProblem('a'.repeat(NOTE_BODY_MAX))).toBeNull();
    expect(noteTextProblem('a'.repeat(NOTE_BODY_MAX + 12))).toMatch(
      /^12 characters too long: a note holds at most 4,000\./,
    );
    // Code points, not UTF-16 units: 4,000 emoji fit.
    expect(noteTextProblem('😀'.repeat(NOTE_BODY_MAX))).toBeNull();
  });

  it('turns http(s) addresses into links, leaving sentence punctuation and other schemes as text', () => {
    expect(textPieces('See https://example.com/a?b=1, then fix.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', then fix.' },
    ]);
    expect(textPieces('(https://en.wikipedia.org/wiki/Lamp_(light))')).toEqual([
      { kind: 'text', text: '(' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Lamp_(light)',
        href: 'https://en.wikipedia.org/wiki/Lamp_(light)',
      },
      { kind: 'text', text: ')' },
    ]);
    expect(textPieces('javascript:alert(1) <b>bold</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <b>bold</b>' },
    ]);
    expect(textPieces('http:// nothing')).toEqual([{ kind: 'text', text: 'http:// nothing' }]);
    expect(textPieces('')).toEqual([]);
  });
});
