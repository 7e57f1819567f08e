import { describe, expect, it } from 'vitest';
import { describeChanges, diffTimelines, stillApplies } from './conflict.ts';
import { applyEditOps, removeItems, type EditOp } from './edit-ops.ts';
import { smallTimeline } from './synthetic-timeline.ts';

const moveA: EditOp = {
  kind: 'move',
  itemId: 'a',
  fromStart: 0,
  fromLayer: 0,
  toStart: 0.5,
  toLayer: 0,
};

describe('conflicts', () => {
  it('lists what changed between two revisions', () => {
    const base = smallTimeline();
    let fresh = applyEditOps(base, [
      { kind: 'move', itemId: 'b', fromStart: 4, fromLayer: 0, toStart: 9, toLayer: 0 },
      { kind: 'trim', itemId: 'm', startDelta: 0, endDelta: -2 },
      { kind: 'add-effect', itemId: 'c', effectType: 'zoom', zoomScale: 2 },
    ]);
    fresh = removeItems(fresh, new Set(['t']));
    fresh = {
      ...fresh,
      layers: fresh.layers.map((layer, i) =>
        i === 0
          ? {
              ...layer,
              items: [
                ...layer.items,
                { ...base.layers[0]!.items[0]!, id: 'new', name: 'New clip' },
              ],
            }
          : layer,
      ),
    };
    const changes = diffTimelines(base, fresh);
    expect(changes.map((change) => `${change.kind}:${change.itemId}`).sort()).toEqual([
      'added:new',
      'changed:c',
      'moved:b',
      'removed:t',
      'trimmed:m',
    ]);
    expect(describeChanges(changes.slice(0, 2))).toMatch(/^“.+” \w+ and “.+” \w+\.$/);
    expect(describeChanges(changes)).toMatch(/and 2 more changes\.$/);
    expect(describeChanges([])).toMatch(/No item changed/);
  });

  it('re-applies a pending change only when its items are untouched', () => {
    const base = smallTimeline();
    const otherMoved = applyEditOps(base, [
      { kind: 'move', itemId: 'b', fromStart: 4, fromLayer: 0, toStart: 9, toLayer: 0 },
    ]);
    expect(stillApplies([moveA], base, otherMoved)).toEqual({ applies: true });
    const sameMoved = applyEditOps(base, [{ ...moveA, toStart: 2 }]);
    expect(stillApplies([moveA], base, sameMoved)).toEqual({
      applies: false,
      reason: '“a” was changed by someone else.',
    });
    expect(stillApplies([moveA], base, removeItems(base, new Set(['a'])))).toEqual({
      applies: false,
      reason: '“a” was deleted.',
    });
    const noLayer = { ...base, layers: base.layers.filter((layer) => layer.index !== 1) };
    expect(stillApplies([{ ...moveA, toLayer: 1 }], base, noLayer).applies).toBe(false);
    expect(
      stillApplies(
        [{ kind: 'remove-effect', itemId: 'a', effectId: 'x', effectType: 'zoom', zoomScale: 2 }],
        base,
        base,
      ).applies,
    ).toBe(false);
  });
});
