import { describe, expect, it } from 'vitest';
import { emptyHistory } from '@/editor-kit/history.ts';
import { contextDefaults } from '../testing/command-context.ts';
import {
  playingLayers,
  setFadeOut,
  setVolume,
  toggleLayerMute,
  toggleLayerSolo,
} from './audio-commands.ts';
import type { CommandContext, CommandOutcome } from './command-context.ts';
import { nudge } from './commands.ts';
import {
  addOverlay,
  addText,
  copySelection,
  duplicateSelection,
  editText,
  pasteClipboard,
  splitAtPlayhead,
} from './item-commands.ts';
import { LAYOUT_FIELDS, nudgeLayout } from './layout-commands.ts';
import { goToEnd, playPause, shuttleBackward, shuttleForward } from './playback-commands.ts';
import { smallTimeline, withLockedLayers } from './synthetic-timeline.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import type { EditOp } from './edit-ops.ts';
import type { Timeline } from '@/api/schema.gen.ts';

const ctx = (
  selection: string[],
  patch: Partial<CommandContext> = {},
  timeline: Timeline = smallTimeline(),
): CommandContext => ({
  index: buildTimelineIndex(timeline),
  fps: 30,
  selection: new Set(selection),
  playhead: 0,
  view: { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1000, height: 300 },
  history: emptyHistory(),
  ...contextDefaults,
  ...patch,
});

function ops(outcome: CommandOutcome): EditOp[] {
  if (outcome.type !== 'change' || outcome.change.kind !== 'ops')
    throw new Error(`expected a change, got ${JSON.stringify(outcome)}`);
  return outcome.change.ops;
}
const reason = (outcome: CommandOutcome) => (outcome.type === 'refused' ? outcome.reason : null);

describe('split at the playhead', () => {
  it('splits the selected item at the playhead’s frame', () => {
    const [op] = ops(splitAtPlayhead.perform(ctx(['b'], { playhead: 6.01 }), undefined));
    expect(op).toMatchObject({ kind: 'split', itemId: 'b', at: 6 });
  });

  it('refuses a playhead outside the item, a locked layer and no selection, before sending', () => {
    expect(reason(splitAtPlayhead.perform(ctx(['b'], { playhead: 1 }), undefined))).toBe(
      'The playhead (1 s) is not inside “b” (4–8 s).',
    );
    expect(reason(splitAtPlayhead.perform(ctx([]), undefined))).toMatch(/Select the items/);
    const locked = withLockedLayers(smallTimeline(), [0]);
    expect(reason(splitAtPlayhead.perform(ctx(['b'], { playhead: 6 }, locked), undefined))).toMatch(
      /locked layer/,
    );
  });
});

describe('duplicate, copy and paste', () => {
  it('duplicates right after the selection on a layer with room', () => {
    const [op] = ops(duplicateSelection.perform(ctx(['c']), undefined));
    expect(op).toMatchObject({
      kind: 'create',
      source: { type: 'duplicate', sourceId: 'c' },
      item: { layer_index: 1, start_seconds: 5, end_seconds: 8, source_start_seconds: 1 },
    });
    const [after] = ops(duplicateSelection.perform(ctx(['b']), undefined));
    expect(after).toMatchObject({ item: { layer_index: 0, start_seconds: 8, end_seconds: 12 } });
    // Right after "a" (4-8 s) every video layer is taken.
    expect(reason(duplicateSelection.perform(ctx(['a']), undefined))).toBe(
      'No layer that takes “a” has room for it at 4 s.',
    );
  });

  it('copies the selection and pastes it at the playhead, keeping the items’ offsets', () => {
    const copied = copySelection.perform(ctx(['t', 'c']), undefined);
    expect(copied).toMatchObject({ type: 'state', patch: { clipboard: ['t', 'c'] } });
    const pasted = ops(
      pasteClipboard.perform(ctx([], { clipboard: ['c', 't'], playhead: 9 }), undefined),
    );
    expect(
      pasted.map((op) => op.kind === 'create' && [op.item.start_seconds, op.item.layer_index]),
    ).toEqual([
      [9, 2],
      [10, 1],
    ]);
    expect(reason(pasteClipboard.perform(ctx([], { clipboard: null }), undefined))).toMatch(
      /Copy items first/,
    );
    expect(reason(pasteClipboard.perform(ctx([], { clipboard: ['gone'] }), undefined))).toBe(
      'The items copied were deleted.',
    );
  });
});

describe('adding text and overlays at the playhead', () => {
  it('adds a text item in the brand’s colour and font, on a text layer with room', () => {
    const [op] = ops(
      addText.perform(
        ctx([], { playhead: 4, textDefaults: { color: '#1E40AF', fontFamily: 'Poppins' } }),
        undefined,
      ),
    );
    expect(op).toMatchObject({
      kind: 'create',
      source: { type: 'text' },
      item: {
        type: 'text',
        layer_index: 2,
        start_seconds: 4,
        end_seconds: 7,
        text_style: { color: '#1E40AF', font_family: 'Poppins' },
      },
    });
    // Under "t" (1-3 s) there is no room on the text layer.
    expect(reason(addText.perform(ctx([], { playhead: 2 }), undefined))).toMatch(/No text layer/);
  });

  it('puts new text where it gets its whole length, else the most room, never a sliver', () => {
    const base = smallTimeline();
    const twoTextLayers: Timeline = {
      ...base,
      layers: [...base.layers, { index: 4, name: 'Lower thirds', kind: 'text', items: [] }],
    };
    // 0.4 s: "Titles" has 0.6 s before “t”, "Lower thirds" is free: the whole three seconds there.
    const [op] = ops(addText.perform(ctx([], { playhead: 0.4 }, twoTextLayers), undefined));
    expect(op).toMatchObject({ item: { layer_index: 4, start_seconds: 0.4, end_seconds: 3.4 } });
    // With one text layer: the 0.6 s before “t”.
    const [short] = ops(addText.perform(ctx([], { playhead: 0.4 }), undefined));
    expect(short).toMatchObject({ item: { layer_index: 2, start_seconds: 0.4, end_seconds: 1 } });
    // 0.9 s: a tenth of a second is no room.
    expect(reason(addText.perform(ctx([], { playhead: 0.9 }), undefined))).toBe(
      'No text layer has 0.5 s free at 0.9 s: move the playhead to a gap.',
    );
  });

  it('adds an image from the library as an overlay; refuses audio', () => {
    const asset = {
      id: 'asset-1',
      name: 'Logo - primary.png',
      kind: 'image' as const,
      duration_seconds: null,
      thumbnail_url: 'data:image/svg+xml,x',
    };
    const [op] = ops(addOverlay.perform(ctx([], { playhead: 8 }), { asset }));
    expect(op).toMatchObject({
      kind: 'create',
      source: { type: 'overlay', assetId: 'asset-1' },
      item: { type: 'overlay', name: 'Logo - primary', start_seconds: 8, end_seconds: 11 },
    });
    expect(
      reason(addOverlay.perform(ctx([]), { asset: { ...asset, kind: 'audio', name: 'Song.mp3' } })),
    ).toMatch(/is audio/);
  });

  it('edits a text item’s words, refusing an empty text', () => {
    expect(ops(editText.perform(ctx(['t']), { text: 'Hello\r\nworld ' }))).toEqual([
      { kind: 'text-content', itemId: 't', from: 'Title', to: 'Hello\nworld' },
    ]);
    expect(reason(editText.perform(ctx(['t']), { text: '  ' }))).toMatch(/needs some text/);
  });
});

describe('sound', () => {
  it('sets the volume; 250 % is refused before anything is sent', () => {
    expect(ops(setVolume.perform(ctx(['m']), { percent: 40 }))).toEqual([
      {
        kind: 'audio',
        itemId: 'm',
        from: { volume_percent: 100, muted: false, fade_in_seconds: 0, fade_out_seconds: 0 },
        to: { volume_percent: 40, muted: false, fade_in_seconds: 0, fade_out_seconds: 0 },
      },
    ]);
    expect(reason(setVolume.perform(ctx(['m']), { percent: 250 }))).toBe(
      'The volume must be between 0 % and 200 % (250 % is out of range).',
    );
    expect(reason(setVolume.perform(ctx(['t']), { percent: 50 }))).toMatch(/Only audio and video/);
  });

  it('refuses fades longer than the item', () => {
    expect(ops(setFadeOut.perform(ctx(['m']), { seconds: 2 }))[0]).toMatchObject({
      to: { fade_out_seconds: 2 },
    });
    expect(reason(setFadeOut.perform(ctx(['a']), { seconds: 5 }))).toMatch(/is 4 s long/);
  });

  it('mutes and solos layers for playback', () => {
    const muted = toggleLayerMute.perform(ctx([]), { layerIndex: 3 });
    expect(muted).toMatchObject({ type: 'state', patch: { mutedLayers: new Set([3]) } });
    const solo = toggleLayerSolo.perform(ctx([]), { layerIndex: 0 });
    expect(solo).toMatchObject({ patch: { soloLayers: new Set([0]) } });
    expect(playingLayers([0, 1, 2, 3], new Set([3]), new Set())).toEqual([0, 1, 2]);
    expect(playingLayers([0, 1, 2, 3], new Set([3]), new Set([0, 3]))).toEqual([0, 3]);
  });
});

describe('layout on the frame', () => {
  const field = (name: string) => LAYOUT_FIELDS.find((command) => command.name === name)!;

  it('sets a number of the inspector as one layout change', () => {
    const [op] = ops(field('setLayout-x').perform(ctx(['c']), { value: 100.12345 }));
    expect(op).toMatchObject({ kind: 'layout', itemId: 'c', to: { x: 100.123 } });
    const [wide] = ops(field('setLayout-width').perform(ctx(['c']), { value: 50 }));
    expect(wide).toMatchObject({ to: { scale_x: 0.5, scale_y: 1 } });
    expect(reason(field('setLayout-left').perform(ctx(['c']), { value: 95 }))).toMatch(
      /0 % and 90 %/,
    );
    expect(reason(field('setLayout-x').perform(ctx(['m']), { value: 1 }))).toMatch(
      /shows on the frame/,
    );
  });

  it('nudges the selected item by a pixel (Shift: ten)', () => {
    const [op] = ops(nudgeLayout.perform(ctx(['c']), { dx: 0, dy: -10 }));
    expect(op).toMatchObject({ to: { x: 540, y: 950 } });
  });
});

describe('playback', () => {
  it('Space plays and pauses, K pauses, J and L shuttle, End stops at the end', () => {
    expect(playPause.perform(ctx([]), { pause: false })).toMatchObject({
      patch: { playbackRate: 1 },
      announce: 'Playing',
    });
    // Paused on the frame shown.
    expect(
      playPause.perform(ctx([], { playbackRate: 2, playhead: 5.228 }), { pause: true }),
    ).toMatchObject({ patch: { playbackRate: 0, playhead: 5.233 } });
    expect(playPause.perform(ctx([], { playhead: 12 }), { pause: false })).toMatchObject({
      patch: { playbackRate: 1, playhead: 0 },
    });
    expect(shuttleForward.perform(ctx([], { playbackRate: 2 }), undefined)).toMatchObject({
      patch: { playbackRate: 4 },
    });
    expect(shuttleBackward.perform(ctx([], { playbackRate: 2 }), undefined)).toMatchObject({
      patch: { playbackRate: -1 },
    });
    expect(goToEnd.perform(ctx([]), undefined)).toMatchObject({ patch: { playhead: 12 } });
  });

  it('← → step the playhead by a frame when nothing is selected', () => {
    expect(nudge.perform(ctx([], { playhead: 1 }), { direction: 1, unit: 'frame' })).toEqual({
      type: 'state',
      patch: { playhead: 1.033, playbackRate: 0 },
    });
    expect(nudge.perform(ctx([], { playhead: 1 }), { direction: -1, unit: 'second' })).toEqual({
      type: 'state',
      patch: { playhead: 0, playbackRate: 0 },
    });
  });
});
