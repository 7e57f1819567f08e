/** A small caption document for tests: two captions of three words, 0.5 s each, at 30 fps. */
import type { CaptionDoc, CaptionWord } from '../model/caption-doc.ts';

export function fixtureWords(): CaptionWord[] {
  const texts = [
    ['the', 'hook', 'matters'],
    ['show', 'the', 'result'],
  ];
  const words: CaptionWord[] = [];
  texts.forEach((caption, c) => {
    caption.forEach((word, i) => {
      const n = words.length;
      words.push({
        id: `w${n}`,
        word,
        captionId: `cap${c}`,
        timelineItemId: `item${c}`,
        orderIndex: i,
        sequenceIndex: n,
        paragraphIndex: 0,
        isEmphasis: word === 'hook',
        startSeconds: c * 2 + i * 0.5,
        endSeconds: c * 2 + i * 0.5 + 0.5,
        revision: 1,
        style: { color: '#ffffff', fontWeight: '700' },
      });
    });
  });
  return words;
}

export function fixtureDoc(words: CaptionWord[] = fixtureWords()): CaptionDoc {
  return {
    words: {
      words,
      fps: 30,
      total: words.length,
      spans: new Map([
        ['item0', { timelineItemId: 'item0', startSeconds: 0, endSeconds: 1.6 }],
        ['item1', { timelineItemId: 'item1', startSeconds: 2, endSeconds: 3.6 }],
      ]),
    },
    style: {
      success: true,
      settings: { fontSize: 64, color: '#ffffff', wordsPerLineLimit: 4, maxLinesPerCaption: 2 },
      look_id: null,
      preset_id: null,
      revision: 1,
    },
  };
}
