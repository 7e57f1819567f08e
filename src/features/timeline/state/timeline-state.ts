/**
 * The timeline editor's own ephemeral state (the kit adds history, notices, the announcement and
 * the gesture in progress): selection, zoom and scroll, playhead, the drag, and the delete request
 * waiting for confirmation. Never a copy of the timeline (server state in React Query) and never a
 * server answer (trim previews and delete results live in the mutation cache).
 */
import type { EditorState } from '@/editor-kit/contract.ts';
import { VERTICAL_FRAME, type ProjectFrame } from '@/lib/project-frame.ts';
import type { SnapGuide } from '../model/frame-layout.ts';
import type { ItemMove } from '../model/group-move.ts';
import type { ItemLayout } from '../model/item-edits.ts';
import type { SafeAreaPlatform } from '../model/safe-areas.ts';
import type { MarqueeMode } from '../model/marquee.ts';
import type { SnapKind } from '../model/snapping.ts';
import type { TimelineChange } from '../model/timeline-change.ts';
import type { TrimEdge } from '../model/trim.ts';

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
      /**
       * The moves this drag planned (the drop commits them as they are: no re-planning), or null
       * for a group too large to plan on every step: its drop plans it, once.
       */
      moves: ItemMove[] | null;
    }
  | {
      kind: 'trim';
      ids: string[];
      edge: TrimEdge;
      originX: number;
      delta: number;
      snappedTo: { seconds: number; kind: SnapKind } | null;
    }
  | {
      kind: 'marquee';
      originX: number;
      originY: number;
      x: number;
      y: number;
      mode: MarqueeMode;
      /** Items in the rectangle: drawn on the overlay; the selection changes once, on release. */
      inRect: ReadonlySet<string>;
    }
  | { kind: 'scrub' };

/** A drag, resize or rotation on the preview: the layout it started from and where it is. */
export interface LayoutDrag {
  itemId: string;
  from: ItemLayout;
  to: ItemLayout;
  guides: readonly SnapGuide[];
}

/** What a new text item gets: the brand's first colour and font, else white in the default font. */
export interface TextDefaults {
  color: string;
  fontFamily: string | null;
}

export interface TimelineState {
  selection: ReadonlySet<string>;
  pxPerSecond: number;
  scrollX: number;
  scrollY: number;
  viewportWidth: number;
  viewportHeight: number;
  playhead: number;
  drag: DragState | null;
  /** Whether the initial fit-to-project zoom has been done. */
  fitted: boolean;
  /** Items waiting for the delete confirmation. */
  deleteRequest: string[] | null;
  /** Playback speed: 0 paused, negative backward (J), up to ±4. */
  playbackRate: number;
  /** Layers muted, or soloed, for playback (the preview leaves the others out). */
  mutedLayers: ReadonlySet<number>;
  soloLayers: ReadonlySet<number>;
  /** The platform whose safe areas the preview shows, or none. */
  safeArea: SafeAreaPlatform | null;
  /** Items copied (Ctrl+C), pasted at the playhead (Ctrl+V). */
  clipboard: readonly string[] | null;
  /** The gesture on the preview in progress (its live feedback). */
  layoutDrag: LayoutDrag | null;
  /** The text item edited in place on the preview. */
  textEditing: string | null;
  textDefaults: TextDefaults;
  /** The project's frame (its aspect ratio): what layouts, snapping and the preview are in. */
  frame: ProjectFrame;
}

export type TimelineEditorState = EditorState<TimelineState, TimelineChange>;

export function initialTimelineState(patch: Partial<TimelineState> = {}): TimelineState {
  return {
    selection: new Set(),
    pxPerSecond: 40,
    scrollX: 0,
    scrollY: 0,
    viewportWidth: 800,
    viewportHeight: 320,
    playhead: 0,
    drag: null,
    fitted: false,
    deleteRequest: null,
    playbackRate: 0,
    mutedLayers: new Set(),
    soloLayers: new Set(),
    safeArea: null,
    clipboard: null,
    layoutDrag: null,
    textEditing: null,
    textDefaults: { color: '#FFFFFF', fontFamily: null },
    frame: VERTICAL_FRAME,
    ...patch,
  };
}

/** What a gesture's mark saves (Escape restores it). */
export const MARKED_KEYS: ReadonlyArray<keyof TimelineState> = ['selection', 'drag', 'layoutDrag'];

export function viewportOf(state: TimelineState) {
  return {
    pxPerSecond: state.pxPerSecond,
    scrollX: state.scrollX,
    scrollY: state.scrollY,
    width: state.viewportWidth,
    height: state.viewportHeight,
  };
}
