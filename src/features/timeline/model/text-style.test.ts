import { describe, expect, it } from 'vitest';
import { emptyHistory } from '@/editor-kit/history.ts';
import { toOperation } from '../api/timeline-api.ts';
import type { CommandContext } from './command-context.ts';
import { setTextStyle, sharedTextStyle } from './commands.ts';
import { stillApplies } from './conflict.ts';
import { applyEditOps, type EditOp } from './edit-ops.ts';
import { smallTimeline, withLockedLayers } from './synthetic-timeline.ts';
import { checkFontFamily, contrastingInk, parseHexColor } from './text-style.ts';
import { describeChange, invertChange, opsChange, settleChange } from './timeline-change.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { appliedBatch } from '../testing/batch-answers.ts';
import type { Timeline } from '@/api/schema.gen.ts';
import { contextDefaults } from '../testing/command-context.ts';

const ctx = (selection: string[], timeline: Timeline = smallTimeline()): CommandContext => ({
  index: buildTimelineIndex(timeline),
  fps: 30,
  selection: new Set(selection),
  playhead: 0,
  view: { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1000, height: 300 },
  history: emptyHistory(),
  ...contextDefaults,
});

/** The small timeline with a second text item `u` (same style as `t`) on the titles layer. */
function twoTitles(): Timeline {
  const timeline = smallTimeline();
  const titles = timeline.layers[2]!;
  const t = titles.items[0]!;
  return {
    ...timeline,
    layers: timeline.layers.map((layer) =>
      layer === titles
        ? { ...layer, items: [t, { ...t, id: 'u', name: 'u', start_seconds: 5, end_seconds: 7 }] }
        : layer,
    ),
  };
}

const opsOf = (outcome: ReturnType<typeof setTextStyle.perform>) =>
  outcome.type === 'change' && outcome.change.kind === 'ops' ? outcome.change.ops : null;

describe('colour and font checks (before any request)', () => {
  it('accepts #RRGGBB, #RGB and a missing #, written out in capitals', () => {
    expect(parseHexColor('#1e40af')).toEqual({ ok: true, value: '#1E40AF' });
    expect(parseHexColor(' 1E40AF ')).toEqual({ ok: true, value: '#1E40AF' });
    expect(parseHexColor('#1ea')).toEqual({ ok: true, value: '#11EEAA' });
  });

  it('refuses anything else with a reason that says what to type', () => {
    for (const bad of ['', 'red', '#12345', '#1234567', '#GGGGGG', 'rgb(0,0,0)', '##123456']) {
      const checked = parseHexColor(bad);
      expect(checked.ok, bad).toBe(false);
      if (!checked.ok) expect(checked.reason).toMatch(/#RRGGBB|six hex digits/);
    }
  });

  it('checks a font family: 1 to 100 characters, trimmed', () => {
    expect(checkFontFamily('  Inter ')).toEqual({ ok: true, value: 'Inter' });
    expect(checkFontFamily('   ').ok).toBe(false);
    expect(checkFontFamily('x'.repeat(101)).ok).toBe(false);
    expect(checkFontFamily('x'.repeat(100)).ok).toBe(true);
  });

  it('picks readable ink for a swatch', () => {
    expect(contrastingInk('#FFFFFF')).toBe('#000000');
    expect(contrastingInk('#1E40AF')).toBe('#FFFFFF');
  });
});

describe('setTextStyle (perform)', () => {
  it('sets the colour of a text item as one change, keeping its font', () => {
    const outcome = setTextStyle.perform(ctx(['t']), { color: '#1e40af' });
    expect(outcome).toMatchObject({ type: 'change', label: 'Set text colour' });
    expect(opsOf(outcome)).toEqual([
      {
        kind: 'text-style',
        itemId: 't',
        from: { color: '#FFFFFF', font_family: 'Inter' },
        to: { color: '#1E40AF', font_family: 'Inter' },
      },
    ]);
  });

  it('sets colour and font together, and several text items in one step', () => {
    const outcome = setTextStyle.perform(ctx(['t', 'u'], twoTitles()), {
      color: '#000000',
      fontFamily: 'Poppins',
    });
    expect(outcome).toMatchObject({ type: 'change', label: 'Set text style of 2 items' });
    expect(opsOf(outcome)?.map((op) => op.itemId)).toEqual(['t', 'u']);
  });

  it('refuses a bad colour or font, a selection that is not all text, a locked layer, no change', () => {
    expect(setTextStyle.perform(ctx(['t']), { color: 'blue' })).toMatchObject({
      type: 'refused',
      reason: expect.stringContaining('not a colour'),
    });
    expect(setTextStyle.perform(ctx(['t']), { color: '#000000', fontFamily: ' ' })).toMatchObject({
      type: 'refused',
      reason: expect.stringContaining('font family'),
    });
    expect(setTextStyle.perform(ctx(['a']), { color: '#000000' })).toEqual({
      type: 'refused',
      reason: 'Only text items have a text colour; select text items only.',
    });
    expect(setTextStyle.perform(ctx(['a', 't']), { color: '#000000' }).type).toBe('refused');
    expect(setTextStyle.perform(ctx([]), { color: '#000000' })).toMatchObject({
      reason: 'Select a text item first.',
    });
    const locked = withLockedLayers(smallTimeline(), [2]);
    expect(setTextStyle.canRun(ctx(['t'], locked), { color: '#000000' })).toBe(false);
    expect(setTextStyle.perform(ctx(['t'], locked), { color: '#000000' })).toMatchObject({
      type: 'refused',
      reason: expect.stringMatching(/locked/i),
    });
    expect(setTextStyle.perform(ctx(['t']), { color: '#ffffff' })).toEqual({
      type: 'refused',
      reason: 'The text already has that style.',
    });
  });

  it('reads the style the selection shares', () => {
    expect(sharedTextStyle(ctx(['t']))).toEqual({ color: '#FFFFFF', font_family: 'Inter' });
    expect(sharedTextStyle(ctx(['t', 'u'], twoTitles()))).toEqual({
      color: '#FFFFFF',
      font_family: 'Inter',
    });
    expect(sharedTextStyle(ctx(['a']))).toBeNull();
  });
});

describe('the text-style operation', () => {
  const op: EditOp = {
    kind: 'text-style',
    itemId: 't',
    from: { color: '#FFFFFF' },
    to: { color: '#1E40AF', font_family: 'Poppins' },
  };
  const batch = () =>
    appliedBatch([op], [{ text_style: { color: '#1E40AF', font_family: 'Poppins' } }]);

  it('is sent as timeline.item.text.style with the whole style (null: the default font)', () => {
    expect(toOperation(op)).toEqual({
      operation_id: 'timeline.item.text.style',
      timeline_item_id: 't',
      color: '#1E40AF',
      font_family: 'Poppins',
    });
    expect(toOperation({ ...op, to: { color: '#FFFFFF' } })).toMatchObject({ font_family: null });
  });

  it('shows optimistically, settles on the answer, and undoes to the style before', () => {
    const base = smallTimeline();
    const shown = applyEditOps(base, [op]);
    expect(shown.layers[2]!.items[0]!.text_style).toEqual(op.to);
    const result = { kind: 'ops' as const, batch: batch() };
    const settled = settleChange({ base, change: opsChange([op]), result });
    expect(settled).not.toBe('refetch');
    if (settled !== 'refetch') expect(settled.revision).toBe(8);
    const inverse = invertChange(opsChange([op]), result, base);
    expect(inverse).toEqual(
      opsChange([{ kind: 'text-style', itemId: 't', from: op.to, to: { color: '#FFFFFF' } }]),
    );
    expect(toOperation((inverse as { ops: EditOp[] }).ops[0]!)).toMatchObject({
      color: '#FFFFFF',
      font_family: null,
    });
    expect(describeChange(opsChange([op]))).toBe('Change the text style of 1 item');
    // An item that had no style has nothing to go back to.
    expect(invertChange(opsChange([{ ...op, from: null }]), result, base)).toBeNull();
  });

  it('still applies after someone else moved the item, not after they restyled it', () => {
    const base = smallTimeline();
    const moved = applyEditOps(base, [
      { kind: 'move', itemId: 't', fromStart: 1, fromLayer: 2, toStart: 6, toLayer: 2 },
    ]);
    expect(stillApplies([op], base, moved)).toEqual({ applies: true });
    const restyled = applyEditOps(base, [{ ...op, to: { color: '#FF0000' } }]);
    expect(stillApplies([op], base, restyled)).toEqual({
      applies: false,
      reason: 'Someone else changed the text style of “t”.',
    });
  });
});
