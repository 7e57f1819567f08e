import { describe, expect, it } from 'vitest';
import { characterCount, NOTE_BODY_MAX } from '@/shared-rules/note-text.ts';
import { noteTextProblem, textPieces } from './note-text.ts';

describe('note text', () => {
  it('counts characters as a person does: an emoji is one', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('👍🏽 ok')).toBe(5);
    expect(characterCount('')).toBe(0);
  });

  it('says why a text cannot be sent, in the BFF’s words: empty, too long, script', () => {
    expect(noteTextProblem('  \n ')).toMatch(/^The note is empty/);
    expect(noteTextProblem('a'.repeat(NOTE_BODY_MAX))).toBeNull();
    expect(noteTextProblem('a'.repeat(NOTE_BODY_MAX + 12))).toMatch(
      /^The note is 4,012 characters long; a note holds at most 4,000\./,
    );
    expect(noteTextProblem('see <script>x</script>')).toMatch(/cannot hold script/);
    expect(noteTextProblem('<b>bold</b> is kept as text')).toBeNull();
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
