import { describe, expect, it } from 'vitest';
import { talkDoc } from '../testing/talk-fixture.ts';
import { captionLayers, pauseBefore, transcriptOf, wordAt } from './transcript.ts';

describe('transcript', () => {
  it('reads the caption layer’s words in timeline order, in frames', () => {
    const doc = talkDoc();
    const shuffled = { ...doc, words: { ...doc.words, words: [...doc.words.words].reverse() } };
    const transcript = transcriptOf(shuffled);
    expect(transcript.layerIndex).toBe(3);
    expect(transcript.words.map((word) => word.word).slice(0, 4)).toEqual([
      'So',
      'um,',
      'we',
      'started',
    ]);
    expect([transcript.start[1], transcript.end[1]]).toEqual([30, 39]);
    expect(transcript.positionOf.get('cw_1_0')).toBe(7);
    expect(transcript.durationFrames).toBe(450);
  });

  it('starts a paragraph where the words’ paragraph or the speaker’s clip changes', () => {
    const transcript = transcriptOf(talkDoc());
    expect(
      transcript.paragraphs.map((p) => ({
        words: transcript.words
          .slice(p.first, p.last + 1)
          .map((w) => w.word)
          .join(' '),
        speaker: p.speaker,
      })),
    ).toEqual([
      { words: 'So um, we started the company umbrella', speaker: 'Speaker A' },
      { words: 'and you know it was like hard Uh', speaker: 'Speaker B' },
      { words: 'I mean we shipped anyway', speaker: 'Speaker B' },
    ]);
    expect(transcript.paragraphOf[8]).toBe(1);
  });

  it('says the pause before a word and finds the word under a time', () => {
    const transcript = transcriptOf(talkDoc());
    expect(pauseBefore(transcript, 4)).toBe(1);
    expect(pauseBefore(transcript, 0)).toBe(0);
    expect(wordAt(transcript, 0.2)).toBe(-1);
    expect(wordAt(transcript, 1.05)).toBe(1);
    expect(wordAt(transcript, 2.5)).toBe(3);
  });

  it('offers each caption layer with words, the fullest first', () => {
    const doc = talkDoc();
    const second = {
      ...doc.timeline.layers[3]!,
      index: 6,
      name: 'Captions (Spanish)',
      items: [{ ...doc.timeline.layers[3]!.items[0]!, id: 'ti_es', layer_index: 6 }],
    };
    const withTwo = {
      timeline: { ...doc.timeline, layers: [...doc.timeline.layers, second] },
      words: {
        ...doc.words,
        words: [
          ...doc.words.words,
          {
            id: 'es1',
            word: 'Entonces',
            timelineItemId: 'ti_es',
            startSeconds: 0.5,
            endSeconds: 0.8,
          },
        ],
      },
    };
    expect(captionLayers(withTwo).map((layer) => [layer.name, layer.words])).toEqual([
      ['Captions', 20],
      ['Captions (Spanish)', 1],
    ]);
    expect(transcriptOf(withTwo, 6).words.map((w) => w.word)).toEqual(['Entonces']);
  });
});
