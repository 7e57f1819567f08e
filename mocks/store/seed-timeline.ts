/**
 * Seeded timelines: several layers (video, b-roll, overlays, titles, captions, music, voiceover
 * and a locked brand layer), items that never overlap within a layer, frame-aligned at 30 fps,
 * and the caption words of every caption item with varied styles.
 */
import type { TimelineItemType } from './contract.ts';
import type { SeedContext } from './seed-context.ts';
import { CDN_BASE, round3, toFrame } from './seed-context.ts';
import type { AssetRecord, LayerState, TimelineState } from './workspace.ts';
import type { CaptionWord, CaptionWordStyle, TimelineItem } from '@/api/schema.gen.ts';

export const FPS = 30;

const SCRIPT = [
  'Most creators lose viewers in the first three seconds',
  'Here is the hook that doubled our retention overnight',
  'Start with the payoff then explain how you got there',
  'Cut every pause longer than half a second',
  'Captions are not optional when most people watch on mute',
  'Keep one idea per clip and end on a question',
  'We tested forty thumbnails and the winner surprised us',
  'Your first draft is for you the second is for the audience',
  'Batch record on Mondays and edit on Tuesdays',
  'Show the result before you show the process',
  'The best b-roll answers the question the viewer just had',
  'Let the music drop exactly where the reveal lands',
];

const KEYWORDS = new Set([
  'hook',
  'retention',
  'payoff',
  'captions',
  'thumbnails',
  'result',
  'reveal',
  'doubled',
  'winner',
]);

const TITLES = [
  'Three mistakes to avoid',
  'Step 1: the hook',
  'Step 2: the proof',
  'Step 3: the payoff',
  'Watch till the end',
  'Results after 30 days',
  'Before / after',
  'Follow for part 2',
];

const OVERLAYS = [
  'Lower third - speaker name',
  'Progress bar',
  'Subscribe sticker',
  'Arrow callout',
  'Zoom frame',
  'Emoji burst',
  'Highlight box',
];

const TITLE_COLORS = ['#FFFFFF', '#FACC15', '#22D3EE', '#F472B6'];
const TITLE_FONTS = ['Montserrat', 'Inter'];

/** A title's text style (no randomness: the seed's other draws stay as they were). Every third
 * title uses the project's default font, so it carries no font family. */
function titleStyle(n: number): NonNullable<TimelineItem['text_style']> {
  const color = TITLE_COLORS[n % TITLE_COLORS.length]!;
  return n % 3 === 2 ? { color } : { color, font_family: TITLE_FONTS[n % TITLE_FONTS.length]! };
}

interface LayerPlan {
  name: string;
  kind: LayerState['kind'];
  type: TimelineItemType;
  share: number;
  fill: number;
  locked?: boolean;
}

const LAYER_PLANS: LayerPlan[] = [
  { name: 'Main camera', kind: 'video', type: 'video', share: 0.2, fill: 0.97 },
  { name: 'B-roll', kind: 'video', type: 'video', share: 0.14, fill: 0.6 },
  { name: 'Overlays', kind: 'overlay', type: 'overlay', share: 0.08, fill: 0.45 },
  { name: 'Titles', kind: 'text', type: 'text', share: 0.08, fill: 0.5 },
  { name: 'Captions', kind: 'caption', type: 'caption', share: 0.42, fill: 0.92 },
  { name: 'Music', kind: 'audio', type: 'audio', share: 0.03, fill: 0.95 },
  { name: 'Voiceover', kind: 'audio', type: 'audio', share: 0.05, fill: 0.7 },
];

/** Splits [0, duration) into `count` slots and places one item inside each slot. */
function placeItems(
  ctx: SeedContext,
  count: number,
  duration: number,
  fill: number,
): Array<[number, number]> {
  const slot = duration / count;
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < count; i += 1) {
    const slotStart = i * slot;
    const length = Math.max(slot * fill * ctx.rng.float(0.8, 1), 2 / FPS);
    const offset = ctx.rng.float(0, Math.max(0, slot - length));
    const start = toFrame(slotStart + offset);
    let end = toFrame(start + length);
    const slotEnd = toFrame(slotStart + slot);
    if (end > slotEnd) end = slotEnd;
    if (end <= start) end = toFrame(start + 1 / FPS);
    spans.push([start, end]);
  }
  return spans;
}

function wordStyle(ctx: SeedContext, word: string, emphasis: boolean): CaptionWordStyle {
  const keyword = KEYWORDS.has(word.toLowerCase());
  const style: CaptionWordStyle = {
    offsetX: 0,
    offsetY: 0,
    rotationDeg: 0,
    scale: emphasis ? 1.2 : 1,
    letterSpacing: 0,
    opacity: 1,
    textStrokeWidthPx: 2,
    textStrokeBlurPx: 0,
    glowBlurPx: emphasis ? 8 : 0,
    textGradientAngleDeg: 90,
    backgroundRadiusPx: 6,
    fontFamily: 'Montserrat',
    fontWeight: emphasis ? '900' : '700',
    color: keyword ? '#facc15' : emphasis ? '#22d3ee' : '#ffffff',
    activeColor: '#facc15',
    backgroundColor: 'transparent',
    textStrokeColor: '#000000',
    textShadow: '0 2px 6px rgba(0,0,0,0.6)',
    glowColor: emphasis ? '#22d3ee' : 'transparent',
    textGradientFrom: '#ffffff',
    textGradientTo: '#ffffff',
    emojiName: '',
    emojiScale: '1',
    activeAnimation: 'none',
    fontStyle: 'normal',
    textTransform: 'none',
    isSpecial: false,
    isKeyword: keyword,
  };
  if (keyword && ctx.rng.chance(0.4)) {
    style.textGradientFrom = '#f472b6';
    style.textGradientTo = '#facc15';
    style.isSpecial = true;
  }
  if (emphasis && ctx.rng.chance(0.3)) {
    style.emojiName = ctx.rng.pick(['fire', 'rocket', 'eyes', 'sparkles']);
    style.rotationDeg = ctx.rng.pick([-4, 3, 5]);
  }
  return style;
}

/** Caption words of one caption item, spread evenly over its span. */
export function captionWordsFor(
  ctx: SeedContext,
  item: TimelineItem,
  text: string,
  paragraphIndex: number,
  firstSequenceIndex: number,
): CaptionWord[] {
  const words = text.split(' ');
  const span = item.end_seconds - item.start_seconds;
  const captionId = `cap_${item.id.slice(3)}`;
  return words.map((word, orderIndex) => {
    const start = toFrame(item.start_seconds + (span * orderIndex) / words.length);
    const end = toFrame(item.start_seconds + (span * (orderIndex + 1)) / words.length);
    const emphasis = KEYWORDS.has(word.toLowerCase()) || ctx.rng.chance(0.08);
    return {
      id: `cw_${ctx.rng.hex(16)}`,
      captionId,
      timelineItemId: item.id,
      word,
      orderIndex,
      sequenceIndex: firstSequenceIndex + orderIndex,
      paragraphIndex,
      isEmphasis: emphasis,
      startUnits: Math.round(start * FPS),
      endUnits: Math.round(end * FPS),
      startSeconds: start,
      endSeconds: end,
      style: wordStyle(ctx, word, emphasis),
    };
  });
}

function captionText(ctx: SeedContext, index: number): string {
  const sentence = SCRIPT[index % SCRIPT.length] ?? SCRIPT[0] ?? 'Hello';
  const words = sentence.split(' ');
  const size = ctx.rng.int(3, 5);
  const start = (index * 2) % Math.max(1, words.length - size);
  return words.slice(start, start + size).join(' ');
}

export interface SeededTimeline {
  timeline: TimelineState;
  captionWords: CaptionWord[];
}

/**
 * The layer plans for `layerCount` layers: the seven kinds repeated in order ("B-roll 2", …),
 * each repeat sharing its kind's items (a seed plug-in's large projects use 20 layers).
 */
function plansFor(layerCount: number | undefined): LayerPlan[] {
  if (!layerCount || layerCount <= LAYER_PLANS.length) return LAYER_PLANS;
  const kinds = LAYER_PLANS.length;
  return Array.from({ length: layerCount }, (_, i) => {
    const base = LAYER_PLANS[i % kinds]!;
    const round = Math.floor(i / kinds);
    const copies = Math.floor(layerCount / kinds) + (i % kinds < layerCount % kinds ? 1 : 0);
    return {
      ...base,
      name: round === 0 ? base.name : `${base.name} ${round + 1}`,
      share: base.share / copies,
    };
  });
}

export function generateTimeline(
  ctx: SeedContext,
  options: {
    itemCount: number;
    durationSeconds: number;
    assets: readonly AssetRecord[];
    /** Layers in all (kinds repeat beyond seven), the locked brand layer included when there is one. */
    layerCount?: number;
    /** The locked brand layer on top (default true). */
    lockedLayer?: boolean;
  },
): SeededTimeline {
  const { itemCount, durationSeconds, assets } = options;
  const locked = options.lockedLayer !== false;
  const plans = plansFor(
    options.layerCount === undefined ? undefined : options.layerCount - (locked ? 1 : 0),
  );
  const videoAssets = assets.filter((asset) => asset.kind === 'video');
  const audioAssets = assets.filter((asset) => asset.kind === 'audio');
  const imageAssets = assets.filter((asset) => asset.kind === 'image');
  const layers: LayerState[] = [];
  const captionWords: CaptionWord[] = [];
  const newId = (): string => `ti_${ctx.rng.hex(12)}`;
  let captionIndex = 0;

  plans.forEach((plan, index) => {
    const count = Math.max(1, Math.round(itemCount * plan.share));
    const spans = placeItems(ctx, count, durationSeconds, plan.fill);
    const items = spans.map(([start, end], n): TimelineItem => {
      let type: TimelineItemType = plan.type;
      if (plan.name.startsWith('B-roll') && imageAssets.length > 0 && ctx.rng.chance(0.35))
        type = 'image';
      const pool =
        type === 'video'
          ? videoAssets
          : type === 'audio'
            ? audioAssets
            : type === 'image'
              ? imageAssets
              : [];
      const asset = pool.length > 0 ? ctx.rng.pick(pool) : undefined;
      const base = {
        id: newId(),
        type,
        layer_index: index,
        start_seconds: start,
        end_seconds: end,
        effects: [],
      };
      if (type === 'text') {
        const text = ctx.rng.pick(TITLES);
        return {
          ...base,
          name: `Title: ${text}`,
          source_start_seconds: null,
          source_end_seconds: null,
          asset_id: null,
          thumbnail_url: null,
          text,
          text_style: titleStyle(n),
        };
      }
      if (type === 'caption') {
        const text = captionText(ctx, captionIndex);
        const item: TimelineItem = {
          ...base,
          name: `Caption ${captionIndex + 1}`,
          source_start_seconds: null,
          source_end_seconds: null,
          asset_id: null,
          thumbnail_url: null,
          text,
        };
        captionWords.push(
          ...captionWordsFor(ctx, item, text, Math.floor(captionIndex / 4), captionWords.length),
        );
        captionIndex += 1;
        return item;
      }
      if (type === 'overlay') {
        const name = ctx.rng.pick(OVERLAYS);
        return {
          ...base,
          name,
          source_start_seconds: null,
          source_end_seconds: null,
          asset_id: null,
          thumbnail_url: null,
          text: null,
        };
      }
      const length = end - start;
      const sourceDuration = asset?.duration_seconds ?? Math.max(length, 60);
      const sourceStart =
        type === 'image' ? 0 : toFrame(ctx.rng.float(0, Math.max(0, sourceDuration - length)));
      const label = asset ? asset.name.replace(/\.[a-z0-9]+$/i, '') : plan.name;
      return {
        ...base,
        name:
          type === 'audio' && plan.name.startsWith('Music')
            ? `Music: ${label}`
            : `${label} #${n + 1}`,
        source_start_seconds: sourceStart,
        source_end_seconds: type === 'image' ? round3(length) : round3(sourceStart + length),
        asset_id: asset?.id ?? null,
        thumbnail_url: asset?.thumbnail_url ?? `${CDN_BASE}/frames/${base.id}.jpg`,
        text: null,
        effects:
          type === 'video' && ctx.rng.chance(0.1)
            ? [{ effect_id: `fx_${ctx.rng.hex(10)}`, effect_type: 'zoom' }]
            : [],
      };
    });
    layers.push({ index, name: plan.name, kind: plan.kind, locked: false, items });
  });

  // A locked brand layer: its watermark cannot be moved or deleted (per-item failure demo).
  if (locked)
    layers.push({
      index: layers.length,
      name: 'Brand watermark (locked)',
      kind: 'overlay',
      locked: true,
      items: [
        {
          id: newId(),
          type: 'overlay',
          name: 'Logo watermark',
          layer_index: layers.length,
          start_seconds: 0,
          end_seconds: toFrame(durationSeconds),
          source_start_seconds: null,
          source_end_seconds: null,
          asset_id: null,
          thumbnail_url: null,
          text: null,
          effects: [],
        },
      ],
    });

  return { timeline: { revision: 1, fps: FPS, layers }, captionWords };
}
