/**
 * The kit, headless (no React, no DOM): a toy "board" editor over a fake service with revisions.
 * Commands, key bindings, gestures and Escape, commits, undo/redo, conflicts, rejections, retries.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error.ts';
import type { ReviewVerdict } from './contract.ts';
import { moveOf, nudge, select, setupBoard as setup, type Move } from './testing/board-editor.ts';

const key = (
  k: string,
  mods: Partial<Record<'shift' | 'ctrl' | 'meta' | 'alt', boolean>> = {},
) => ({
  key: k,
  shiftKey: !!mods.shift,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  altKey: !!mods.alt,
});

describe('commands and keys', () => {
  it('runs a command and applies its state outcome; refusals are announced', () => {
    const { editor } = setup();
    editor.run(nudge, { by: 1 });
    expect(editor.getState().announcement).toBe('Select a note first.');
    editor.run(select, { ids: ['a'] });
    expect(editor.getState().selection).toEqual(['a']);
  });

  it('derives key handling, shortcut help and toolbar groups from the table', () => {
    const { editor } = setup();
    expect(editor.handleKey(key('a', { meta: true }))).toBe(true);
    expect(editor.getState().selection).toEqual(['a', 'b', 'c']);
    expect(editor.handleKey(key('q'))).toBe(false);
    expect(editor.shortcuts().map((row) => row.shortcut)).toEqual([
      'Ctrl/⌘ + A',
      '← / →',
      'Ctrl/⌘ + Z',
      'Ctrl/⌘ + Shift + Z',
    ]);
    expect(editor.toolbar().map((group) => group.group)).toEqual(['selection', 'history']);
  });
});

describe('gestures', () => {
  it('Escape rolls a gesture back to its mark; other state is kept', () => {
    const { editor } = setup();
    editor.run(select, { ids: ['a'] });
    editor.beginGesture('Marquee');
    editor.setState({ selection: ['a', 'b', 'c'], drag: 40, zoom: 2 });
    expect(editor.handleKey(key('ArrowRight'))).toBe(false);
    expect(editor.handleKey(key('Escape'))).toBe(true);
    expect(editor.getState()).toMatchObject({
      selection: ['a'],
      drag: null,
      zoom: 2,
      gesture: null,
    });
    expect(editor.getState().announcement).toBe('Marquee cancelled.');
  });

  it("a gesture begun with its press's state is one store update, and its mark includes it", () => {
    const { editor } = setup();
    editor.run(select, { ids: ['a'] });
    const seen: Array<{ selection: readonly string[]; gesture: boolean }> = [];
    const off = editor.store.subscribe((state) =>
      seen.push({ selection: state.selection, gesture: state.gesture !== null }),
    );
    editor.beginGesture('Drag 1 note', { selection: ['b'] });
    off();
    // Subscribers never saw the press's selection without the gesture.
    expect(seen).toEqual([{ selection: ['b'], gesture: true }]);
    editor.setState({ selection: ['b', 'c'], drag: 10 });
    expect(editor.handleKey(key('Escape'))).toBe(true);
    // Escape goes back to the state right after the press, not before it.
    expect(editor.getState()).toMatchObject({ selection: ['b'], drag: null, gesture: null });
  });

  it('a gesture begun while another is in progress rolls that one back first', () => {
    const { editor } = setup();
    editor.run(select, { ids: ['a'] });
    editor.beginGesture('Marquee');
    editor.setState({ selection: ['a', 'b'], drag: 3 });
    editor.beginGesture('Drag 1 note', { selection: ['c'] });
    expect(editor.getState()).toMatchObject({ selection: ['c'], drag: null });
    expect(editor.handleKey(key('Escape'))).toBe(true);
    expect(editor.getState()).toMatchObject({ selection: ['c'], gesture: null });
  });

  it('a committed gesture is one request and one undo step', async () => {
    const { editor, service, board } = setup();
    editor.beginGesture('Drag 2 notes');
    editor.setState({ drag: 5 });
    const outcome = await editor.commitGesture(moveOf(board(), ['a', 'b'], 5), undefined, {
      drag: null,
    });
    expect(outcome.status).toBe('applied');
    expect(service.server.sends).toBe(1);
    expect(editor.getState().history.past.map((entry) => entry.label)).toEqual(['Drag 2 notes']);
    expect(board()).toEqual({ revision: 2, notes: { a: 5, b: 15, c: 20 } });
  });
});

describe('commit, undo and redo', () => {
  it('shows the change at once, reports Saving from the mutation cache, then settles', async () => {
    const { editor, service, board } = setup();
    const release = service.hold();
    editor.run(select, { ids: ['a'] });
    editor.run(nudge, { by: 1 });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(board().notes.a).toBe(1);
    expect(editor.isSaving()).toBe(true);
    // A second change while the first is saved is refused, not queued behind it.
    expect((await editor.commit('Nudge', moveOf(board(), ['b'], 1))).status).toBe('busy');
    release();
    await waitFor(() => !editor.isSaving());
    expect(board()).toEqual({ revision: 2, notes: { a: 1, b: 10, c: 20 } });
    expect(editor.getState().announcement).toBe('Nudge done.');
  });

  it('undoes and redoes through the same path, with the inverse from the answer', async () => {
    const { editor, service, board } = setup();
    await editor.commit('Nudge', moveOf(board(), ['a'], 2.4));
    expect(service.server.board.notes.a).toBe(2);
    await editor.undo();
    expect(service.server.board.notes.a).toBe(0);
    expect(board().notes.a).toBe(0);
    expect(editor.getState().history.future).toHaveLength(1);
    await editor.redo();
    expect(service.server.board.notes.a).toBe(2);
    expect(editor.getState().history.past).toHaveLength(1);
    expect(editor.getState().announcement).toBe('Redid Nudge.');
    expect(service.server.fetches).toBe(0);
  });

  it('retries a 429 with the same Idempotency-Key, after the Retry-After', async () => {
    const { editor, service, board, waits } = setup();
    service.failNext(
      () =>
        new ApiError({ status: 429, code: 'rate_limited', message: 'slow', retryAfterMs: 1000 }),
    );
    const outcome = await editor.commit('Nudge', moveOf(board(), ['a'], 1));
    expect(outcome.status).toBe('applied');
    expect(service.server.keys).toHaveLength(2);
    expect(new Set(service.server.keys).size).toBe(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
  });

  it('rolls back and says why when the service rejects the change', async () => {
    const { editor, service, board } = setup();
    const change = moveOf(board(), ['a'], 1);
    change.to.zz = 4;
    const outcome = await editor.commit('Nudge', change);
    expect(outcome.status).toBe('failed');
    expect(board().notes).toEqual({ a: 0, b: 10, c: 20 });
    expect(service.server.board.revision).toBe(1);
    expect(editor.getState().notice).toMatchObject({ tone: 'error', title: 'Nudge failed' });
    expect(editor.getState().notice?.detail).toContain('zz is gone.');
    expect(editor.getState().history.past).toHaveLength(0);
  });
});

describe('review before commit', () => {
  it("keeps a gesture's feedback while its change is checked: it ends with the change shown, or when held", async () => {
    const { editor, board } = setup(undefined, { reviewFar: true });
    const states: Array<{ drag: number | null; a: number }> = [];
    editor.store.subscribe((state) => states.push({ drag: state.drag, a: board().notes.a! }));
    editor.beginGesture('Drag 1 note', { selection: ['a'] });
    editor.setState({ drag: 3 });
    const committed = editor.commitGesture(moveOf(board(), ['a'], 3), undefined, { drag: null });
    // Checked first: the feedback stays and the document is not changed yet.
    expect(editor.getState()).toMatchObject({ gesture: null, drag: 3 });
    expect(board().notes.a).toBe(0);
    expect((await committed).status).toBe('applied');
    // The update that ended the feedback already showed the change: no state without both.
    const ended = states
      .slice(states.findIndex((state) => state.drag === 3))
      .find((state) => state.drag === null)!;
    expect(ended.a).toBe(3);
    // Held for review: the feedback ends when the review holds it.
    editor.beginGesture('Drag 1 note far');
    editor.setState({ drag: 200 });
    const held = await editor.commitGesture(moveOf(board(), ['a'], 200), undefined, { drag: null });
    expect(held.status).toBe('held');
    expect(editor.getState().drag).toBeNull();
    expect(board().notes.a).toBe(3);
  });

  it("while a gesture's change is checked, other changes (refused as busy) and undo leave its feedback", async () => {
    let pass = () => {};
    const { editor, board } = setup(undefined, {
      review: ({ change }) =>
        new Promise((resolve) => (pass = () => resolve({ action: 'commit', change }))),
    });
    await editor.commit('Nudge', moveOf(board(), ['c'], 1));
    editor.beginGesture('Drag 1 note');
    editor.setState({ drag: 3 });
    const committed = editor.commitGesture(moveOf(board(), ['a'], 3), undefined, { drag: null });
    expect((await editor.submit('Nudge', moveOf(board(), ['b'], 1))).status).toBe('busy');
    expect(editor.getState().drag).toBe(3);
    await editor.undo();
    expect(editor.getState().drag).toBe(3);
    pass();
    expect((await committed).status).toBe('applied');
    expect(editor.getState().drag).toBeNull();
    expect(board().notes.a).toBe(3);
  });

  it("a gesture whose check fails ends its feedback with the reason; a later one's is not ended by the earlier commit", async () => {
    let verdicts: Array<(verdict: ReviewVerdict<Move> | Error) => void> = [];
    const { editor, board } = setup(undefined, {
      review: () =>
        new Promise((resolve, reject) =>
          verdicts.push((verdict) =>
            verdict instanceof Error ? reject(verdict) : resolve(verdict),
          ),
        ),
    });
    editor.beginGesture('Drag 1 note');
    editor.setState({ drag: 3 });
    const failed = editor.commitGesture(moveOf(board(), ['a'], 3), undefined, { drag: null });
    await waitFor(() => verdicts.length > 0);
    verdicts[0]!(new Error('offline'));
    expect((await failed).status).toBe('failed');
    expect(editor.getState()).toMatchObject({
      drag: null,
      notice: { title: 'Drag 1 note could not be checked' },
    });
    // First gesture checked and committed; a second one starts before the first's outcome.
    verdicts = [];
    editor.beginGesture('Drag 1 note');
    editor.setState({ drag: 4 });
    const first = editor.commitGesture(moveOf(board(), ['a'], 4), undefined, { drag: null });
    await waitFor(() => verdicts.length > 0);
    verdicts[0]!({ action: 'commit', change: moveOf(board(), ['a'], 4) });
    await waitFor(() => board().notes.a === 4);
    editor.beginGesture('Drag 1 note again');
    editor.setState({ drag: 9 });
    await first;
    expect(editor.getState().drag).toBe(9);
  });

  it("a new gesture ends the last one's feedback at once, and its commit does not end the new one's", async () => {
    const { editor, board, service } = setup(undefined, { reviewFar: true });
    const release = service.hold();
    editor.beginGesture('Drag 1 note');
    editor.setState({ drag: 3 });
    const first = editor.commitGesture(moveOf(board(), ['a'], 3), undefined, { drag: null });
    editor.beginGesture('Box select');
    expect(editor.getState().drag).toBeNull();
    editor.setState({ drag: 7 });
    release();
    expect((await first).status).toBe('applied');
    expect(editor.getState()).toMatchObject({ drag: 7, gesture: { label: 'Box select' } });
  });

  it('holds a change for review in the mutation cache, then applies or cancels it', async () => {
    const { editor, service, board } = setup(undefined, { reviewFar: true });
    editor.run(select, { ids: ['a'] });
    editor.run(nudge, { by: 1 });
    await waitFor(() => service.server.board.notes.a === 1);
    const held = await editor.submit('Far', moveOf(board(), ['b'], 200));
    expect(held.status).toBe('held');
    expect(editor.pendingReview()).toMatchObject({ label: 'Far', answer: 'far' });
    expect(service.server.board.notes.b).toBe(10);
    expect(editor.resolveReview(false)).toBeNull();
    expect(editor.pendingReview()).toBeNull();
    expect(editor.getState().announcement).toBe('Far cancelled.');
    await editor.submit('Far', moveOf(board(), ['b'], 200));
    expect((await editor.resolveReview(true))?.status).toBe('applied');
    expect(service.server.board.notes.b).toBe(210);
    expect(editor.getState().history.past.map((entry) => entry.label)).toEqual(['Nudge', 'Far']);
  });
});

describe('conflicts', () => {
  it('re-applies a change that still applies, after one fetch, and says what changed', async () => {
    const { editor, service, board } = setup();
    service.otherEdit('c', 30);
    const outcome = await editor.commit('Nudge', moveOf(board(), ['a'], 1));
    expect(outcome.status).toBe('applied');
    expect(service.server.fetches).toBe(1);
    expect(service.server.board).toEqual({ revision: 3, notes: { a: 1, b: 10, c: 30 } });
    expect(board()).toEqual(service.server.board);
    expect(editor.getState().conflict).toMatchObject({ changes: 'c moved.', reapplied: true });
  });

  it('never overwrites: a change to what someone else changed is not applied', async () => {
    const { editor, service, board } = setup();
    service.otherEdit('a', 7);
    const outcome = await editor.commit('Nudge', moveOf(board(), ['a'], 1));
    expect(outcome.status).toBe('not-applied');
    expect(service.server.board.notes.a).toBe(7);
    expect(board().notes.a).toBe(7);
    expect(editor.getState().conflict?.outcome).toContain('“a” was moved by someone else.');
  });

  it('an undo that no longer applies leaves the history', async () => {
    const { editor, service, board } = setup();
    await editor.commit('Nudge', moveOf(board(), ['a'], 1));
    service.otherEdit('a', 9);
    const outcome = await editor.undo();
    expect(outcome?.status).toBe('not-applied');
    expect(editor.getState().history).toEqual({ past: [], future: [] });
    expect(editor.getState().conflict?.outcome).toContain('removed from the undo history');
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 1));
  expect(check()).toBe(true);
}

describe('a document made of several queries (read/write)', () => {
  it('commits, rolls back and settles each part in its own query', async () => {
    const { QueryClient } = await import('@tanstack/query-core');
    const { createEditor } = await import('./editor.ts');
    type Doc = { notes: Record<string, number>; revision: number };
    const queryClient = new QueryClient();
    queryClient.setQueryData(['doc', 'notes'], { a: 0 });
    queryClient.setQueryData(['doc', 'revision'], 1);
    let fail = false;
    const editor = createEditor<object, Doc, Record<string, number>, number, Doc>({
      key: ['doc'],
      queryClient,
      initialState: {},
      commands: [],
      context: (doc) => doc,
      document: {
        queryKey: ['doc'],
        read: (qc) => {
          const notes = qc.getQueryData<Record<string, number>>(['doc', 'notes']);
          const revision = qc.getQueryData<number>(['doc', 'revision']);
          return notes && revision !== undefined ? { notes, revision } : undefined;
        },
        write: (qc, doc) => {
          qc.setQueryData(['doc', 'notes'], doc.notes);
          qc.setQueryData(['doc', 'revision'], doc.revision);
        },
        fetch: async () => ({ notes: { a: 0 }, revision: 1 }),
        apply: (doc, change) => ({ ...doc, notes: { ...doc.notes, ...change } }),
        send: async (_change, base) => {
          if (fail) throw new ApiError({ status: 400, code: 'invalid_request', message: 'no' });
          return base.revision + 1;
        },
        settle: ({ optimistic, result }) => ({ ...optimistic, revision: result }),
        invert: (change, _result, base) =>
          Object.fromEntries(Object.keys(change).map((id) => [id, base.notes[id]!])),
        isConflict: () => false,
        rebase: (change) => ({ ok: true, change }),
        describeConflict: () => '',
      },
    });
    expect((await editor.commit('Move', { a: 5 })).status).toBe('applied');
    expect(queryClient.getQueryData(['doc', 'notes'])).toEqual({ a: 5 });
    expect(queryClient.getQueryData(['doc', 'revision'])).toBe(2);
    expect(editor.document()).toEqual({ notes: { a: 5 }, revision: 2 });
    fail = true;
    expect((await editor.commit('Move', { a: 9 })).status).toBe('failed');
    expect(queryClient.getQueryData(['doc', 'notes'])).toEqual({ a: 5 });
  });
});
