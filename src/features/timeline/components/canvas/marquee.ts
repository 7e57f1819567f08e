/**
 * The selection box: a DOM box over the canvas, and what it selects outlined on the overlay layer.
 * A box that only grows adds its new items to what the overlay shows instead of drawing them all.
 */
import { type TimelineEditorState, viewportOf } from '../../state/timeline-state.ts';
import { drawMarqueeSelection, marqueeBox } from '../drag-drawing.ts';
import type { CanvasScene, MarqueeDrag } from './canvas-scene.ts';

/** What the overlay canvas shows of a selection box: a growing box only adds its new items. */
interface MarqueeDrawn {
  ids: Set<string>;
  mode: string;
  viewKey: string;
  canvas: string;
}

export class Marquee {
  private readonly scene: CanvasScene;
  private drawn: MarqueeDrawn | null = null;

  constructor(scene: CanvasScene) {
    this.scene = scene;
  }

  /** The box follows the drag. */
  place(state: TimelineEditorState, drag: MarqueeDrag): void {
    const box = this.scene.elements?.marqueeBox;
    if (!box) return;
    const rect = marqueeBox(viewportOf(state), drag);
    box.style.transform = `translate(${Math.round(rect.x)}px, ${Math.round(rect.y)}px)`;
    box.style.width = `${Math.round(rect.width)}px`;
    box.style.height = `${Math.round(rect.height)}px`;
    box.style.display = '';
  }

  /** The box's drag ended. */
  end(): void {
    this.drawn = null;
    const box = this.scene.elements?.marqueeBox;
    if (box) box.style.display = 'none';
  }

  /** The overlay shows something else now: the next box draws all it selects. */
  forget(): void {
    this.drawn = null;
  }

  /** Outlines what the box selects on the overlay's canvas. */
  draw(ctx: CanvasRenderingContext2D, state: TimelineEditorState, drag: MarqueeDrag): void {
    const { index, counts } = this.scene;
    if (!index) return;
    const view = viewportOf(state);
    // A box that only grew (same view, same mode, nothing left it) adds its new items to what
    // the canvas shows; anything else draws them all again.
    const drawn = this.drawn;
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
      this.drawn = { ids: new Set(drag.inRect), mode: drag.mode, viewKey, canvas };
    }
    const added = drawMarqueeSelection(ctx, index, view, drag, state.selection, only);
    counts.overlay = grew ? counts.overlay + added : added;
  }
}
