/** A small caption document for tests: two captions of three words, 0.5 s each, at 30 fps. */
import type { BrandContext } from '@/api/schema.gen.ts';
import type { CaptionFont, CaptionWord } from '@/api/schema.gen.ts';
import type { CaptionDoc } from '../model/caption-doc.ts';

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

/** A brand as onboarding saves it: two colours, one font captions have and one they lack. */
export function fixtureBrand(): BrandContext {
  return {
    brand_name: 'Northwind Coffee',
    website_url: 'https://northwind-coffee.com',
    colors: [
      { name: 'Primary', hex: '#1E40AF' },
      { name: 'Accent', hex: '#F59E0B' },
    ],
    fonts: ['Inter', 'DM Sans'],
    logo_asset_id: null,
    logo_url: null,
    caption_defaults: {
      look_id: 'clean-minimal',
      font_family: 'Inter',
      color: '#FFFFFF',
      active_word_color: '#F59E0B',
      position: 'bottom',
    },
    updated_at: '2026-11-23T10:00:00Z',
  };
}

/** Two caption fonts (one sans-serif, one display). */
export const fixtureFonts = (): CaptionFont[] => [
  { family: 'Inter', category: 'sans-serif', weights: ['400'] },
  { family: 'Anton', category: 'display', weights: ['400'] },
];
