/**
 * Seed plug-in of `npm run bench:words` (SIM_BENCH_WORDS=<words>): one long talk to edit by its
 * words, “Benchmark: 10,000 words to edit”. A camera layer (a take per 200 words), a caption layer
 * (a caption per 10 words, a paragraph per 50), and a clean-up with a known answer: the filler
 * "um," as every 25th word from the 13th (400 in 10,000 words) and a 1 s pause before every 100th
 * word from the 50th (100 pauses), so the default clean-up makes 500 cuts. Other words are 0.3 s
 * long with 0.08 s between them. Built for the simulator by seed-plugins.ts.
 */
import { DEMO_ORGS } from '../../mocks/lib/auth.ts';
import { DEFAULT_CAPTION_SETTINGS, type SeedPlugin } from '../../mocks/store/seed.ts';
import { isoAt, thumbnailDataUri, toFrame } from '../../mocks/store/seed-context.ts';
import { captionWordsFor, FPS } from '../../mocks/store/seed-timeline.ts';
import type { ProjectRecord } from '../../mocks/store/workspace.ts';
import type { CaptionWord, TimelineItem } from '../../src/api/schema.gen.ts';

export const BENCH_WORDS_PROJECT = (words: number) =>
  `Benchmark: ${words.toLocaleString('en')} words to edit`;

const TEXT = (
  'so the thing about building in public is that the numbers tell the story better than any ' +
  'launch video could and people come back for the honest parts more than the wins'
).split(' ');
const WORD_SECONDS = 0.3;
const GAP_SECONDS = 0.08;
const PAUSE_SECONDS = 1;
const CAPTION_WORDS = 10;
const PARAGRAPH_WORDS = 50;
const TAKE_WORDS = 200;

const isFiller = (index: number) => index % 25 === 12;
const pauseBefore = (index: number) => index % 100 === 50;

/** The plug-in, with the word count from SIM_BENCH_WORDS (none when unset or not positive). */
export function createSeedPlugin(env: Record<string, string | undefined>): SeedPlugin {
  const wordCount = Math.round(Number(env.SIM_BENCH_WORDS ?? 0));
  return ({ store, context }) => {
    if (!(wordCount > 0)) return;
    const ctx = context('bench-words');
    const { rng } = ctx;
    const name = BENCH_WORDS_PROJECT(wordCount);
    const captions: TimelineItem[] = [];
    const words: CaptionWord[] = [];
    const takeEnds: number[] = [];
    let at = 0.5;
    for (let first = 0; first < wordCount; first += CAPTION_WORDS) {
      const count = Math.min(CAPTION_WORDS, wordCount - first);
      if (pauseBefore(first)) at += PAUSE_SECONDS - GAP_SECONDS;
      if (first > 0 && first % TAKE_WORDS === 0) takeEnds.push(toFrame(at - GAP_SECONDS / 2));
      const text = Array.from({ length: count }, (_, k) =>
        isFiller(first + k) ? 'um,' : TEXT[(first + k) % TEXT.length]!,
      ).join(' ');
      const start = toFrame(at);
      const end = toFrame(at + count * (WORD_SECONDS + GAP_SECONDS) - GAP_SECONDS);
      const item: TimelineItem = {
        id: `ti_${rng.hex(12)}`,
        type: 'caption',
        name: `Caption ${captions.length + 1}`,
        layer_index: 1,
        start_seconds: start,
        end_seconds: end,
        source_start_seconds: null,
        source_end_seconds: null,
        asset_id: null,
        thumbnail_url: null,
        text,
        effects: [],
      };
      captions.push(item);
      // The seed's word records (ids, styles), timed as spoken: each word then its gap.
      const made = captionWordsFor(ctx, item, text, Math.floor(first / PARAGRAPH_WORDS), first);
      made.forEach((word, k) => {
        const wordStart = toFrame(start + k * (WORD_SECONDS + GAP_SECONDS));
        const wordEnd = toFrame(wordStart + WORD_SECONDS);
        words.push({
          ...word,
          startSeconds: wordStart,
          endSeconds: wordEnd,
          startUnits: Math.round(wordStart * FPS),
          endUnits: Math.round(wordEnd * FPS),
        });
      });
      at = end + GAP_SECONDS;
    }
    const duration = toFrame(at + 1);
    takeEnds.push(duration);
    const takes: TimelineItem[] = takeEnds.map((end, index) => {
      const start = index === 0 ? 0 : takeEnds[index - 1]!;
      return {
        id: `ti_${rng.hex(12)}`,
        type: 'video',
        name: `Take ${index + 1}`,
        layer_index: 0,
        start_seconds: start,
        end_seconds: end,
        source_start_seconds: start,
        source_end_seconds: end,
        asset_id: null,
        thumbnail_url: null,
        text: null,
        effects: [],
      };
    });
    const created = isoAt(ctx, -60);
    const record: ProjectRecord = {
      project: {
        id: rng.uuid(),
        name,
        description: `Editing by words benchmark: ${wordCount.toLocaleString('en')} words.`,
        aspect_ratio: '9:16',
        status: 'editing',
        thumbnail_url: thumbnailDataUri(name),
        created_at: created,
        updated_at: created,
      },
      kind: 'edit',
      timeline: {
        revision: 1,
        fps: FPS,
        layers: [
          { index: 0, name: 'Camera', kind: 'video', locked: false, items: takes },
          { index: 1, name: 'Captions', kind: 'caption', locked: false, items: captions },
        ],
      },
      captionWords: words,
      captionStyle: { settings: { ...DEFAULT_CAPTION_SETTINGS }, look_id: null, preset_id: null },
      exports: [],
      facelessRevisions: [],
    };
    store.workspace(DEMO_ORGS.paid).projects.push(record);
  };
}
