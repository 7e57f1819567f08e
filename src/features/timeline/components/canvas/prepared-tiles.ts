/**
 * The tiles a move drag will show, drawn ahead. After a press on a selected item (a move may
 * follow), the tiles showing the pressed items are drawn as the drag shows them (those items
 * faded) and rasterised, outside any frame, one tile a task, those in view first: the drag's frames
 * then show them as they come instead of drawing them (all of a 1,000-item band's tiles in one
 * task, or in the drag's first frame, would be a long animation frame). Each is for the tile's
 * version it was drawn over.
 */
import type { Band } from '../../model/band.ts';
import { tileInView } from '../../model/band.ts';
import { idSet } from '../../model/group-move.ts';
import type { TimelineIndex } from '../../model/timeline-index.ts';
import { type CanvasScene, DIRTY_MAX, pixelRatio } from './canvas-scene.ts';
import { type Tile, tileBand, type TilePool } from './tile-pool.ts';

/** What drawing ahead reads and asks of the band (TileBand). */
export interface BandAhead {
  /** What the tiles show now (null: nothing drawn yet). */
  readonly band: Band | null;
  /** Whether the band was drawn crisp (not as a zoom sweep's draft). */
  readonly crisp: boolean;
  readonly generation: number;
  readonly epoch: number;
  readonly tiles: ReadonlyMap<number, Tile>;
  /** The band's tiles that show any of `ids`. */
  tilesOf(ids: Iterable<string>, band: Band): Set<number>;
  /** Draws now what changed since the band was drawn (a selection the press made). */
  drawChanges(): void;
  /** Draws the ruler and the items of `band` on `ctx`. */
  paintBand(
    ctx: OffscreenCanvasRenderingContext2D,
    band: Band,
    pinnedAt: number,
    moving: ReadonlySet<string> | null,
    draft: boolean,
  ): number;
}

interface Prepared {
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
}

export class PreparedTiles {
  private readonly scene: CanvasScene;
  private readonly band: BandAhead;
  private readonly pool: TilePool;
  private prepared: Prepared | null = null;

  constructor(scene: CanvasScene, band: BandAhead, pool: TilePool) {
    this.scene = scene;
    this.band = band;
    this.pool = pool;
  }

  /**
   * Draws ahead the tiles showing `ids` (see the module's comment). A selection change the press
   * made is drawn first (the frame would have drawn it). False when the band cannot be drawn ahead
   * (the drag then draws it).
   */
  prepare(ids: readonly string[]): boolean {
    this.drop();
    this.band.drawChanges();
    const band = this.band.band;
    const index = this.scene.index;
    if (
      !band ||
      !index ||
      !this.band.crisp ||
      this.scene.draft ||
      typeof OffscreenCanvas !== 'function'
    )
      return false;
    const shown = this.band.tiles;
    const wanted = ids.length > DIRTY_MAX ? new Set(shown.keys()) : this.band.tilesOf(ids, band);
    const state = this.scene.store.getState();
    const inView = (i: number) => tileInView(i, state.scrollX, state.viewportWidth);
    const queue = [...wanted]
      .filter((i) => shown.has(i))
      .sort((a, b) => Number(inView(b)) - Number(inView(a)) || a - b);
    this.prepared = {
      tiles: new Map(),
      queue,
      task: null,
      moving: idSet(ids),
      band,
      epoch: this.band.epoch,
      ids,
      selection: state.selection,
      index,
    };
    if (queue.length > 0) this.prepared.task = setTimeout(this.prepareNext, 0);
    return true;
  }

  /** Whether what was drawn ahead still fits what the band shows (items, selection, zoom). */
  private holds(band: Band | null = this.band.band): boolean {
    const prepared = this.prepared;
    if (!prepared || !band) return false;
    const drawnOver = prepared.band;
    return (
      prepared.epoch === this.band.epoch &&
      prepared.index === this.scene.index &&
      prepared.selection === this.scene.store.getState().selection &&
      !this.scene.draft &&
      drawnOver.pxPerSecond === band.pxPerSecond &&
      drawnOver.scrollY === band.scrollY &&
      drawnOver.height === band.height &&
      drawnOver.viewWidth === band.viewWidth
    );
  }

  /** The move drag of the prepared items is under way. */
  private dragging(): boolean {
    const drag = this.scene.store.getState().drag;
    return drag?.kind === 'move' && drag.ids === this.prepared?.ids;
  }

  /**
   * Draws the next prepared tile ahead (one a task). Once the drag is under way, its frame shows
   * it; a tile that can no longer be drawn ahead (it changed meanwhile) is drawn by the next frame.
   */
  private readonly prepareNext = (): void => {
    const prepared = this.prepared;
    if (!prepared) return;
    prepared.task = null;
    if (!this.holds()) {
      this.drop();
      return;
    }
    const i = prepared.queue.shift();
    if (i === undefined) return;
    const tile = this.band.tiles.get(i);
    const band = this.band.band!;
    const dragging = this.dragging();
    if (tile) {
      const ctx =
        tile.generation === this.band.generation && !tile.stale
          ? this.pool.back(tile.canvas.width, tile.canvas.height)
          : null;
      if (ctx) {
        const ratio = pixelRatio();
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
        this.band.paintBand(ctx, tileBand(band, i), tile.pinnedAt, prepared.moving, false);
        // Rasterised here, in this task, not when the drag's frame copies it.
        ctx.getImageData(0, 0, 1, 1);
        prepared.tiles.set(i, { version: tile.version, canvas: ctx.canvas });
      }
      // Under way: the next frame shows it (or draws it, when it could not be drawn ahead).
      if (dragging) {
        tile.stale = true;
        this.scene.requestFrame({ dirty: true });
      }
    }
    // The next tile after the next frame: two tiles' tasks (a canvas's first draw allocates it)
    // in a row, with no frame between them, would make one long animation frame.
    if (prepared.queue.length > 0)
      requestAnimationFrame(() => {
        if (this.prepared === prepared && prepared.task === null)
          prepared.task = setTimeout(this.prepareNext, 0);
      });
  };

  /**
   * A move drag starts: its items fade in the tiles drawn ahead (those not yet drawn follow, one a
   * task). False when nothing was drawn ahead for these items: the caller draws them faded.
   */
  fade(ids: readonly string[]): boolean {
    if (this.prepared?.ids !== ids || !this.holds()) {
      if (!this.prepare(ids)) return false;
    }
    const prepared = this.prepared!;
    for (const i of prepared.tiles.keys()) {
      const tile = this.band.tiles.get(i);
      if (tile) tile.stale = true;
    }
    if (prepared.tiles.size > 0) this.scene.requestFrame({ dirty: true });
    return true;
  }

  drop(): void {
    const prepared = this.prepared;
    if (!prepared) return;
    if (prepared.task !== null) clearTimeout(prepared.task);
    for (const entry of prepared.tiles.values()) this.pool.returnBack(entry.canvas);
    // Under way: the tiles not yet drawn ahead are drawn faded by the next frame.
    if (prepared.queue.length > 0 && this.scene.elements && this.dragging()) {
      for (const i of prepared.queue) {
        const tile = this.band.tiles.get(i);
        if (tile) tile.stale = true;
      }
      this.scene.requestFrame({ dirty: true });
    }
    this.prepared = null;
  }

  /**
   * Shows the prepared faded tile `i` if it is what the tile should show now (the same items,
   * selection, zoom and drag, drawn over the tile as it still is); false if not.
   */
  show(i: number, tile: Tile, band: Band): boolean {
    const prepared = this.prepared;
    const entry = prepared?.tiles.get(i);
    if (!prepared || !entry) return false;
    prepared.tiles.delete(i);
    const ok =
      entry.version === tile.version &&
      this.dragging() &&
      this.holds(band) &&
      tile.canvas.width === entry.canvas.width &&
      tile.canvas.height === entry.canvas.height;
    if (!ok) {
      this.pool.returnBack(entry.canvas);
      return false;
    }
    this.pool.show(tile, entry.canvas);
    tile.generation = this.band.generation;
    tile.stale = false;
    return true;
  }
}
