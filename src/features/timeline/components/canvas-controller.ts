/**
 * The imperative side of the timeline canvas, outside React: pointer and wheel handling, auto
 * scroll, scroll sync and drawing. It receives the timeline's `Editor` (the editor kit): a
 * drag is an editor gesture (Escape rolls it back to its mark), a drop commits the gesture, keys
 * go to `editor.handleKey`. React renders the DOM and the canvases once; from then on scrolling,
 * zooming and dragging only draw (no React renders). The ruler and the items are drawn as a band
 * wider than the view (model/band.ts) of opaque tiles TILE_PX wide, placed in the scroll content
 * so that the scroll box moves them natively: a horizontal scroll draws nothing until the view
 * nears the band's end, and then only the tiles it brings in (ahead of time in an idle task when it
 * can). Each tile is an opaque 2D canvas (see Tile). A Ctrl+wheel zoom
 * stretches the band by a transform, drawing it again only when stretched too far. The band is
 * drawn again when items or the selection change, and crisp once a scroll or zoom has settled.
 * Trim feedback and the selection box (and what it selects) are on the Konva overlay layer only. A move drag lays its ghosts out once, as DOM boxes in a
 * layer reaching past the view, and then only moves that layer (a compositor transform: nothing is
 * drawn, painted or copied while the pointer moves); its time label and snap line are small DOM
 * elements. A Ctrl+wheel zoom sweep draws the items as boxes only (no names, icons, thumbnails), and
 * crisp again once no wheel event came for SETTLE_MS.
 */
import type Konva from 'konva';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { hitTest, itemScreenRect } from '../model/hit-testing.ts';
import {
  pointerDown,
  pointerMove,
  pointerUp,
  prepareMove,
  type GestureContext,
  type Modifiers,
  type Pending,
} from '../model/pointer-gesture.ts';
import type { TimelineIndex } from '../model/timeline-index.ts';
import { idSet } from '../model/group-move.ts';
import {
  bandCovers,
  bandFor,
  bandMargin,
  bandPlacement,
  bandViewport,
  changedSpans,
  maxBandTiles,
  selectionChange,
  TILE_PX,
  tileInView,
  tilesTouched,
  type Band,
  type Span,
} from '../model/band.ts';
import {
  clampScroll,
  contentHeight,
  contentWidth,
  fitToProject,
  RULER_HEIGHT,
  ROW_HEIGHT,
  rowTop,
  timeToX,
  zoomAt,
} from '../model/time-scale.ts';
import { opsChange } from '../model/timeline-change.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import { viewportOf, type TimelineEditorState } from '../state/timeline-state.ts';
import { ThumbnailCache } from './thumbnail-cache.ts';
import {
  drawItems,
  drawMarqueeSelection,
  drawOverlay,
  drawnAlike,
  drawStatic,
  GHOST_ALPHA,
  marqueeBox,
  moveGhostBoxes,
  moveLabel,
  snapMarker,
} from './timeline-drawing.ts';

const GESTURE_LABEL = { move: 'Move', trim: 'Trim', marquee: 'Selection box' } as const;
const AUTO_SCROLL_EDGE = 40;
const AUTO_SCROLL_MAX = 24;
/**
 * A scroll or wheel zoom has settled when the view did not change for this long: the band is then
 * drawn crisp again (names pinned to the view's edges, no stretch, no draft).
 */
const SETTLE_MS = 150;
/** Where the snap line waits, left of the view, while a drag snaps to nothing. */
const SNAP_LINE_AWAY = -400;

/** Test hooks (only under automation): coordinates from the same maths the canvas draws with. */
export interface TimelineTestHooks {
  itemRect(itemId: string): { x: number; y: number; width: number; height: number } | null;
  timeToClientX(seconds: number): number;
  rowCenterClientY(layerIndex: number): number;
  view(): { pxPerSecond: number; scrollX: number; scrollY: number; width: number; height: number };
  /**
   * Items (and overlay shapes) in the last draw, how many times each layer was drawn, and for
   * move drags how many times the ghosts were drawn and how many times they were moved.
   */
  drawCounts(): {
    items: number;
    overlay: number;
    itemsDraws: number;
    overlayDraws: number;
    ghostDraws: number;
    ghostMoves: number;
    /** Band tiles drawn (a full band draw draws each of its tiles; a scroll only new ones). */
    tileDraws: number;
    /** Tiles the band has now. */
    tiles: number;
    /** Tiles (the band's and the pool's) whose canvas is not warm yet (see scheduleWarmTiles). */
    coldTiles: number;
  };
}

/** A performance mark at the first frame that shows items (benchmarks read it: first draw). */
export const FIRST_DRAW_MARK = 'cutroom:timeline-first-draw';

declare global {
  interface Window {
    __cutroomTimeline?: TimelineTestHooks;
  }
}

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

/** What the overlay canvas shows of a selection box: a growing box only adds its new items. */
interface MarqueeDrawn {
  ids: Set<string>;
  mode: string;
  viewKey: string;
  canvas: string;
}

type MoveDrag = Extract<NonNullable<TimelineEditorState['drag']>, { kind: 'move' }>;

/** What the ghost layer was laid out for: it is moved, not rebuilt, while only these still hold. */
interface GhostBase {
  ids: readonly string[];
  delta: number;
  rowOffset: number;
  blocked: boolean;
  pxPerSecond: number;
  scrollX: number;
  scrollY: number;
  width: number;
  height: number;
  /** How far past each side of the view the ghosts reach (CSS px). */
  margin: number;
  /** The layer's top-left corner in the clipping box, as laid out (before the drag's shift). */
  left: number;
  top: number;
}

/** The Konva overlay layer shows trims and the selection box (move ghosts are DOM boxes). */
const usesOverlay = (drag: TimelineEditorState['drag']): boolean =>
  drag?.kind === 'trim' || drag?.kind === 'marquee';

const modifiersOf = (event: {
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): Modifiers => ({
  shift: event.shiftKey,
  toggle: event.ctrlKey || event.metaKey,
  free: event.altKey,
});

function viewChanged(a: TimelineEditorState, b: TimelineEditorState): boolean {
  return (
    a.pxPerSecond !== b.pxPerSecond ||
    a.scrollX !== b.scrollX ||
    a.scrollY !== b.scrollY ||
    a.viewportWidth !== b.viewportWidth ||
    a.viewportHeight !== b.viewportHeight
  );
}

/**
 * What an animation frame brings up to date: the scroll content (DOM), the band (drawn again when
 * `band`, placed always: drawn too when the view left it) and the overlay.
 */
interface FrameWork {
  dom: boolean;
  band: boolean;
  /** The tiles in view whose names were pinned for another scroll position (a settled scroll). */
  pins: boolean;
  /** Only the tiles showing the items in `dirtyIds` (their look changed). */
  dirty: boolean;
  overlay: boolean;
}
const NO_FRAME_WORK: FrameWork = {
  dom: false,
  band: false,
  pins: false,
  dirty: false,
  overlay: false,
};
/**
 * More items than this changing look (a selection change, a drag's faded items) draw the whole
 * band again rather than finding their tiles.
 */
const DIRTY_MAX = 400;

/** By when an idle band draw runs: ahead of a scroll nearing the band's end, and a tile left for later. */
const RECENTRE_TIMEOUT_MS = 60;
const DEFERRED_TIMEOUT_MS = 200;

/** Frames in a row a canvas is committed changed to warm it (its buffers; see scheduleWarmTiles). */
const WARM_FRAMES = 4;

/** How long a canvas's warming waits for a gesture to end before looking again. */
const WARM_RETRY_MS = 250;

/** Canvases kept to draw tiles on ahead (one a tile of the widest band at most). */
const BACKS_KEPT = 8;

/** Runs `run` in an idle period (by `timeoutMs` at the latest); a task where there are none. */
function requestIdle(run: () => void, timeoutMs: number): number {
  return typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: timeoutMs })
    : (setTimeout(run, 0) as unknown as number);
}

function cancelIdle(id: number): void {
  if (typeof cancelIdleCallback === 'function') cancelIdleCallback(id);
  else clearTimeout(id);
}

/** A tile of the band: an opaque canvas TILE_PX wide at content x = its index × TILE_PX. */
interface Tile {
  canvas: HTMLCanvasElement;
  /**
   * The tile's opaque 2D context, drawn on directly (a tile drawn ahead for a drag is drawn on an
   * OffscreenCanvas and copied). Measured against a `bitmaprenderer` canvas handed a finished
   * bitmap: the 2D canvas costs the main thread ~1 ms a frame (its copy for the compositor on each
   * commit) but halves the display compositor's cost of drawing the band in software (scroll and
   * zoom frames redraw the whole view): less work a frame in all.
   */
  context: CanvasRenderingContext2D;
  /** The content generation it shows (see CanvasController.generation); -1: nothing yet. */
  generation: number;
  /** Bumped on every bitmap it is given (a prepared bitmap is for the version it was drawn over). */
  version: number;
  /**
   * Items it shows look different now (selected, faded): drawn again as it is (its names pinned
   * where they were), not with the whole band.
   */
  stale: boolean;
  /** The scroll position its names were pinned to the view's left edge for. */
  pinnedAt: number;
  /** The compositor holds its buffers already (see scheduleWarmTiles). */
  warm: boolean;
}

/** The band widened to whole tiles. */
function tileAligned(band: Band): Band {
  const left = Math.floor(band.left / TILE_PX) * TILE_PX;
  const right = Math.ceil((band.left + band.width) / TILE_PX) * TILE_PX;
  return { ...band, left, width: right - left };
}

/** Tile `index` of `band`, as a band of its own. */
const tileBand = (band: Band, index: number): Band => ({
  ...band,
  left: index * TILE_PX,
  width: TILE_PX,
});

const round2 = (value: number) => Math.round(value * 100) / 100;
const pixelRatio = () =>
  typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;

/** `#rrggbb` with an alpha, as CSS. */
function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255},${(value >> 8) & 255},${value & 255},${alpha})`;
}

export class CanvasController {
  private readonly editor: TimelineEditor;
  private readonly store: TimelineEditor['store'];
  private index: TimelineIndex | null = null;
  private fps = 30;
  private elements: CanvasElements | null = null;
  private overlayLayer: Konva.Layer | null = null;
  /** What the band canvas holds now (null: nothing drawn yet). */
  private band: Band | null = null;
  /** Whether the band was drawn as a draft (boxes only) or with its names pinned elsewhere. */
  private bandCrisp = false;
  /**
   * The tiles showing a pressed selection, drawn ahead with it faded (what a move drag shows under
   * its ghosts), rasterised after the press one tile a task (those in view first): the drag's
   * frames show them as they come instead of drawing them (all of a 1,000-item band's tiles in one
   * task, or in the drag's first frame, was a long animation frame of 60-85 ms). Each is for the
   * tile's version it was drawn over.
   */
  private prepared: {
    tiles: Map<number, { version: number; canvas: OffscreenCanvas }>;
    /** Tiles still to draw ahead, in order; `task` draws the next. */
    queue: number[];
    task: ReturnType<typeof setTimeout> | null;
    moving: ReadonlySet<string>;
    band: Band;
    epoch: number;
    ids: readonly string[];
    selection: ReadonlySet<string>;
    index: TimelineIndex;
  } | null = null;
  /** A move drag ended: the band waits (see endMove). */
  private holdBand = false;
  private endMoveFrame: number | null = null;
  /** A trim ended: the overlay hides when the new timeline is drawn (see endTrim). */
  private endTrimFrame: number | null = null;
  /**
   * Tiles out of view left stale by a band draw, drawn one an idle task after it (scheduleIdleDraw),
   * or by the frame that brings them into view.
   */
  private readonly deferredTiles = new Set<number>();
  /** Filling the tile pool ahead (scheduleWarmTiles): the idle task, and the canvas being warmed. */
  private warmTask: number | null = null;
  private warmRetry: ReturnType<typeof setTimeout> | null = null;
  private warming: Tile | null = null;
  /** In an animation frame's callback (onFrame): tiles out of view wait for an idle task. */
  private inFrame = false;
  /** Items whose look changed since the band was drawn ('all': draw it all again). */
  private dirtyIds: Set<string> | 'all' | null = null;
  /** Where items changed (new data) since the band was drawn, before and after, in seconds. */
  private dirtySpans: Span[] = [];
  /** Bumped when what the band shows changes other than by selection (data, thumbnails). */
  private epoch = 0;
  /** The band's tiles by index, and tiles out of the band kept for reuse. */
  private readonly tiles = new Map<number, Tile>();
  /**
   * Canvases tiles are drawn on ahead (prepareNextTile), kept for the next drag: a canvas's first
   * draw allocates its backing store, which cost more than drawing the tile (a bitmap transferred
   * out of one shared canvas left it without one for the next tile).
   */
  private backs: OffscreenCanvas[] = [];
  private tilePool: Tile[] = [];
  /** Bumped whenever what the band shows changes: a tile of an older generation is drawn again. */
  private generation = 0;
  private playheadTransform = '';
  private headersAt = Number.NaN;
  /** The scroll content's width as last written (a zoom sweep only grows it: see syncDom). */
  private spacerWidth = -1;
  private spacerHeight = -1;
  /** The band drawn in an idle task (scheduleIdleDraw), and by when at the latest. */
  private idleDraw: { id: number; timeoutMs: number } | null = null;
  private pending: Pending | null = null;
  private blocked = false;
  private lastPointer: { x: number; y: number; mods: Modifiers } | null = null;
  private autoScrollFrame: number | null = null;
  private readonly counts = {
    items: 0,
    overlay: 0,
    itemsDraws: 0,
    overlayDraws: 0,
    ghostDraws: 0,
    ghostMoves: 0,
    tileDraws: 0,
  };
  private ghostBase: GhostBase | null = null;
  private frameRequest: number | null = null;
  /** A wheel zoom sweep is under way (until SETTLE_MS after its last event). */
  private draft = false;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private frameWork: FrameWork = { ...NO_FRAME_WORK };
  private gestureOrigin: { left: number; top: number } | null = null;
  /**
   * The canvas's page origin during a wheel zoom sweep, read once (reading it on every wheel event
   * forced a layout of what the last frame changed), forgotten when the sweep settles.
   */
  private wheelOrigin: { left: number; top: number } | null = null;
  private pendingCommit: (() => void) | null = null;
  /** The scroll position the band's names were pinned to the view's edges for. */
  private bandPinnedAt = 0;
  private marqueeDrawn: MarqueeDrawn | null = null;
  private labelText = '';
  private firstDrawMarked = false;
  private readonly thumbnails: ThumbnailCache;
  private onResize: ((size: { width: number; height: number }) => void) | null = null;

  constructor(editor: TimelineEditor) {
    this.editor = editor;
    this.store = editor.store;
    this.thumbnails = new ThumbnailCache(() => {
      this.epoch += 1;
      this.requestFrame({ band: true });
    });
  }

  // ───────────── wiring ─────────────

  setData(index: TimelineIndex, fps: number): void {
    // New data (a commit, its answer, a refetch) draws again only the tiles of what changed.
    const previous = this.index;
    const changed =
      previous && fps === this.fps && this.band
        ? changedSpans(previous, index, DIRTY_MAX, drawnAlike)
        : null;
    this.index = index;
    this.epoch += 1;
    this.fps = fps;
    if (this.endTrimFrame !== null) {
      // The trimmed item is drawn in the band's next frame: the overlay's picture of it goes now.
      this.cancelEndTrim();
      this.showOverlay(usesOverlay(this.store.getState().drag));
    }
    const state = this.store.getState();
    const clamped = clampScroll(viewportOf(state), index.durationSeconds, index.rows.length);
    if (clamped.scrollX !== state.scrollX || clamped.scrollY !== state.scrollY)
      this.editor.setState(clamped);
    if (!previous || !this.band) {
      this.syncDom(this.store.getState());
      this.drawAll();
      return;
    }
    // New data for a band already drawn (a commit, its answer): the scroll content and the band
    // follow in the next frame, not in the render that brought the data (syncDom's read of the
    // scroll offsets forced a layout of everything that render changed, and a drop of 1,000 items
    // drew the whole band there too: with the commit's work, one long animation frame).
    this.requestFrame({ dom: true });
    if (changed === null) {
      this.requestFrame({ band: true, overlay: true });
    } else if (changed.length > 0) {
      this.dirtySpans.push(...changed);
      this.requestFrame({ dirty: true, overlay: true });
    }
  }

  setOverlayLayer = (layer: Konva.Layer | null): void => {
    this.overlayLayer = layer;
    // Shown only during a trim or a selection box: an empty canvas still costs a composite.
    layer?.visible(usesOverlay(this.store.getState().drag));
    // sceneOverlay clears it (a growing selection box draws only what it adds).
    layer?.clearBeforeDraw(false);
  };

  /** Attaches to the DOM; returns the detach function. */
  mount(
    elements: CanvasElements,
    onResize: (size: { width: number; height: number }) => void,
  ): () => void {
    this.elements = elements;
    this.onResize = onResize;
    const unsubscribe = this.store.subscribe((state, previous) =>
      this.onStoreChange(state, previous),
    );
    const observer = new ResizeObserver(() => this.measure());
    observer.observe(elements.scroll);
    elements.scroll.addEventListener('wheel', this.onWheel, { passive: false });
    // No measure() here: the observer's first callback measures once the browser has laid the
    // canvas out (reading its size now would force that layout in the mounting task).
    this.placePlayhead(this.store.getState());
    this.installTestHooks();
    return () => {
      this.flushCommit();
      this.cancelEndMove();
      this.cancelEndTrim();
      if (this.frameRequest !== null) cancelAnimationFrame(this.frameRequest);
      this.frameRequest = null;
      if (this.settleTimer !== null) clearTimeout(this.settleTimer);
      this.settleTimer = null;
      this.cancelIdleDraw();
      this.cancelWarmTiles();
      this.draft = false;
      this.band = null;
      for (const tile of this.tiles.values()) tile.canvas.remove();
      this.tiles.clear();
      this.deferredTiles.clear();
      this.tilePool = [];
      this.dropPrepared();
      this.spacerWidth = this.spacerHeight = -1;
      this.playheadTransform = '';
      this.headersAt = Number.NaN;
      unsubscribe();
      observer.disconnect();
      elements.scroll.removeEventListener('wheel', this.onWheel);
      this.stopAutoScroll();
      if (typeof window !== 'undefined' && window.__cutroomTimeline?.view === this.view)
        delete window.__cutroomTimeline;
      this.elements = null;
      this.onResize = null;
    };
  }

  private measure(): void {
    const el = this.elements?.scroll;
    if (!el || el.clientWidth === 0 || !this.index) return;
    const width = el.clientWidth;
    const height = el.clientHeight;
    this.onResize?.({ width, height });
    const state = this.store.getState();
    this.editor.setState({
      viewportWidth: width,
      viewportHeight: height,
      ...(state.fitted
        ? {}
        : { ...fitToProject(this.index.durationSeconds, width, this.fps), fitted: true }),
    });
  }

  private onStoreChange(state: TimelineEditorState, previous: TimelineEditorState): void {
    // The gesture was rolled back (Escape) or ended elsewhere: drop what the pointer was doing.
    if (previous.gesture && !state.gesture && this.pending) this.releasePointer();
    const view = viewChanged(state, previous);
    if (state.drag !== previous.drag) {
      // Ended by its commit (the gesture had ended already, see Editor.commitGesture): held.
      // Cancelled or refused (the gesture ends in the same update): the ghost goes at once.
      if (previous.drag?.kind === 'trim' && state.drag === null && !previous.gesture)
        this.endTrim();
      else {
        this.cancelEndTrim();
        this.showOverlay(usesOverlay(state.drag));
      }
    }
    if (view || state.playhead !== previous.playhead) this.placePlayhead(state);
    if (state.drag?.kind === 'move') {
      if (view || state.drag !== previous.drag) this.placeMoveGhosts(state, state.drag);
    } else if (previous.drag?.kind === 'move') {
      this.endMove(previous.drag.ids);
    }
    if (state.drag?.kind === 'marquee') {
      if (view || state.drag !== previous.drag) this.placeMarqueeBox(state, state.drag);
    } else if (previous.drag?.kind === 'marquee') {
      this.marqueeDrawn = null;
      if (this.elements?.marqueeBox) this.elements.marqueeBox.style.display = 'none';
    }
    if (view) {
      // The scroll content, the band and the overlay follow once, in this frame's animation
      // callback (input and scroll events come before it), however many wheel or scroll events the
      // frame had: an event handler never writes the scroll content's size, so the next event's
      // layout reads (pointer positions) never force a layout. The band is drawn only if the view
      // left it; it is drawn crisp once the view settles.
      this.requestFrame({ dom: true, overlay: true });
      this.scheduleSettle();
    }
    // A selection change, or a move drag starting or ending (its items faded in place), draws
    // only the tiles of the items whose look changed.
    if (state.selection !== previous.selection)
      this.markDirty(selectionChange(previous.selection, state.selection));
    const moving = state.drag?.kind === 'move' ? state.drag.ids : null;
    const wasMoving = previous.drag?.kind === 'move' ? previous.drag.ids : null;
    if (moving !== wasMoving) {
      if (moving && !this.fadeAhead(moving)) this.markDirty(moving);
      // A drag that ended (see endMove) is drawn when its ghosts go.
      if (wasMoving && moving) this.markDirty(wasMoving);
    }
    if (view) return;
    if (state.drag !== previous.drag && usesOverlay(state.drag))
      this.requestFrame({ overlay: true });
  }

  /** These items look different now: the next frame draws the tiles that show them. */
  private markDirty(ids: Iterable<string>): void {
    if (this.dirtyIds !== 'all') {
      const dirty: Set<string> = this.dirtyIds ?? new Set();
      for (const id of ids) dirty.add(id);
      if (dirty.size === 0) return;
      this.dirtyIds = dirty.size > DIRTY_MAX ? 'all' : dirty;
    }
    this.requestFrame(this.dirtyIds === 'all' ? { band: true } : { dirty: true });
  }

  /**
   * Marks the tiles showing the dirty items stale (drawn again by the next drawBand); true when
   * the whole band must be drawn again instead.
   */
  private takeDirty(): boolean {
    const dirty = this.dirtyIds;
    const spans = this.dirtySpans;
    this.dirtyIds = null;
    this.dirtySpans = [];
    if (dirty === null && spans.length === 0) return false;
    const band = this.band;
    const index = this.index;
    if (dirty === 'all' || !band || !index || this.bandCrisp === this.draft) return true;
    const tiles = this.tilesOf(dirty ?? [], band);
    for (const i of tilesTouched(spans, band.pxPerSecond)) tiles.add(i);
    for (const i of tiles) {
      const tile = this.tiles.get(i);
      if (tile) tile.stale = true;
    }
    return false;
  }

  /** The band's tiles that show any of `ids`. */
  private tilesOf(ids: Iterable<string>, band: Band): Set<number> {
    const index = this.index;
    const spans: Array<{ start: number; end: number }> = [];
    if (index)
      for (const id of ids) {
        const ref = index.byId.get(id);
        if (ref) spans.push({ start: ref.item.start_seconds, end: ref.item.end_seconds });
      }
    return tilesTouched(spans, band.pxPerSecond);
  }

  /** Marks what the next animation frame brings up to date (one frame callback for all of it). */
  private requestFrame(parts: Partial<FrameWork>): void {
    const work = this.frameWork;
    work.dom ||= parts.dom ?? false;
    work.band ||= parts.band ?? false;
    work.pins ||= parts.pins ?? false;
    work.dirty ||= parts.dirty ?? false;
    work.overlay ||= parts.overlay ?? false;
    this.frameRequest ??= requestAnimationFrame(this.onFrame);
  }

  /**
   * A move drag ended (dropped, and committed in the same task, or cancelled): its ghosts stay and
   * the band is not drawn for one more frame; the frame after it hides the ghosts and draws the
   * band (the moved items where the ghosts were). A drop's commit (the optimistic update, the
   * editor's render, the request) and drawing the band it changed were one frame: ~60 ms for a
   * 1,000-item group; now each has a frame of its own, and nothing shows the items half-moved.
   */
  private endMove(ids: readonly string[]): void {
    this.dropPrepared();
    if (this.endMoveFrame !== null) cancelAnimationFrame(this.endMoveFrame);
    this.holdBand = true;
    this.endMoveFrame = requestAnimationFrame(() => {
      this.endMoveFrame = requestAnimationFrame(() => {
        this.endMoveFrame = null;
        this.holdBand = false;
        // A new drag may have started meanwhile: its ghosts stay.
        if (this.store.getState().drag?.kind !== 'move') this.hideMoveGhosts();
        this.markDirty(ids);
        if (this.frameRequest !== null) cancelAnimationFrame(this.frameRequest);
        this.onFrame();
      });
    });
  }

  /**
   * A trim ended (its change is shown, or it will not be): the overlay keeps its last picture (the
   * trimmed item) until the band shows the new timeline (setData, in the render after the store's
   * update), or for two frames when no new timeline comes: never a frame with the item untrimmed.
   */
  private endTrim(): void {
    this.cancelEndTrim();
    this.endTrimFrame = requestAnimationFrame(() => {
      this.endTrimFrame = requestAnimationFrame(() => {
        this.endTrimFrame = null;
        this.showOverlay(usesOverlay(this.store.getState().drag));
      });
    });
  }

  private cancelEndTrim(): void {
    if (this.endTrimFrame !== null) cancelAnimationFrame(this.endTrimFrame);
    this.endTrimFrame = null;
  }

  private cancelEndMove(): void {
    if (this.endMoveFrame !== null) cancelAnimationFrame(this.endMoveFrame);
    this.endMoveFrame = null;
    this.holdBand = false;
  }

  private readonly onFrame = (): void => {
    this.frameRequest = null;
    const work = this.frameWork;
    this.frameWork = { ...NO_FRAME_WORK };
    const state = this.store.getState();
    if (this.holdBand) {
      // Kept for the frame that ends the hold (endMove).
      this.frameWork.band = work.band;
      this.frameWork.dirty = work.dirty;
      this.frameWork.pins = work.pins;
      this.frameWork.overlay = work.overlay;
      if (work.dom) this.syncDom(state);
      return;
    }
    if (work.dom) this.syncDom(state);
    const all = this.takeDirty();
    this.inFrame = true;
    try {
      this.updateBand(viewportOf(state), work.band || all, work.pins);
    } finally {
      this.inFrame = false;
    }
    const overlay = this.overlayLayer;
    if (work.overlay && overlay?.visible()) overlay.draw();
  };

  // ───────────── the band (ruler and items) ─────────────

  private contentWidthPx(view: { pxPerSecond: number; width: number }): number {
    return this.index ? contentWidth(this.index.durationSeconds, view.pxPerSecond, view.width) : 0;
  }

  /**
   * Draws the band again when asked or when it no longer covers the view, and places it. When
   * the view has come within half a margin of the band's end, the band is drawn around the view
   * again in an idle task (before a frame needs it).
   */
  private updateBand(view: ReturnType<typeof viewportOf>, redraw: boolean, pins = false): void {
    const band = this.band;
    if (
      redraw ||
      pins ||
      this.hasStaleTiles(view) ||
      !band ||
      !bandCovers(band, view, this.contentWidthPx(view))
    ) {
      this.drawBand(view, redraw, pins);
    } else if (band.pxPerSecond === view.pxPerSecond) {
      const slack = bandMargin(view.width, view.height, pixelRatio()) / 4;
      if (slack > 0 && !bandCovers(band, view, this.contentWidthPx(view), slack))
        this.scheduleIdleDraw(RECENTRE_TIMEOUT_MS);
    }
    this.placeBand(view);
  }

  /** A stale tile a frame must draw: one not left for an idle task, or one now in view. */
  private hasStaleTiles(view: { scrollX: number; width: number }): boolean {
    for (const [i, tile] of this.tiles)
      if (tile.stale && (!this.deferredTiles.has(i) || tileInView(i, view.scrollX, view.width)))
        return true;
    return false;
  }

  /**
   * Draws the band in an idle task, by `timeoutMs` at the latest: around the view, ahead of a scroll
   * nearing its end, and the next tile a band draw left for later (it is rasterised there with a
   * one-pixel read: Chromium records the 2D calls and fills the pixels when a frame commits the
   * canvas). Those tiles were drawn one a frame: each of a scroll's new margin tiles added its draw
   * to a frame already busy with the scroll. A zoom stretch is left to the settle.
   */
  private scheduleIdleDraw(timeoutMs: number): void {
    const pending = this.idleDraw;
    if (pending && pending.timeoutMs <= timeoutMs) return;
    if (pending) cancelIdle(pending.id);
    const run = () => {
      this.idleDraw = null;
      const state = this.store.getState();
      if (!this.elements || !this.band || this.band.pxPerSecond !== state.pxPerSecond) return;
      const view = viewportOf(state);
      this.drawBand(view, false);
      this.placeBand(view);
    };
    this.idleDraw = { id: requestIdle(run, timeoutMs), timeoutMs };
  }

  private cancelIdleDraw(): void {
    if (this.idleDraw) cancelIdle(this.idleDraw.id);
    this.idleDraw = null;
  }

  /**
   * Warms the band's tiles, then fills the tile pool with warm canvases up to what the widest band
   * for this view needs: one canvas at a time in idle time, each committed changed (a pixel put
   * back as it was) in WARM_FRAMES frames in a row. The compositor allocates a canvas's buffers the
   * first times it commits it changed: ~11-22 ms each on the benchmark machine for a 512 × 1,166
   * tile, ~0.2 ms a commit once it has enough. Three commits in a row leave it two buffers, which
   * do for changes at rest, but not for changes in consecutive frames while the main thread is busy
   * (a drop: its draw, then the service's answer): the compositor still holds both, and the change
   * allocated a third in its frame (probe: 10.9 ms; a traced drop: 22.9 ms). Four commits leave
   * three, and then no pattern probed on a bare page allocated (consecutive, every fourth frame,
   * busy or not, 10 s later); on the real route a traced 1,000-item group drop still allocated one
   * (14.4 ms), cause not found. The band's tiles had been committed once or twice by a first gesture, and a scroll or
   * zoom that widened the band made new tiles: those frames paid for the buffers. A warm canvas
   * keeps them in the pool (out of the page and back: 0.2 ms). The price is memory: three buffers
   * per canvas (the band and its pool: at most maxBandTiles canvases).
   */
  private scheduleWarmTiles(): void {
    if (this.warmTask !== null || this.warmRetry !== null || this.warming) return;
    this.warmTask = requestIdle(this.warmNextTile, 1000);
  }

  /**
   * A gesture is under way (a press, a drag, a scroll or zoom not settled): a canvas's warming
   * waits for its end, as its first frames cost what the gesture's frames need.
   */
  private interacting(): boolean {
    return (
      this.pending !== null || this.settleTimer !== null || this.store.getState().drag !== null
    );
  }

  private readonly warmNextTile = (): void => {
    this.warmTask = null;
    if (this.interacting()) {
      this.warmRetry = setTimeout(() => {
        this.warmRetry = null;
        this.scheduleWarmTiles();
      }, WARM_RETRY_MS);
      return;
    }
    const layer = this.elements?.band;
    const band = this.band;
    if (!layer || !band) return;
    const ratio = pixelRatio();
    const width = Math.ceil(TILE_PX * ratio);
    const height = Math.max(1, Math.round(band.height * ratio));
    let tile: Tile | null = null;
    for (const shown of this.tiles.values()) if (!shown.warm) tile ??= shown;
    const spare = tile === null;
    if (!tile) {
      // A pooled canvas of another size (the view's height changed) is resized when the band takes
      // it, which makes it cold: it is resized and warmed here instead.
      const stale = this.tilePool.findIndex(
        (pooled) =>
          !pooled.warm || pooled.canvas.width !== width || pooled.canvas.height !== height,
      );
      if (stale >= 0) {
        tile = this.tilePool.splice(stale, 1)[0]!;
      } else if (
        this.tiles.size + this.tilePool.length >=
        maxBandTiles(band.viewWidth, band.height, ratio)
      ) {
        this.warmNextBack(band, ratio);
        return;
      } else {
        tile = this.newTile();
        if (!tile) return;
      }
      this.size(tile, width, height);
      // Under the band's first tile, which covers it (opaque, later in the layer).
      tile.canvas.style.transform = `translateX(${band.left}px)`;
      layer.prepend(tile.canvas);
    }
    const warming = tile;
    this.warming = warming;
    let frames = 0;
    const step = () => {
      if (this.warming !== warming) return;
      if (frames === WARM_FRAMES) {
        warming.warm = true;
        this.warming = null;
        if (spare) {
          warming.canvas.remove();
          this.tilePool.push(warming);
        }
        this.scheduleWarmTiles();
        return;
      }
      if (this.interacting()) {
        this.warmRetry = setTimeout(() => {
          this.warmRetry = null;
          requestAnimationFrame(step);
        }, WARM_RETRY_MS);
        return;
      }
      const { context } = warming;
      context.putImageData(context.getImageData(0, 0, 1, 1), 0, 0);
      frames += 1;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };

  /**
   * Then the canvases a press draws the tiles in view on ahead (prepareFadedBand), one an idle
   * task: allocating one in the press's first task cost 24 ms of a drag's 57 ms long frame.
   */
  private warmNextBack(band: Band, ratio: number): void {
    if (typeof OffscreenCanvas !== 'function') return;
    const inView = Math.ceil(band.viewWidth / TILE_PX) + 1;
    if (this.backs.length >= Math.min(BACKS_KEPT, inView)) return;
    const canvas = new OffscreenCanvas(
      Math.ceil(TILE_PX * ratio),
      Math.max(1, Math.round(band.height * ratio)),
    );
    const ctx = canvas.getContext('2d', { alpha: false, willReadFrequently: true });
    if (!ctx) return;
    ctx.fillRect(0, 0, 1, 1);
    ctx.getImageData(0, 0, 1, 1);
    this.backs.push(canvas);
    this.scheduleWarmTiles();
  }

  private cancelWarmTiles(): void {
    if (this.warmTask !== null) cancelIdle(this.warmTask);
    if (this.warmRetry !== null) clearTimeout(this.warmRetry);
    this.warmTask = null;
    this.warmRetry = null;
    this.warming?.canvas.remove();
    this.warming = null;
  }

  /** A tile of the band from the pool (or a new one), in the band's layer. */
  private tile(index: number): Tile | null {
    const layer = this.elements?.band;
    if (!layer) return null;
    const shown = this.tiles.get(index);
    if (shown) return shown;
    const tile = this.tilePool.pop() ?? this.newTile();
    if (!tile) return null;
    tile.generation = -1;
    tile.stale = false;
    tile.canvas.style.transform = `translateX(${index * TILE_PX}px)`;
    layer.appendChild(tile.canvas);
    this.tiles.set(index, tile);
    return tile;
  }

  /** A new tile's canvas (not in the page yet). */
  private newTile(): Tile | null {
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.style.position = 'absolute';
    canvas.style.left = '0';
    canvas.style.top = '0';
    // Opaque: the compositor then draws nothing under it (with a transparent canvas, each frame
    // also blended the page, panel and scroll-box layers below it). A CPU canvas: drawn out of a
    // frame, it is rasterised there (scheduleIdleDraw), and nothing reads it back from the GPU.
    const context = canvas.getContext('2d', { alpha: false, willReadFrequently: true });
    if (!context) return null;
    return {
      canvas,
      context,
      generation: -1,
      version: 0,
      pinnedAt: Number.NaN,
      stale: false,
      warm: false,
    };
  }

  /**
   * Draws tile `index` of `band` (names pinned to the view's left edge at `pinnedAt`, content x).
   * A draft (zoom sweep) is boxes only, crisp again once the sweep settles. It keeps the tile's
   * canvas size (it was drawn at half the horizontal resolution: each sweep then resized every
   * tile's canvas twice, and a resized canvas gets a new backing store, which Chromium allocates
   * through the GPU process: ~10-15 ms a tile in a CPU profile of the sweep (the first draw call
   * after the resize, `setTransform`, carried it), against ~1 ms to fill a tile's pixels).
   */
  private paintTile(
    tile: Tile,
    index: number,
    band: Band,
    pinnedAt: number,
    moving: ReadonlySet<string> | null,
  ): number {
    const ratio = pixelRatio();
    this.size(tile, Math.ceil(TILE_PX * ratio), Math.max(1, Math.round(band.height * ratio)));
    const ctx = tile.context;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const drawn = this.paintBand(ctx, tileBand(band, index), pinnedAt, moving, this.draft);
    tile.version += 1;
    tile.generation = this.generation;
    tile.pinnedAt = pinnedAt;
    tile.stale = false;
    return drawn;
  }

  /** A canvas to draw a tile on ahead, `width` × `height` device pixels, with its 2D context. */
  private back(width: number, height: number): OffscreenCanvasRenderingContext2D | null {
    if (typeof OffscreenCanvas !== 'function') return null;
    const canvas = this.backs.pop() ?? new OffscreenCanvas(width, height);
    // Drawn, then read once (which rasterises it in this task), then copied: a CPU canvas.
    const ctx = canvas.getContext('2d', { alpha: false, willReadFrequently: true });
    if (!ctx) return null;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    return ctx;
  }

  /** A canvas drawn ahead goes back for the next drag (a few are kept). */
  private returnBack(canvas: OffscreenCanvas): void {
    if (this.backs.length < BACKS_KEPT) this.backs.push(canvas);
  }

  /** Copies a tile drawn ahead to the tile. */
  private show(tile: Tile, canvas: OffscreenCanvas): void {
    this.size(tile, canvas.width, canvas.height);
    tile.context.setTransform(1, 0, 0, 1, 0, 0);
    tile.context.drawImage(canvas, 0, 0);
    this.returnBack(canvas);
    tile.version += 1;
  }

  /** A tile's canvas at `width` × `height` device pixels, TILE_PX wide on the page. */
  private size(tile: Tile, width: number, height: number): void {
    const { canvas } = tile;
    // A new size is a new backing store: its buffers are allocated again.
    if (canvas.width !== width || canvas.height !== height) tile.warm = false;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    const cssHeight = `${Math.round(height / pixelRatio())}px`;
    if (canvas.style.width !== `${TILE_PX}px`) canvas.style.width = `${TILE_PX}px`;
    if (canvas.style.height !== cssHeight) canvas.style.height = cssHeight;
  }

  /** Draws the ruler and the items of `band` (`pinnedAt`: the view's left edge, content x). */
  private paintBand(
    ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
    band: Band,
    pinnedAt: number,
    moving: ReadonlySet<string> | null,
    draft: boolean,
  ): number {
    const index = this.index;
    if (!index) return 0;
    const drawn = bandViewport(band);
    const pinLeft = pinnedAt - band.left;
    // The ruler's ticks start at the one at or left of the tile's edge: a label is never cut.
    drawStatic(ctx, drawn, this.fps);
    return drawItems(ctx, index, drawn, {
      fps: this.fps,
      selection: this.store.getState().selection,
      moving,
      thumbnails: this.thumbnails,
      draft,
      pin: { left: pinLeft, right: pinLeft + band.viewWidth },
    });
  }

  /**
   * After a press on a selected item (a move may follow): the tiles showing the pressed items, as
   * the drag will show them (faded), drawn and rasterised ahead, outside any frame, one tile a task
   * (prepareNextTile), those in view first. A selection change the press made is drawn first (the
   * frame would have drawn it). False when the band cannot be drawn ahead (the drag then draws it).
   */
  private prepareFadedBand(ids: readonly string[]): boolean {
    this.dropPrepared();
    if (this.dirtyIds !== null || this.dirtySpans.length > 0) {
      const view = viewportOf(this.store.getState());
      if (this.takeDirty()) this.drawBand(view);
      else this.drawBand(view, false);
      this.placeBand(view);
    }
    const band = this.band;
    const index = this.index;
    if (!band || !index || !this.bandCrisp || this.draft || typeof OffscreenCanvas !== 'function')
      return false;
    const wanted = ids.length > DIRTY_MAX ? new Set(this.tiles.keys()) : this.tilesOf(ids, band);
    const state = this.store.getState();
    const inView = (i: number) => tileInView(i, state.scrollX, state.viewportWidth);
    const queue = [...wanted]
      .filter((i) => this.tiles.has(i))
      .sort((a, b) => Number(inView(b)) - Number(inView(a)) || a - b);
    this.prepared = {
      tiles: new Map(),
      queue,
      task: null,
      moving: idSet(ids),
      band,
      epoch: this.epoch,
      ids,
      selection: state.selection,
      index,
    };
    if (queue.length > 0) this.prepared.task = setTimeout(this.prepareNextTile, 0);
    return true;
  }

  /** Whether what was drawn ahead still fits what the band shows (items, selection, zoom). */
  private preparedHolds(band: Band | null = this.band): boolean {
    const prepared = this.prepared;
    if (!prepared || !band) return false;
    const drawnOver = prepared.band;
    return (
      prepared.epoch === this.epoch &&
      prepared.index === this.index &&
      prepared.selection === this.store.getState().selection &&
      !this.draft &&
      drawnOver.pxPerSecond === band.pxPerSecond &&
      drawnOver.scrollY === band.scrollY &&
      drawnOver.height === band.height &&
      drawnOver.viewWidth === band.viewWidth
    );
  }

  /** The move drag of the prepared items is under way. */
  private preparedDragging(): boolean {
    const drag = this.store.getState().drag;
    return drag?.kind === 'move' && drag.ids === this.prepared?.ids;
  }

  /**
   * Draws the next prepared tile ahead (one a task). Once the drag is under way, its frame shows
   * it; a tile that can no longer be drawn ahead (it changed meanwhile) is drawn by the next frame.
   */
  private readonly prepareNextTile = (): void => {
    const prepared = this.prepared;
    if (!prepared) return;
    prepared.task = null;
    if (!this.preparedHolds()) {
      this.dropPrepared();
      return;
    }
    const i = prepared.queue.shift();
    if (i === undefined) return;
    const tile = this.tiles.get(i);
    const band = this.band!;
    const dragging = this.preparedDragging();
    if (tile) {
      const ctx =
        tile.generation === this.generation && !tile.stale
          ? this.back(tile.canvas.width, tile.canvas.height)
          : null;
      if (ctx) {
        const ratio = pixelRatio();
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
        this.paintBand(ctx, tileBand(band, i), tile.pinnedAt, prepared.moving, false);
        // Rasterised here, in this task, not when the drag's frame copies it.
        ctx.getImageData(0, 0, 1, 1);
        prepared.tiles.set(i, { version: tile.version, canvas: ctx.canvas });
      }
      // Under way: the next frame shows it (or draws it, when it could not be drawn ahead).
      if (dragging) {
        tile.stale = true;
        this.requestFrame({ dirty: true });
      }
    }
    // The next tile after the next frame: two tiles' tasks (a canvas's first draw allocates it)
    // in a row, with no frame between them, made one long animation frame.
    if (prepared.queue.length > 0)
      requestAnimationFrame(() => {
        if (this.prepared === prepared && prepared.task === null)
          prepared.task = setTimeout(this.prepareNextTile, 0);
      });
  };

  /**
   * A move drag starts: its items fade in the tiles drawn ahead (those not yet drawn follow, one a
   * task). False when nothing was drawn ahead for these items: the caller draws them faded.
   */
  private fadeAhead(ids: readonly string[]): boolean {
    if (this.prepared?.ids !== ids || !this.preparedHolds()) {
      if (!this.prepareFadedBand(ids)) return false;
    }
    const prepared = this.prepared!;
    for (const i of prepared.tiles.keys()) {
      const tile = this.tiles.get(i);
      if (tile) tile.stale = true;
    }
    if (prepared.tiles.size > 0) this.requestFrame({ dirty: true });
    return true;
  }

  private dropPrepared(): void {
    const prepared = this.prepared;
    if (!prepared) return;
    if (prepared.task !== null) clearTimeout(prepared.task);
    for (const entry of prepared.tiles.values()) this.returnBack(entry.canvas);
    // Under way: the tiles not yet drawn ahead are drawn faded by the next frame.
    if (prepared.queue.length > 0 && this.elements && this.preparedDragging()) {
      for (const i of prepared.queue) {
        const tile = this.tiles.get(i);
        if (tile) tile.stale = true;
      }
      this.requestFrame({ dirty: true });
    }
    this.prepared = null;
  }

  /**
   * Shows the prepared faded tile `i` if it is what the tile should show now (the same items,
   * selection, zoom and drag, drawn over the tile as it still is); false if not.
   */
  private showPrepared(i: number, tile: Tile, band: Band): boolean {
    const prepared = this.prepared;
    const entry = prepared?.tiles.get(i);
    if (!prepared || !entry) return false;
    prepared.tiles.delete(i);
    const ok =
      entry.version === tile.version &&
      this.preparedDragging() &&
      this.preparedHolds(band) &&
      tile.canvas.width === entry.canvas.width &&
      tile.canvas.height === entry.canvas.height;
    if (!ok) {
      this.returnBack(entry.canvas);
      return false;
    }
    this.show(tile, entry.canvas);
    tile.generation = this.generation;
    tile.stale = false;
    return true;
  }

  /**
   * Brings the band up to date for `view`: with `everything`, every tile is drawn again (items,
   * the selection or the zoom changed); otherwise only the tiles the band did not have yet (a
   * scroll brings in one tile at a time), the stale ones (items they show look different) and,
   * with `pins`, those in view whose names were pinned for another scroll position. A tile drawn
   * ahead for a drag (prepareFadedBand) is shown instead of drawn when it still holds.
   */
  private drawBand(view: ReturnType<typeof viewportOf>, everything = true, pins = false): void {
    this.cancelIdleDraw();
    if (!this.index || view.width <= 0 || view.height <= 0) return;
    if (everything) {
      this.dirtyIds = null;
      this.dirtySpans = [];
    }
    const last = this.band;
    const scrolled =
      last && !this.draft && last.pxPerSecond === view.pxPerSecond
        ? Math.sign(view.scrollX - this.bandPinnedAt)
        : 0;
    const band = tileAligned(
      bandFor(
        view,
        pixelRatio(),
        this.draft
          ? { kind: 'zooming' }
          : scrolled !== 0 && this.settleTimer !== null
            ? { kind: 'scrolling', direction: scrolled as 1 | -1 }
            : { kind: 'centred' },
      ),
    );
    const sameScale =
      last !== null &&
      last.pxPerSecond === band.pxPerSecond &&
      last.scrollY === band.scrollY &&
      last.height === band.height &&
      last.viewWidth === band.viewWidth &&
      this.bandCrisp === !this.draft;
    if (everything || !sameScale) this.generation += 1;
    this.band = band;
    this.bandCrisp = !this.draft;
    const first = band.left / TILE_PX;
    const end = (band.left + band.width) / TILE_PX;
    for (const [i, tile] of this.tiles) {
      if (i >= first && i < end) continue;
      tile.canvas.remove();
      this.tiles.delete(i);
      this.tilePool.push(tile);
    }
    const state = this.store.getState();
    const moving = state.drag?.kind === 'move' ? idSet(state.drag.ids) : null;
    let items = 0;
    let painted = 0;
    let fresh = false;
    const inView = (i: number) => tileInView(i, view.scrollX, view.width);
    // The tiles in view first; those out of view (the margins) one a frame after them.
    const order: number[] = [];
    for (let i = first; i < end; i += 1) if (inView(i)) order.push(i);
    for (let i = first; i < end; i += 1) if (!inView(i)) order.push(i);
    let deferred = false;
    for (const i of order) {
      const tile = this.tile(i);
      if (!tile) return;
      const repin = pins && inView(i) && tile.pinnedAt !== view.scrollX;
      if (tile.generation === this.generation && !tile.stale && !repin) continue;
      if (!repin && this.showPrepared(i, tile, band)) {
        painted += 1;
        fresh ||= !this.deferredTiles.delete(i);
        continue;
      }
      // Out of view, in a frame or with something already drawn in this task: an idle task draws
      // it (nothing shows it before then; a scroll or zoom that brings it in draws it first). Not
      // during a zoom sweep, whose stretch shows the margins.
      if (!inView(i) && (painted > 0 || this.inFrame) && !this.draft && this.elements) {
        if (tile.generation !== this.generation) tile.pinnedAt = view.scrollX;
        tile.stale = true;
        tile.generation = this.generation;
        this.deferredTiles.add(i);
        deferred = true;
        continue;
      }
      // A stale tile keeps its names where they were (its neighbours show them there).
      const pinnedAt =
        tile.stale && !repin && tile.generation === this.generation ? tile.pinnedAt : view.scrollX;
      items += this.paintTile(tile, i, band, pinnedAt, moving);
      // Out of a frame: rasterised here (see scheduleIdleDraw), not in the next frame's commit.
      if (!this.inFrame) tile.context.getImageData(0, 0, 1, 1);
      painted += 1;
      fresh ||= !this.deferredTiles.delete(i);
      this.counts.tileDraws += 1;
    }
    if (deferred) this.scheduleIdleDraw(DEFERRED_TIMEOUT_MS);
    this.bandPinnedAt = view.scrollX;
    if (painted === 0) return;
    this.counts.items = items;
    // A band drawn over several frames counts as one draw.
    if (fresh) this.counts.itemsDraws += 1;
    if (!this.firstDrawMarked && items > 0 && typeof performance !== 'undefined') {
      this.firstDrawMarked = true;
      performance.mark(FIRST_DRAW_MARK);
    }
    this.scheduleWarmTiles();
  }

  /** The band's tiles go to their place in the scroll content, stretched by a zoom under way. */
  private placeBand(view: ReturnType<typeof viewportOf>): void {
    const layer = this.elements?.band;
    const band = this.band;
    if (!layer || !band) return;
    const { scale } = bandPlacement(band, view);
    const transform = `translateY(${band.scrollY}px)${scale === 1 ? '' : ` scale(${scale}, 1)`}`;
    if (layer.style.transform !== transform) layer.style.transform = transform;
  }

  /** Once the view has not changed for SETTLE_MS: the band is drawn crisp where it is not. */
  private scheduleSettle(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(this.settle, SETTLE_MS);
  }

  private readonly settle = (): void => {
    this.settleTimer = null;
    this.wheelOrigin = null;
    const wasDraft = this.draft;
    this.draft = false;
    // A zoom sweep only grew the scroll content: it gets its exact width back.
    if (wasDraft) this.requestFrame({ dom: true });
    const state = this.store.getState();
    const band = this.band;
    if (!band || !this.bandCrisp || band.pxPerSecond !== state.pxPerSecond)
      this.requestFrame({ band: true });
    // A settled scroll: only the tiles in view get their names pinned to the view's edges again.
    else this.requestFrame({ pins: true });
  };

  /**
   * Move ghosts follow the drag by a transform of their layer; the layer is laid out again only
   * when what it shows changes (another row, blocked or not, zoom, vertical scroll, view size) or
   * the drag has gone further than the ghosts reach past the view.
   */
  private placeMoveGhosts(state: TimelineEditorState, drag: MoveDrag): void {
    const elements = this.elements;
    const layer = elements?.ghosts;
    if (!elements || !layer || !this.index) return;
    const view = viewportOf(state);
    let base = this.ghostBase;
    const shift = (b: GhostBase) =>
      Math.round((drag.delta - b.delta) * state.pxPerSecond - (state.scrollX - b.scrollX));
    if (
      !base ||
      base.ids !== drag.ids ||
      base.rowOffset !== drag.rowOffset ||
      base.blocked !== this.blocked ||
      base.pxPerSecond !== state.pxPerSecond ||
      base.scrollY !== state.scrollY ||
      base.width !== state.viewportWidth ||
      base.height !== state.viewportHeight ||
      Math.abs(shift(base)) > base.margin
    ) {
      base = this.layOutMoveGhosts(layer, view, drag);
    }
    layer.style.transform = `translate(${base.left + shift(base)}px, ${base.top}px)`;
    layer.style.display = '';
    layer.style.visibility = '';
    this.counts.ghostMoves += 1;
    const label = elements.ghostLabel;
    const text = moveLabel(this.index, view, drag, this.blocked, this.fps);
    if (label && text) {
      if (text.text !== this.labelText) {
        this.labelText = text.text;
        label.textContent = text.text;
      }
      const blocked = String(this.blocked);
      if (label.dataset.blocked !== blocked) label.dataset.blocked = blocked;
      label.style.transform = `translate(${Math.round(text.x)}px, ${Math.round(text.y)}px)`;
      label.style.display = '';
    }
    const line = elements.snapLine;
    const snap = snapMarker(view, drag);
    if (line) {
      // Shown for the whole drag and moved out of the view when nothing snaps: a composited
      // element that appears or goes away changes the layer list, and the compositor then draws
      // the whole view again (a move only damages where the line was and is).
      line.style.display = '';
      line.style.transform = `translateX(${snap ? snap.x : SNAP_LINE_AWAY}px)`;
      if (snap && line.dataset.label !== snap.label) {
        line.dataset.label = snap.label;
        line.textContent = snap.label;
      }
    }
  }

  /**
   * Lays out the ghosts as boxes in a layer as small as their bounding box (a layer that moves is
   * composited again over its whole area on every frame: one dragged item costs one item's area).
   */
  private layOutMoveGhosts(
    layer: HTMLElement,
    view: ReturnType<typeof viewportOf>,
    drag: Pick<MoveDrag, 'ids' | 'delta' | 'rowOffset'>,
  ): GhostBase {
    // Half a view past each side: a drag lays the ghosts out again once per half a view it travels.
    const margin = Math.max(256, Math.round(view.width / 2));
    const boxes = this.index ? moveGhostBoxes(this.index, view, drag, this.blocked, margin) : [];
    let left = Infinity;
    let top = Infinity;
    let right = -Infinity;
    let bottom = -Infinity;
    for (const box of boxes) {
      left = Math.min(left, box.x);
      top = Math.min(top, box.y);
      right = Math.max(right, box.x + box.width);
      bottom = Math.max(bottom, box.y + box.height);
    }
    if (boxes.length === 0) left = top = right = bottom = 0;
    left = Math.floor(left);
    top = Math.floor(top);
    // Box coordinates: the clipping box starts below the ruler.
    const html: string[] = [];
    for (const box of boxes) {
      const border = box.width >= 4 ? 'border:1px dashed #fff;' : '';
      html.push(
        `<div style="position:absolute;box-sizing:border-box;left:${round2(box.x - left)}px;top:${round2(box.y - top)}px;width:${round2(box.width)}px;height:${box.height}px;background:${withAlpha(box.color, GHOST_ALPHA)};${border}"></div>`,
      );
    }
    layer.innerHTML = html.join('');
    layer.style.width = `${Math.ceil(right - left)}px`;
    layer.style.height = `${Math.ceil(bottom - top)}px`;
    this.counts.ghostDraws += 1;
    this.ghostBase = {
      ids: drag.ids,
      delta: drag.delta,
      rowOffset: drag.rowOffset,
      blocked: this.blocked,
      pxPerSecond: view.pxPerSecond,
      scrollX: view.scrollX,
      scrollY: view.scrollY,
      width: view.width,
      height: view.height,
      margin,
      left,
      top: top - RULER_HEIGHT,
    };
    return this.ghostBase;
  }

  private placeMarqueeBox(
    state: TimelineEditorState,
    drag: Extract<NonNullable<TimelineEditorState['drag']>, { kind: 'marquee' }>,
  ): void {
    const box = this.elements?.marqueeBox;
    if (!box) return;
    const rect = marqueeBox(viewportOf(state), drag);
    box.style.transform = `translate(${Math.round(rect.x)}px, ${Math.round(rect.y)}px)`;
    box.style.width = `${Math.round(rect.width)}px`;
    box.style.height = `${Math.round(rect.height)}px`;
    box.style.display = '';
  }

  /**
   * A press on a selected item may start a move: its ghosts are laid out right after the press,
   * hidden, in a task of their own, so the first frame of the drag only shows and moves them (with
   * a large selection, laying them out and drawing the items faded in one frame was a long frame).
   */
  private prepareMoveGhosts(ids: readonly string[]): void {
    setTimeout(() => {
      const pending = this.pending;
      const layer = this.elements?.ghosts;
      if (!layer || !this.index || pending?.kind !== 'move' || pending.started) return;
      if (pending.ids !== ids || this.ghostBase?.ids === ids) return;
      const context = this.gestureContext();
      if (context) prepareMove(context, pending);
      const state = this.store.getState();
      const base = this.layOutMoveGhosts(layer, viewportOf(state), {
        ids: pending.ids,
        delta: 0,
        rowOffset: 0,
      });
      layer.style.visibility = 'hidden';
      layer.style.transform = `translate(${base.left}px, ${base.top}px)`;
      layer.style.display = '';
      this.prepareFadedBand(pending.ids);
    }, 0);
  }

  private hideMoveGhosts(): void {
    this.dropPrepared();
    this.ghostBase = null;
    this.labelText = '';
    const elements = this.elements;
    if (!elements) return;
    for (const element of [elements.ghosts, elements.ghostLabel, elements.snapLine])
      if (element) element.style.display = 'none';
    if (elements.ghosts) elements.ghosts.style.visibility = '';
    // Drop the boxes (and the layer's pixels) until the next drag.
    if (elements.ghosts) elements.ghosts.replaceChildren();
  }

  private showOverlay(show: boolean): void {
    const overlay = this.overlayLayer;
    if (overlay && overlay.visible() !== show) overlay.visible(show);
  }

  /**
   * The playhead is placed in the scroll content (content x, at the view's top): a horizontal
   * scroll moves it natively and writes nothing.
   */
  private placePlayhead(state: TimelineEditorState): void {
    const line = this.elements?.playhead;
    if (!line) return;
    const transform = `translate(${Math.round(state.playhead * state.pxPerSecond)}px, ${Math.round(state.scrollY)}px)`;
    if (transform !== this.playheadTransform) {
      this.playheadTransform = transform;
      line.style.transform = transform;
    }
  }

  /** Scroll content size, stage position and scroll offsets follow the store. */
  private syncDom(state: TimelineEditorState): void {
    const elements = this.elements;
    const index = this.index;
    if (!elements || !index) return;
    const { scroll, spacer, headers } = elements;
    // The content's size is written only when it changes. During a zoom sweep it only grows, and
    // by half again when it must: a new width makes the scroll offsets written next lay the box out
    // at once (a forced layout on every frame of the sweep); the sweep's settle writes it exactly.
    const width = contentWidth(index.durationSeconds, state.pxPerSecond, state.viewportWidth);
    const spacerWidth = !this.draft
      ? width
      : this.spacerWidth >= width
        ? this.spacerWidth
        : Math.ceil(width * 1.5);
    if (spacerWidth !== this.spacerWidth) {
      this.spacerWidth = spacerWidth;
      spacer.style.width = `${spacerWidth}px`;
    }
    const height = contentHeight(index.rows.length, state.viewportHeight);
    if (height !== this.spacerHeight) {
      this.spacerHeight = height;
      spacer.style.height = `${height}px`;
    }
    if (Math.abs(scroll.scrollLeft - state.scrollX) > 0.5) scroll.scrollLeft = state.scrollX;
    if (Math.abs(scroll.scrollTop - state.scrollY) > 0.5) scroll.scrollTop = state.scrollY;
    // The host layer stays in view by sticky positioning (nothing written on a scroll).
    if (headers && state.scrollY !== this.headersAt) {
      this.headersAt = state.scrollY;
      headers.style.transform = `translateY(${-state.scrollY}px)`;
    }
    scroll.dataset.pxPerSecond = String(state.pxPerSecond);
    scroll.dataset.scrollX = String(Math.round(state.scrollX));
    scroll.dataset.scrollY = String(Math.round(state.scrollY));
  }

  drawAll(): void {
    this.frameWork = { ...this.frameWork, band: false, overlay: false };
    const view = viewportOf(this.store.getState());
    this.drawBand(view);
    this.placeBand(view);
    const overlay = this.overlayLayer;
    if (overlay?.visible()) overlay.draw();
  }

  // ───────────── drawing ─────────────

  readonly view = () => viewportOf(this.store.getState());

  sceneOverlay = (context: Konva.Context): void => {
    if (!this.index) return;
    const state = this.store.getState();
    const ctx = context._context;
    const view = viewportOf(state);
    const drag = state.drag;
    this.counts.overlayDraws += 1;
    if (drag?.kind === 'marquee') {
      // A box that only grew (same view, same mode, nothing left it) adds its new items to what
      // the canvas shows; anything else draws them all again.
      const drawn = this.marqueeDrawn;
      const viewKey = `${view.pxPerSecond} ${view.scrollX} ${view.scrollY} ${view.width} ${view.height}`;
      const canvas = `${ctx.canvas.width}x${ctx.canvas.height}`;
      const grew =
        drawn !== null &&
        drawn.mode === drag.mode &&
        drawn.viewKey === viewKey &&
        drawn.canvas === canvas &&
        drawn.ids.size <= drag.inRect.size &&
        [...drawn.ids].every((id) => drag.inRect.has(id));
      let only: Set<string> | undefined;
      if (grew) {
        only = new Set();
        for (const id of drag.inRect) if (!drawn.ids.has(id)) only.add(id);
        for (const id of only) drawn.ids.add(id);
      } else {
        ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
        this.marqueeDrawn = { ids: new Set(drag.inRect), mode: drag.mode, viewKey, canvas };
      }
      const added = drawMarqueeSelection(ctx, this.index, view, drag, state.selection, only);
      this.counts.overlay = grew ? this.counts.overlay + added : added;
      return;
    }
    this.marqueeDrawn = null;
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    this.counts.overlay = drawOverlay(
      ctx,
      this.index,
      view,
      { drag, blocked: this.blocked, selection: state.selection },
      this.fps,
    );
  };

  // ───────────── pointer ─────────────

  private gestureContext(): GestureContext | null {
    if (!this.index) return null;
    const state = this.store.getState();
    return {
      index: this.index,
      fps: this.fps,
      selection: state.selection,
      playhead: state.playhead,
      view: viewportOf(state),
    };
  }

  private localPoint(event: { clientX: number; clientY: number }): { x: number; y: number } {
    // During a gesture the canvas does not move on the page: its origin is read once, at the press
    // (reading it on every move would force a layout whenever the drag changed the DOM).
    const origin = this.gestureOrigin ?? this.clientOrigin();
    return { x: event.clientX - origin.left, y: event.clientY - origin.top };
  }

  private clientOrigin(): { left: number; top: number } {
    const el = this.elements!.scroll;
    const rect = el.getBoundingClientRect();
    return { left: rect.left + el.clientLeft, top: rect.top + el.clientTop };
  }

  /**
   * A drop's commit (the optimistic update of every moved item and the redraw) runs after the
   * release's frame is shown, so that releasing and committing are not one long frame. Anything
   * the user does next (a press, a key, leaving) commits it first: nothing is lost or reordered.
   */
  private deferCommit(run: () => void): void {
    this.flushCommit();
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      if (this.pendingCommit === once) this.pendingCommit = null;
      window.removeEventListener('pointerdown', once, true);
      window.removeEventListener('keydown', once, true);
      run();
    };
    this.pendingCommit = once;
    // Any press or key anywhere (the toolbar's Undo too) comes after the commit.
    window.addEventListener('pointerdown', once, true);
    window.addEventListener('keydown', once, true);
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, 100); // a hidden tab has no animation frames
  }

  private flushCommit(): void {
    this.pendingCommit?.();
  }

  private step(x: number, y: number, mods: Modifiers): void {
    const context = this.gestureContext();
    if (!this.pending || !context) return;
    const result = pointerMove(context, this.pending, x, y, mods);
    const state = this.store.getState();
    this.blocked = result.blocked ?? false;
    this.editor.setState({
      ...(result.selection ? { selection: result.selection } : {}),
      ...(result.playhead !== undefined ? { playhead: Math.max(0, result.playhead) } : {}),
      ...(result.drag !== null || state.drag !== null ? { drag: result.drag } : {}),
    });
  }

  private stopAutoScroll(): void {
    if (this.autoScrollFrame !== null) cancelAnimationFrame(this.autoScrollFrame);
    this.autoScrollFrame = null;
  }

  private readonly autoScrollTick = (): void => {
    this.autoScrollFrame = null;
    const point = this.lastPointer;
    const current = this.pending;
    const index = this.index;
    if (!point || !current || !current.started || current.kind === 'scrub' || !index) return;
    const state = this.store.getState();
    const speed = (distance: number) =>
      Math.min(
        AUTO_SCROLL_MAX,
        Math.ceil(
          ((AUTO_SCROLL_EDGE - Math.max(0, distance)) / AUTO_SCROLL_EDGE) * AUTO_SCROLL_MAX,
        ),
      );
    let dx = 0;
    let dy = 0;
    if (point.x < AUTO_SCROLL_EDGE) dx = -speed(point.x);
    else if (point.x > state.viewportWidth - AUTO_SCROLL_EDGE)
      dx = speed(state.viewportWidth - point.x);
    if (current.kind !== 'trim') {
      if (point.y < RULER_HEIGHT + AUTO_SCROLL_EDGE / 2) dy = -speed((point.y - RULER_HEIGHT) * 2);
      else if (point.y > state.viewportHeight - AUTO_SCROLL_EDGE / 2)
        dy = speed((state.viewportHeight - point.y) * 2);
    }
    if (dx !== 0 || dy !== 0) {
      const next = clampScroll(
        { ...viewportOf(state), scrollX: state.scrollX + dx, scrollY: state.scrollY + dy },
        index.durationSeconds,
        index.rows.length,
      );
      if (next.scrollX !== state.scrollX || next.scrollY !== state.scrollY) {
        this.editor.setState(next);
        this.step(point.x, point.y, point.mods);
      }
    }
    this.autoScrollFrame = requestAnimationFrame(this.autoScrollTick);
  };

  /** Forgets the pointer gesture (after the editor's gesture ended or was rolled back). */
  private releasePointer(): void {
    // Ghosts laid out for a press that did not become a drag.
    if (this.ghostBase && this.store.getState().drag?.kind !== 'move') this.hideMoveGhosts();
    this.pending = null;
    this.gestureOrigin = null;
    this.stopAutoScroll();
    this.blocked = false;
    if (this.elements) this.elements.scroll.style.cursor = '';
  }

  /** Pointer cancelled or capture lost: the gesture rolls back to its mark. */
  cancelDrag = (): void => {
    if (!this.pending) return;
    this.releasePointer();
    if (this.editor.getState().gesture) this.editor.cancelGesture();
  };

  onPointerDown = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const el = this.elements?.scroll;
    const context = this.gestureContext();
    if (!el || !context || event.button !== 0) return;
    this.flushCommit();
    // A trim still checked by its dry run shows its ghost until its change shows: a new press
    // (a scrub too, which begins no gesture) ends that first.
    this.editor.endGestureFeedback();
    const { x, y } = this.localPoint(event);
    if (x < 0 || y < 0 || x > el.clientWidth || y > el.clientHeight) return; // a scrollbar
    el.focus({ preventScroll: true });
    const mods = modifiersOf(event);
    const result = pointerDown(
      context,
      hitTest(context.index, context.view, x, y),
      x,
      y,
      mods,
      !this.editor.isBusy(),
    );
    const pressed = {
      ...(result.selection ? { selection: result.selection } : {}),
      ...(result.playhead !== undefined ? { playhead: Math.max(0, result.playhead) } : {}),
    };
    // One mark per gesture: Escape restores the selection and drag as they are after the press.
    // The press's selection and the gesture are one store update, so views that hold during a
    // gesture (the toolbar, inspector and status) never see the selection without the gesture.
    if (result.pending && result.pending.kind !== 'scrub')
      this.editor.beginGesture(GESTURE_LABEL[result.pending.kind], pressed);
    else this.editor.setState(pressed);
    this.pending = result.pending;
    this.lastPointer = { x, y, mods };
    if (result.pending) {
      this.gestureOrigin = this.clientOrigin();
      if (result.pending.kind === 'move') this.prepareMoveGhosts(result.pending.ids);
      el.setPointerCapture(event.pointerId);
      event.preventDefault();
    }
  };

  onPointerMove = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const el = this.elements?.scroll;
    if (!el) return;
    const { x, y } = this.localPoint(event);
    const mods = modifiersOf(event);
    this.lastPointer = { x, y, mods };
    const current = this.pending;
    if (!current) {
      const context = this.gestureContext();
      if (!context) return;
      const hit = hitTest(context.index, context.view, x, y);
      const canEdit = !this.editor.isBusy();
      el.style.cursor =
        hit.kind === 'item'
          ? hit.zone !== 'body' && canEdit
            ? 'ew-resize'
            : canEdit
              ? 'grab'
              : 'pointer'
          : hit.kind === 'ruler'
            ? 'pointer'
            : '';
      return;
    }
    this.step(x, y, mods);
    if (current.started && current.kind === 'move') el.style.cursor = 'grabbing';
    if (current.started && current.kind !== 'scrub' && this.autoScrollFrame === null) {
      this.autoScrollFrame = requestAnimationFrame(this.autoScrollTick);
    }
  };

  onPointerUp = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const current = this.pending;
    const context = this.gestureContext();
    if (!current || !context) return;
    const el = this.elements?.scroll;
    if (el?.hasPointerCapture(event.pointerId)) el.releasePointerCapture(event.pointerId);
    const result = pointerUp(context, current, this.store.getState().drag);
    this.releasePointer();
    const editor = this.editor;
    if (current.kind === 'scrub') {
      editor.setState({ drag: null });
      return;
    }
    switch (result.type) {
      case 'commit': {
        const gesture = editor.getState().gesture;
        this.deferCommit(() => {
          if (editor.getState().gesture !== gesture) return; // rolled back meanwhile
          void editor.commitGesture(opsChange(result.ops), result.label, { drag: null });
        });
        break;
      }
      case 'select':
        editor.endGesture({ drag: null, selection: result.selection });
        break;
      case 'refused':
        editor.endGesture({ drag: null });
        editor.setState({
          notice: { tone: 'info', title: 'Not moved', detail: result.reason },
          announcement: result.reason,
        });
        break;
      case 'none':
        editor.endGesture({
          drag: null,
          ...(result.selection ? { selection: result.selection } : {}),
        });
        break;
    }
  };

  onLostPointerCapture = (): void => {
    if (this.pending?.started) this.cancelDrag();
  };

  onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>): void => {
    this.flushCommit();
    if (this.editor.handleKey(event)) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  onScroll = (): void => {
    const el = this.elements?.scroll;
    if (!el) return;
    const state = this.store.getState();
    if (el.scrollLeft !== state.scrollX || el.scrollTop !== state.scrollY)
      this.editor.setState({ scrollX: el.scrollLeft, scrollY: el.scrollTop });
  };

  /** Ctrl/Cmd + wheel zooms around the pointer; plain wheel scrolls natively. */
  private readonly onWheel = (event: WheelEvent): void => {
    if (!(event.ctrlKey || event.metaKey) || !this.index) return;
    event.preventDefault();
    const origin = (this.wheelOrigin ??= this.gestureOrigin ?? this.clientOrigin());
    const x = event.clientX - origin.left;
    const state = this.store.getState();
    // The band is drawn as boxes only while a sweep goes on; the sweep settles into a crisp draw.
    this.draft = true;
    this.scheduleSettle();
    this.editor.setState(
      zoomAt(
        viewportOf(state),
        Math.exp(-event.deltaY * 0.0015),
        x,
        this.index.durationSeconds,
        this.fps,
      ),
    );
  };

  // ───────────── test hooks ─────────────

  private installTestHooks(): void {
    if (typeof navigator === 'undefined' || !navigator.webdriver) return;
    const origin = () => {
      const el = this.elements!.scroll;
      const rect = el.getBoundingClientRect();
      return { left: rect.left + el.clientLeft, top: rect.top + el.clientTop };
    };
    window.__cutroomTimeline = {
      itemRect: (itemId) => {
        const rect = this.index ? itemScreenRect(this.index, this.view(), itemId) : null;
        if (!rect) return null;
        const o = origin();
        return { ...rect, x: rect.x + o.left, y: rect.y + o.top };
      },
      timeToClientX: (seconds) => origin().left + timeToX(seconds, this.view()),
      rowCenterClientY: (layerIndex) =>
        origin().top +
        rowTop(this.index?.rowOfLayer.get(layerIndex) ?? 0, this.view()) +
        ROW_HEIGHT / 2,
      view: this.view,
      drawCounts: () => ({
        ...this.counts,
        tiles: this.tiles.size,
        coldTiles: [...this.tiles.values(), ...this.tilePool].filter((tile) => !tile.warm).length,
      }),
    };
  }
}
