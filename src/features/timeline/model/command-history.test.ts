import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createEntry,
  dropEntry,
  emptyHistory,
  nextRedo,
  nextUndo,
  pruneDeleted,
  record,
  redone,
  undone,
} from './command-history.ts';
import type { EditOp } from './edit-ops.ts';

const op = (itemId: string, toStart: number): EditOp => ({
  kind: 'move',
  itemId,
  fromStart: 0,
  fromLayer: 0,
  toStart,
  toLayer: 0,
});
const back = (itemId: string, toStart: number): EditOp => ({
  kind: 'move',
  itemId,
  fromStart: toStart,
  fromLayer: 0,
  toStart: 0,
  toLayer: 0,
});

describe('command history', () => {
  it('undoes and redoes whole gestures', () => {
    const first = createEntry(
      'Move 2 items',
      [op('a', 1), op('b', 1)],
      [back('a', 1), back('b', 1)],
    );
    const second = createEntry('Move 1 item', [op('c', 2)], [back('c', 2)]);
    let history = record(record(emptyHistory, first), second);
    expect(canUndo(history)).toBe(true);
    expect(canRedo(history)).toBe(false);
    expect(nextUndo(history)).toBe(second);
    history = undone(history);
    expect(nextUndo(history)).toBe(first);
    expect(nextRedo(history)).toBe(second);
    history = redone(history);
    expect(nextUndo(history)).toBe(second);
    expect(undone(emptyHistory)).toBe(emptyHistory);
    expect(redone(emptyHistory)).toBe(emptyHistory);
  });

  it('drops the redo branch on a new gesture and keeps a bounded past', () => {
    let history = record(emptyHistory, createEntry('one', [op('a', 1)], [back('a', 1)]));
    history = undone(history);
    history = record(history, createEntry('two', [op('b', 1)], [back('b', 1)]));
    expect(canRedo(history)).toBe(false);
    for (let i = 0; i < 10; i += 1)
      history = record(history, createEntry(`n${i}`, [op('a', i)], [back('a', i)]), 5);
    expect(history.past).toHaveLength(5);
    expect(history.past[4]!.label).toBe('n9');
  });

  it('prunes entries touching deleted items and drops failed ones', () => {
    const keep = createEntry('keep', [op('a', 1)], [back('a', 1)]);
    const gone = createEntry('gone', [op('b', 1)], [back('b', 1)]);
    const history = record(record(emptyHistory, keep), gone);
    expect(pruneDeleted(history, new Set(['b'])).past).toEqual([keep]);
    expect(pruneDeleted(history, new Set())).toBe(history);
    expect(dropEntry(history, keep.id).past).toEqual([gone]);
  });
});
