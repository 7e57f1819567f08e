/**
 * Auto scroll during a drag: while the pointer is near an edge of the view (within
 * AUTO_SCROLL_EDGE), the view scrolls that way every frame, faster nearer the edge, and the
 * gesture steps again at the new scroll position. A trim scrolls only horizontally.
 */
import type { Modifiers, Pending } from '../../model/pointer-gesture.ts';
import { clampScroll, RULER_HEIGHT } from '../../model/time-scale.ts';
import { viewportOf } from '../../state/timeline-state.ts';
import type { CanvasScene } from './canvas-scene.ts';

const AUTO_SCROLL_EDGE = 40;
const AUTO_SCROLL_MAX = 24;

/** What auto scroll reads of the pointer (PointerInput). */
export interface PointerState {
  readonly pending: Pending | null;
  readonly lastPointer: { x: number; y: number; mods: Modifiers } | null;
  /** The gesture at this point (after the view scrolled under the pointer). */
  step(x: number, y: number, mods: Modifiers): void;
}

export class EdgeAutoScroll {
  private readonly scene: CanvasScene;
  private readonly pointer: PointerState;
  private frame: number | null = null;

  constructor(scene: CanvasScene, pointer: PointerState) {
    this.scene = scene;
    this.pointer = pointer;
  }

  /** Starts watching the edges, each frame until `stop` (a drag under way). */
  start(): void {
    if (this.frame === null) this.frame = requestAnimationFrame(this.tick);
  }

  stop(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  private readonly tick = (): void => {
    this.frame = null;
    const point = this.pointer.lastPointer;
    const current = this.pointer.pending;
    const index = this.scene.index;
    if (!point || !current || !current.started || current.kind === 'scrub' || !index) return;
    const state = this.scene.store.getState();
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
        this.scene.editor.setState(next);
        this.pointer.step(point.x, point.y, point.mods);
      }
    }
    this.frame = requestAnimationFrame(this.tick);
  };
}
