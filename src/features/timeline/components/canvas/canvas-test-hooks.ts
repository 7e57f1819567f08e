/**
 * Test hooks of the timeline canvas, for the browser tests and benchmarks only: installed as
 * `window.__cutroomTimeline` under automation (navigator.webdriver), from a chunk of their own
 * that timeline-canvas.tsx imports only then; a user's browser never loads this module. The
 * coordinates come from the same maths the canvas draws with.
 */
import { itemScreenRect } from '../../model/hit-testing.ts';
import { ROW_HEIGHT, rowTop, timeToX } from '../../model/time-scale.ts';
import type { CanvasController } from './canvas-controller.ts';
import type { DrawCounts } from './canvas-scene.ts';

export interface TimelineTestHooks {
  itemRect(itemId: string): { x: number; y: number; width: number; height: number } | null;
  timeToClientX(seconds: number): number;
  rowCenterClientY(layerIndex: number): number;
  view(): { pxPerSecond: number; scrollX: number; scrollY: number; width: number; height: number };
  /**
   * Items (and overlay shapes) in the last draw, how many times each layer was drawn, and for
   * move drags how many times the ghosts were drawn and how many times they were moved.
   */
  drawCounts(): Omit<DrawCounts, 'firstItemsAt'> & {
    /** Tiles the band has now. */
    tiles: number;
    /** Tiles (the band's and the pool's) whose canvas is not warm yet (see TilePool). */
    coldTiles: number;
  };
  /** When the first frame with items was drawn (performance.now()), or null before it. */
  firstDrawAt(): number | null;
  /** Waveform chunks asked for and not arrived yet (their arrival draws the band again). */
  waveformsLoading(): number;
}

declare global {
  interface Window {
    __cutroomTimeline?: TimelineTestHooks;
  }
}

/** Installs the hooks for `controller` (mounted); returns their removal. */
export function installCanvasTestHooks(controller: CanvasController): () => void {
  const { scene, band } = controller;
  const origin = () => {
    const el = scene.elements!.scroll;
    const rect = el.getBoundingClientRect();
    return { left: rect.left + el.clientLeft, top: rect.top + el.clientTop };
  };
  const hooks: TimelineTestHooks = {
    itemRect: (itemId) => {
      const rect = scene.index ? itemScreenRect(scene.index, controller.view(), itemId) : null;
      if (!rect) return null;
      const o = origin();
      return { ...rect, x: rect.x + o.left, y: rect.y + o.top };
    },
    timeToClientX: (seconds) => origin().left + timeToX(seconds, controller.view()),
    rowCenterClientY: (layerIndex) =>
      origin().top +
      rowTop(scene.index?.rowOfLayer.get(layerIndex) ?? 0, controller.view()) +
      ROW_HEIGHT / 2,
    view: controller.view,
    drawCounts: () => {
      const { firstItemsAt: _first, ...counts } = scene.counts;
      return { ...counts, tiles: band.tiles.size, coldTiles: band.coldTiles() };
    },
    firstDrawAt: () => scene.counts.firstItemsAt,
    waveformsLoading: () => band.waveforms.loading(),
  };
  window.__cutroomTimeline = hooks;
  return () => {
    if (window.__cutroomTimeline === hooks) delete window.__cutroomTimeline;
  };
}
