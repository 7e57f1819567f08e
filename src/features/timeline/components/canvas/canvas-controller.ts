/**
 * The imperative side of the timeline canvas, outside React: the coordinator of its managers. It
 * receives the timeline's `Editor` (the editor kit): a drag is an editor gesture (Escape rolls it
 * back to its mark), a drop commits the gesture, keys go to `editor.handleKey`. React renders the
 * DOM and the canvases once; from then on scrolling, zooming and dragging only draw (no React
 * renders). The managers, each in its own module:
 * - PointerInput: pointer events, gesture stepping, the drop's deferred commit (with
 *   EdgeAutoScroll: auto scroll near the view's edges);
 * - TileBand: the ruler and the items as a band of opaque tiles in the scroll content (with
 *   TilePool: canvases, pool, warming; PreparedTiles: the tiles a move drag shows, drawn ahead);
 * - MoveGhosts: a move drag's ghosts as DOM boxes moved by a transform;
 * - Marquee and OverlayLayer: the selection box, and the Konva layer for trims and what a box
 *   selects;
 * - Playhead; ScrollView: the scroll content, wheel zoom and the settle after a scroll or zoom.
 * The coordinator turns store changes into their work, and runs one animation frame for all of it.
 */
import type Konva from 'konva';
import { changedSpans, selectionChange } from '../../model/band.ts';
import type { TimelineIndex } from '../../model/timeline-index.ts';
import { clampScroll } from '../../model/time-scale.ts';
import type { TimelineEditor } from '../../state/create-timeline-editor.ts';
import { viewportOf, type TimelineEditorState } from '../../state/timeline-state.ts';
import { drawnAlike } from '../timeline-drawing.ts';
import {
  type CanvasElements,
  CanvasScene,
  DIRTY_MAX,
  type FrameWork,
  NO_FRAME_WORK,
} from './canvas-scene.ts';
import { Marquee } from './marquee.ts';
import { MoveGhosts } from './move-ghosts.ts';
import { OverlayLayer, usesOverlay } from './overlay-layer.ts';
import { Playhead } from './playhead.ts';
import { PointerInput } from './pointer-input.ts';
import { ScrollView } from './scroll-view.ts';
import { TileBand } from './tile-band.ts';

export type { CanvasElements } from './canvas-scene.ts';

function viewChanged(a: TimelineEditorState, b: TimelineEditorState): boolean {
  return (
    a.pxPerSecond !== b.pxPerSecond ||
    a.scrollX !== b.scrollX ||
    a.scrollY !== b.scrollY ||
    a.viewportWidth !== b.viewportWidth ||
    a.viewportHeight !== b.viewportHeight
  );
}

export class CanvasController {
  readonly scene: CanvasScene;
  readonly band: TileBand;
  readonly input: PointerInput;
  private readonly ghosts: MoveGhosts;
  private readonly marquee: Marquee;
  private readonly overlay: OverlayLayer;
  private readonly playhead: Playhead;
  private readonly scroll: ScrollView;
  private frameRequest: number | null = null;
  private frameWork: FrameWork = { ...NO_FRAME_WORK };
  /** A move drag ended: the band waits (see endMove). */
  private holdBand = false;
  private endMoveFrame: number | null = null;
  private onResize: ((size: { width: number; height: number }) => void) | null = null;

  constructor(editor: TimelineEditor) {
    const scene = new CanvasScene(editor, (parts) => this.requestFrame(parts));
    this.scene = scene;
    // A gesture is under way (a press, a drag, a scroll or zoom not settled): a canvas's warming
    // waits for its end, as its first frames cost what the gesture's frames need.
    this.band = new TileBand(
      scene,
      () => this.input.pending !== null || scene.settling || scene.store.getState().drag !== null,
    );
    this.ghosts = new MoveGhosts(scene);
    this.input = new PointerInput(scene, {
      ghosts: this.ghosts,
      prepareFaded: (ids) => void this.band.prepareFaded(ids),
      hideMoveGhosts: () => this.hideMoveGhosts(),
    });
    this.marquee = new Marquee(scene);
    this.overlay = new OverlayLayer(scene, this.marquee, () => this.input.blocked);
    this.playhead = new Playhead(scene);
    this.scroll = new ScrollView(
      scene,
      (pxPerSecond) => this.band.crispAt(pxPerSecond),
      () => this.input.origin(),
      () => this.band.gestureEnded(),
    );
  }

  // React's handlers and Konva's scene function (timeline-canvas.tsx).
  readonly setOverlayLayer = (layer: Konva.Layer | null): void => this.overlay.setLayer(layer);
  readonly sceneOverlay = (context: Konva.Context): void => this.overlay.draw(context);
  readonly onScroll = (): void => this.scroll.onScroll();
  readonly onPointerDown: PointerInput['onPointerDown'] = (event) =>
    this.input.onPointerDown(event);
  readonly onPointerMove: PointerInput['onPointerMove'] = (event) =>
    this.input.onPointerMove(event);
  readonly onPointerUp: PointerInput['onPointerUp'] = (event) => this.input.onPointerUp(event);
  readonly onLostPointerCapture = (): void => this.input.onLostPointerCapture();
  readonly onKeyDown: PointerInput['onKeyDown'] = (event) => this.input.onKeyDown(event);
  readonly cancelDrag = (): void => this.input.cancelDrag();
  readonly view = () => viewportOf(this.scene.store.getState());

  setData(index: TimelineIndex, fps: number): void {
    const { scene } = this;
    // New data (a commit, its answer, a refetch) draws again only the tiles of what changed.
    const previous = scene.index;
    const changed =
      previous && fps === scene.fps && this.band.band
        ? changedSpans(previous, index, DIRTY_MAX, drawnAlike)
        : null;
    scene.index = index;
    this.band.newData();
    scene.fps = fps;
    this.overlay.newTimeline();
    const state = scene.store.getState();
    const clamped = clampScroll(viewportOf(state), index.durationSeconds, index.rows.length);
    if (clamped.scrollX !== state.scrollX || clamped.scrollY !== state.scrollY)
      scene.editor.setState(clamped);
    if (!previous || !this.band.band) {
      this.scroll.sync(scene.store.getState());
      this.drawAll();
      return;
    }
    // New data for a band already drawn (a commit, its answer): the scroll content and the band
    // follow in the next frame, not in the render that brought the data (the scroll content's
    // read of the scroll offsets would force a layout of everything that render changed, and with
    // the commit's work a band drawn there too would make one long animation frame).
    this.requestFrame({ dom: true });
    if (changed === null) {
      this.requestFrame({ band: true, overlay: true });
    } else if (changed.length > 0) {
      this.band.markSpans(changed);
      this.requestFrame({ dirty: true, overlay: true });
    }
  }

  /** Attaches to the DOM; returns the detach function. */
  mount(
    elements: CanvasElements,
    onResize: (size: { width: number; height: number }) => void,
  ): () => void {
    const { scene } = this;
    scene.elements = elements;
    this.onResize = onResize;
    const unsubscribe = scene.store.subscribe((state, previous) =>
      this.onStoreChange(state, previous),
    );
    const observer = new ResizeObserver(() => this.scroll.measure(this.onResize));
    observer.observe(elements.scroll);
    elements.scroll.addEventListener('wheel', this.scroll.onWheel, { passive: false });
    // No measure here: the observer's first callback measures once the browser has laid the
    // canvas out (reading its size now would force that layout in the mounting task).
    this.playhead.place(scene.store.getState());
    return () => {
      this.input.flushCommit();
      this.cancelEndMove();
      this.overlay.cancelEndTrim();
      if (this.frameRequest !== null) cancelAnimationFrame(this.frameRequest);
      this.frameRequest = null;
      this.scroll.reset();
      this.band.detach();
      this.playhead.reset();
      unsubscribe();
      observer.disconnect();
      elements.scroll.removeEventListener('wheel', this.scroll.onWheel);
      this.input.detach();
      scene.elements = null;
      this.onResize = null;
    };
  }

  private onStoreChange(state: TimelineEditorState, previous: TimelineEditorState): void {
    const { input } = this;
    // The gesture was rolled back (Escape) or ended elsewhere: drop what the pointer was doing.
    if (previous.gesture && !state.gesture && input.pending) input.release();
    const view = viewChanged(state, previous);
    if (state.drag !== previous.drag) {
      // Ended by its commit (the gesture had ended already, see Editor.commitGesture): held.
      // Cancelled or refused (the gesture ends in the same update): the ghost goes at once.
      if (previous.drag?.kind === 'trim' && state.drag === null && !previous.gesture)
        this.overlay.endTrim();
      else {
        this.overlay.cancelEndTrim();
        this.overlay.show(usesOverlay(state.drag));
      }
    }
    if (view || state.playhead !== previous.playhead) this.playhead.place(state);
    if (state.drag?.kind === 'move') {
      if (view || state.drag !== previous.drag) this.ghosts.place(state, state.drag, input.blocked);
    } else if (previous.drag?.kind === 'move') {
      this.endMove(previous.drag.ids);
    }
    if (state.drag?.kind === 'marquee') {
      if (view || state.drag !== previous.drag) this.marquee.place(state, state.drag);
    } else if (previous.drag?.kind === 'marquee') {
      this.marquee.end();
    }
    // Thumbnails and waveforms that arrived during the gesture are drawn after it.
    if (previous.drag && !state.drag) this.band.gestureEnded();
    if (view) {
      // The scroll content, the band and the overlay follow once, in this frame's animation
      // callback (input and scroll events come before it), however many wheel or scroll events the
      // frame had: an event handler never writes the scroll content's size, so the next event's
      // layout reads (pointer positions) never force a layout. The band is drawn only if the view
      // left it; it is drawn crisp once the view settles.
      this.requestFrame({ dom: true, overlay: true });
      this.scroll.scheduleSettle();
    }
    // A selection change, or a move drag starting or ending (its items faded in place), draws
    // only the tiles of the items whose look changed.
    if (state.selection !== previous.selection)
      this.band.markDirty(selectionChange(previous.selection, state.selection));
    const moving = state.drag?.kind === 'move' ? state.drag.ids : null;
    const wasMoving = previous.drag?.kind === 'move' ? previous.drag.ids : null;
    if (moving !== wasMoving) {
      if (moving) this.band.fade(moving);
      // A drag that ended (see endMove) is drawn when its ghosts go.
      if (wasMoving && moving) this.band.markDirty(wasMoving);
    }
    if (view) return;
    if (state.drag !== previous.drag && usesOverlay(state.drag))
      this.requestFrame({ overlay: true });
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

  private readonly onFrame = (): void => {
    this.frameRequest = null;
    const work = this.frameWork;
    this.frameWork = { ...NO_FRAME_WORK };
    const state = this.scene.store.getState();
    if (this.holdBand) {
      // Kept for the frame that ends the hold (endMove).
      this.frameWork.band = work.band;
      this.frameWork.dirty = work.dirty;
      this.frameWork.pins = work.pins;
      this.frameWork.overlay = work.overlay;
      if (work.dom) this.scroll.sync(state);
      return;
    }
    if (work.dom) this.scroll.sync(state);
    this.band.frame(viewportOf(state), work.band, work.pins);
    if (work.overlay) this.overlay.drawIfShown();
  };

  /**
   * A move drag ended (dropped, and committed in the same task, or cancelled): its ghosts stay and
   * the band is not drawn for one more frame; the frame after it hides the ghosts and draws the
   * band (the moved items where the ghosts were). A drop's commit (the optimistic update, the
   * editor's render, the request) and drawing the band it changed then have a frame each, and
   * nothing shows the items half-moved.
   */
  private endMove(ids: readonly string[]): void {
    this.band.dropPrepared();
    if (this.endMoveFrame !== null) cancelAnimationFrame(this.endMoveFrame);
    this.holdBand = true;
    this.endMoveFrame = requestAnimationFrame(() => {
      this.endMoveFrame = requestAnimationFrame(() => {
        this.endMoveFrame = null;
        this.holdBand = false;
        // A new drag may have started meanwhile: its ghosts stay.
        if (this.scene.store.getState().drag?.kind !== 'move') this.hideMoveGhosts();
        this.band.markDirty(ids);
        if (this.frameRequest !== null) cancelAnimationFrame(this.frameRequest);
        this.onFrame();
      });
    });
  }

  private cancelEndMove(): void {
    if (this.endMoveFrame !== null) cancelAnimationFrame(this.endMoveFrame);
    this.endMoveFrame = null;
    this.holdBand = false;
  }

  private hideMoveGhosts(): void {
    this.band.dropPrepared();
    this.ghosts.hide();
  }

  /** The overlay drawn again (its stage was resized, which clears its canvas). */
  drawOverlay(): void {
    this.overlay.drawIfShown();
  }

  drawAll(): void {
    this.frameWork = { ...this.frameWork, band: false, overlay: false };
    this.band.draw(viewportOf(this.scene.store.getState()));
    this.overlay.drawIfShown();
  }
}
