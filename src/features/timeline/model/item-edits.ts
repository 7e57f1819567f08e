/**
 * What the item edits do to one item, as the service does it (the optimistic copy must match its
 * answer): a split keeps each part's source offsets and sends the fade in before the cut and the
 * fade out after it; a join (the undo of a split) puts the parts back together; new items get ids
 * the editor chooses, so an undone and redone addition keeps its id.
 */
import { roundMs } from './time-scale.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

export type ItemLayout = NonNullable<TimelineItem['layout']>;
export type ItemAudio = NonNullable<TimelineItem['audio']>;

/** How a new item is made (what its creation is sent as). */
export type CreateSource =
  { type: 'text' } | { type: 'overlay'; assetId: string } | { type: 'duplicate'; sourceId: string };

/** An id for an item the editor creates (the contract's pattern, unlikely to collide). */
export function newItemId(): string {
  return `ti_c${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
}

/** The two parts of `item` cut at `at` (a frame time strictly inside it). */
export function splitItem(
  item: TimelineItem,
  at: number,
  newId: string,
): [TimelineItem, TimelineItem] {
  const cut = roundMs(at - item.start_seconds);
  const after = roundMs(item.end_seconds - at);
  const left: TimelineItem = { ...item, end_seconds: at };
  const right: TimelineItem = { ...item, id: newId, start_seconds: at, effects: [] };
  if (item.source_start_seconds !== null && item.source_end_seconds !== null) {
    if (item.type === 'image') {
      left.source_end_seconds = cut;
      right.source_start_seconds = 0;
      right.source_end_seconds = after;
    } else {
      left.source_end_seconds = roundMs(item.source_start_seconds + cut);
      right.source_start_seconds = roundMs(item.source_start_seconds + cut);
    }
  }
  if (item.audio) {
    left.audio = {
      ...item.audio,
      fade_in_seconds: Math.min(item.audio.fade_in_seconds, cut),
      fade_out_seconds: 0,
    };
    right.audio = {
      ...item.audio,
      fade_in_seconds: 0,
      fade_out_seconds: Math.min(item.audio.fade_out_seconds, after),
    };
  }
  // The service gives the second part copies of the effects with ids of its own (in its answer).
  right.effects = item.effects.map((effect, i) => ({
    ...effect,
    effect_id: `pending-split-${newId}-${i}`,
  }));
  return [left, right];
}

/** `left` followed by `right` as one item again (the undo of a split). */
export function joinItems(left: TimelineItem, right: TimelineItem): TimelineItem {
  const joined: TimelineItem = { ...left, end_seconds: right.end_seconds };
  if (left.source_start_seconds !== null && right.source_end_seconds !== null)
    joined.source_end_seconds =
      left.type === 'image'
        ? roundMs(right.end_seconds - left.start_seconds)
        : right.source_end_seconds;
  if (left.audio && right.audio)
    joined.audio = { ...left.audio, fade_out_seconds: right.audio.fade_out_seconds };
  return joined;
}

/** A copy of `item` with a new id at `start` on `layerIndex` (duplicate, paste). */
export function copyItem(
  item: TimelineItem,
  id: string,
  start: number,
  layerIndex: number,
): TimelineItem {
  const shift = start - item.start_seconds;
  return {
    ...item,
    id,
    layer_index: layerIndex,
    start_seconds: start,
    end_seconds: roundMs(item.end_seconds + shift),
    effects: item.effects.map((effect, i) => ({ ...effect, effect_id: `pending-copy-${id}-${i}` })),
  };
}

export function sameLayout(a: ItemLayout | undefined, b: ItemLayout | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.x === b.x &&
    a.y === b.y &&
    a.scale_x === b.scale_x &&
    a.scale_y === b.scale_y &&
    a.rotation_deg === b.rotation_deg &&
    a.width === b.width &&
    a.height === b.height &&
    a.crop.left === b.crop.left &&
    a.crop.top === b.crop.top &&
    a.crop.right === b.crop.right &&
    a.crop.bottom === b.crop.bottom
  );
}

export function sameAudio(a: ItemAudio | undefined, b: ItemAudio | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.volume_percent === b.volume_percent &&
    a.muted === b.muted &&
    a.fade_in_seconds === b.fade_in_seconds &&
    a.fade_out_seconds === b.fade_out_seconds
  );
}
