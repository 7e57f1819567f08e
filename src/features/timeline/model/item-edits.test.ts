import { describe, expect, it } from 'vitest';
import { toOperation } from '../api/timeline-api.ts';
import { appliedBatch } from '../testing/batch-answers.ts';
import { stillApplies } from './conflict.ts';
import { applyEditOps, type EditOp } from './edit-ops.ts';
import { copyItem, joinItems, newItemId, splitItem } from './item-edits.ts';
import { smallTimeline } from './synthetic-timeline.ts';
import { describeChange, invertChange, opsChange, settleChange } from './timeline-change.ts';
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';

const base = smallTimeline();
const itemOf = (timeline: Timeline, id: string) =>
  timeline.layers.flatMap((layer) => layer.items).find((item) => item.id === id);

/** Applied, answered as sent, inverted and applied again: the timeline as it was. */
function roundTrip(ops: EditOp[]) {
  const after = applyEditOps(base, ops);
  const result = { kind: 'ops' as const, batch: appliedBatch(ops) };
  const inverse = invertChange(opsChange(ops), result, base);
  if (!inverse || inverse.kind !== 'ops') throw new Error('expected an inverse');
  return { after, inverse, back: applyEditOps(after, inverse.ops) };
}

const sameItems = (a: Timeline, b: Timeline) =>
  expect(
    a.layers.map((layer) => [...layer.items].sort((x, y) => x.id.localeCompare(y.id))),
  ).toEqual(b.layers.map((layer) => [...layer.items].sort((x, y) => x.id.localeCompare(y.id))));

describe('split and join', () => {
  it('cuts a clip into two parts that keep their source offsets', () => {
    const a = itemOf(base, 'a')!;
    const withFades = { ...a, audio: { ...a.audio!, fade_in_seconds: 1, fade_out_seconds: 2 } };
    const [left, right] = splitItem(withFades, 1.5, 'a2');
    expect(left).toMatchObject({ id: 'a', start_seconds: 0, end_seconds: 1.5 });
    expect(left.source_end_seconds).toBe(2.5);
    expect(right).toMatchObject({
      id: 'a2',
      start_seconds: 1.5,
      end_seconds: 4,
      source_start_seconds: 2.5,
      source_end_seconds: 5,
    });
    expect(left.audio).toMatchObject({ fade_in_seconds: 1, fade_out_seconds: 0 });
    expect(right.audio).toMatchObject({ fade_in_seconds: 0, fade_out_seconds: 2 });
    expect(joinItems(left, right)).toEqual({ ...withFades });
  });

  it('an image keeps its source from 0 s to its length in each part', () => {
    const c = itemOf(base, 'c')!;
    const [left, right] = splitItem(
      { ...c, source_start_seconds: 0, source_end_seconds: 3 },
      3,
      'c2',
    );
    expect([left.source_start_seconds, left.source_end_seconds]).toEqual([0, 1]);
    expect([right.source_start_seconds, right.source_end_seconds]).toEqual([0, 2]);
  });

  it('is applied optimistically, sent with the new part’s id, and undone by a join', () => {
    const { after, inverse, back } = roundTrip([
      { kind: 'split', itemId: 'b', at: 6, newId: 'b2' },
    ]);
    expect(itemOf(after, 'b')!.end_seconds).toBe(6);
    expect(itemOf(after, 'b2')).toMatchObject({ start_seconds: 6, end_seconds: 8 });
    expect(inverse.ops).toEqual([{ kind: 'join', itemId: 'b', otherId: 'b2', at: 6 }]);
    sameItems(back, base);
    expect(toOperation({ kind: 'split', itemId: 'b', at: 6, newId: 'b2' })).toEqual({
      operation_id: 'timeline.item.split',
      timeline_item_id: 'b',
      at_seconds: 6,
      new_timeline_item_id: 'b2',
    });
  });
});

describe('creating and removing items', () => {
  it('adds a text item with the id the editor chose; its undo removes it, its redo adds it again', () => {
    const text: TimelineItem = {
      ...itemOf(base, 't')!,
      id: newItemId(),
      start_seconds: 5,
      end_seconds: 7,
      text: 'Hello',
      text_style: { color: '#1E40AF', font_size: 96 },
    };
    const create: EditOp = {
      kind: 'create',
      itemId: text.id,
      item: text,
      source: { type: 'text' },
    };
    expect(text.id).toMatch(/^ti_c[0-9a-f]{20}$/);
    const { after, inverse, back } = roundTrip([create]);
    expect(itemOf(after, text.id)).toEqual(text);
    expect(inverse.ops[0]).toMatchObject({ kind: 'remove', itemId: text.id });
    sameItems(back, base);
    expect(describeChange(opsChange([create]))).toBe('Add text');
    expect(toOperation(create)).toEqual({
      operation_id: 'timeline.text.add',
      timeline_item_id: text.id,
      layer_index: 2,
      start_seconds: 5,
      end_seconds: 7,
      text: 'Hello',
      color: '#1E40AF',
      font_size: 96,
      layout: { x: 540, y: 420, scale_x: 1, scale_y: 1, rotation_deg: 0 },
    });
    const redo = invertChange(inverse, { kind: 'ops', batch: appliedBatch(inverse.ops) }, after);
    expect(redo).toEqual({ kind: 'ops', ops: [create] });
  });

  it('pastes a copy as a duplicate of its source', () => {
    const copy = copyItem(itemOf(base, 'c')!, 'c-copy', 8, 1);
    const op: EditOp = {
      kind: 'create',
      itemId: 'c-copy',
      item: copy,
      source: { type: 'duplicate', sourceId: 'c' },
    };
    expect(copy).toMatchObject({ start_seconds: 8, end_seconds: 11, source_start_seconds: 1 });
    expect(toOperation(op)).toEqual({
      operation_id: 'timeline.item.duplicate',
      timeline_item_id: 'c',
      start_seconds: 8,
      layer_index: 1,
      new_timeline_item_id: 'c-copy',
    });
    sameItems(roundTrip([op]).back, base);
  });

  it('settles on the item the service stored (its natural size, its effects’ ids)', () => {
    const text = { ...itemOf(base, 't')!, id: 'new', start_seconds: 5, end_seconds: 7 };
    const ops: EditOp[] = [{ kind: 'create', itemId: 'new', item: text, source: { type: 'text' } }];
    const stored = { ...text, layout: { ...text.layout!, width: 333 } };
    const optimistic = applyEditOps(base, ops);
    const settled = settleChange({
      base,
      optimistic,
      change: opsChange(ops),
      result: { kind: 'ops', batch: appliedBatch(ops, [{ created_item: stored }]) },
    });
    if (settled === 'refetch') throw new Error('expected it settled from the answer');
    expect(itemOf(settled, 'new')!.layout!.width).toBe(333);
    expect(settled.layers[0]).toBe(optimistic.layers[0]);
  });

  it('does not re-create an item someone else created meanwhile, nor copy a deleted one', () => {
    const copy = copyItem(itemOf(base, 'c')!, 'c-copy', 8, 1);
    const op: EditOp = {
      kind: 'create',
      itemId: 'c-copy',
      item: copy,
      source: { type: 'duplicate', sourceId: 'c' },
    };
    expect(stillApplies([op], base, base)).toEqual({ applies: true });
    const taken = applyEditOps(base, [op]);
    expect(stillApplies([op], base, taken).applies).toBe(false);
    const gone = {
      ...base,
      layers: base.layers.map((l) => ({ ...l, items: l.items.filter((i) => i.id !== 'c') })),
    };
    expect(stillApplies([op], base, gone)).toEqual({
      applies: false,
      reason: 'The item copied was deleted.',
    });
  });
});

describe('layout, sound and text', () => {
  const a = itemOf(base, 'a')!;
  it('each swaps its whole value on undo, from what the service stored', () => {
    const layout: EditOp = {
      kind: 'layout',
      itemId: 'a',
      from: a.layout!,
      to: { ...a.layout!, x: 100, scale_x: 0.5, scale_y: 0.5 },
    };
    const audio: EditOp = {
      kind: 'audio',
      itemId: 'a',
      from: a.audio!,
      to: { ...a.audio!, volume_percent: 40, fade_out_seconds: 2 },
    };
    const text: EditOp = { kind: 'text-content', itemId: 't', from: 'Title', to: 'New' };
    const { after, back } = roundTrip([layout, audio, text]);
    expect(itemOf(after, 'a')).toMatchObject({
      layout: { x: 100, scale_x: 0.5 },
      audio: { volume_percent: 40, fade_out_seconds: 2 },
    });
    expect(itemOf(after, 't')!.text).toBe('New');
    sameItems(back, base);
    expect(toOperation(audio)).toEqual({
      operation_id: 'timeline.item.audio',
      timeline_item_id: 'a',
      volume_percent: 40,
      muted: false,
      fade_in_seconds: 0,
      fade_out_seconds: 2,
    });
    expect(toOperation(layout)).toEqual({
      operation_id: 'timeline.item.layout',
      timeline_item_id: 'a',
      x: 100,
      y: 960,
      scale_x: 0.5,
      scale_y: 0.5,
      rotation_deg: 0,
      crop: { left: 0, top: 0, right: 0, bottom: 0 },
    });
  });

  it('a layout someone else changed meanwhile no longer applies', () => {
    const op: EditOp = { kind: 'layout', itemId: 'a', from: a.layout!, to: { ...a.layout!, x: 1 } };
    const moved = applyEditOps(base, [{ ...op, to: { ...a.layout!, x: 2 } }]);
    expect(stillApplies([op], base, moved)).toEqual({
      applies: false,
      reason: 'Someone else moved “a” on the frame.',
    });
  });
});
