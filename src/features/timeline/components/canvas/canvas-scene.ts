/**
 * What every manager of the timeline canvas shares: the editor and its store, the data drawn, the
 * DOM the canvas owns, whether a zoom sweep or a scroll is under way, the draw counts, and the
 * one way to ask the next animation frame for work (the coordinator runs it).
 */
import type { TimelineIndex } from '../../model/timeline-index.ts';
import type { TimelineEditor } from '../../state/create-timeline-editor.ts';
import type { TimelineEditorState } from '../../state/timeline-state.ts';

export interface CanvasElements {
  scroll: HTMLDivElement;
  spacer: HTMLDivElement;
  /**
   * The ruler and the items: a layer of opaque canvas tiles (the band) placed in the scroll
   * content.
   */
  band: HTMLElement | null;
  host: HTMLDivElement;
  headers: HTMLElement | null;
  /** The playhead: a DOM line moved by transform (no canvas redraw when it or the view moves). */
  playhead: HTMLElement | null;
  /**
   * Move ghosts: a layer of DOM boxes inside a box that clips it to the rows (below the ruler).
   * DOM, not a canvas: a canvas layer is copied for the compositor on every frame it moves, a DOM
   * layer is painted once and then only moved.
   */
  ghosts: HTMLElement | null;
  /** The dragged selection's start time (or "overlap"), above its first item. */
  ghostLabel: HTMLElement | null;
  /** What a move snapped to: a dashed line with its label. */
  snapLine: HTMLElement | null;
  /** The selection box (what it selects is outlined on the overlay layer). */
  marqueeBox: HTMLElement | null;
}

/**
 * What an animation frame brings up to date: the scroll content (DOM), the band (drawn again when
 * `band`, placed always: drawn too when the view left it) and the overlay.
 */
export interface FrameWork {
  dom: boolean;
  band: boolean;
  /** The tiles in view whose names were pinned for another scroll position (a settled scroll). */
  pins: boolean;
  /** Only the tiles showing the items in the band's dirty set (their look changed). */
  dirty: boolean;
  overlay: boolean;
}

export const NO_FRAME_WORK: FrameWork = {
  dom: false,
  band: false,
  pins: false,
  dirty: false,
  overlay: false,
};

/**
 * How much each layer drew: items (and overlay shapes) in the last draw, how many times each layer
 * was drawn, and for move drags how many times the ghosts were laid out and moved. The test hooks
 * read them (canvas-test-hooks.ts); nothing else does.
 */
export interface DrawCounts {
  items: number;
  overlay: number;
  itemsDraws: number;
  overlayDraws: number;
  ghostDraws: number;
  ghostMoves: number;
  /** Band tiles drawn (a full band draw draws each of its tiles; a scroll only new ones). */
  tileDraws: number;
  /** When the first frame with items was drawn (performance.now()), or null before it. */
  firstItemsAt: number | null;
}

/**
 * More items than this changing look (a selection change, a drag's faded items) draw the whole
 * band again rather than finding their tiles.
 */
export const DIRTY_MAX = 400;

export type MoveDrag = Extract<NonNullable<TimelineEditorState['drag']>, { kind: 'move' }>;
export type MarqueeDrag = Extract<NonNullable<TimelineEditorState['drag']>, { kind: 'marquee' }>;

export class CanvasScene {
  readonly editor: TimelineEditor;
  readonly store: TimelineEditor['store'];
  index: TimelineIndex | null = null;
  fps = 30;
  elements: CanvasElements | null = null;
  /**
   * A wheel zoom sweep is under way (until the view settles): the band is drawn as boxes only
   * (no names, icons, thumbnails) and stretched, and the scroll content only grows.
   */
  draft = false;
  /** The view changed and has not settled yet (a scroll or a zoom, see ScrollView). */
  settling = false;
  readonly counts: DrawCounts = {
    items: 0,
    overlay: 0,
    itemsDraws: 0,
    overlayDraws: 0,
    ghostDraws: 0,
    ghostMoves: 0,
    tileDraws: 0,
    firstItemsAt: null,
  };
  /** Marks what the next animation frame brings up to date (one frame callback for all of it). */
  readonly requestFrame: (parts: Partial<FrameWork>) => void;

  constructor(editor: TimelineEditor, requestFrame: (parts: Partial<FrameWork>) => void) {
    this.editor = editor;
    this.store = editor.store;
    this.requestFrame = requestFrame;
  }
}

/** The device pixel ratio (1 where there is none). */
export const pixelRatio = (): number =>
  typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;

/** Runs `run` in an idle period (by `timeoutMs` at the latest); a task where there are none. */
export function requestIdle(run: () => void, timeoutMs: number): number {
  return typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: timeoutMs })
    : (setTimeout(run, 0) as unknown as number);
}

export function cancelIdle(id: number): void {
  if (typeof cancelIdleCallback === 'function') cancelIdleCallback(id);
  else clearTimeout(id);
}
