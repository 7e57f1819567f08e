import { describe, expect, it } from 'vitest';
import {
  nextBatch,
  OwnRevisions,
  restampEntries,
  type ChangeTraits,
  type QueuedEntry,
} from './save-queue.ts';

/** A toy change: values per key, each read at a revision. */
interface Toy {
  set: Record<string, string>;
  at: Record<string, number>;
}

const traits: ChangeTraits<Toy> = {
  keys: (change) => Object.keys(change.set).sort(),
  merge: (first, second) => ({
    set: { ...first.set, ...second.set },
    at: { ...second.at, ...first.at },
  }),
  restamp: (change, latest) => {
    let moved = false;
    const at = Object.fromEntries(
      Object.entries(change.at).map(([key, revision]) => {
        const now = latest(key, revision);
        if (now !== revision) moved = true;
        return [key, now];
      }),
    );
    return moved ? { ...change, at } : change;
  },
};

const toy = (values: Record<string, string>, revision = 1): Toy => ({
  set: values,
  at: Object.fromEntries(Object.keys(values).map((key) => [key, revision])),
});

const entry = (
  id: string,
  change: Toy,
  status: QueuedEntry<Toy>['status'] = 'pending',
): QueuedEntry<Toy> => ({ id, status, change });

describe('nextBatch', () => {
  it('sends nothing while a save of the same keys is in flight', () => {
    const entries = [entry('a', toy({ x: '1' }), 'saving'), entry('b', toy({ x: '2' }))];
    expect(nextBatch(entries, traits)).toBeNull();
  });

  it('sends a change of other keys beside one in flight', () => {
    const entries = [entry('a', toy({ x: '1' }), 'saving'), entry('b', toy({ y: '2' }))];
    expect(nextBatch(entries, traits)).toEqual({ ids: ['b'], change: toy({ y: '2' }) });
  });

  it('coalesces the changes of the same keys that waited into one request, in order', () => {
    const entries = [
      entry('a', toy({ x: '1' })),
      entry('b', toy({ x: '2' }, 2)),
      entry('c', toy({ x: '3' }, 2)),
    ];
    expect(nextBatch(entries, traits)).toEqual({
      ids: ['a', 'b', 'c'],
      // The last value; the revision the first was read at.
      change: { set: { x: '3' }, at: { x: 1 } },
    });
  });

  it('never moves a change across a change of the same keys left out', () => {
    const entries = [
      entry('a', toy({ x: '1' })),
      entry('b', toy({ x: '2', y: '2' })),
      entry('c', toy({ x: '3' })),
      entry('d', toy({ z: '4' })),
    ];
    // b is left out (other keys), and it touches x: c waits for the next request.
    expect(nextBatch(entries, traits)?.ids).toEqual(['a']);
  });

  it('takes later changes of the same keys past an unrelated one', () => {
    const entries = [
      entry('a', toy({ x: '1' })),
      entry('b', toy({ y: '2' })),
      entry('c', toy({ x: '3' })),
    ];
    expect(nextBatch(entries, traits)?.ids).toEqual(['a', 'c']);
  });

  it('keeps the order behind a held (unsaved) change of the same keys', () => {
    const entries = [entry('a', toy({ x: '1' }), 'unsaved'), entry('b', toy({ x: '2' }))];
    expect(nextBatch(entries, traits)).toBeNull();
    const other = [entry('a', toy({ x: '1' }), 'unsaved'), entry('b', toy({ y: '2' }))];
    expect(nextBatch(other, traits)?.ids).toEqual(['b']);
  });

  it('has nothing to send when nothing waits', () => {
    expect(nextBatch([], traits)).toBeNull();
    expect(nextBatch([entry('a', toy({ x: '1' }), 'saving')], traits)).toBeNull();
  });
});

describe('OwnRevisions', () => {
  it('reads a revision forward through this browser’s own saves only', () => {
    const own = new OwnRevisions();
    own.record('x', 1, 2);
    own.record('x', 2, 3);
    expect(own.latest('x', 1)).toBe(3);
    expect(own.latest('x', 2)).toBe(3);
    // Someone else moved x from 3 to 4: a change read at 1 stops at 3 (a real conflict).
    expect(own.latest('x', 4)).toBe(4);
    expect(own.latest('y', 1)).toBe(1);
  });

  it('ignores answers without revisions or that did not move', () => {
    const own = new OwnRevisions();
    own.record('x', undefined, 2);
    own.record('x', 1, undefined);
    own.record('x', 1, 1);
    expect(own.latest('x', 1)).toBe(1);
  });

  it('restamps the waiting entries, not the one in flight; same array when nothing moves', () => {
    const own = new OwnRevisions();
    const entries = [entry('a', toy({ x: '1' }), 'saving'), entry('b', toy({ x: '2' }))];
    expect(restampEntries(entries, traits, own.latest)).toBe(entries);
    own.record('x', 1, 2);
    const next = restampEntries(entries, traits, own.latest);
    expect(next[0]).toBe(entries[0]);
    expect(next[1]!.change.at).toEqual({ x: 2 });
  });
});
