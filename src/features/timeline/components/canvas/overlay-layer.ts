/**
 * The Konva overlay layer: trim feedback and what a selection box selects (move ghosts are DOM
 * boxes, see move-ghosts.ts). Shown only during a trim or a selection box: an empty canvas still
 * costs a composite.
 */
import type Konva from 'konva';
import { type TimelineEditorState, viewportOf } from '../../state/timeline-state.ts';
import { drawOverlay } from '../drag-drawing.ts';
import type { CanvasScene } from './canvas-scene.ts';
import type { Marquee } from './marquee.ts';

/** The overlay shows trims and the selection box. */
export const usesOverlay = (drag: TimelineEditorState['drag']): boolean =>
  drag?.kind === 'trim' || drag?.kind === 'marquee';

export class OverlayLayer {
  private readonly scene: CanvasScene;
  private readonly marquee: Marquee;
  /** Whether a drag's refusal shows (the move or trim is blocked). */
  private readonly blocked: () => boolean;
  private layer: Konva.Layer | null = null;
  /** A trim ended: the overlay hides when the new timeline is drawn (see endTrim). */
  private endTrimFrame: number | null = null;

  constructor(scene: CanvasScene, marquee: Marquee, blocked: () => boolean) {
    this.scene = scene;
    this.marquee = marquee;
    this.blocked = blocked;
  }

  readonly setLayer = (layer: Konva.Layer | null): void => {
    this.layer = layer;
    layer?.visible(usesOverlay(this.scene.store.getState().drag));
    // draw() clears it (a growing selection box draws only what it adds).
    layer?.clearBeforeDraw(false);
  };

  show(show: boolean): void {
    const layer = this.layer;
    if (layer && layer.visible() !== show) layer.visible(show);
  }

  /** Draws the layer now when it is shown. */
  drawIfShown(): void {
    const layer = this.layer;
    if (layer?.visible()) layer.draw();
  }

  /**
   * A trim ended (its change is shown, or it will not be): the overlay keeps its last picture (the
   * trimmed item) until the band shows the new timeline (`newTimeline`, in the render after the
   * store's update), or for two frames when no new timeline comes: never a frame with the item
   * untrimmed.
   */
  endTrim(): void {
    this.cancelEndTrim();
    this.endTrimFrame = requestAnimationFrame(() => {
      this.endTrimFrame = requestAnimationFrame(() => {
        this.endTrimFrame = null;
        this.show(usesOverlay(this.scene.store.getState().drag));
      });
    });
  }

  cancelEndTrim(): void {
    if (this.endTrimFrame !== null) cancelAnimationFrame(this.endTrimFrame);
    this.endTrimFrame = null;
  }

  /** New data: the trimmed item is drawn in the band's next frame, so the overlay's picture goes. */
  newTimeline(): void {
    if (this.endTrimFrame === null) return;
    this.cancelEndTrim();
    this.show(usesOverlay(this.scene.store.getState().drag));
  }

  /** Konva's scene function of the layer. */
  readonly draw = (context: Konva.Context): void => {
    const { index, store, counts, fps } = this.scene;
    if (!index) return;
    const state = store.getState();
    const ctx = context._context;
    const drag = state.drag;
    counts.overlayDraws += 1;
    if (drag?.kind === 'marquee') {
      this.marquee.draw(ctx, state, drag);
      return;
    }
    this.marquee.forget();
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    counts.overlay = drawOverlay(
      ctx,
      index,
      viewportOf(state),
      { drag, blocked: this.blocked(), selection: state.selection },
      fps,
    );
  };
}
