import { describe, expect, it } from 'vitest';
import { talkDoc } from '../testing/talk-fixture.ts';
import { estimatedParagraphHeight, paragraphWidths } from './paragraph-height.ts';
import { transcriptOf } from './transcript.ts';

describe('a paragraph’s estimated height', () => {
  it('is its heading and padding, then as many 32 px lines as its words fill', () => {
    // The 10,000-word talk's paragraph as Chromium laid it out in a 540 px list: 50 words of 216
    // characters in five lines, 196 px.
    const width = 216 * 7.6 + 50 * 8.4;
    expect(estimatedParagraphHeight(width, 540)).toBe(196);
    // Twice as wide a list: three lines.
    expect(estimatedParagraphHeight(width, 1080)).toBe(36 + 3 * 32);
    // A word or none still takes a line.
    expect(estimatedParagraphHeight(0, 540)).toBe(36 + 32);
  });

  it('counts each paragraph’s words and the pauses it shows', () => {
    const transcript = transcriptOf(talkDoc());
    const withPauses = paragraphWidths(transcript, 0.5);
    const withoutPauses = paragraphWidths(transcript, Number.POSITIVE_INFINITY);
    expect(withPauses).toHaveLength(transcript.paragraphs.length);
    transcript.paragraphs.forEach((paragraph, p) => {
      const words = transcript.words.slice(paragraph.first, paragraph.last + 1);
      const letters = words.reduce((sum, word) => sum + word.word.length, 0);
      expect(withoutPauses[p]).toBeCloseTo(letters * 7.6 + words.length * 8.4);
    });
    // The fixture's talk has pauses over half a second: their marks take room.
    expect(withPauses.reduce((a, b) => a + b, 0)).toBeGreaterThan(
      withoutPauses.reduce((a, b) => a + b, 0),
    );
  });
});
