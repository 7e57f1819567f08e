/**
 * A small talking-head project for the model's tests, at 30 fps: two speakers on the main camera,
 * B-roll and a title above, three captions with fillers and pauses, music, and a locked watermark
 * over everything. Times are whole frames.
 */
import type { CaptionWord, Timeline, TimelineItem } from '@/api/schema.gen.ts';
import type { WordsDocument } from '../model/transcript.ts';

export const FPS = 30;
const t = (frame: number) => Math.round(frame * (1000 / FPS)) / 1000;

function item(
  fields: Partial<TimelineItem> & Pick<TimelineItem, 'id' | 'type' | 'name' | 'layer_index'>,
  from: number,
  to: number,
): TimelineItem {
  return {
    start_seconds: t(from),
    end_seconds: t(to),
    source_start_seconds: null,
    source_end_seconds: null,
    asset_id: null,
    thumbnail_url: null,
    text: null,
    effects: [],
    ...fields,
  };
}

const layout = {
  x: 540,
  y: 960,
  scale_x: 1,
  scale_y: 1,
  rotation_deg: 0,
  crop: { left: 0, top: 0, right: 0, bottom: 0 },
  width: 1080,
  height: 1920,
};
const audio = { volume_percent: 100, muted: false, fade_in_seconds: 0, fade_out_seconds: 0 };

/** Captions: [text, start frame, end frame] per word. */
const CAPTIONS: Array<{
  id: string;
  from: number;
  to: number;
  words: Array<[string, number, number]>;
}> = [
  {
    id: 'ti_cap1',
    from: 15,
    to: 135,
    words: [
      ['So', 15, 24],
      ['um,', 30, 39],
      ['we', 42, 48],
      ['started', 48, 60],
      ['the', 90, 96],
      ['company', 96, 114],
      ['umbrella', 117, 132],
    ],
  },
  {
    id: 'ti_cap2',
    from: 150,
    to: 285,
    words: [
      ['and', 150, 156],
      ['you', 162, 168],
      ['know', 168, 177],
      ['it', 180, 186],
      ['was', 186, 192],
      ['like', 195, 204],
      ['hard', 240, 255],
      ['Uh', 270, 279],
    ],
  },
  {
    id: 'ti_cap3',
    from: 315,
    to: 450,
    words: [
      ['I', 315, 321],
      ['mean', 321, 330],
      ['we', 336, 342],
      ['shipped', 342, 360],
      ['anyway', 375, 399],
    ],
  },
];

export function talkTimeline(options: { locked?: boolean } = {}): Timeline {
  const layers: Timeline['layers'] = [
    {
      index: 0,
      name: 'Main camera',
      kind: 'video',
      locked: false,
      items: [
        item(
          {
            id: 'ti_speakerA',
            type: 'video',
            name: 'Speaker A',
            layer_index: 0,
            source_start_seconds: 100,
            source_end_seconds: 105,
            asset_id: 'asset_a',
            layout,
            audio: { ...audio, fade_in_seconds: 0.5, fade_out_seconds: 0.5 },
          },
          0,
          150,
        ),
        item(
          {
            id: 'ti_speakerB',
            type: 'video',
            name: 'Speaker B',
            layer_index: 0,
            source_start_seconds: 0,
            source_end_seconds: 10,
            asset_id: 'asset_b',
            layout,
            audio,
            effects: [{ effect_id: 'fx_zoom', effect_type: 'zoom' }],
          },
          150,
          450,
        ),
      ],
    },
    {
      index: 1,
      name: 'B-roll',
      kind: 'video',
      locked: false,
      items: [
        item(
          {
            id: 'ti_broll',
            type: 'video',
            name: 'City at night',
            layer_index: 1,
            source_start_seconds: 20,
            source_end_seconds: 24,
            asset_id: 'asset_c',
            layout,
            audio,
          },
          60,
          180,
        ),
      ],
    },
    {
      index: 2,
      name: 'Titles',
      kind: 'text',
      locked: false,
      items: [
        item(
          {
            id: 'ti_title',
            type: 'text',
            name: 'Title: Building in public',
            layer_index: 2,
            text: 'Building in public',
            text_style: { color: '#FFFFFF' },
            layout: { ...layout, y: 420, width: 700, height: 86 },
          },
          0,
          60,
        ),
      ],
    },
    {
      index: 3,
      name: 'Captions',
      kind: 'caption',
      locked: false,
      items: CAPTIONS.map((caption, n) =>
        item(
          {
            id: caption.id,
            type: 'caption',
            name: `Caption ${n + 1}`,
            layer_index: 3,
            text: caption.words.map(([word]) => word).join(' '),
          },
          caption.from,
          caption.to,
        ),
      ),
    },
    {
      index: 4,
      name: 'Music',
      kind: 'audio',
      locked: false,
      items: [
        item(
          {
            id: 'ti_music',
            type: 'audio',
            name: 'Music: calm bed',
            layer_index: 4,
            source_start_seconds: 0,
            source_end_seconds: 15,
            asset_id: 'asset_music',
            audio: { ...audio, fade_out_seconds: 2 },
          },
          0,
          450,
        ),
      ],
    },
  ];
  if (options.locked !== false)
    layers.push({
      index: 5,
      name: 'Brand watermark (locked)',
      kind: 'overlay',
      locked: true,
      items: [
        item(
          { id: 'ti_logo', type: 'overlay', name: 'Logo watermark', layer_index: 5, layout },
          0,
          450,
        ),
      ],
    });
  return { project_id: 'p1', revision: 7, fps: FPS, duration_seconds: t(450), layers };
}

export function talkWords(): CaptionWord[] {
  const words: CaptionWord[] = [];
  CAPTIONS.forEach((caption, c) => {
    caption.words.forEach(([word, from, to], i) => {
      words.push({
        id: `cw_${c}_${i}`,
        captionId: `cap_${caption.id.slice(3)}`,
        timelineItemId: caption.id,
        word,
        orderIndex: i,
        sequenceIndex: words.length,
        paragraphIndex: c < 2 ? 0 : 1,
        isEmphasis: word === 'shipped',
        startUnits: from,
        endUnits: to,
        startSeconds: t(from),
        endSeconds: t(to),
        revision: 1,
        style: word === 'company' ? { color: '#FACC15', isKeyword: true } : {},
      });
    });
  });
  return words;
}

export function talkDoc(options: { locked?: boolean } = {}): WordsDocument {
  const words = talkWords();
  return {
    timeline: talkTimeline(options),
    words: {
      words,
      fps: FPS,
      total: words.length,
      spans: new Map(
        CAPTIONS.map((caption) => [
          caption.id,
          { timelineItemId: caption.id, startSeconds: t(caption.from), endSeconds: t(caption.to) },
        ]),
      ),
    },
  };
}

/** Every item of a timeline by id. */
export const itemsOf = (timeline: Timeline): Map<string, TimelineItem> =>
  new Map(timeline.layers.flatMap((layer) => layer.items.map((i) => [i.id, i] as const)));
