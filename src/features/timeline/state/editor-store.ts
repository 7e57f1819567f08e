/**
 * Ephemeral editor state, one store per editor instance: selection, zoom and scroll, playhead,
 * the current drag, the undo stack of inverse operations, and what the screen is showing (dialogs,
 * banners). Never a copy of the timeline: that is server state in React Query.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { emptyHistory, type History } from '../model/command-history.ts';
import type { EditOp } from '../model/edit-ops.ts';
import type { TrimEdge } from '../model/trim.ts';
import type { MarqueeMode } from '../model/marquee.ts';
import type { SnapKind } from '../model/snapping.ts';
import type {
  TimelineBatchDeleteResult,
  TimelineOperationPreview,
} from '../model/timeline-types.ts';

export type DragState =
  | {
      kind: 'move';
      ids: string[];
      originX: number;
      originY: number;
      delta: number;
      rowOffset: number;
      snappedTo: { seconds: number; kind: SnapKind } | null;
      rowBlocked: string | null;
    }
  | {
      kind: 'trim';
      ids: string[];
      edge: TrimEdge;
      originX: number;
      delta: number;
      snappedTo: { seconds: number; kind: SnapKind } | null;
    }
  | { kind: 'marquee'; originX: number; originY: number; x: number; y: number; mode: MarqueeMode }
  | { kind: 'scrub' };

export interface TrimReview {
  label: string;
  ops: EditOp[];
  preview: TimelineOperationPreview;
}

export interface ConflictNotice {
  /** What changed on the server, in words. */
  changes: string;
  /** What happened to the person's own change. */
  outcome: string;
  reapplied: boolean;
}

export interface EditorNotice {
  tone: 'info' | 'error';
  title: string;
  detail: string;
}

export interface EditorState {
  selection: ReadonlySet<string>;
  pxPerSecond: number;
  scrollX: number;
  scrollY: number;
  viewportWidth: number;
  viewportHeight: number;
  playhead: number;
  drag: DragState | null;
  history: History;
  /** A write is in flight (further gestures wait). */
  busy: boolean;
  /** Requests of the gesture in flight, for “Saving 40 of 200…”. */
  saving: { done: number; total: number } | null;
  /** Whether the initial fit-to-project zoom has been done. */
  fitted: boolean;
  trimReview: TrimReview | null;
  deleteRequest: string[] | null;
  deleteResult: TimelineBatchDeleteResult | null;
  conflict: ConflictNotice | null;
  notice: EditorNotice | null;
  /** The last edit in words, for the polite live region. */
  announcement: string;
}

export interface EditorActions {
  setSelection(selection: Iterable<string>): void;
  setView(
    patch: Partial<
      Pick<
        EditorState,
        'pxPerSecond' | 'scrollX' | 'scrollY' | 'viewportWidth' | 'viewportHeight' | 'fitted'
      >
    >,
  ): void;
  setPlayhead(seconds: number): void;
  setDrag(drag: DragState | null): void;
  set(patch: Partial<EditorState>): void;
}

export type EditorStore = StoreApi<EditorState & EditorActions>;

export function initialEditorState(): EditorState {
  return {
    selection: new Set(),
    pxPerSecond: 40,
    scrollX: 0,
    scrollY: 0,
    viewportWidth: 800,
    viewportHeight: 320,
    playhead: 0,
    drag: null,
    history: emptyHistory,
    busy: false,
    saving: null,
    fitted: false,
    trimReview: null,
    deleteRequest: null,
    deleteResult: null,
    conflict: null,
    notice: null,
    announcement: '',
  };
}

export function createEditorStore(initial: Partial<EditorState> = {}): EditorStore {
  return createStore<EditorState & EditorActions>()((set) => ({
    ...initialEditorState(),
    ...initial,
    setSelection: (selection) => set({ selection: new Set(selection) }),
    setView: (patch) => set(patch),
    setPlayhead: (seconds) => set({ playhead: Math.max(0, seconds) }),
    setDrag: (drag) => set({ drag }),
    set: (patch) => set(patch),
  }));
}

export function viewportOf(state: EditorState) {
  return {
    pxPerSecond: state.pxPerSecond,
    scrollX: state.scrollX,
    scrollY: state.scrollY,
    width: state.viewportWidth,
    height: state.viewportHeight,
  };
}
