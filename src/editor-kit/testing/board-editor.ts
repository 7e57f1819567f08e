/**
 * A toy editor for tests of the kit (and an example of using it): a "board" of notes at positions,
 * edited over a fake service that keeps a revision, answers 409 to a stale one, rejects moves of
 * notes it does not have, snaps positions to whole numbers, and can be held or made to fail.
 */
import { QueryClient } from '@tanstack/query-core';
import { ApiError } from '@/api/api-error.ts';
import { refuse, type Command } from '../command.ts';
import {
  ChangeRejected,
  type EditorState,
  type OutboxEntry,
  type PersistBinding,
  type ReviewVerdict,
} from '../contract.ts';
import { createEditor } from '../editor.ts';
import { historyCommands } from '../history-commands.ts';
import type { History } from '../history.ts';

export interface Board {
  revision: number;
  notes: Record<string, number>;
}
/** Move notes: new positions keyed by note id, with where they were. */
export interface Move {
  to: Record<string, number>;
  from: Record<string, number>;
}
export interface Answer {
  revision: number;
  /** The service snaps positions to whole numbers. */
  placed: Record<string, number>;
}
export interface UiState {
  selection: string[];
  drag: number | null;
  zoom: number;
  /** A gesture's live change (with `live` in the config). */
  draft: Move | null;
}
export interface Ctx {
  board: Board;
  selection: string[];
  history: History<Move>;
}

const conflict = () =>
  new ApiError({ status: 409, code: 'revision_conflict', message: 'stale revision' });

export function fakeService(initial: Board) {
  const server = { board: structuredClone(initial), sends: 0, fetches: 0, keys: [] as string[] };
  let failures: Array<() => Error> = [];
  let gate: Promise<void> | null = null;
  return {
    server,
    failNext(...errors: Array<() => Error>) {
      failures = errors;
    },
    hold() {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    /** Someone else edits the board. */
    otherEdit(id: string, position: number) {
      server.board = {
        revision: server.board.revision + 1,
        notes: { ...server.board.notes, [id]: position },
      };
    },
    async send(change: Move, base: Board, key: string): Promise<Answer> {
      server.sends += 1;
      server.keys.push(key);
      if (gate) await gate;
      const failure = failures.shift();
      if (failure) throw failure();
      if (base.revision !== server.board.revision) throw conflict();
      const missing = Object.keys(change.to).filter((id) => !(id in server.board.notes));
      if (missing.length)
        throw new ChangeRejected(
          'Nothing was moved.',
          missing.map((id) => `${id} is gone.`),
        );
      const placed = Object.fromEntries(
        Object.entries(change.to).map(([id, x]) => [id, Math.round(x)]),
      );
      server.board = {
        revision: server.board.revision + 1,
        notes: { ...server.board.notes, ...placed },
      };
      return { revision: server.board.revision, placed };
    },
  };
}

export const select: Command<Ctx, UiState, Move, { ids: string[] }> = {
  name: 'select',
  label: 'Select',
  canRun: () => true,
  perform: (_ctx, { ids }) => ({ type: 'state', patch: { selection: ids } }),
};
export const selectAll: Command<Ctx, UiState, Move> = {
  name: 'selectAll',
  label: 'Select all',
  keys: [{ keys: 'Mod+A', args: undefined }],
  toolbar: 'selection',
  canRun: (ctx) => Object.keys(ctx.board.notes).length > 0,
  perform: (ctx) => ({ type: 'state', patch: { selection: Object.keys(ctx.board.notes) } }),
};
export const nudge: Command<Ctx, UiState, Move, { by: number }> = {
  name: 'nudge',
  label: 'Nudge',
  shortcut: '← / →',
  keys: [
    { keys: 'ArrowLeft', args: { by: -1 } },
    { keys: 'ArrowRight', args: { by: 1 } },
    { keys: 'Shift+ArrowRight', args: { by: 10 } },
  ],
  writes: true,
  canRun: (ctx) => ctx.selection.length > 0,
  perform: (ctx, { by }) => {
    if (ctx.selection.length === 0) return refuse('Select a note first.');
    return { type: 'change', label: 'Nudge', change: moveOf(ctx.board, ctx.selection, by) };
  },
};

export function moveOf(board: Board, ids: readonly string[], by: number): Move {
  const from = Object.fromEntries(ids.map((id) => [id, board.notes[id]!]));
  return { from, to: Object.fromEntries(ids.map((id) => [id, board.notes[id]! + by])) };
}

/** What a board's outbox keeps "on the device" (a test reads and fills it). */
export interface KeptEntries {
  entries: OutboxEntry<Move>[];
}

/**
 * A board's outbox: kept in `kept`; a change's keys are the notes it moves (moves of the same
 * notes that wait are sent as one); reconciling drops the moves the service already has and
 * names the notes moved elsewhere since.
 */
export function boardPersist(kept: KeptEntries): PersistBinding<Board, Move> {
  return {
    load: () => kept.entries.map((entry) => ({ ...entry, status: 'unsaved' as const })),
    save: (entries) => {
      kept.entries = [...entries];
      return true;
    },
    isEmpty: (change) => Object.keys(change.to).length === 0,
    traits: {
      keys: (change) => Object.keys(change.to).map((id) => `note:${id}`),
      merge: (first, second) => ({
        to: { ...first.to, ...second.to },
        from: { ...second.from, ...first.from },
      }),
      // The board has one revision, read from the document when a request leaves.
      restamp: (change) => change,
    },
    latest: (_key, revision) => revision,
    reconcile: (entries, board) => {
      let alreadySaved = 0;
      const changedElsewhere: string[] = [];
      const kept = entries.filter((entry) => {
        const ids = Object.keys(entry.change.to);
        if (ids.every((id) => board.notes[id] === entry.change.to[id])) {
          alreadySaved += 1;
          return false;
        }
        for (const id of ids)
          if (board.notes[id] !== entry.change.from[id]) changedElsewhere.push(id);
        return true;
      });
      return { entries: kept, alreadySaved, changedElsewhere };
    },
  };
}

export function setupBoard(
  initial: Board = { revision: 1, notes: { a: 0, b: 10, c: 20 } },
  options: {
    reviewFar?: boolean;
    /** A review step of the test's own (e.g. one it holds until it says). */
    review?: (input: { change: Move }) => Promise<ReviewVerdict<Move>>;
    /** An outbox (see boardPersist). */
    persist?: PersistBinding<Board, Move>;
    /** Gestures' live changes kept in `draft`. */
    live?: boolean;
  } = {},
) {
  const service = fakeService(initial);
  const queryClient = new QueryClient();
  const key = ['board'] as const;
  queryClient.setQueryData(key, structuredClone(initial));
  const waits: number[] = [];
  const editor = createEditor<UiState, Board, Move, Answer, Ctx>({
    key,
    queryClient,
    initialState: { selection: [], drag: null, zoom: 1, draft: null },
    markedKeys: ['selection', 'drag'],
    wait: async (ms) => {
      waits.push(ms);
    },
    commands: [select, selectAll, nudge, ...historyCommands<Ctx, UiState, Move>()],
    context: (board, state: EditorState<UiState, Move>) => ({
      board,
      selection: state.selection,
      history: state.history,
    }),
    ...(options.persist ? { persist: options.persist } : {}),
    ...(options.live
      ? {
          live: {
            read: (state: UiState) => state.draft,
            write: (draft: Move | null) => ({ draft }),
          },
        }
      : {}),
    // A move of 100 or more is held for review (a stand-in for a destructive change).
    ...(options.review ? { review: options.review } : {}),
    ...(options.reviewFar
      ? {
          review: async ({ change }: { change: Move }) =>
            Object.keys(change.to).some((id) => Math.abs(change.to[id]! - change.from[id]!) >= 100)
              ? { action: 'hold' as const, change, answer: 'far' }
              : { action: 'commit' as const, change },
        }
      : {}),
    document: {
      queryKey: key,
      fetch: async () => {
        service.server.fetches += 1;
        const fresh = structuredClone(service.server.board);
        queryClient.setQueryData(key, fresh);
        return fresh;
      },
      apply: (board, change) => ({ ...board, notes: { ...board.notes, ...change.to } }),
      send: (change, base, idempotencyKey) => service.send(change, base, idempotencyKey),
      settle: ({ optimistic, result }) => ({
        revision: result.revision,
        notes: { ...optimistic.notes, ...result.placed },
      }),
      invert: (change, result) => ({ to: change.from, from: result.placed }),
      isConflict: (error) => error instanceof ApiError && error.status === 409,
      rebase: (change, base, fresh) => {
        for (const id of Object.keys(change.to)) {
          if (fresh.notes[id] !== base.notes[id])
            return { ok: false, reason: `“${id}” was moved by someone else.` };
        }
        return { ok: true, change };
      },
      describeConflict: (base, fresh) => {
        const moved = Object.keys(fresh.notes).filter((id) => fresh.notes[id] !== base.notes[id]);
        return moved.length ? `${moved.join(', ')} moved.` : 'Nothing changed.';
      },
      warnings: (result) =>
        Object.entries(result.placed)
          .filter(([, x]) => !Number.isInteger(x))
          .map(([id]) => `${id} snapped.`),
    },
  });
  const board = () => queryClient.getQueryData<Board>(key)!;
  return { editor, service, queryClient, board, waits };
}
