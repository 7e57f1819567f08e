/**
 * The assumed item operations of the timeline batch: layout on the 9:16 frame, sound (volume,
 * mute, fades), a text item's words, adding text and media overlays, split and its undo (join),
 * duplicate (also paste), removal (the undo of adding) and restore (an item removed earlier, with its
 * caption words: the undo of a cut made by words, a cut restored from the cut list). Each checks what the contract cannot
 * state (the item's type, a locked layer, a split inside the item, fades within its length, an id
 * in use) and changes the batch's draft; overlaps of created items are checked with the moves, once,
 * after the whole batch (timeline-batch.ts).
 */
import { shiftedTime } from '@/shared-rules/frame-time.ts';
import { layerAccepts } from '@/shared-rules/timeline-layer-rules.ts';
import { ApiError } from '../lib/errors.ts';
import { FPS } from '../store/seed-timeline.ts';
import { round3, toFrame } from '../store/seed-context.ts';
import {
  DEFAULT_FONT_SIZE,
  defaultAudio,
  defaultLayout,
  ensureItemGeometry,
  hasAudio,
  hasLayout,
  textSize,
} from '../store/item-geometry.ts';
import type { Schema } from '../store/contract.ts';
import type { LayerState, ProjectRecord, Workspace } from '../store/workspace.ts';
import { findAsset } from '../store/workspace.ts';
import { TimelineRuleError, type Located } from './timeline.ts';
import type { CaptionWord, TimelineItem, TimelineItemLayout } from '@/api/schema.gen.ts';

type Op<Id extends string> = Extract<Schema<'TimelineBatchOperation'>, { operation_id: Id }>;

/** What the item operations need of the batch's draft. */
export interface ItemDraft {
  workspace: Workspace;
  draft: ProjectRecord;
  find(itemId: string): Located | undefined;
  /** A new item joins the draft (indexed, its layer checked for overlaps at the end). */
  add(item: TimelineItem, layer: LayerState): void;
  /** An item leaves the draft with its caption words. */
  remove(located: Located): void;
  words(itemId: string): CaptionWord[];
  setWords(itemId: string, words: CaptionWord[]): void;
  /** Whether a caption word of the project (the draft) has this id. */
  wordTaken(wordId: string): boolean;
  /** A restored item joins the draft: its words are listed after those of the caption before it. */
  restored(item: TimelineItem): void;
  newItemId(): string;
  newWordId(): string;
  newEffectId(): string;
}

const frame = 1 / FPS;
const param = (prefix: string, field: string) => `${prefix}${field}`;

function locked(layer: LayerState, field: string): TimelineRuleError {
  return new TimelineRuleError(
    'locked_layer',
    field,
    `Layer ${layer.index} (${layer.name}) is locked; its items cannot be edited.`,
  );
}

function requireItem(ctx: ItemDraft, itemId: string, field: string): Located {
  const located = ctx.find(itemId);
  if (!located)
    throw new ApiError(404, 'not_found', `No timeline item ${itemId} in this project.`, field);
  return located;
}

function requireEditable(ctx: ItemDraft, itemId: string, prefix: string): Located {
  const located = requireItem(ctx, itemId, param(prefix, 'timeline_item_id'));
  if (located.layer.locked) throw locked(located.layer, param(prefix, 'timeline_item_id'));
  return located;
}

const assetKindOf = (ctx: ItemDraft) => (assetId: string) =>
  findAsset(ctx.workspace, assetId)?.kind;

/** A layer that exists, is not locked and takes items of `type`. */
function targetLayer(
  ctx: ItemDraft,
  index: number,
  type: TimelineItem['type'],
  field: string,
): LayerState {
  const layer = ctx.draft.timeline.layers.find((candidate) => candidate.index === index);
  if (!layer) throw new TimelineRuleError('unknown_layer', field, `There is no layer ${index}.`);
  if (layer.locked) throw locked(layer, field);
  if (!layerAccepts(layer.kind, type))
    throw new TimelineRuleError(
      'incompatible_layer',
      field,
      `A ${type} item cannot go on layer ${layer.index} (${layer.name}, ${layer.kind}).`,
    );
  return layer;
}

/** A new item's id: the one asked for (refused when in use) or a fresh one. */
function newIdFor(ctx: ItemDraft, wanted: string | undefined, field: string): string {
  if (wanted === undefined) return ctx.newItemId();
  if (ctx.find(wanted))
    throw new TimelineRuleError('id_taken', field, `An item with the id ${wanted} exists already.`);
  return wanted;
}

/** A span snapped to the project's frames, at least one frame long. */
function spanOf(start: number, end: number, prefix: string): { start: number; end: number } {
  const from = toFrame(start, FPS);
  const to = toFrame(end, FPS);
  if (to - from < frame - 1e-6)
    throw new TimelineRuleError(
      'invalid_span',
      param(prefix, 'end_seconds'),
      `The item must last at least one frame (${round3(frame)} s); it would run ${from}-${to} s.`,
    );
  return { start: from, end: to };
}

function withLayout(
  base: TimelineItemLayout,
  input: Partial<
    Pick<TimelineItemLayout, 'x' | 'y' | 'scale_x' | 'scale_y' | 'rotation_deg' | 'crop'>
  >,
  prefix: string,
): TimelineItemLayout {
  const next: TimelineItemLayout = {
    ...base,
    ...(input.x !== undefined ? { x: round3(input.x) } : {}),
    ...(input.y !== undefined ? { y: round3(input.y) } : {}),
    ...(input.scale_x !== undefined ? { scale_x: round3(input.scale_x) } : {}),
    ...(input.scale_y !== undefined ? { scale_y: round3(input.scale_y) } : {}),
    ...(input.rotation_deg !== undefined ? { rotation_deg: round3(input.rotation_deg) } : {}),
    ...(input.crop !== undefined ? { crop: { ...input.crop } } : {}),
  };
  const { crop } = next;
  if (crop.left + crop.right >= 0.95)
    throw new TimelineRuleError(
      'invalid_crop',
      param(prefix, 'crop.right'),
      'The left and right crops together must leave at least 5 % of the width.',
    );
  if (crop.top + crop.bottom >= 0.95)
    throw new TimelineRuleError(
      'invalid_crop',
      param(prefix, 'crop.bottom'),
      'The top and bottom crops together must leave at least 5 % of the height.',
    );
  return next;
}

/** A copy the batch's outcome can carry (later operations of the batch change the draft's). */
export const snapshot = (item: TimelineItem): TimelineItem => structuredClone(item);

// ─────────────────────────── layout, sound, text ───────────────────────────

export function applyLayout(
  ctx: ItemDraft,
  op: Op<'timeline.item.layout'>,
  prefix: string,
): Located {
  const located = requireEditable(ctx, op.timeline_item_id, prefix);
  const { item } = located;
  if (!hasLayout(item.type))
    throw new TimelineRuleError(
      'not_visual',
      param(prefix, 'timeline_item_id'),
      `"${item.name}" is a ${item.type} item; it has no place on the frame.`,
    );
  ensureItemGeometry(item, assetKindOf(ctx));
  item.layout = withLayout(item.layout!, op, prefix);
  return located;
}

export function applyAudio(ctx: ItemDraft, op: Op<'timeline.item.audio'>, prefix: string): Located {
  const located = requireEditable(ctx, op.timeline_item_id, prefix);
  const { item } = located;
  if (!hasAudio(item.type))
    throw new TimelineRuleError(
      'no_audio',
      param(prefix, 'timeline_item_id'),
      `"${item.name}" is a ${item.type} item; it has no sound.`,
    );
  const before = item.audio ?? defaultAudio();
  const next = {
    volume_percent: op.volume_percent ?? before.volume_percent,
    muted: op.muted ?? before.muted,
    fade_in_seconds: round3(op.fade_in_seconds ?? before.fade_in_seconds),
    fade_out_seconds: round3(op.fade_out_seconds ?? before.fade_out_seconds),
  };
  const length = round3(item.end_seconds - item.start_seconds);
  if (next.fade_in_seconds + next.fade_out_seconds > length + 1e-6)
    throw new TimelineRuleError(
      'invalid_fade',
      param(prefix, op.fade_out_seconds !== undefined ? 'fade_out_seconds' : 'fade_in_seconds'),
      `The fades (${next.fade_in_seconds} s in, ${next.fade_out_seconds} s out) are longer than "${item.name}" (${length} s).`,
    );
  item.audio = next;
  return located;
}

/** A text item's natural size follows its words and size (the layout's `width` and `height`). */
export function refitText(item: TimelineItem): void {
  if (item.type !== 'text' || !item.layout) return;
  const size = textSize(item.text ?? item.name, item.text_style?.font_size ?? DEFAULT_FONT_SIZE);
  item.layout = { ...item.layout, ...size };
}

export function applyTextContent(
  ctx: ItemDraft,
  op: Op<'timeline.item.text.content'>,
  prefix: string,
): Located {
  const located = requireEditable(ctx, op.timeline_item_id, prefix);
  const { item } = located;
  if (item.type !== 'text')
    throw new TimelineRuleError(
      'not_text',
      param(prefix, 'timeline_item_id'),
      `"${item.name}" is a ${item.type} item; only text items have text to edit.`,
    );
  ensureItemGeometry(item);
  item.text = op.text;
  if (item.name.startsWith('Title: ') || item.name === '') item.name = titleName(op.text);
  refitText(item);
  return located;
}

const titleName = (text: string) => `Title: ${text.replace(/\s+/g, ' ').trim().slice(0, 60)}`;

// ─────────────────────────── additions ───────────────────────────

export function addText(ctx: ItemDraft, op: Op<'timeline.text.add'>, prefix: string): TimelineItem {
  const layer = targetLayer(ctx, op.layer_index, 'text', param(prefix, 'layer_index'));
  const id = newIdFor(ctx, op.timeline_item_id, param(prefix, 'timeline_item_id'));
  const { start, end } = spanOf(op.start_seconds, op.end_seconds, prefix);
  const item: TimelineItem = {
    id,
    type: 'text',
    name: titleName(op.text),
    layer_index: layer.index,
    start_seconds: start,
    end_seconds: end,
    source_start_seconds: null,
    source_end_seconds: null,
    asset_id: null,
    thumbnail_url: null,
    text: op.text,
    text_style: {
      color: op.color.toUpperCase(),
      ...(op.font_family !== undefined ? { font_family: op.font_family } : {}),
      ...(op.font_size !== undefined ? { font_size: op.font_size } : {}),
    },
    effects: [],
  };
  item.layout = withLayout(defaultLayout(item), op.layout ?? {}, `${prefix}layout.`);
  ctx.add(item, layer);
  return item;
}

export function addOverlay(
  ctx: ItemDraft,
  op: Op<'timeline.overlay.add'>,
  prefix: string,
): { item: TimelineItem; warnings: string[] } {
  const asset = findAsset(ctx.workspace, op.asset_id);
  if (!asset)
    throw new ApiError(
      404,
      'not_found',
      `No media asset ${op.asset_id} in this workspace.`,
      param(prefix, 'asset_id'),
    );
  if (asset.kind === 'audio')
    throw new TimelineRuleError(
      'not_visual',
      param(prefix, 'asset_id'),
      `"${asset.name}" is audio; an overlay shows an image or a video.`,
    );
  const layer = targetLayer(ctx, op.layer_index, 'overlay', param(prefix, 'layer_index'));
  const id = newIdFor(ctx, op.timeline_item_id, param(prefix, 'timeline_item_id'));
  const span = spanOf(op.start_seconds, op.end_seconds, prefix);
  const start = span.start;
  let end = span.end;
  const warnings: string[] = [];
  const duration = asset.kind === 'video' ? (asset.duration_seconds ?? null) : null;
  if (duration !== null && end - start > duration + 1e-6) {
    end = toFrame(start + duration, FPS);
    warnings.push(`"${asset.name}" is ${duration} s long: the overlay ends at ${end} s.`);
  }
  const item: TimelineItem = {
    id,
    type: 'overlay',
    name: asset.name.replace(/\.[a-z0-9]+$/i, ''),
    layer_index: layer.index,
    start_seconds: start,
    end_seconds: end,
    source_start_seconds: 0,
    source_end_seconds: round3(end - start),
    asset_id: asset.id,
    thumbnail_url: asset.thumbnail_url,
    text: null,
    effects: [],
  };
  item.layout = withLayout(defaultLayout(item, asset.kind), op.layout ?? {}, `${prefix}layout.`);
  ctx.add(item, layer);
  return { item, warnings };
}

// ─────────────────────────── split and join ───────────────────────────

export function split(
  ctx: ItemDraft,
  op: Op<'timeline.item.split'>,
  prefix: string,
): { left: TimelineItem; right: TimelineItem } {
  const located = requireEditable(ctx, op.timeline_item_id, prefix);
  const { item, layer } = located;
  ensureItemGeometry(item, assetKindOf(ctx));
  const at = toFrame(op.at_seconds, FPS);
  if (at < item.start_seconds + frame - 1e-6 || at > item.end_seconds - frame + 1e-6)
    throw new TimelineRuleError(
      'invalid_split',
      param(prefix, 'at_seconds'),
      `${round3(op.at_seconds)} s is not inside "${item.name}" (${item.start_seconds}-${item.end_seconds} s): each part must keep at least one frame.`,
    );
  const id = newIdFor(ctx, op.new_timeline_item_id, param(prefix, 'new_timeline_item_id'));
  const cut = round3(at - item.start_seconds);
  const after = round3(item.end_seconds - at);
  const right: TimelineItem = {
    ...structuredClone(item),
    id,
    start_seconds: at,
    effects: item.effects.map((effect) => ({ ...effect, effect_id: ctx.newEffectId() })),
  };
  if (item.source_start_seconds !== null && item.source_end_seconds !== null) {
    if (item.type === 'image') {
      right.source_start_seconds = 0;
      right.source_end_seconds = after;
      item.source_end_seconds = cut;
    } else {
      right.source_start_seconds = round3(item.source_start_seconds + cut);
      item.source_end_seconds = round3(item.source_start_seconds + cut);
    }
  }
  item.end_seconds = at;
  if (item.audio) {
    const { fade_in_seconds: fadeIn, fade_out_seconds: fadeOut } = item.audio;
    item.audio = { ...item.audio, fade_in_seconds: Math.min(fadeIn, cut), fade_out_seconds: 0 };
    right.audio = { ...item.audio, fade_in_seconds: 0, fade_out_seconds: Math.min(fadeOut, after) };
  }
  // A caption's words go with their part (a word across the cut stays before it, ending there).
  const words = ctx.words(item.id);
  if (words.length > 0) {
    const before: CaptionWord[] = [];
    const moved: CaptionWord[] = [];
    for (const word of words) {
      if ((word.startSeconds ?? 0) >= at - 1e-6) {
        moved.push({ ...word, timelineItemId: id, captionId: `cap_${id}` });
      } else {
        if ((word.endSeconds ?? 0) > at) {
          word.endSeconds = at;
          word.endUnits = Math.round(at * FPS);
        }
        before.push(word);
      }
    }
    ctx.setWords(item.id, before);
    ctx.setWords(id, moved);
  }
  ctx.add(right, layer);
  return { left: item, right };
}

export function join(ctx: ItemDraft, op: Op<'timeline.item.join'>, prefix: string): Located {
  const located = requireEditable(ctx, op.timeline_item_id, prefix);
  const other = requireEditable(ctx, op.other_timeline_item_id, prefix);
  const { item } = located;
  const next = other.item;
  const refuse = (why: string) =>
    new TimelineRuleError(
      'not_joinable',
      param(prefix, 'other_timeline_item_id'),
      `"${item.name}" and "${next.name}" cannot be joined: ${why}.`,
    );
  if (other.layer !== located.layer) throw refuse('they are on different layers');
  if (next.type !== item.type || next.asset_id !== item.asset_id)
    throw refuse('they show different things');
  if (Math.abs(next.start_seconds - item.end_seconds) > 1e-3) throw refuse('they do not touch');
  if (
    item.type !== 'image' &&
    item.source_end_seconds !== null &&
    next.source_start_seconds !== null &&
    Math.abs(next.source_start_seconds - item.source_end_seconds) > 1e-3
  )
    throw refuse('the second does not continue the first one’s source');
  item.end_seconds = next.end_seconds;
  if (item.source_start_seconds !== null && next.source_end_seconds !== null)
    item.source_end_seconds =
      item.type === 'image'
        ? round3(item.end_seconds - item.start_seconds)
        : next.source_end_seconds;
  if (item.audio && next.audio)
    item.audio = { ...item.audio, fade_out_seconds: next.audio.fade_out_seconds };
  const words = ctx.words(next.id);
  if (words.length > 0) {
    const captionId = ctx.words(item.id)[0]?.captionId ?? `cap_${item.id.replace(/^ti_/, '')}`;
    ctx.setWords(item.id, [
      ...ctx.words(item.id),
      ...words.map((word) => ({ ...word, timelineItemId: item.id, captionId })),
    ]);
    ctx.setWords(next.id, []);
  }
  ctx.remove(other);
  return located;
}

// ─────────────────────────── duplicate and remove ───────────────────────────

export function duplicate(
  ctx: ItemDraft,
  op: Op<'timeline.item.duplicate'>,
  prefix: string,
): TimelineItem {
  const source = requireItem(ctx, op.timeline_item_id, param(prefix, 'timeline_item_id'));
  const { item } = source;
  ensureItemGeometry(item, assetKindOf(ctx));
  const layer = targetLayer(
    ctx,
    op.layer_index ?? source.layer.index,
    item.type,
    param(prefix, op.layer_index === undefined ? 'timeline_item_id' : 'layer_index'),
  );
  const id = newIdFor(ctx, op.new_timeline_item_id, param(prefix, 'new_timeline_item_id'));
  const start = toFrame(op.start_seconds, FPS);
  const moved = (time: number) => shiftedTime(time, item.start_seconds, start, FPS);
  const copy: TimelineItem = {
    ...structuredClone(item),
    id,
    layer_index: layer.index,
    start_seconds: start,
    end_seconds: moved(item.end_seconds),
    effects: item.effects.map((effect) => ({ ...effect, effect_id: ctx.newEffectId() })),
  };
  const words = ctx.words(item.id);
  if (words.length > 0)
    ctx.setWords(
      id,
      words.map((word) => ({
        ...word,
        id: ctx.newWordId(),
        timelineItemId: id,
        captionId: `cap_${id}`,
        startSeconds: moved(word.startSeconds ?? 0),
        endSeconds: moved(word.endSeconds ?? 0),
        startUnits: Math.round(moved(word.startSeconds ?? 0) * FPS),
        endUnits: Math.round(moved(word.endSeconds ?? 0) * FPS),
      })),
    );
  ctx.add(copy, layer);
  return copy;
}

export function remove(ctx: ItemDraft, op: Op<'timeline.item.remove'>, prefix: string): Located {
  const located = requireEditable(ctx, op.timeline_item_id, prefix);
  ctx.remove(located);
  return located;
}

// ─────────────────────────── restore ───────────────────────────

/**
 * Re-creates an item removed earlier as it was, with its caption words: its id and its words' ids
 * are kept when free (an undo gives back the same ids), its span snapped to frames, its source
 * offsets checked against the asset, its words kept inside its span.
 */
export function restore(
  ctx: ItemDraft,
  op: Op<'timeline.item.restore'>,
  prefix: string,
): TimelineItem {
  const given = op.item;
  const layer = targetLayer(ctx, given.layer_index, given.type, param(prefix, 'item.layer_index'));
  const asset = given.asset_id ? findAsset(ctx.workspace, given.asset_id) : undefined;
  if (given.asset_id && !asset)
    throw new ApiError(
      404,
      'not_found',
      `No media asset ${given.asset_id} in this workspace.`,
      param(prefix, 'item.asset_id'),
    );
  const { start, end } = spanOf(given.start_seconds, given.end_seconds, `${prefix}item.`);
  const length = round3(end - start);
  let sourceStart = given.source_start_seconds;
  let sourceEnd = given.source_end_seconds;
  if (given.type === 'image') {
    sourceStart = 0;
    sourceEnd = length;
  } else if (sourceStart !== null && sourceEnd !== null) {
    const duration = asset?.duration_seconds ?? Number.POSITIVE_INFINITY;
    if (
      sourceStart < -1e-6 ||
      sourceEnd > duration + 1e-6 ||
      Math.abs(sourceEnd - sourceStart - length) > frame / 2 + 1e-6
    )
      throw new TimelineRuleError(
        'invalid_source',
        param(prefix, 'item.source_end_seconds'),
        `"${given.name}" would show ${round3(sourceStart)}-${round3(sourceEnd)} s of its source over ${length} s${Number.isFinite(duration) ? ` (the source is ${duration} s long)` : ''}: the source must span the item's length inside its media.`,
      );
    // As given (an item edited by milliseconds may show a millisecond more or less of its source).
    sourceStart = round3(sourceStart);
    sourceEnd = round3(sourceEnd);
  }
  const words = op.caption_words ?? [];
  if (words.length > 0 && given.type !== 'caption')
    throw new TimelineRuleError(
      'invalid_words',
      param(prefix, 'caption_words'),
      `"${given.name}" is a ${given.type} item; only caption items have words.`,
    );
  const id = given.id && !ctx.find(given.id) ? given.id : ctx.newItemId();
  const item: TimelineItem = {
    ...structuredClone(given),
    id,
    layer_index: layer.index,
    start_seconds: start,
    end_seconds: end,
    source_start_seconds: sourceStart,
    source_end_seconds: sourceEnd,
    thumbnail_url: asset ? asset.thumbnail_url : given.thumbnail_url,
    effects: given.effects.map((effect) => ({ ...effect })),
  };
  if (item.audio) {
    const fadeIn = Math.min(item.audio.fade_in_seconds, length);
    item.audio = {
      ...item.audio,
      fade_in_seconds: fadeIn,
      fade_out_seconds: Math.min(item.audio.fade_out_seconds, round3(length - fadeIn)),
    };
  }
  ensureItemGeometry(item, assetKindOf(ctx));
  const captionId = `cap_${id.replace(/^ti_/, '')}`;
  const restoredWords = words.map((word, i): CaptionWord => {
    const field = (name: string) => param(prefix, `caption_words[${i}].${name}`);
    const from = toFrame(word.startSeconds ?? start, FPS);
    const to = toFrame(word.endSeconds ?? from, FPS);
    if (from < start - 1e-6 || to > end + 1e-6 || to - from < frame - 1e-6)
      throw new TimelineRuleError(
        'invalid_words',
        field(from < start - 1e-6 ? 'startSeconds' : 'endSeconds'),
        `The word "${word.word}" (${from}-${to} s) must last at least a frame inside "${given.name}" (${start}-${end} s).`,
      );
    const wordId = word.id && !ctx.wordTaken(word.id) ? word.id : ctx.newWordId();
    return {
      id: wordId,
      captionId,
      timelineItemId: id,
      word: word.word,
      orderIndex: word.orderIndex ?? i,
      ...(word.sequenceIndex !== undefined ? { sequenceIndex: word.sequenceIndex } : {}),
      ...(word.paragraphIndex !== undefined ? { paragraphIndex: word.paragraphIndex } : {}),
      isEmphasis: word.isEmphasis ?? false,
      startUnits: Math.round(from * FPS),
      endUnits: Math.round(to * FPS),
      startSeconds: from,
      endSeconds: to,
      style: structuredClone(word.style ?? {}),
    };
  });
  ctx.add(item, layer);
  ctx.setWords(id, restoredWords);
  ctx.restored(item);
  return item;
}
