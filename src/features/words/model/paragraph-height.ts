/**
 * A transcript paragraph's height before the list has measured it, from its words: its padding
 * and heading, then lines of 32 px (`leading-8`) filled with its words at ~7.6 px a character plus
 * each word's padding and space, and each shown pause's mark. Measured on the 10,000-word talk in
 * Chromium at 1440x900 (a 540 px list; 50 words, 216 characters: 196 px, five lines, as
 * estimated). A flat guess (120 px, under two thirds of that) made the list taller with every
 * paragraph measured while scrolling, and the virtualiser render more paragraphs than the view
 * needed and then correct them.
 */
import type { Transcript } from './transcript.ts';

const PARAGRAPH_CHROME = 36;
const LINE_HEIGHT = 32;
const CHAR_WIDTH = 7.6;
const WORD_EXTRA = 8.4;
const PAUSE_WIDTH = 56;
/** Lines break between words: a line holds a little less than its width. */
const WRAP_LOSS = 1.05;
/** The list's inline padding (`px-4` on each paragraph). */
const LIST_PADDING = 32;
/** Until the list is laid out: the Words page's panel at its default width. */
export const DEFAULT_LIST_WIDTH = 540;

/** Each paragraph's words, pauses and marks laid on one line (px). */
export function paragraphWidths(transcript: Transcript, pauseThreshold: number): Float64Array {
  const { paragraphs, words, start, end, fps } = transcript;
  const widths = new Float64Array(paragraphs.length);
  paragraphs.forEach((paragraph, p) => {
    let width = 0;
    for (let i = paragraph.first; i <= paragraph.last; i += 1) {
      width += words[i]!.word.length * CHAR_WIDTH + WORD_EXTRA;
      if (i > paragraph.first && (start[i]! - end[i - 1]!) / fps >= pauseThreshold)
        width += PAUSE_WIDTH;
    }
    widths[p] = width;
  });
  return widths;
}

/** The estimated height (px) of a paragraph `width` px long on one line, in a list `listWidth` wide. */
export function estimatedParagraphHeight(width: number, listWidth: number): number {
  const room = Math.max(LINE_HEIGHT, listWidth - LIST_PADDING);
  return PARAGRAPH_CHROME + LINE_HEIGHT * Math.max(1, Math.ceil((width * WRAP_LOSS) / room));
}
