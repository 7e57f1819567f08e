/**
 * The band's canvases: a tile's opaque canvas, the pool of tiles out of the band kept for reuse,
 * the canvases tiles are drawn on ahead, and their warming. The compositor allocates a canvas's
 * buffers the first times it commits it changed, so the pool keeps canvases that hold them
 * already, and fills itself ahead in idle time (see `scheduleWarm`).
 */
import { maxBandTiles, TILE_PX, type Band } from '../../model/band.ts';
import { type CanvasScene, pixelRatio, requestIdle, cancelIdle } from './canvas-scene.ts';

/** A tile of the band: an opaque canvas TILE_PX wide at content x = its index × TILE_PX. */
export interface Tile {
  canvas: HTMLCanvasElement;
  /**
   * The tile's opaque 2D context, drawn on directly (a tile drawn ahead for a drag is drawn on an
   * OffscreenCanvas and copied). A 2D canvas, not a `bitmaprenderer` one handed a finished bitmap:
   * it costs the main thread its copy for the compositor on each commit, but halves the display
   * compositor's cost of drawing the band in software (scroll and zoom frames redraw the whole
   * view): less work a frame in all.
   */
  context: CanvasRenderingContext2D;
  /** The content generation it shows (see TileBand.generation); -1: nothing yet. */
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
  /** The compositor holds its buffers already (see TilePool.scheduleWarm). */
  warm: boolean;
}

/** Tile `index` of `band`, as a band of its own. */
export const tileBand = (band: Band, index: number): Band => ({
  ...band,
  left: index * TILE_PX,
  width: TILE_PX,
});

/** What the pool reads of the band it serves (TileBand). */
export interface ShownTiles {
  readonly band: Band | null;
  readonly tiles: ReadonlyMap<number, Tile>;
}

/** Frames in a row a canvas is committed changed to warm it (its buffers; see scheduleWarm). */
const WARM_FRAMES = 4;

/** How long a canvas's warming waits for a gesture to end before looking again. */
const WARM_RETRY_MS = 250;

/** Canvases kept to draw tiles on ahead (one a tile of the widest band at most). */
const BACKS_KEPT = 8;

export class TilePool {
  private readonly scene: CanvasScene;
  private readonly shown: ShownTiles;
  /** Whether a gesture is under way (a press, a drag, a scroll or zoom not settled). */
  private readonly interacting: () => boolean;
  /** Tiles out of the band, kept for reuse. */
  private tiles: Tile[] = [];
  /**
   * Canvases tiles are drawn on ahead (TileBand's prepared tiles), kept for the next drag: a
   * canvas's first draw allocates its backing store, which costs more than drawing the tile (a
   * bitmap transferred out of one shared canvas would leave it without one for the next tile).
   */
  private backs: OffscreenCanvas[] = [];
  /** Filling the pool ahead (scheduleWarm): the idle task, and the canvas being warmed. */
  private warmTask: number | null = null;
  private warmRetry: ReturnType<typeof setTimeout> | null = null;
  private warming: Tile | null = null;

  constructor(scene: CanvasScene, shown: ShownTiles, interacting: () => boolean) {
    this.scene = scene;
    this.shown = shown;
    this.interacting = interacting;
  }

  /** A tile out of the band (warm when it can be), or a new one; null without a canvas. */
  take(): Tile | null {
    return this.tiles.pop() ?? this.newTile();
  }

  /** A tile the band no longer shows, for later. */
  keep(tile: Tile): void {
    this.tiles.push(tile);
  }

  /** Tiles kept out of the band whose canvas is not warm yet (the test hooks read it). */
  coldKept(): number {
    return this.tiles.filter((tile) => !tile.warm).length;
  }

  /** Forgets every kept tile (the canvas leaves the page). */
  clear(): void {
    this.tiles = [];
  }

  /** A new tile's canvas (not in the page yet). */
  private newTile(): Tile | null {
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.style.position = 'absolute';
    canvas.style.left = '0';
    canvas.style.top = '0';
    // Opaque: the compositor then draws nothing under it (with a transparent canvas, each frame
    // would also blend the page, panel and scroll-box layers below it). A CPU canvas: drawn out
    // of a frame, it is rasterised there (TileBand.scheduleIdleDraw), and nothing reads it back
    // from the GPU.
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

  /** A tile's canvas at `width` × `height` device pixels, TILE_PX wide on the page. */
  size(tile: Tile, width: number, height: number): void {
    const { canvas } = tile;
    // A new size is a new backing store: its buffers are allocated again.
    if (canvas.width !== width || canvas.height !== height) tile.warm = false;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    const cssHeight = `${Math.round(height / pixelRatio())}px`;
    if (canvas.style.width !== `${TILE_PX}px`) canvas.style.width = `${TILE_PX}px`;
    if (canvas.style.height !== cssHeight) canvas.style.height = cssHeight;
  }

  /** A canvas to draw a tile on ahead, `width` × `height` device pixels, with its 2D context. */
  back(width: number, height: number): OffscreenCanvasRenderingContext2D | null {
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
  returnBack(canvas: OffscreenCanvas): void {
    if (this.backs.length < BACKS_KEPT) this.backs.push(canvas);
  }

  /** Copies a tile drawn ahead to the tile. */
  show(tile: Tile, canvas: OffscreenCanvas): void {
    this.size(tile, canvas.width, canvas.height);
    tile.context.setTransform(1, 0, 0, 1, 0, 0);
    tile.context.drawImage(canvas, 0, 0);
    this.returnBack(canvas);
    tile.version += 1;
  }

  /**
   * Warms the band's tiles, then fills the pool with warm canvases up to what the widest band for
   * this view needs: one canvas at a time in idle time, each committed changed (a pixel put back
   * as it was) in WARM_FRAMES frames in a row. The compositor allocates a canvas's buffers the
   * first times it commits it changed, and a canvas needs three of them for changes in
   * consecutive frames while the main thread is busy (a drop: its draw, then the service's
   * answer): four commits in a row leave it three. The band's tiles are committed only once or
   * twice by a first gesture, and a scroll or zoom that widens the band makes new tiles: without
   * warming, those frames would pay for the buffers. A warm canvas keeps them in the pool (out of
   * the page and back is cheap). The price is memory: three buffers per canvas (the band and its
   * pool: at most maxBandTiles canvases).
   */
  scheduleWarm(): void {
    if (this.warmTask !== null || this.warmRetry !== null || this.warming) return;
    this.warmTask = requestIdle(this.warmNextTile, 1000);
  }

  private readonly warmNextTile = (): void => {
    this.warmTask = null;
    if (this.interacting()) {
      this.warmRetry = setTimeout(() => {
        this.warmRetry = null;
        this.scheduleWarm();
      }, WARM_RETRY_MS);
      return;
    }
    const layer = this.scene.elements?.band;
    const band = this.shown.band;
    if (!layer || !band) return;
    const ratio = pixelRatio();
    const width = Math.ceil(TILE_PX * ratio);
    const height = Math.max(1, Math.round(band.height * ratio));
    let tile: Tile | null = null;
    // A hidden tile (far out of view) is not committed: it warms once shown.
    for (const shown of this.shown.tiles.values())
      if (!shown.warm && shown.canvas.style.visibility !== 'hidden') tile ??= shown;
    const spare = tile === null;
    if (!tile) {
      // A pooled canvas of another size (the view's height changed) is resized when the band takes
      // it, which makes it cold: it is resized and warmed here instead.
      const stale = this.tiles.findIndex(
        (pooled) =>
          !pooled.warm || pooled.canvas.width !== width || pooled.canvas.height !== height,
      );
      if (stale >= 0) {
        tile = this.tiles.splice(stale, 1)[0]!;
      } else if (
        this.shown.tiles.size + this.tiles.length >=
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
      tile.canvas.style.visibility = '';
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
          this.tiles.push(warming);
        }
        this.scheduleWarm();
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
   * Then the canvases a press draws the tiles in view on ahead (TileBand.prepareFaded), one an
   * idle task: allocating one in the press's first task would lengthen the drag's first frame.
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
    this.scheduleWarm();
  }

  cancelWarm(): void {
    if (this.warmTask !== null) cancelIdle(this.warmTask);
    if (this.warmRetry !== null) clearTimeout(this.warmRetry);
    this.warmTask = null;
    this.warmRetry = null;
    this.warming?.canvas.remove();
    this.warming = null;
  }
}
