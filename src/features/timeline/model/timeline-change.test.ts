import { describe, expect, it } from 'vitest';
import { applyEditOps, type EditOp } from './edit-ops.ts';
import { moveOp, smallTimeline } from './synthetic-timeline.ts';
import { opsChange, settleChange } from './timeline-change.ts';
import { appliedBatch } from '../testing/batch-answers.ts';
import type { TimelineBatchOperationOutcome } from '@/api/schema.gen.ts';

const base = smallTimeline();

/** `ops` applied to the small timeline, shown, and settled on the service's `answers`. */
function settleOn(ops: EditOp[], answers: Array<Partial<TimelineBatchOperationOutcome>>) {
  const optimistic = applyEditOps(base, ops);
  const result = { kind: 'ops' as const, batch: appliedBatch(ops, answers) };
  return {
    optimistic,
    settled: settleChange({ base, optimistic, change: opsChange(ops), result }),
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
    const move = settleOn([moveOp('c', 2, 6, 1)], [{ start_seconds: 6, end_seconds: 9 }]);
    const after = settled(move.settled);
    expect(after.revision).toBe(8);
    expect(after.layers).toBe(move.optimistic.layers);
  });

  it('places a move where the service put it', () => {
    const move = settleOn([moveOp('c', 2, 6, 1)], [{ start_seconds: 5, end_seconds: 8 }]);
    expect(itemOf(settled(move.settled), 'c')).toMatchObject({ start_seconds: 5, end_seconds: 8 });
  });

  it('settles a trim applied as sent, and fetches one the service clamped or that deleted', () => {
    const ops: EditOp[] = [{ kind: 'trim', itemId: 'c', startDelta: 0, endDelta: -1 }];
    const trim = settleOn(ops, [{ start_seconds: 2, end_seconds: 4 }]);
    // An image: its source is the still, from 0 s for as long as it shows.
    expect(itemOf(settled(trim.settled), 'c')).toMatchObject({
      end_seconds: 4,
      source_start_seconds: 0,
      source_end_seconds: 2,
    });
    expect(settled(trim.settled).layers).toBe(trim.optimistic.layers);
    const fetched: Array<Partial<TimelineBatchOperationOutcome>> = [
      { start_seconds: 2, end_seconds: 4.5 },
      // Clamped back to where it was asked to go: the warning says so.
      { start_seconds: 2, end_seconds: 4, warnings: ['Trim end clamped at 4 s.'] },
      { start_seconds: 2, end_seconds: 4, removed_caption_word_count: 2 },
      { start_seconds: 2, end_seconds: 4, deleted_timeline_item_ids: ['c'] },
    ];
    for (const answer of fetched) expect(settleOn(ops, [answer]).settled).toBe('refetch');
  });

  it('moves a video’s source points with its edges, and fetches an item changed twice in a batch', () => {
    const ops: EditOp[] = [{ kind: 'trim', itemId: 'b', startDelta: 1, endDelta: 0 }];
    const trim = settleOn(ops, [{ start_seconds: 5, end_seconds: 8 }]);
    // b: 4–8 from source 1–5; its start 1 s later is source 2–5.
    expect(itemOf(settled(trim.settled), 'b')).toMatchObject({
      source_start_seconds: 2,
      source_end_seconds: 5,
    });
    const twice = settleOn(
      [...ops, moveOp('b', 5, 6)],
      [
        { start_seconds: 5, end_seconds: 8 },
        { start_seconds: 6, end_seconds: 9 },
      ],
    );
    expect(twice.settled).toBe('refetch');
  });
});
