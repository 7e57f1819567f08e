/**
 * A long-talk project of any number of caption words, for a seed plug-in (the caption benchmark's,
 * a test that needs more words than one request takes): a caption item per sentence on the
 * caption layer, styled like the rest of the seed, with common words ("the", "you") on every page
 * so that "all matches of a common word" is hundreds of words. Not part of the demo seed.
 */
import { DEFAULT_CAPTION_SETTINGS } from './seed.ts';
import type { SeedContext } from './seed-context.ts';
import { isoAt, thumbnailDataUri, toFrame } from './seed-context.ts';
import { captionWordsFor, FPS } from './seed-timeline.ts';
import type { ProjectRecord, Workspace } from './workspace.ts';
import type { CaptionWord, TimelineItem } from '@/api/schema.gen.ts';

const LINES = [
  'the hook is the first thing you say and the last thing they remember',
  'you only get one chance to stop the scroll so make the first frame count',
  'cut the pause before the punchline and the joke lands twice as hard',
  'the best captions follow the voice not the script',
  'when you show the result first the process becomes the story',
  'keep the text big and the lines short so the eye never hunts',
  'your audience watches on mute more often than you think',
  'the second hook arrives at the midpoint and resets the clock',
  'make the keyword pop and let the rest of the sentence breathe',
  'if you can say it in five words do not use ten',
  'the loop works when the last line sets up the first',
  'you are not editing a video you are editing attention',
];

export interface TalkPlan {
  name: string;
  description: string;
  wordCount: number;
  /** The project's shape (9:16 unless said). */
  aspectRatio?: string;
}

/** Adds the talk to `workspace`, its random choices from `ctx`'s stream. */
export function seedCaptionTalk(
  ctx: SeedContext,
  workspace: Workspace,
  { name, description, wordCount, aspectRatio = '9:16' }: TalkPlan,
): void {
  const { rng } = ctx;
  const id = rng.uuid();
  const captionItems: TimelineItem[] = [];
  const captionWords: CaptionWord[] = [];
  let at = 0.5;
  let line = 0;
  while (captionWords.length < wordCount) {
    const sentence = (LINES[line % LINES.length] ?? 'the hook').split(' ');
    // A caption of 4 to 8 words from the sentence, about 0.32 s per word.
    const size = Math.min(rng.int(4, 8), wordCount - captionWords.length);
    const offset = rng.int(0, Math.max(0, sentence.length - size));
    const text = sentence.slice(offset, offset + size).join(' ');
    const start = toFrame(at);
    const end = toFrame(at + size * 0.32);
    const item: TimelineItem = {
      id: `ti_${rng.hex(12)}`,
      type: 'caption',
      name: `Caption ${line + 1}`,
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
    captionItems.push(item);
    captionWords.push(
      ...captionWordsFor(ctx, item, text, Math.floor(line / 6), captionWords.length),
    );
    at = end + 0.2;
    line += 1;
  }
  const duration = toFrame(at + 1);
  const created = isoAt(ctx, -60);
  const record: ProjectRecord = {
    project: {
      id,
      name,
      description,
      aspect_ratio: aspectRatio,
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
        {
          index: 0,
          name: 'Main camera',
          kind: 'video',
          locked: false,
          items: [
            {
              id: `ti_${rng.hex(12)}`,
              type: 'video',
              name: 'Talk - full take',
              layer_index: 0,
              start_seconds: 0,
              end_seconds: duration,
              source_start_seconds: 0,
              source_end_seconds: duration,
              asset_id: null,
              thumbnail_url: null,
              text: null,
              effects: [],
            },
          ],
        },
        { index: 1, name: 'Captions', kind: 'caption', locked: false, items: captionItems },
      ],
    },
    captionWords,
    captionStyle: { settings: { ...DEFAULT_CAPTION_SETTINGS }, look_id: null, preset_id: null },
    exports: [],
    facelessRevisions: [],
  };
  workspace.projects.push(record);
}
