/**
 * The kit's optional capabilities, on the toy board: `persist` (the outbox: queued, shown at
 * once, saved one request at a time, held after a failure that may pass, kept on the device,
 * reconciled on return, local undo of an unsaved change) and `live` (a gesture's change shown on
 * top before it is saved). The caption styler's own tests cover the same over its service.
 */
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/api/api-error.ts';
import type { OutboxEntry } from './contract.ts';
import {
  boardPersist,
  moveOf,
  nudge,
  setupBoard,
  type KeptEntries,
  type Move,
} from './testing/board-editor.ts';

function setup(kept: KeptEntries = { entries: [] }) {
  const board = setupBoard(undefined, { persist: boardPersist(kept) });
  const outbox = board.editor.outbox!;
  const stop = outbox.keepOnDevice();
  return { ...board, outbox, kept, stop };
}

const statuses = (entries: readonly OutboxEntry<Move>[]) => entries.map((entry) => entry.status);

describe('an editor without persist', () => {
  it('has no outbox: a change is committed at once', async () => {
    const { editor, service } = setupBoard();
    expect(editor.outbox).toBeNull();
    expect(editor.getState().outbox).toEqual([]);
    const outcome = await editor.submit('Move a', { from: { a: 0 }, to: { a: 3 } });
    expect(outcome.status).toBe('applied');
    expect(service.server.sends).toBe(1);
  });
});

describe('the outbox (persist)', () => {
  it('shows a change at once and saves one request at a time; moves of the same notes that waited go as one, each its own undo step', async () => {
    const { editor, service, board, kept } = setup();
    const release = service.hold();
    const first = editor.submit('Move a', moveOf(board(), ['a'], 1));
    expect(editor.document()!.notes.a).toBe(1);
    expect(statuses(editor.getState().outbox)).toEqual(['pending']);
    await vi.waitFor(() => expect(service.server.sends).toBe(1));
    expect(statuses(editor.getState().outbox)).toEqual(['saving']);

    const second = editor.submit('Move a again', { from: { a: 1 }, to: { a: 2 } });
    const third = editor.submit('Move a once more', { from: { a: 2 }, to: { a: 3 } });
    expect(editor.document()!.notes.a).toBe(3);
    expect(statuses(editor.getState().outbox)).toEqual(['saving', 'pending', 'pending']);
    expect(kept.entries).toHaveLength(3);

    release();
    const outcomes = await Promise.all([first, second, third]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['applied', 'applied', 'applied']);
    expect(service.server.sends).toBe(2);
    expect(service.server.board.notes.a).toBe(3);
    expect(editor.getState().outbox).toEqual([]);
    expect(kept.entries).toEqual([]);
    expect(editor.getState().history.past.map((entry) => entry.label)).toEqual([
      'Move a',
      'Move a again',
      'Move a once more',
    ]);
  });

  it('holds a save that may pass later: the change stays on screen, unsaved and kept, and goes when the person saves again', async () => {
    const { editor, service, board, kept, outbox } = setup();
    // The first try and the kit's three retries.
    service.failNext(...Array.from({ length: 4 }, () => () => new NetworkError()));
    const outcome = await editor.submit('Move b', moveOf(board(), ['b'], 5));
    expect(outcome.status).toBe('failed');
    expect(editor.getState().saveHeld).toBe('failed');
    expect(editor.getState().notice?.title).toBe('Not saved yet');
    expect(statuses(editor.getState().outbox)).toEqual(['unsaved']);
    expect(board().notes.b).toBe(10);
    expect(editor.document()!.notes.b).toBe(15);
    expect(kept.entries.map((entry) => entry.label)).toEqual(['Move b']);

    // A change made meanwhile waits behind it.
    const later = await editor.submit('Move c', moveOf(board(), ['c'], 1));
    expect(later.status).toBe('held');
    expect(service.server.sends).toBe(4);

    await outbox.saveUnsaved();
    expect(service.server.board.notes).toMatchObject({ b: 15, c: 21 });
    expect(editor.getState().outbox).toEqual([]);
    expect(editor.getState().saveHeld).toBeNull();
    expect(kept.entries).toEqual([]);
  });

  it('brings back the changes left from an earlier visit, reconciled with the service, waiting for the person', async () => {
    const left = (id: string, label: string, change: Move): OutboxEntry<Move> => ({
      id,
      label,
      change,
      status: 'saving',
      createdAt: 0,
    });
    const { editor, service, kept, outbox } = setup({
      entries: [
        left('1', 'Move a', { from: { a: 0 }, to: { a: 4 } }),
        // The service has it already (saved before the page went away).
        left('2', 'Move b', { from: { b: 9 }, to: { b: 10 } }),
        left('3', 'Move c', { from: { c: 19 }, to: { c: 25 } }),
      ],
    });
    expect(editor.getState().saveHeld).toBe('returned');
    expect(statuses(editor.getState().outbox)).toEqual(['unsaved', 'unsaved', 'unsaved']);

    outbox.reconcileReturned();
    expect(editor.getState().outbox.map((entry) => entry.id)).toEqual(['1', '3']);
    expect(editor.getState().returned).toEqual({ alreadySaved: 1, changedElsewhere: ['c'] });
    expect(editor.document()!.notes).toMatchObject({ a: 4, c: 25 });
    expect(service.server.sends).toBe(0);

    await outbox.saveUnsaved();
    expect(service.server.board.notes).toMatchObject({ a: 4, b: 10, c: 25 });
    expect(editor.getState().saveHeld).toBeNull();
    expect(kept.entries).toEqual([]);
  });

  it('undo takes back an unsaved change here, and a saved one through the service', async () => {
    const { editor, service, board } = setup();
    const release = service.hold();
    const first = editor.submit('Move a', moveOf(board(), ['a'], 1));
    await vi.waitFor(() => expect(service.server.sends).toBe(1));
    const second = editor.submit('Move b', moveOf(board(), ['b'], 1));

    expect(await editor.undo()).toBeNull();
    expect((await second).status).toBe('not-applied');
    expect(editor.getState().announcement).toBe('Undid Move b (it had not been saved).');
    expect(editor.document()!.notes.b).toBe(10);

    release();
    expect((await first).status).toBe('applied');
    expect(service.server.sends).toBe(1);
    expect((await editor.undo())?.status).toBe('applied');
    expect(service.server.sends).toBe(2);
    expect(service.server.board.notes.a).toBe(0);
  });

  it('a discarded change is answered and the screen goes back to what the service has', async () => {
    const { editor, service, board, outbox } = setup();
    service.failNext(...Array.from({ length: 4 }, () => () => new NetworkError()));
    await editor.submit('Move a', moveOf(board(), ['a'], 2));
    const held = editor.submit('Move b', moveOf(board(), ['b'], 2));
    expect((await held).status).toBe('held');
    outbox.discardUnsaved();
    expect(editor.getState().outbox).toEqual([]);
    expect(editor.getState().saveHeld).toBeNull();
    expect(editor.document()!.notes).toMatchObject({ a: 0, b: 10 });
    expect(editor.getState().announcement).toBe('2 unsaved changes discarded.');
  });
});

describe('live gestures (live)', () => {
  it("shows a gesture's change on top until it ends: Escape drops it, commitLive saves it as one request and one undo step", async () => {
    const { editor, service, board } = setupBoard(undefined, { live: true });
    editor.setState({ selection: ['a'] });

    editor.preview(nudge, { by: 5 });
    expect(editor.document()!.notes.a).toBe(5);
    expect(board().notes.a).toBe(0);
    expect(editor.getState().gesture).not.toBeNull();
    // Each preview is computed from the document under the live change, not on top of it.
    editor.preview(nudge, { by: 7 });
    expect(editor.document()!.notes.a).toBe(7);

    expect(
      editor.handleKey({
        key: 'Escape',
        shiftKey: false,
        ctrlKey: false,
        metaKey: false,
        altKey: false,
      }),
    ).toBe(true);
    expect(editor.getState().draft).toBeNull();
    expect(editor.document()!.notes.a).toBe(0);
    expect(service.server.sends).toBe(0);

    editor.preview(nudge, { by: 3 });
    const outcome = editor.commitLive(nudge, { by: 3 });
    expect(outcome.type).toBe('change');
    expect(editor.getState().draft).toBeNull();
    await vi.waitFor(() => expect(editor.getState().history.past).toHaveLength(1));
    expect(service.server.sends).toBe(1);
    expect(service.server.board.notes.a).toBe(3);
  });

  it('an editor without live refuses a preview', () => {
    const { editor } = setupBoard();
    expect(() => editor.preview(nudge, { by: 1 })).toThrow(/no live gestures/);
  });
});
