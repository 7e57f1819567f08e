/**
 * The Words view's document and its transcript. The document is two resources read as one: the
 * project's timeline and every caption word (the same caches the timeline editor and the caption
 * styler read). The transcript is what a person reads: the spoken words of one caption layer in
 * timeline order, their times in whole frames, grouped into paragraphs (the words' own paragraph,
 * a new speaker's clip under them, or a long run), with the pauses between them.
 */
import type { WordsDoc } from '@/api/caption-queries.ts';
import type { CaptionWord, Timeline, TimelineItem } from '@/api/schema.gen.ts';
import { nearestFrame } from '@/shared-rules/frame-time.ts';

export interface WordsDocument {
  timeline: Timeline;
  words: WordsDoc;
}

export interface Paragraph {
  /** Position among the paragraphs. */
  index: number;
  /** First and last word (positions in `Transcript.words`), inclusive. */
  first: number;
  last: number;
  /** The clip under its first word on the talk's layer (the speaker), or null. */
  speaker: string | null;
}

export interface CaptionLayerChoice {
  index: number;
  name: string;
  words: number;
  locked: boolean;
}

export interface Transcript {
  fps: number;
  /** The caption layer the words come from (null: the project has no caption words). */
  layerIndex: number | null;
  /** Caption layers that have words (a project may have several: a choice). */
  layers: readonly CaptionLayerChoice[];
  /** The layer's words in timeline order. */
  words: readonly CaptionWord[];
  /** Each word's start and end in frames. */
  start: Int32Array;
  end: Int32Array;
  paragraphs: readonly Paragraph[];
  /** Each word's paragraph. */
  paragraphOf: Int32Array;
  /** The cut's length in frames (the end of its last item). */
  durationFrames: number;
  /** Position of each word by id. */
  positionOf: ReadonlyMap<string, number>;
}

/** A run of words this long starts a new paragraph at its next pause (a readable block). */
const SOFT_PARAGRAPH_WORDS = 60;
/** ... and at the latest here. */
const HARD_PARAGRAPH_WORDS = 100;
/** A pause at least this long ends a long run (seconds). */
const SOFT_BREAK_SECONDS = 0.3;

export function timelineEnd(timeline: Timeline): number {
  let end = 0;
  for (const layer of timeline.layers)
    for (const item of layer.items) end = Math.max(end, item.end_seconds);
  return end;
}

/** Caption layers with words, the one with the most words first (ties: the lowest layer). */
export function captionLayers(doc: WordsDocument): CaptionLayerChoice[] {
  const layerOfItem = new Map<string, number>();
  for (const layer of doc.timeline.layers)
    if (layer.kind === 'caption')
      for (const item of layer.items) layerOfItem.set(item.id, layer.index);
  const counts = new Map<number, number>();
  for (const word of doc.words.words) {
    const layer = layerOfItem.get(word.timelineItemId ?? '');
    if (layer !== undefined) counts.set(layer, (counts.get(layer) ?? 0) + 1);
  }
  return doc.timeline.layers
    .filter((layer) => counts.has(layer.index))
    .map((layer) => ({
      index: layer.index,
      name: layer.name,
      words: counts.get(layer.index) ?? 0,
      locked: layer.locked === true,
    }))
    .sort((a, b) => b.words - a.words || a.index - b.index);
}

/** The talk's clips: the lowest video (else audio) layer with items, sorted by start. */
function speakerClips(timeline: Timeline): TimelineItem[] {
  const layer =
    timeline.layers.find((candidate) => candidate.kind === 'video' && candidate.items.length > 0) ??
    timeline.layers.find((candidate) => candidate.kind === 'audio' && candidate.items.length > 0);
  return layer ? [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds) : [];
}

const transcripts = new WeakMap<WordsDoc, WeakMap<Timeline, Map<number | null, Transcript>>>();

/**
 * The transcript of `layerIndex` (default: the caption layer with the most words), computed once
 * per document (10,000 words: one sort and one pass).
 */
export function transcriptOf(doc: WordsDocument, layerIndex?: number | null): Transcript {
  let byTimeline = transcripts.get(doc.words);
  if (!byTimeline) transcripts.set(doc.words, (byTimeline = new WeakMap()));
  let byLayer = byTimeline.get(doc.timeline);
  if (!byLayer) byTimeline.set(doc.timeline, (byLayer = new Map()));
  const key = layerIndex ?? null;
  let transcript = byLayer.get(key);
  if (!transcript) byLayer.set(key, (transcript = buildTranscript(doc, layerIndex)));
  return transcript;
}

function buildTranscript(doc: WordsDocument, wanted?: number | null): Transcript {
  const { timeline } = doc;
  const fps = timeline.fps > 0 ? timeline.fps : doc.words.fps || 30;
  const layers = captionLayers(doc);
  const layer =
    (wanted !== undefined && wanted !== null
      ? layers.find((candidate) => candidate.index === wanted)
      : undefined) ?? layers[0];
  const layerIndex = layer?.index ?? null;
  const itemsOfLayer = new Set(
    timeline.layers.find((candidate) => candidate.index === layerIndex)?.items.map((i) => i.id),
  );
  const words = doc.words.words
    .filter((word) => itemsOfLayer.has(word.timelineItemId ?? ''))
    .sort(
      (a, b) =>
        (a.startSeconds ?? 0) - (b.startSeconds ?? 0) ||
        (a.endSeconds ?? 0) - (b.endSeconds ?? 0) ||
        (a.orderIndex ?? 0) - (b.orderIndex ?? 0),
    );
  const count = words.length;
  const start = new Int32Array(count);
  const end = new Int32Array(count);
  const positionOf = new Map<string, number>();
  words.forEach((word, i) => {
    start[i] = nearestFrame(word.startSeconds ?? 0, fps);
    end[i] = Math.max(start[i]!, nearestFrame(word.endSeconds ?? word.startSeconds ?? 0, fps));
    positionOf.set(word.id, i);
  });

  const clips = speakerClips(timeline);
  let clip = 0;
  const speakerAt = (frame: number): TimelineItem | null => {
    const seconds = frame / fps;
    while (clip < clips.length && clips[clip]!.end_seconds <= seconds) clip += 1;
    const candidate = clips[clip];
    return candidate && candidate.start_seconds <= seconds ? candidate : null;
  };

  const paragraphs: Paragraph[] = [];
  const paragraphOf = new Int32Array(count);
  let current: Paragraph | null = null;
  let currentClip: TimelineItem | null = null;
  for (let i = 0; i < count; i += 1) {
    const word = words[i]!;
    const under = speakerAt(Math.floor((start[i]! + end[i]!) / 2));
    const size = current ? i - current.first : 0;
    const gap = i > 0 ? (start[i]! - end[i - 1]!) / fps : 0;
    const breaks =
      !current ||
      (word.paragraphIndex ?? 0) !== (words[current.first]!.paragraphIndex ?? 0) ||
      // A new speaker (by the clip's name: a cut splits a clip into pieces of the same name).
      (under !== null && currentClip !== null && under.name !== currentClip.name) ||
      (size >= SOFT_PARAGRAPH_WORDS && gap >= SOFT_BREAK_SECONDS) ||
      size >= HARD_PARAGRAPH_WORDS;
    if (breaks) {
      current = { index: paragraphs.length, first: i, last: i, speaker: under?.name ?? null };
      paragraphs.push(current);
      currentClip = under;
    } else if (current) {
      current.last = i;
      currentClip ??= under;
      current.speaker ??= under?.name ?? null;
    }
    paragraphOf[i] = current!.index;
  }

  return {
    fps,
    layerIndex,
    layers,
    words,
    start,
    end,
    paragraphs,
    paragraphOf,
    durationFrames: nearestFrame(timelineEnd(timeline), fps),
    positionOf,
  };
}

/** The pause before word `i` in seconds (from the end of the word before; 0 for the first). */
export function pauseBefore(transcript: Transcript, i: number): number {
  if (i <= 0 || i >= transcript.words.length) return 0;
  return Math.max(0, transcript.start[i]! - transcript.end[i - 1]!) / transcript.fps;
}

/** The word under (or last before) `seconds`, or -1 before the first word. */
export function wordAt(transcript: Transcript, seconds: number): number {
  // Half a frame of leeway: a seek to a word's start (milliseconds) lands on its frame.
  const frame = seconds * transcript.fps + 0.5;
  let low = 0;
  let high = transcript.words.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (transcript.start[mid]! <= frame) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
