import { describe, expect, it } from 'vitest';
import { applyEditOps, type EditOp } from './edit-ops.ts';
import { moveOp, smallTimeline } from './synthetic-timeline.ts';
import { opsChange, settleChange } from './timeline-change.ts';
import type { TimelineBatchApplyResult, TimelineBatchOperationOutcome } from '@/api/schema.gen.ts';

/** An applied batch answering each operation with `answers[i]` (revision 7 → 8). */
function applied(
  ops: readonly EditOp[],
  answers: Array<Partial<TimelineBatchOperationOutcome>>,
): { kind: 'ops'; batch: TimelineBatchApplyResult } {
  const results = ops.map((op, index) => ({
    index,
    operation_id: op.kind === 'move' ? 'timeline.item.move' : 'timeline.item.trim',
    timeline_item_id: op.itemId,
    warnings: [],
    deleted_timeline_item_ids: [],
    removed_caption_word_count: 0,
    ...answers[index],
  }));
  return {
    kind: 'ops',
    batch: {
      success: true,
      applied: true,
      dry_run: false,
      project_id: 'p1',
      previous_revision: 7,
      revision: 8,
      destructive: false,
      results,
      failed_operations: [],
      warnings: [],
      affected_timeline_item_ids: ops.map((op) => op.itemId),
      deleted_timeline_item_ids: results.flatMap((result) => result.deleted_timeline_item_ids),
    },
  };
}

const settled = (value: ReturnType<typeof settleChange>) => {
  if (value === 'refetch') throw new Error('expected a settled timeline');
  return value;
};
const itemOf = (timeline: ReturnType<typeof smallTimeline>, id: string) =>
  timeline.layers.flatMap((layer) => layer.items).find((item) => item.id === id)!;

describe('settling a change on the service’s answer', () => {
  it('keeps the layers shown when every move was applied as sent (only the revision is new)', () => {
    const base = smallTimeline();
    const ops = [moveOp('c', 2, 6, 1)];
    const optimistic = applyEditOps(base, ops);
    const after = settled(
      settleChange({
        base,
        optimistic,
        change: opsChange(ops),
        result: applied(ops, [{ start_seconds: 6, end_seconds: 9, layer_index: 1 }]),
      }),
    );
    expect(after.revision).toBe(8);
    expect(after.layers).toBe(optimistic.layers);
  });

  it('places a move where the service put it', () => {
    const base = smallTimeline();
    const ops = [moveOp('c', 2, 6, 1)];
    const after = settled(
      settleChange({
        base,
        optimistic: applyEditOps(base, ops),
        change: opsChange(ops),
        result: applied(ops, [{ start_seconds: 5, end_seconds: 8, layer_index: 1 }]),
      }),
    );
    expect(itemOf(after, 'c')).toMatchObject({ start_seconds: 5, end_seconds: 8 });
  });

  it('settles a trim applied as sent, and fetches one the service clamped or that deleted', () => {
    const base = smallTimeline();
    const ops: EditOp[] = [{ kind: 'trim', itemId: 'c', startDelta: 0, endDelta: -1 }];
    const optimistic = applyEditOps(base, ops);
    const asSent = settled(
      settleChange({
        base,
        optimistic,
        change: opsChange(ops),
        result: applied(ops, [{ start_seconds: 2, end_seconds: 4 }]),
      }),
    );
    // An image: its source is the still, from 0 s for as long as it shows.
    expect(itemOf(asSent, 'c')).toMatchObject({
      end_seconds: 4,
      source_start_seconds: 0,
      source_end_seconds: 2,
    });
    expect(asSent.layers).toBe(optimistic.layers);
    const clamped = applied(ops, [{ start_seconds: 2, end_seconds: 4.5 }]);
    expect(settleChange({ base, optimistic, change: opsChange(ops), result: clamped })).toBe(
      'refetch',
    );
    // Clamped back to where it was asked to go: the warning says so, and it is fetched.
    const clampedBack = applied(ops, [
      { start_seconds: 2, end_seconds: 4, warnings: ['Trim end clamped at 4 s.'] },
    ]);
    expect(settleChange({ base, optimistic, change: opsChange(ops), result: clampedBack })).toBe(
      'refetch',
    );
    const wordsRemoved = applied(ops, [
      { start_seconds: 2, end_seconds: 4, removed_caption_word_count: 2 },
    ]);
    expect(settleChange({ base, optimistic, change: opsChange(ops), result: wordsRemoved })).toBe(
      'refetch',
    );
    const deleted = applied(ops, [
      { start_seconds: 2, end_seconds: 4, deleted_timeline_item_ids: ['c'] },
    ]);
    expect(settleChange({ base, optimistic, change: opsChange(ops), result: deleted })).toBe(
      'refetch',
    );
  });

  it('moves a video’s source points with its edges, and fetches an item changed twice in a batch', () => {
    const base = smallTimeline();
    const ops: EditOp[] = [{ kind: 'trim', itemId: 'b', startDelta: 1, endDelta: 0 }];
    const after = settled(
      settleChange({
        base,
        optimistic: applyEditOps(base, ops),
        change: opsChange(ops),
        result: applied(ops, [{ start_seconds: 5, end_seconds: 8 }]),
      }),
    );
    // b: 4–8 from source 1–5; its start 1 s later is source 2–5.
    expect(itemOf(after, 'b')).toMatchObject({ source_start_seconds: 2, source_end_seconds: 5 });
    const twice: EditOp[] = [...ops, moveOp('b', 5, 6)];
    expect(
      settleChange({
        base,
        optimistic: applyEditOps(base, twice),
        change: opsChange(twice),
        result: applied(twice, [
          { start_seconds: 5, end_seconds: 8 },
          { start_seconds: 6, end_seconds: 9 },
        ]),
      }),
    ).toBe('refetch');
  });
});
