/**
 * Sound, as commands: each selected item's volume (0-200 %), mute and fades (seconds; in and out
 * together at most the item's length), refused before anything is sent when out of range; and a
 * layer muted or soloed for playback (the editor's state: the preview plays the other layers).
 */
import { refuse, type Outcome } from '@/editor-kit/command.ts';
import type { TimelineState } from '../state/timeline-state.ts';
import { selectionFacts, type CommandContext, type TimelineCommand } from './command-context.ts';
import type { EditOp } from './edit-ops.ts';
import { lockedLayerOf, lockedReason } from './group-move.ts';
import type { ItemAudio } from './item-edits.ts';
import { opsChange, type TimelineChange } from './timeline-change.ts';
import { roundMs } from './time-scale.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

export const VOLUME_RANGE = [0, 200] as const;

const SILENT: ItemAudio = {
  volume_percent: 100,
  muted: false,
  fade_in_seconds: 0,
  fade_out_seconds: 0,
};

/** The selected items that have sound (audio and video), or null when any other is selected. */
export function selectedWithSound(ctx: CommandContext): TimelineItem[] | null {
  const { ids } = selectionFacts(ctx.index, ctx.selection);
  if (ids.length === 0) return null;
  const items = ids.map((id) => ctx.index.byId.get(id)!.item);
  return items.every((item) => item.type === 'audio' || item.type === 'video') ? items : null;
}

/** The value all the selected items share, or null. */
function shared<T>(ctx: CommandContext, read: (audio: ItemAudio) => T): T | null {
  const items = selectedWithSound(ctx);
  if (!items) return null;
  const values = items.map((item) => read(item.audio ?? SILENT));
  return values.every((value) => value === values[0]) ? values[0]! : null;
}

function soundEdit(
  ctx: CommandContext,
  label: string,
  patch: (audio: ItemAudio, item: TimelineItem) => ItemAudio | string,
): Outcome<TimelineState, TimelineChange> {
  const items = selectedWithSound(ctx);
  if (!items)
    return refuse(
      selectionFacts(ctx.index, ctx.selection).ids.length
        ? 'Only audio and video items have sound; select those only.'
        : 'Select an audio or video item first.',
    );
  const locked = lockedLayerOf(
    ctx.index,
    items.map((item) => item.id),
  );
  if (locked) return refuse(lockedReason(locked));
  const ops: EditOp[] = [];
  for (const item of items) {
    const from = item.audio ?? SILENT;
    const to = patch(from, item);
    if (typeof to === 'string') return refuse(to);
    if (
      to.volume_percent !== from.volume_percent ||
      to.muted !== from.muted ||
      to.fade_in_seconds !== from.fade_in_seconds ||
      to.fade_out_seconds !== from.fade_out_seconds
    )
      ops.push({ kind: 'audio', itemId: item.id, from, to });
  }
  if (ops.length === 0) return refuse('Nothing changes.');
  return {
    type: 'change',
    label: ops.length === 1 ? label : `${label} of ${ops.length} items`,
    change: opsChange(ops),
  };
}

const hasSound = (ctx: CommandContext) => selectedWithSound(ctx) !== null;

export const setVolume: TimelineCommand<{ percent: number }> = {
  name: 'setVolume',
  label: 'Set volume',
  writes: true,
  field: {
    type: 'number',
    label: 'Volume (%)',
    min: VOLUME_RANGE[0],
    max: VOLUME_RANGE[1],
    step: 1,
    visible: hasSound,
    read: (ctx) => shared(ctx, (audio) => audio.volume_percent),
    toArgs: (percent) => ({ percent }),
  },
  canRun: hasSound,
  perform: (ctx, { percent }) =>
    soundEdit(ctx, 'Set volume', (audio) =>
      !Number.isFinite(percent) || percent < VOLUME_RANGE[0] || percent > VOLUME_RANGE[1]
        ? `The volume must be between ${VOLUME_RANGE[0]} % and ${VOLUME_RANGE[1]} % (${percent} % is out of range).`
        : { ...audio, volume_percent: Math.round(percent * 10) / 10 },
    ),
};

export const setMuted: TimelineCommand<{ muted: boolean }> = {
  name: 'setMuted',
  label: 'Mute',
  writes: true,
  field: {
    type: 'toggle',
    label: 'Muted',
    visible: hasSound,
    read: (ctx) => shared(ctx, (audio) => audio.muted),
    toArgs: (muted) => ({ muted }),
  },
  canRun: hasSound,
  perform: (ctx, { muted }) =>
    soundEdit(ctx, muted ? 'Mute' : 'Unmute', (audio) => ({ ...audio, muted })),
};

function fadeCommand(edge: 'in' | 'out'): TimelineCommand<{ seconds: number }> {
  const key = edge === 'in' ? 'fade_in_seconds' : 'fade_out_seconds';
  const other = edge === 'in' ? 'fade_out_seconds' : 'fade_in_seconds';
  return {
    name: edge === 'in' ? 'setFadeIn' : 'setFadeOut',
    label: `Set fade ${edge}`,
    writes: true,
    field: {
      type: 'number',
      label: `Fade ${edge} (s)`,
      min: 0,
      step: 0.1,
      visible: hasSound,
      read: (ctx) => shared(ctx, (audio) => audio[key]),
      toArgs: (seconds) => ({ seconds }),
    },
    canRun: hasSound,
    perform: (ctx, { seconds }) =>
      soundEdit(ctx, `Set fade ${edge}`, (audio, item) => {
        if (!Number.isFinite(seconds) || seconds < 0) return `A fade ${edge} is 0 s or longer.`;
        const length = roundMs(item.end_seconds - item.start_seconds);
        const value = roundMs(seconds);
        if (value + audio[other] > length + 1e-6)
          return `“${item.name}” is ${length} s long: the fades in and out together cannot be longer (fade ${edge === 'in' ? 'out' : 'in'} ${audio[other]} s).`;
        return { ...audio, [key]: value };
      }),
  };
}

export const setFadeIn = fadeCommand('in');
export const setFadeOut = fadeCommand('out');

/** Mutes a layer for playback (again: hears it again). */
export const toggleLayerMute: TimelineCommand<{ layerIndex: number }> = {
  name: 'toggleLayerMute',
  label: 'Mute layer for playback',
  canRun: () => true,
  perform: (ctx, { layerIndex }) => {
    const muted = new Set(ctx.mutedLayers);
    const on = !muted.delete(layerIndex);
    if (on) muted.add(layerIndex);
    const name =
      ctx.index.rows[ctx.index.rowOfLayer.get(layerIndex) ?? -1]?.layer.name ?? layerIndex;
    return {
      type: 'state',
      patch: { mutedLayers: muted },
      announce: `“${name}” ${on ? 'muted' : 'plays again'} in playback.`,
    };
  },
};

/** Solos a layer for playback: while any layer is soloed, only soloed layers play. */
export const toggleLayerSolo: TimelineCommand<{ layerIndex: number }> = {
  name: 'toggleLayerSolo',
  label: 'Solo layer for playback',
  canRun: () => true,
  perform: (ctx, { layerIndex }) => {
    const solo = new Set(ctx.soloLayers);
    const on = !solo.delete(layerIndex);
    if (on) solo.add(layerIndex);
    const name =
      ctx.index.rows[ctx.index.rowOfLayer.get(layerIndex) ?? -1]?.layer.name ?? layerIndex;
    return {
      type: 'state',
      patch: { soloLayers: solo },
      announce: on ? `Only soloed layers play (“${name}” soloed).` : `“${name}” no longer soloed.`,
    };
  },
};

/** The layers that play: the soloed ones when any is, else every layer not muted. */
export function playingLayers(
  layers: readonly number[],
  muted: ReadonlySet<number>,
  solo: ReadonlySet<number>,
): number[] {
  return solo.size > 0
    ? layers.filter((index) => solo.has(index))
    : layers.filter((index) => !muted.has(index));
}
