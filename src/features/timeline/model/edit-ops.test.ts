import { describe, expect, it } from 'vitest';
import { applyEditOps, removeItems, restoreItems } from './edit-ops.ts';
import { buildTimelineIndex } from './timeline-index.ts';
import { moveOp as move, smallTimeline } from './synthetic-timeline.ts';

describe('applying operations optimistically', () => {
  it('moves items in time and across layers without touching other layers', () => {
    const base = smallTimeline();
    const next = applyEditOps(base, [move('a', 0, 8.5), move('c', 2, 0, 1, 0)]);
    const index = buildTimelineIndex(next);
    expect(index.byId.get('a')!.item).toMatchObject({
      start_seconds: 8.5,
      end_seconds: 12.5,
      layer_index: 0,
    });
    expect(index.byId.get('c')!.item).toMatchObject({
      start_seconds: 0,
      end_seconds: 3,
      layer_index: 0,
    });
    expect(index.rows[1]!.items).toEqual([]);
    expect(next.layers[2]).toBe(base.layers[2]);
    expect(next.duration_seconds).toBe(12.5);
    expect(base.layers[0]!.items[0]!.start_seconds).toBe(0);
  });

  it('trims and adds effects', () => {
    const next = applyEditOps(smallTimeline(), [
      { kind: 'trim', itemId: 'b', startDelta: 0.5, endDelta: -1 },
      { kind: 'add-effect', itemId: 'b', effectType: 'zoom', zoomScale: 1.5 },
    ]);
    const b = buildTimelineIndex(next).byId.get('b')!.item;
    expect(b).toMatchObject({ start_seconds: 4.5, end_seconds: 7, source_start_seconds: 1.5 });
    expect(b.effects).toHaveLength(1);
    expect(b.effects[0]!.effect_type).toBe('zoom');
    const removed = applyEditOps(next, [
      {
        kind: 'remove-effect',
        itemId: 'b',
        effectId: b.effects[0]!.effect_id,
        effectType: 'zoom',
        zoomScale: 1.5,
      },
    ]);
    expect(buildTimelineIndex(removed).byId.get('b')!.item.effects).toEqual([]);
  });

  it('ignores operations on unknown items and returns the same object for none', () => {
    const base = smallTimeline();
    expect(applyEditOps(base, [])).toBe(base);
    expect(buildTimelineIndex(applyEditOps(base, [move('ghost', 0, 1)])).itemCount).toBe(5);
  });

  it('removes and restores items for batch delete', () => {
    const base = smallTimeline();
    const without = removeItems(base, new Set(['a', 'm']));
    expect(buildTimelineIndex(without).itemCount).toBe(3);
    expect(without.layers[1]).toBe(base.layers[1]);
    const back = restoreItems(without, base, new Set(['m']));
    expect(buildTimelineIndex(back).byId.has('m')).toBe(true);
    expect(buildTimelineIndex(back).byId.has('a')).toBe(false);
    expect(restoreItems(without, base, new Set())).toBe(without);
  });
});
