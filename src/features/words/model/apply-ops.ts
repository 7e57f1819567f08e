/**
 * The batch operations a cut and its restore send (split, trim, move, remove, restore, join),
 * applied to a copy of the document as the contract describes them, caption words included: what
 * the screen shows while the batch is saved, and what it settles on when the service's answer
 * agrees (words.ts checks the answer before it does).
 *
 * - split: the part after `at` gets the new id, its source from there, the fade out; the part
 *   before keeps the id and the fade in; a word starting at or after `at` goes with the part after,
 *   a word across it stays before, ending there;
 * - trim: start and end snapped to frames, the source with them; the item's words outside go;
 * - move: the item and its words by the same amount;
 * - remove: the item and its words;
 * - restore: the item as given, its words listed after the caption before it on its layer;
 * - join: the second item's span, source end, fade out and words go to the first.
 *
 * The word list is rebuilt as the service lists it: a split's part after its source, a restored
 * caption where it was; unchanged words keep their objects.
 */
import type {
  CaptionSpan,
  CaptionWord,
  TimelineBatchOperation,
  TimelineItem,
  TimelineLayer,
} from '@/api/schema.gen.ts';
import { frameTime, nearestFrame, shiftedTime } from '@/shared-rules/frame-time.ts';
import { roundMs } from './frames.ts';
import type { WordsDocument } from './transcript.ts';

type Op<Id extends TimelineBatchOperation['operation_id']> = Extract<
  TimelineBatchOperation,
  { operation_id: Id }
>;

interface Draft {
  fps: number;
  /** The ids on each layer the batch touched (the others keep their arrays). */
  layers: Map<number, Set<string>>;
  layerOf: Map<string, number>;
  items: Map<string, TimelineItem>;
  words: Map<string, CaptionWord[]>;
  /** The item whose words a split's part (or a restored caption) is listed after / before. */
  after: Map<string, string>;
  before: Map<string, string>;
  restored: string[];
  wordsMoved: boolean;
  /** Words removed by trims (the list keeps its order otherwise). */
  trimmed: Set<string>;
  /** Items moved or trimmed (their words' times changed in place). */
  retimed: Set<string>;
  /** Caption words removals and trims took out (as the service counts them). */
  removedWords: number;
}

const snap = (seconds: number, fps: number) => frameTime(nearestFrame(seconds, fps), fps);

function layerIds(draft: Draft, index: number, timelineLayers: readonly TimelineLayer[]) {
  let ids = draft.layers.get(index);
  if (!ids) {
    ids = new Set(timelineLayers.find((layer) => layer.index === index)?.items.map((i) => i.id));
    draft.layers.set(index, ids);
  }
  return ids;
}

/** The document after `ops`, as the service applies them. */
export const applyOps = (
  doc: WordsDocument,
  ops: readonly TimelineBatchOperation[],
): WordsDocument => applyOpsCounting(doc, ops).doc;

/** The document after `ops`, and how many caption words they removed (the service's count). */
export function applyOpsCounting(
  doc: WordsDocument,
  ops: readonly TimelineBatchOperation[],
): { doc: WordsDocument; removedWords: number } {
  if (ops.length === 0) return { doc, removedWords: 0 };
  const { timeline } = doc;
  const fps = timeline.fps > 0 ? timeline.fps : 30;
  const draft: Draft = {
    fps,
    layers: new Map(),
    layerOf: new Map(),
    items: new Map(),
    words: new Map(),
    after: new Map(),
    before: new Map(),
    restored: [],
    wordsMoved: false,
    trimmed: new Set(),
    retimed: new Set(),
    removedWords: 0,
  };
  for (const layer of timeline.layers)
    for (const item of layer.items) {
      draft.layerOf.set(item.id, layer.index);
      draft.items.set(item.id, item);
    }
  for (const word of doc.words.words) {
    const key = word.timelineItemId ?? '';
    const list = draft.words.get(key);
    if (list) list.push(word);
    else draft.words.set(key, [word]);
  }
  const replace = (item: TimelineItem) => {
    layerIds(draft, draft.layerOf.get(item.id)!, timeline.layers);
    draft.items.set(item.id, item);
  };
  const insert = (item: TimelineItem) => {
    layerIds(draft, item.layer_index, timeline.layers).add(item.id);
    draft.layerOf.set(item.id, item.layer_index);
    draft.items.set(item.id, item);
  };
  const drop = (id: string) => {
    const layer = draft.layerOf.get(id);
    if (layer === undefined) return;
    layerIds(draft, layer, timeline.layers).delete(id);
    draft.layerOf.delete(id);
    draft.items.delete(id);
    draft.removedWords += draft.words.get(id)?.length ?? 0;
    if (draft.words.delete(id)) draft.wordsMoved = true;
  };
  const setWords = (id: string, words: CaptionWord[]) => {
    draft.words.set(id, words);
    draft.wordsMoved = true;
  };

  for (const op of ops) {
    switch (op.operation_id) {
      case 'timeline.item.move':
        move(draft, op, replace);
        break;
      case 'timeline.item.trim':
        trim(draft, op, replace, drop);
        break;
      case 'timeline.item.split':
        split(draft, op, replace, insert, setWords);
        break;
      case 'timeline.item.remove':
        drop(op.timeline_item_id);
        break;
      case 'timeline.item.join':
        join(draft, op, replace, drop, setWords);
        break;
      case 'timeline.item.restore':
        restore(draft, op, insert, setWords);
        break;
      default:
        throw new Error(`${op.operation_id} is not an operation of a cut.`);
    }
  }

  let duration = 0;
  const layers = timeline.layers.map((layer): TimelineLayer => {
    const ids = draft.layers.get(layer.index);
    const next = ids
      ? {
          ...layer,
          items: [...ids]
            .map((id) => draft.items.get(id)!)
            .sort((a, b) => a.start_seconds - b.start_seconds || a.end_seconds - b.end_seconds),
        }
      : layer;
    for (const item of next.items) duration = Math.max(duration, item.end_seconds);
    return next;
  });
  const nextTimeline = { ...timeline, layers, duration_seconds: roundMs(duration) };
  return {
    doc: { timeline: nextTimeline, words: wordsAfter(doc, draft, nextTimeline.layers) },
    removedWords: draft.removedWords,
  };
}

function shiftWord(word: CaptionWord, from: number, to: number, fps: number): CaptionWord {
  const startSeconds = shiftedTime(word.startSeconds ?? 0, from, to, fps);
  const endSeconds = shiftedTime(word.endSeconds ?? 0, from, to, fps);
  return {
    ...word,
    startSeconds,
    endSeconds,
    startUnits: Math.round(startSeconds * fps),
    endUnits: Math.round(endSeconds * fps),
  };
}

function move(draft: Draft, op: Op<'timeline.item.move'>, replace: (item: TimelineItem) => void) {
  const item = draft.items.get(op.timeline_item_id);
  if (!item) return;
  const start = snap(op.new_start_seconds, draft.fps);
  replace({
    ...item,
    start_seconds: start,
    end_seconds: shiftedTime(item.end_seconds, item.start_seconds, start, draft.fps),
  });
  const words = draft.words.get(item.id);
  if (words && start !== item.start_seconds) {
    draft.words.set(
      item.id,
      words.map((word) => shiftWord(word, item.start_seconds, start, draft.fps)),
    );
    draft.retimed.add(item.id);
  }
}

function trim(
  draft: Draft,
  op: Op<'timeline.item.trim'>,
  replace: (item: TimelineItem) => void,
  drop: (id: string) => void,
) {
  const item = draft.items.get(op.timeline_item_id);
  if (!item) return;
  const start = snap(item.start_seconds + (op.trim_start_delta_seconds ?? 0), draft.fps);
  const end = snap(item.end_seconds + (op.trim_end_delta_seconds ?? 0), draft.fps);
  const words = draft.words.get(item.id) ?? [];
  if (end - start <= 0) {
    for (const word of words) draft.trimmed.add(word.id);
    drop(item.id);
    return;
  }
  let sourceStart = item.source_start_seconds;
  let sourceEnd = item.source_end_seconds;
  if (item.type === 'image' && item.source_end_seconds !== null) {
    sourceStart = 0;
    sourceEnd = roundMs(Math.max(0, end - start));
  } else if (sourceStart !== null && sourceEnd !== null) {
    sourceStart = roundMs(sourceStart + (start - item.start_seconds));
    sourceEnd = roundMs(sourceEnd + (end - item.end_seconds));
  }
  replace({
    ...item,
    start_seconds: start,
    end_seconds: end,
    source_start_seconds: sourceStart,
    source_end_seconds: sourceEnd,
  });
  const kept = words.filter((word) => {
    const inside = (word.startSeconds ?? 0) >= start && (word.endSeconds ?? 0) <= end;
    if (!inside) {
      draft.trimmed.add(word.id);
      draft.removedWords += 1;
    }
    return inside;
  });
  if (kept.length !== words.length) draft.words.set(item.id, kept);
}

function split(
  draft: Draft,
  op: Op<'timeline.item.split'>,
  replace: (item: TimelineItem) => void,
  insert: (item: TimelineItem) => void,
  setWords: (id: string, words: CaptionWord[]) => void,
) {
  const item = draft.items.get(op.timeline_item_id);
  const id = op.new_timeline_item_id;
  if (!item || !id) return;
  const at = snap(op.at_seconds, draft.fps);
  const cut = roundMs(at - item.start_seconds);
  const after = roundMs(item.end_seconds - at);
  const left: TimelineItem = { ...item, end_seconds: at };
  const right: TimelineItem = { ...item, id, start_seconds: at };
  if (item.source_start_seconds !== null && item.source_end_seconds !== null) {
    if (item.type === 'image') {
      right.source_start_seconds = 0;
      right.source_end_seconds = after;
      left.source_end_seconds = cut;
    } else {
      right.source_start_seconds = roundMs(item.source_start_seconds + cut);
      left.source_end_seconds = roundMs(item.source_start_seconds + cut);
    }
  }
  if (item.audio) {
    const { fade_in_seconds: fadeIn, fade_out_seconds: fadeOut } = item.audio;
    left.audio = { ...item.audio, fade_in_seconds: Math.min(fadeIn, cut), fade_out_seconds: 0 };
    right.audio = { ...left.audio, fade_in_seconds: 0, fade_out_seconds: Math.min(fadeOut, after) };
  }
  replace(left);
  insert(right);
  const words = draft.words.get(item.id);
  if (words?.length) {
    const before: CaptionWord[] = [];
    const moved: CaptionWord[] = [];
    for (const word of words) {
      if ((word.startSeconds ?? 0) >= at - 1e-6)
        moved.push({ ...word, timelineItemId: id, captionId: `cap_${id}` });
      else if ((word.endSeconds ?? 0) > at)
        before.push({ ...word, endSeconds: at, endUnits: Math.round(at * draft.fps) });
      else before.push(word);
    }
    setWords(item.id, before);
    setWords(id, moved);
  }
  draft.after.set(id, item.id);
}

function join(
  draft: Draft,
  op: Op<'timeline.item.join'>,
  replace: (item: TimelineItem) => void,
  drop: (id: string) => void,
  setWords: (id: string, words: CaptionWord[]) => void,
) {
  const item = draft.items.get(op.timeline_item_id);
  const next = draft.items.get(op.other_timeline_item_id);
  if (!item || !next) return;
  const joined: TimelineItem = { ...item, end_seconds: next.end_seconds };
  if (item.source_start_seconds !== null && next.source_end_seconds !== null)
    joined.source_end_seconds =
      item.type === 'image'
        ? roundMs(joined.end_seconds - joined.start_seconds)
        : next.source_end_seconds;
  if (item.audio && next.audio)
    joined.audio = { ...item.audio, fade_out_seconds: next.audio.fade_out_seconds };
  replace(joined);
  const words = draft.words.get(next.id) ?? [];
  const own = draft.words.get(item.id) ?? [];
  if (words.length > 0) {
    const captionId = own[0]?.captionId ?? `cap_${item.id.replace(/^ti_/, '')}`;
    setWords(item.id, [
      ...own,
      ...words.map((word) => ({ ...word, timelineItemId: item.id, captionId })),
    ]);
    setWords(next.id, []);
  }
  drop(next.id);
}

function restore(
  draft: Draft,
  op: Op<'timeline.item.restore'>,
  insert: (item: TimelineItem) => void,
  setWords: (id: string, words: CaptionWord[]) => void,
) {
  const given = op.item;
  const start = snap(given.start_seconds, draft.fps);
  const end = snap(given.end_seconds, draft.fps);
  const length = roundMs(end - start);
  const item: TimelineItem = { ...given, start_seconds: start, end_seconds: end };
  if (given.type === 'image' && given.source_end_seconds !== null) {
    item.source_start_seconds = 0;
    item.source_end_seconds = length;
  } else if (given.source_start_seconds !== null && given.source_end_seconds !== null) {
    item.source_start_seconds = roundMs(given.source_start_seconds);
    item.source_end_seconds = roundMs(given.source_end_seconds);
  }
  if (item.audio) {
    const fadeIn = Math.min(item.audio.fade_in_seconds, length);
    item.audio = {
      ...item.audio,
      fade_in_seconds: fadeIn,
      fade_out_seconds: Math.min(item.audio.fade_out_seconds, roundMs(length - fadeIn)),
    };
  }
  insert(item);
  const captionId = `cap_${item.id.replace(/^ti_/, '')}`;
  const words = (op.caption_words ?? []).map((word, i): CaptionWord => {
    const from = snap(word.startSeconds ?? start, draft.fps);
    const to = snap(word.endSeconds ?? from, draft.fps);
    const restored: CaptionWord = {
      id: word.id,
      captionId,
      timelineItemId: item.id,
      word: word.word,
      orderIndex: word.orderIndex ?? i,
      ...(word.sequenceIndex !== undefined ? { sequenceIndex: word.sequenceIndex } : {}),
      ...(word.paragraphIndex !== undefined ? { paragraphIndex: word.paragraphIndex } : {}),
      isEmphasis: word.isEmphasis ?? false,
      startUnits: Math.round(from * draft.fps),
      endUnits: Math.round(to * draft.fps),
      startSeconds: from,
      endSeconds: to,
      style: word.style ?? {},
    };
    return restored;
  });
  setWords(item.id, words);
  draft.restored.push(item.id);
}

/** The word list after the batch, in the order the service lists it. */
function wordsAfter(
  doc: WordsDocument,
  draft: Draft,
  layers: readonly TimelineLayer[],
): WordsDocument['words'] {
  const before = doc.words;
  if (!draft.wordsMoved && draft.trimmed.size === 0 && draft.retimed.size === 0) return before;
  let words: CaptionWord[];
  if (!draft.wordsMoved) {
    // Moves and trims only: the list keeps its order; moved words are their new objects.
    words = [];
    const current = new Map<string, CaptionWord>();
    for (const id of draft.retimed)
      for (const word of draft.words.get(id) ?? []) current.set(word.id, word);
    for (const word of before.words)
      if (!draft.trimmed.has(word.id)) words.push(current.get(word.id) ?? word);
  } else {
    for (const id of draft.restored) placeRestored(draft, id, layers);
    words = rebuild(draft);
  }
  return {
    ...before,
    words,
    spans: spansOf(words, layers),
    total: before.total + words.length - before.words.length,
  };
}

/** A restored caption's words: after the caption before it on its layer, or before the next. */
function placeRestored(draft: Draft, id: string, layers: readonly TimelineLayer[]) {
  const item = draft.items.get(id);
  if (!item || !(draft.words.get(id)?.length ?? 0)) return;
  const layer = layers.find((candidate) => candidate.index === item.layer_index);
  let previous: TimelineItem | undefined;
  let next: TimelineItem | undefined;
  for (const other of layer?.items ?? []) {
    if (other.id === id || !(draft.words.get(other.id)?.length ?? 0)) continue;
    if (other.start_seconds < item.start_seconds) {
      if (!previous || other.start_seconds > previous.start_seconds) previous = other;
    } else if (!next || other.start_seconds < next.start_seconds) next = other;
  }
  if (previous) draft.after.set(id, previous.id);
  else if (next) draft.before.set(id, next.id);
}

/** The service's order: item by item as first listed, followers after, in time order. */
function rebuild(draft: Draft): CaptionWord[] {
  const out: CaptionWord[] = [];
  const emitted = new Set<string>();
  const followers = new Map<string, string[]>();
  const leaders = new Map<string, string[]>();
  for (const [id, source] of draft.after)
    followers.set(source, [...(followers.get(source) ?? []), id]);
  for (const [id, next] of draft.before) leaders.set(next, [...(leaders.get(next) ?? []), id]);
  const firstStart = (id: string) => draft.words.get(id)?.[0]?.startSeconds ?? Infinity;
  const emit = (id: string): void => {
    if (emitted.has(id)) return;
    emitted.add(id);
    for (const leader of leaders.get(id) ?? []) emit(leader);
    out.push(...(draft.words.get(id) ?? []));
    const list = followers.get(id);
    if (list)
      for (const follower of [...list].sort((a, b) => firstStart(a) - firstStart(b)))
        emit(follower);
  };
  for (const id of draft.words.keys()) if (!draft.after.has(id) && !draft.before.has(id)) emit(id);
  for (const id of draft.words.keys()) emit(id);
  return out;
}

/** Each caption's span, for the captions that have words. */
function spansOf(
  words: readonly CaptionWord[],
  layers: readonly TimelineLayer[],
): Map<string, CaptionSpan> {
  const withWords = new Set(words.map((word) => word.timelineItemId ?? ''));
  const spans = new Map<string, CaptionSpan>();
  for (const layer of layers)
    for (const item of layer.items)
      if (withWords.has(item.id))
        spans.set(item.id, {
          timelineItemId: item.id,
          startSeconds: item.start_seconds,
          endSeconds: item.end_seconds,
        });
  return spans;
}
