/**
 * The view's scroll and zoom: the scroll content follows the store (its size, the scroll offsets,
 * the row headers), a native scroll goes back to the store, Ctrl/Cmd + wheel zooms around the
 * pointer, and once the view has not changed for SETTLE_MS the band is drawn crisp again.
 */
import { contentHeight, contentWidth, fitToProject, zoomAt } from '../../model/time-scale.ts';
import { type TimelineEditorState, viewportOf } from '../../state/timeline-state.ts';
import { followPointers, whenReleased } from '@/lib/pointer-held.ts';
import type { CanvasScene } from './canvas-scene.ts';

/**
 * A scroll or wheel zoom has settled when the view did not change for this long: the band is then
 * drawn crisp again (names pinned to the view's edges, no stretch, no draft).
 */
const SETTLE_MS = 150;

type Origin = { left: number; top: number };

export class ScrollView {
  private readonly scene: CanvasScene;
  /** Whether the band is drawn crisp at a zoom (TileBand.crispAt). */
  private readonly bandCrispAt: (pxPerSecond: number) => boolean;
  /** The canvas's page origin (PointerInput.origin: read once a gesture). */
  private readonly origin: () => Origin;
  /** The view settled (TileBand.gestureEnded: the media that arrived meanwhile are drawn). */
  private readonly settled: () => void;
  /** The scroll content's size as last written (a zoom sweep only grows it: see sync). */
  private spacerWidth = -1;
  private spacerHeight = -1;
  private headersAt = Number.NaN;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The canvas's page origin during a wheel zoom sweep, read once (reading it on every wheel event
   * would force a layout of what the last frame changed), forgotten when the sweep settles.
   */
  private wheelOrigin: Origin | null = null;
  /**
   * The view's size changed since the last settle: a studio's split held (dragged, or paused in a
   * drag) settles at its release, not at a pause.
   */
  private resized = false;
  private cancelRelease: (() => void) | null = null;

  constructor(
    scene: CanvasScene,
    bandCrispAt: (pxPerSecond: number) => boolean,
    origin: () => Origin,
    settled: () => void,
  ) {
    this.scene = scene;
    this.bandCrispAt = bandCrispAt;
    this.origin = origin;
    this.settled = settled;
    followPointers();
  }

  /** The view's size from the scroll box (and the project fitted to it the first time). */
  measure(onResize: ((size: { width: number; height: number }) => void) | null): void {
    const { elements, index, store, editor, fps } = this.scene;
    const el = elements?.scroll;
    if (!el || el.clientWidth === 0 || !index) return;
    const width = el.clientWidth;
    const height = el.clientHeight;
    onResize?.({ width, height });
    const state = store.getState();
    if (state.fitted && (width !== state.viewportWidth || height !== state.viewportHeight))
      this.resized = true;
    editor.setState({
      viewportWidth: width,
      viewportHeight: height,
      ...(state.fitted ? {} : { ...fitToProject(index.durationSeconds, width, fps), fitted: true }),
    });
  }

  /** Scroll content size, stage position and scroll offsets follow the store. */
  sync(state: TimelineEditorState): void {
    const { elements, index, draft } = this.scene;
    if (!elements || !index) return;
    const { scroll, spacer, headers } = elements;
    // The content's size is written only when it changes. During a zoom sweep it only grows, and
    // by half again when it must: a new width makes the scroll offsets written next lay the box out
    // at once (a forced layout on every frame of the sweep); the sweep's settle writes it exactly.
    const width = contentWidth(index.durationSeconds, state.pxPerSecond, state.viewportWidth);
    const spacerWidth = !draft
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

  readonly onScroll = (): void => {
    const el = this.scene.elements?.scroll;
    if (!el) return;
    const state = this.scene.store.getState();
    if (el.scrollLeft !== state.scrollX || el.scrollTop !== state.scrollY)
      this.scene.editor.setState({ scrollX: el.scrollLeft, scrollY: el.scrollTop });
  };

  /** Ctrl/Cmd + wheel zooms around the pointer; plain wheel scrolls natively. */
  readonly onWheel = (event: WheelEvent): void => {
    const { scene } = this;
    const index = scene.index;
    if (!(event.ctrlKey || event.metaKey) || !index) return;
    event.preventDefault();
    const origin = (this.wheelOrigin ??= this.origin());
    const x = event.clientX - origin.left;
    const state = scene.store.getState();
    // The band is drawn as boxes only while a sweep goes on; the sweep settles into a crisp draw.
    scene.draft = true;
    this.scheduleSettle();
    scene.editor.setState(
      zoomAt(
        viewportOf(state),
        Math.exp(-event.deltaY * 0.0015),
        x,
        index.durationSeconds,
        scene.fps,
      ),
    );
  };

  /** Once the view has not changed for SETTLE_MS: the band is drawn crisp where it is not. */
  scheduleSettle(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.cancelRelease?.();
    this.cancelRelease = null;
    this.settleTimer = setTimeout(this.settleOnRelease, SETTLE_MS);
    this.scene.settling = true;
  }

  private readonly settleOnRelease = (): void => {
    this.settleTimer = null;
    if (!this.resized) {
      this.settle();
      return;
    }
    this.cancelRelease = whenReleased(() => {
      this.cancelRelease = null;
      this.settle();
    });
  };

  private readonly settle = (): void => {
    const { scene } = this;
    this.resized = false;
    scene.settling = false;
    this.wheelOrigin = null;
    const wasDraft = scene.draft;
    scene.draft = false;
    // A zoom sweep only grew the scroll content: it gets its exact width back.
    if (wasDraft) scene.requestFrame({ dom: true });
    const state = scene.store.getState();
    if (!this.bandCrispAt(state.pxPerSecond)) scene.requestFrame({ band: true });
    // A settled scroll: only the tiles in view get their names pinned to the view's edges again.
    else scene.requestFrame({ pins: true });
    this.settled();
  };

  /** The canvas left the page: no settle pending, and the next sync writes everything. */
  reset(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    this.cancelRelease?.();
    this.cancelRelease = null;
    this.resized = false;
    this.scene.settling = false;
    this.scene.draft = false;
    this.spacerWidth = this.spacerHeight = -1;
    this.headersAt = Number.NaN;
  }
}
