import { describe, expect, it } from 'vitest';
import type { EditOp } from './edit-ops.ts';
import { runOps, type TimelineTransport } from './gesture-runner.ts';

class Conflict extends Error {}

const move = (itemId: string, fromStart: number, toStart: number): EditOp => ({
  kind: 'move',
  itemId,
  fromStart,
  fromLayer: 0,
  toStart,
  toLayer: 0,
});

/** A fake service: a revision counter, positions, and scripted failures. */
function fakeService(
  options: { failOn?: (op: EditOp, call: number) => Error | null; revision?: number } = {},
) {
  const state = {
    revision: options.revision ?? 10,
    positions: new Map<string, number>(),
    calls: [] as Array<{ op: EditOp; expected: number }>,
  };
  const transport: TimelineTransport = {
    async apply(op, expected) {
      state.calls.push({ op, expected });
      const failure = options.failOn?.(op, state.calls.length);
      if (failure) throw failure;
      if (expected !== state.revision) throw new Conflict('stale');
      if (op.kind === 'move') state.positions.set(op.itemId, op.toStart);
      state.revision += 1;
      return {
        revision: state.revision,
        ...(op.kind === 'add-effect' ? { effectId: 'fx-1' } : {}),
      };
    },
    async currentRevision() {
      return state.revision;
    },
  };
  return { state, transport };
}

const isConflict = (error: unknown) => error instanceof Conflict;

describe('running a gesture', () => {
  it('chains expected revisions and reports every applied step', async () => {
    const { state, transport } = fakeService();
    const result = await runOps([move('a', 0, 1), move('b', 2, 3)], 10, transport, isConflict);
    expect(result).toMatchObject({ status: 'applied', revision: 12 });
    expect(state.calls.map((call) => call.expected)).toEqual([10, 11]);
    expect(state.positions.get('b')).toBe(3);
  });

  it('rolls back earlier steps when a later one fails', async () => {
    const { state, transport } = fakeService({
      failOn: (op, call) => (op.itemId === 'c' && call === 3 ? new Error('Layer is locked') : null),
    });
    const result = await runOps(
      [move('a', 0, 1), move('b', 2, 3), move('c', 4, 5)],
      10,
      transport,
      isConflict,
    );
    expect(result).toMatchObject({
      status: 'rolled-back',
      rolledBack: 2,
      failedOp: { itemId: 'c' },
      revision: 14,
    });
    expect(state.positions.get('a')).toBe(0);
    expect(state.positions.get('b')).toBe(2);
    // Inverses go newest first.
    expect(state.calls.slice(3).map((call) => call.op.itemId)).toEqual(['b', 'a']);
  });

  it('rolls back past a concurrent change by refreshing the revision', async () => {
    let bumped = false;
    const service = fakeService({
      failOn: (op, call) => {
        if (call === 2) {
          // Someone else edits between our two requests.
          service.state.revision += 1;
          bumped = true;
          return new Conflict('stale');
        }
        return null;
      },
    });
    const result = await runOps(
      [move('a', 0, 1), move('b', 2, 3)],
      10,
      service.transport,
      isConflict,
    );
    expect(bumped).toBe(true);
    expect(result).toMatchObject({ status: 'rolled-back', rolledBack: 1 });
    expect(service.state.positions.get('a')).toBe(0);
  });

  it('reports a partly applied gesture when the rollback fails too', async () => {
    const { transport } = fakeService({
      failOn: (_op, call) => (call >= 3 ? new Error('down') : null),
    });
    const result = await runOps(
      [move('a', 0, 1), move('b', 2, 3), move('c', 4, 5)],
      10,
      transport,
      isConflict,
    );
    expect(result.status).toBe('partial');
    if (result.status === 'partial') {
      expect(result.applied.map((step) => step.op.itemId)).toEqual(['a', 'b']);
      expect((result.rollbackError as Error).message).toBe('down');
    }
  });

  it('keeps the effect id for undo', async () => {
    const { transport } = fakeService();
    const result = await runOps(
      [{ kind: 'add-effect', itemId: 'a', effectType: 'zoom', zoomScale: 2 }],
      10,
      transport,
      isConflict,
    );
    expect(result.status === 'applied' && result.applied[0]!.effectId).toBe('fx-1');
  });
});
