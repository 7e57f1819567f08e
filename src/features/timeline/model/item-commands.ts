/**
 * The item edits the service names, as commands of the timeline's table: split at the playhead
 * (S), duplicate (Ctrl+D), copy and paste at the playhead (Ctrl+C, Ctrl+V), add a text item (T)
 * or a media overlay at the playhead, and a text item's words and size. Each refuses what the
 * service would refuse (a locked layer, a playhead outside the item, no room) before anything is
 * sent, and is one request and one undo step.
 */
import { refuse, type Outcome } from '@/editor-kit/command.ts';
import { titlePlace } from '@/lib/project-frame.ts';
import type { TimelineState } from '../state/timeline-state.ts';
import { selectionFacts, type CommandContext, type TimelineCommand } from './command-context.ts';
import type { EditOp } from './edit-ops.ts';
import { lockedLayerOf, lockedReason } from './group-move.ts';
import { copyItem, newItemId } from './item-edits.ts';
import { layerWithRoom, roomFrom, take, type Taken } from './placement.ts';
import { opsChange, type TimelineChange } from './timeline-change.ts';
import { roundMs, snapToFrame } from './time-scale.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

type CommandOutcome = Outcome<TimelineState, TimelineChange>;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const selected = (ctx: CommandContext) => selectionFacts(ctx.index, ctx.selection).ids;
const itemOf = (ctx: CommandContext, id: string) => ctx.index.byId.get(id)?.item;
const change = (label: string, ops: EditOp[]): CommandOutcome => ({
  type: 'change',
  label,
  change: opsChange(ops),
});

/** A new item's length: three seconds (an overlay of a shorter video, the video's length). */
export const NEW_ITEM_SECONDS = 3;
/** A new item is not made shorter than this to fit before the next item (it could not be seen). */
export const MIN_NEW_ITEM_SECONDS = 0.5;
export const TEXT_MAX_LENGTH = 500;
export const FONT_SIZE_RANGE = [8, 400] as const;

// ─────────────────────────── split ───────────────────────────

export const splitAtPlayhead: TimelineCommand = {
  name: 'splitAtPlayhead',
  label: 'Split',
  description: 'Split the selected items at the playhead',
  keys: [{ keys: 's', args: undefined }],
  toolbar: 'edit',
  writes: true,
  canRun: (ctx) => selected(ctx).length > 0,
  perform: (ctx) => {
    const ids = selected(ctx);
    if (ids.length === 0) return refuse('Select the items to split, then press S.');
    const locked = lockedLayerOf(ctx.index, ids);
    if (locked) return refuse(lockedReason(locked));
    const at = snapToFrame(ctx.playhead, ctx.fps);
    const frame = 1 / ctx.fps;
    const ops: EditOp[] = [];
    for (const id of ids) {
      const item = itemOf(ctx, id)!;
      if (at < item.start_seconds + frame - 1e-6 || at > item.end_seconds - frame + 1e-6) {
        if (ids.length === 1)
          return refuse(
            `The playhead (${at} s) is not inside “${item.name}” (${item.start_seconds}–${item.end_seconds} s).`,
          );
        continue;
      }
      ops.push({ kind: 'split', itemId: id, at, newId: newItemId() });
    }
    if (ops.length === 0) return refuse('The playhead is not inside any selected item.');
    return change(ops.length === 1 ? 'Split' : `Split ${plural(ops.length, 'item')}`, ops);
  },
};

// ─────────────────────────── duplicate, copy, paste ───────────────────────────

/** Copies of `items` placed from `start` (keeping their offsets), each on a layer with room. */
function placeCopies(
  ctx: CommandContext,
  items: readonly TimelineItem[],
  start: (item: TimelineItem) => number,
): EditOp[] | string {
  const taken: Taken = new Map();
  const ops: EditOp[] = [];
  for (const item of items) {
    const from = snapToFrame(start(item), ctx.fps);
    const span = { start: from, end: roundMs(from + item.end_seconds - item.start_seconds) };
    const layer = layerWithRoom(ctx.index, item.type, span, item.layer_index, taken);
    if (layer === null)
      return `No layer that takes “${item.name}” has room for it at ${span.start} s.`;
    take(taken, layer, span);
    const id = newItemId();
    ops.push({
      kind: 'create',
      itemId: id,
      item: copyItem(item, id, span.start, layer),
      source: { type: 'duplicate', sourceId: item.id },
    });
  }
  return ops;
}

const byStart = (a: TimelineItem, b: TimelineItem) => a.start_seconds - b.start_seconds;

export const duplicateSelection: TimelineCommand = {
  name: 'duplicateSelection',
  label: 'Duplicate',
  description: 'Duplicate the selection right after it',
  keys: [{ keys: 'Mod+D', args: undefined }],
  toolbar: 'edit',
  writes: true,
  canRun: (ctx) => selected(ctx).length > 0,
  perform: (ctx) => {
    const items = selected(ctx)
      .map((id) => itemOf(ctx, id)!)
      .sort(byStart);
    if (items.length === 0) return refuse('Select the items to duplicate.');
    const first = items[0]!.start_seconds;
    const end = Math.max(...items.map((item) => item.end_seconds));
    const ops = placeCopies(ctx, items, (item) => end + (item.start_seconds - first));
    if (typeof ops === 'string') return refuse(ops);
    return change(
      items.length === 1 ? 'Duplicate' : `Duplicate ${plural(items.length, 'item')}`,
      ops,
    );
  },
};

export const copySelection: TimelineCommand = {
  name: 'copySelection',
  label: 'Copy',
  description: 'Copy the selection (paste it at the playhead with Ctrl/⌘ + V)',
  keys: [{ keys: 'Mod+C', args: undefined }],
  toolbar: 'edit',
  canRun: (ctx) => selected(ctx).length > 0,
  perform: (ctx) => {
    const ids = selected(ctx);
    if (ids.length === 0) return refuse('Select the items to copy.');
    return {
      type: 'state',
      patch: { clipboard: [...ids] },
      announce: `Copied ${plural(ids.length, 'item')}. Paste them at the playhead with Ctrl+V.`,
    };
  },
};

export const pasteClipboard: TimelineCommand = {
  name: 'pasteClipboard',
  label: 'Paste',
  description: 'Paste what was copied at the playhead',
  keys: [{ keys: 'Mod+V', args: undefined }],
  toolbar: 'edit',
  writes: true,
  canRun: (ctx) => (ctx.clipboard?.length ?? 0) > 0,
  perform: (ctx) => {
    const items = (ctx.clipboard ?? [])
      .map((id) => itemOf(ctx, id))
      .filter((item): item is TimelineItem => item !== undefined)
      .sort(byStart);
    if (items.length === 0)
      return refuse(
        ctx.clipboard?.length ? 'The items copied were deleted.' : 'Copy items first (Ctrl+C).',
      );
    const first = items[0]!.start_seconds;
    const ops = placeCopies(ctx, items, (item) => ctx.playhead + (item.start_seconds - first));
    if (typeof ops === 'string') return refuse(ops);
    return change(items.length === 1 ? 'Paste' : `Paste ${plural(items.length, 'items')}`, ops);
  },
};

// ─────────────────────────── additions ───────────────────────────

export const addText: TimelineCommand<{ text?: string } | void> = {
  name: 'addText',
  label: 'Add text',
  description: 'Add a text item at the playhead',
  keys: [{ keys: 't', args: undefined }],
  toolbar: 'edit',
  writes: true,
  canRun: () => true,
  perform: (ctx, args) => {
    const text = (args?.text ?? 'Your text').trim();
    if (!text) return refuse('Enter the text.');
    if (text.length > TEXT_MAX_LENGTH)
      return refuse(`A text item holds at most ${TEXT_MAX_LENGTH} characters.`);
    const start = snapToFrame(ctx.playhead, ctx.fps);
    const room = roomFrom(ctx.index, 'text', start, NEW_ITEM_SECONDS, MIN_NEW_ITEM_SECONDS, [
      'text',
      'overlay',
    ]);
    if (!room)
      return refuse(
        `No text layer has ${MIN_NEW_ITEM_SECONDS} s free at ${start} s: move the playhead to a gap.`,
      );
    const id = newItemId();
    const item: TimelineItem = {
      id,
      type: 'text',
      name: `Title: ${text.slice(0, 60)}`,
      layer_index: room.layerIndex,
      start_seconds: room.span.start,
      end_seconds: room.span.end,
      source_start_seconds: null,
      source_end_seconds: null,
      asset_id: null,
      thumbnail_url: null,
      text,
      text_style: {
        color: ctx.textDefaults.color,
        ...(ctx.textDefaults.fontFamily ? { font_family: ctx.textDefaults.fontFamily } : {}),
      },
      layout: {
        ...titlePlace(ctx.frame),
        scale_x: 1,
        scale_y: 1,
        rotation_deg: 0,
        crop: { left: 0, top: 0, right: 0, bottom: 0 },
        width: 600,
        height: 86,
      },
      effects: [],
    };
    return change('Add text', [{ kind: 'create', itemId: id, item, source: { type: 'text' } }]);
  },
};

/** A media library asset as the overlay picker lists it. */
export interface OverlayAsset {
  id: string;
  name: string;
  kind: 'video' | 'image' | 'audio';
  duration_seconds: number | null;
  thumbnail_url: string | null;
}

export const addOverlay: TimelineCommand<{ asset: OverlayAsset }> = {
  name: 'addOverlay',
  label: 'Add overlay',
  writes: true,
  canRun: () => true,
  perform: (ctx, { asset }) => {
    if (asset.kind === 'audio')
      return refuse(`“${asset.name}” is audio: choose an image or a video.`);
    const start = snapToFrame(ctx.playhead, ctx.fps);
    const length =
      asset.kind === 'video' && asset.duration_seconds
        ? Math.min(NEW_ITEM_SECONDS, asset.duration_seconds)
        : NEW_ITEM_SECONDS;
    const room = roomFrom(
      ctx.index,
      'overlay',
      start,
      length,
      Math.min(length, MIN_NEW_ITEM_SECONDS),
      ['overlay', 'video'],
    );
    if (!room)
      return refuse(
        `No overlay layer has ${Math.min(length, MIN_NEW_ITEM_SECONDS)} s free at ${start} s: move the playhead to a gap.`,
      );
    const id = newItemId();
    const square = asset.kind === 'image';
    const item: TimelineItem = {
      id,
      type: 'overlay',
      name: asset.name.replace(/\.[a-z0-9]+$/i, ''),
      layer_index: room.layerIndex,
      start_seconds: room.span.start,
      end_seconds: room.span.end,
      source_start_seconds: 0,
      source_end_seconds: roundMs(room.span.end - room.span.start),
      asset_id: asset.id,
      thumbnail_url: asset.thumbnail_url,
      text: null,
      layout: {
        x: ctx.frame.width / 2,
        y: ctx.frame.height / 2,
        scale_x: 1,
        scale_y: 1,
        rotation_deg: 0,
        crop: { left: 0, top: 0, right: 0, bottom: 0 },
        width: square ? 480 : 960,
        height: square ? 480 : 540,
      },
      effects: [],
    };
    return change(`Add overlay “${item.name}”`, [
      { kind: 'create', itemId: id, item, source: { type: 'overlay', assetId: asset.id } },
    ]);
  },
};

// ─────────────────────────── a text item's words and size ───────────────────────────

function singleText(ctx: CommandContext): TimelineItem | null {
  const ids = selected(ctx);
  const item = ids.length === 1 ? itemOf(ctx, ids[0]!) : undefined;
  return item?.type === 'text' ? item : null;
}

export const editText: TimelineCommand<{ text: string; itemId?: string }> = {
  name: 'editText',
  label: 'Edit text',
  writes: true,
  field: {
    type: 'text',
    label: 'Text',
    visible: (ctx) => singleText(ctx) !== null,
    read: (ctx) => singleText(ctx)?.text ?? null,
    toArgs: (text) => ({ text }),
  },
  canRun: (ctx) => singleText(ctx) !== null,
  perform: (ctx, { text, itemId }) => {
    const item = itemId ? itemOf(ctx, itemId) : singleText(ctx);
    if (!item || item.type !== 'text') return refuse('Select one text item to edit its text.');
    const locked = lockedLayerOf(ctx.index, [item.id]);
    if (locked) return refuse(lockedReason(locked));
    const next = text.replace(/\r\n/g, '\n').trim();
    if (!next) return refuse('A text item needs some text (delete the item to remove it).');
    if (next.length > TEXT_MAX_LENGTH)
      return refuse(`A text item holds at most ${TEXT_MAX_LENGTH} characters.`);
    if (next === item.text) return refuse('The text is unchanged.');
    return change('Edit text', [
      { kind: 'text-content', itemId: item.id, from: item.text ?? '', to: next },
    ]);
  },
};

export const setFontSize: TimelineCommand<{ size: number }> = {
  name: 'setFontSize',
  label: 'Set text size',
  writes: true,
  field: {
    type: 'number',
    label: 'Text size (px)',
    min: FONT_SIZE_RANGE[0],
    max: FONT_SIZE_RANGE[1],
    step: 1,
    visible: (ctx) => singleText(ctx) !== null,
    read: (ctx) => singleText(ctx)?.text_style?.font_size ?? 72,
    toArgs: (size) => ({ size }),
  },
  canRun: (ctx) => singleText(ctx) !== null,
  perform: (ctx, { size }) => {
    const item = singleText(ctx);
    if (!item) return refuse('Select one text item to set its size.');
    const locked = lockedLayerOf(ctx.index, [item.id]);
    if (locked) return refuse(lockedReason(locked));
    if (!Number.isFinite(size) || size < FONT_SIZE_RANGE[0] || size > FONT_SIZE_RANGE[1])
      return refuse(
        `The text size must be between ${FONT_SIZE_RANGE[0]} and ${FONT_SIZE_RANGE[1]} px.`,
      );
    const from = item.text_style ?? { color: '#FFFFFF' };
    if (from.font_size === size) return refuse('The text already has that size.');
    return change('Set text size', [
      {
        kind: 'text-style',
        itemId: item.id,
        from: item.text_style ?? null,
        to: { ...from, font_size: size },
      },
    ]);
  },
};
