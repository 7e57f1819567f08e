/**
 * A move drag's ghosts: laid out once as DOM boxes in a layer reaching past the view, then only
 * that layer moves (a compositor transform: nothing is drawn, painted or copied while the pointer
 * moves). Its time label and snap line are small DOM elements beside it.
 */
import { RULER_HEIGHT } from '../../model/time-scale.ts';
import { type TimelineEditorState, viewportOf } from '../../state/timeline-state.ts';
import { GHOST_ALPHA, moveGhostBoxes, moveLabel, snapMarker } from '../drag-drawing.ts';
import type { CanvasScene, MoveDrag } from './canvas-scene.ts';

/** Where the snap line waits, left of the view, while a drag snaps to nothing. */
const SNAP_LINE_AWAY = -400;

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

const round2 = (value: number) => Math.round(value * 100) / 100;

/** `#rrggbb` with an alpha, as CSS. */
function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255},${(value >> 8) & 255},${value & 255},${alpha})`;
}

export class MoveGhosts {
  private readonly scene: CanvasScene;
  private base: GhostBase | null = null;
  private labelText = '';

  constructor(scene: CanvasScene) {
    this.scene = scene;
  }

  /** Whether ghosts are laid out (shown, or hidden ahead of a drag). */
  get laidOut(): boolean {
    return this.base !== null;
  }

  /** Whether the ghosts are laid out for the selection `ids`. */
  laidOutFor(ids: readonly string[]): boolean {
    return this.base?.ids === ids;
  }

  /**
   * The ghosts follow the drag by a transform of their layer; the layer is laid out again only
   * when what it shows changes (another row, blocked or not, zoom, vertical scroll, view size) or
   * the drag has gone further than the ghosts reach past the view.
   */
  place(state: TimelineEditorState, drag: MoveDrag, blocked: boolean): void {
    const { elements, index } = this.scene;
    const layer = elements?.ghosts;
    if (!elements || !layer || !index) return;
    const view = viewportOf(state);
    let base = this.base;
    const shift = (b: GhostBase) =>
      Math.round((drag.delta - b.delta) * state.pxPerSecond - (state.scrollX - b.scrollX));
    if (
      !base ||
      base.ids !== drag.ids ||
      base.rowOffset !== drag.rowOffset ||
      base.blocked !== blocked ||
      base.pxPerSecond !== state.pxPerSecond ||
      base.scrollY !== state.scrollY ||
      base.width !== state.viewportWidth ||
      base.height !== state.viewportHeight ||
      Math.abs(shift(base)) > base.margin
    ) {
      base = this.layOut(layer, view, drag, blocked);
    }
    layer.style.transform = `translate(${base.left + shift(base)}px, ${base.top}px)`;
    layer.style.display = '';
    layer.style.visibility = '';
    this.scene.counts.ghostMoves += 1;
    const label = elements.ghostLabel;
    const text = moveLabel(index, view, drag, blocked, this.scene.fps);
    if (label && text) {
      if (text.text !== this.labelText) {
        this.labelText = text.text;
        label.textContent = text.text;
      }
      const blockedText = String(blocked);
      if (label.dataset.blocked !== blockedText) label.dataset.blocked = blockedText;
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
   * Lays the ghosts of `ids` out ahead of a drag, hidden, where they start: the drag's first frame
   * then only shows and moves them.
   */
  prepare(ids: MoveDrag['ids'], blocked: boolean): void {
    const layer = this.scene.elements?.ghosts;
    if (!layer) return;
    const view = viewportOf(this.scene.store.getState());
    const base = this.layOut(layer, view, { ids, delta: 0, rowOffset: 0 }, blocked);
    layer.style.visibility = 'hidden';
    layer.style.transform = `translate(${base.left}px, ${base.top}px)`;
    layer.style.display = '';
  }

  /**
   * Lays out the ghosts as boxes in a layer as small as their bounding box (a layer that moves is
   * composited again over its whole area on every frame: one dragged item costs one item's area).
   */
  private layOut(
    layer: HTMLElement,
    view: ReturnType<typeof viewportOf>,
    drag: Pick<MoveDrag, 'ids' | 'delta' | 'rowOffset'>,
    blocked: boolean,
  ): GhostBase {
    // Half a view past each side: a drag lays the ghosts out again once per half a view it travels.
    const margin = Math.max(256, Math.round(view.width / 2));
    const index = this.scene.index;
    const boxes = index ? moveGhostBoxes(index, view, drag, blocked, margin) : [];
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
    this.scene.counts.ghostDraws += 1;
    this.base = {
      ids: drag.ids,
      delta: drag.delta,
      rowOffset: drag.rowOffset,
      blocked,
      pxPerSecond: view.pxPerSecond,
      scrollX: view.scrollX,
      scrollY: view.scrollY,
      width: view.width,
      height: view.height,
      margin,
      left,
      top: top - RULER_HEIGHT,
    };
    return this.base;
  }

  /** The ghosts, their label and the snap line go until the next drag. */
  hide(): void {
    this.base = null;
    this.labelText = '';
    const elements = this.scene.elements;
    if (!elements) return;
    for (const element of [elements.ghosts, elements.ghostLabel, elements.snapLine])
      if (element) element.style.display = 'none';
    if (elements.ghosts) elements.ghosts.style.visibility = '';
    // Drop the boxes (and the layer's pixels) until the next drag.
    if (elements.ghosts) elements.ghosts.replaceChildren();
  }
}
