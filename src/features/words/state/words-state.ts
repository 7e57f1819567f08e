/**
 * The Words editor's own ephemeral state (the kit adds history, notices, the announcement and the
 * gesture): which caption layer is read, the selection (word ids: a selection survives edits that
 * move its words), the padding, a cut refused for a locked layer waiting for the person's answer,
 * what the view should ask of the transport, the clean-up dialog and the cut markers unfolded.
 * Never a copy of the timeline or the words (server state in React Query).
 */
import type { EditorState } from '@/editor-kit/contract.ts';
import type { LockedConflict } from '../model/cut-plan.ts';
import type { WordsChange } from '../model/words-change.ts';

/** What the view asks of the project's transport (commands stay pure; the view carries it out). */
export type TransportRequest =
  { n: number; kind: 'seek'; seconds: number } | { n: number; kind: 'toggle' };

export interface WordsState {
  /** The caption layer read (null: the one with the most words). */
  layerIndex: number | null;
  /** The active word, and the other end of the selection (null: the active word alone). */
  focus: string | null;
  anchor: string | null;
  /** Kept beside a kept word when cutting (seconds). */
  padSeconds: number;
  /** A cut refused before sending because of locked layers, waiting for "go on without them". */
  lockedPrompt: { label: string; change: WordsChange; locked: LockedConflict[] } | null;
  transportRequest: TransportRequest | null;
  cleanUpOpen: boolean;
  /** Cut markers shown unfolded (their struck-through words). */
  unfolded: ReadonlySet<string>;
}

export type WordsEditorState = EditorState<WordsState, WordsChange>;

export const DEFAULT_PADDING_SECONDS = 0.05;

export const MARKED_KEYS: ReadonlyArray<keyof WordsState> = ['focus', 'anchor'];

export function initialWordsState(patch: Partial<WordsState> = {}): WordsState {
  return {
    layerIndex: null,
    focus: null,
    anchor: null,
    padSeconds: DEFAULT_PADDING_SECONDS,
    lockedPrompt: null,
    transportRequest: null,
    cleanUpOpen: false,
    unfolded: new Set(),
    ...patch,
  };
}
