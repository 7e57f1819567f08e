/**
 * The ruler and the items, drawn as a band wider than the view (model/band.ts) of opaque tiles
 * TILE_PX wide, placed in the scroll content so that the scroll box moves them natively: a
 * horizontal scroll draws nothing until the view nears the band's end, and then only the tiles it
 * brings in (ahead of time in an idle task when it can). A Ctrl+wheel zoom stretches the band by a
 * transform, drawing it again only when stretched too far. The band is drawn again when items or
 * the selection change (only the tiles that show them), and crisp once a scroll or zoom has
 * settled. Its canvases come from a pool (tile-pool.ts); the tiles a move drag will show are
 * drawn ahead after the press (prepared-tiles.ts).
 */
import {
  bandCovers,
  bandFor,
  bandMargin,
  bandPlacement,
  bandViewport,
  TILE_PX,
  tileInView,
  tileShown,
  tilesTouched,
  type Band,
  type Span,
} from '../../model/band.ts';
import { idSet } from '../../model/group-move.ts';
import { contentWidth } from '../../model/time-scale.ts';
import { viewportOf } from '../../state/timeline-state.ts';
import { ThumbnailCache, thumbnailKey } from '../thumbnail-cache.ts';
import { WaveformCache, waveformKey } from '../waveform-cache.ts';
import { drawItems, drawStatic, type ThumbnailSource } from '../timeline-drawing.ts';
import type { WaveformSource } from '../waveform-drawing.ts';
import {
  type CanvasScene,
  cancelIdle,
  DIRTY_MAX,
  pixelRatio,
  requestIdle,
} from './canvas-scene.ts';
import { MediaWaits } from './media-waits.ts';
import { type BandAhead, PreparedTiles } from './prepared-tiles.ts';
import { type ShownTiles, type Tile, tileBand, TilePool } from './tile-pool.ts';

type View = ReturnType<typeof viewportOf>;

/** By when an idle band draw runs: ahead of a scroll nearing the band's end, and a tile left for later. */
const RECENTRE_TIMEOUT_MS = 60;
const DEFERRED_TIMEOUT_MS = 200;

/** The band widened to whole tiles. */
function tileAligned(band: Band): Band {
  const left = Math.floor(band.left / TILE_PX) * TILE_PX;
  const right = Math.ceil((band.left + band.width) / TILE_PX) * TILE_PX;
  return { ...band, left, width: right - left };
}

export class TileBand implements BandAhead, ShownTiles {
  private readonly scene: CanvasScene;
  private readonly pool: TilePool;
  private readonly prepared: PreparedTiles;
  readonly thumbnails: ThumbnailCache;
  readonly waveforms: WaveformCache;
  /** What the band's tiles show now (null: nothing drawn yet). */
  private drawn: Band | null = null;
  /** Whether the band was drawn crisp (not as a zoom sweep's draft of boxes). */
  private drawnCrisp = false;
  /**
   * Tiles out of view left stale by a band draw, drawn one an idle task after it (scheduleIdleDraw),
   * or by the frame that brings them into view.
   */
  private readonly deferredTiles = new Set<number>();
  /** In an animation frame's callback (frame): tiles out of view wait for an idle task. */
  private inFrame = false;
  /** Items whose look changed since the band was drawn ('all': draw it all again). */
  private dirtyIds: Set<string> | 'all' | null = null;
  /** Where items changed (new data) since the band was drawn, before and after, in seconds. */
  private dirtySpans: Span[] = [];
  /** Bumped when what the band shows changes other than by selection (data, thumbnails). */
  private epochCount = 0;
  /** The band's tiles by index. */
  private readonly shown = new Map<number, Tile>();
  /** Bumped whenever what the band shows changes: a tile of an older generation is drawn again. */
  private generationCount = 0;
  /** The band drawn in an idle task (scheduleIdleDraw), and by when at the latest. */
  private idleDraw: { id: number; timeoutMs: number } | null = null;
  /** The scroll position the band's names were pinned to the view's edges for. */
  private pinnedAt = 0;
  /** Thumbnails or waveforms arrived during the pointer gesture under way (see `arrived`). */
  private arrivedInGesture = false;
  /** The tiles drawn while one of their media was still loading, by media. */
  private readonly waits = new MediaWaits();

  constructor(scene: CanvasScene, interacting: () => boolean) {
    this.scene = scene;
    this.pool = new TilePool(scene, this, interacting);
    this.prepared = new PreparedTiles(scene, this, this.pool);
    this.thumbnails = new ThumbnailCache((url) => this.arrived(thumbnailKey(url)));
    this.waveforms = new WaveformCache(scene.editor.queryClient, (key) => this.arrived(key));
  }

  /** The thumbnails as the band's drawing reads them: a missing one is noted for its tile. */
  private readonly thumbnailSource: ThumbnailSource = {
    pattern: (url, height) => {
      const pattern = this.thumbnails.pattern(url, height);
      if (!pattern) this.waits.missing(thumbnailKey(url));
      return pattern;
    },
  };

  /** The waveforms as the band's drawing reads them: a missing chunk is noted for its tile. */
  private readonly waveformSource: WaveformSource = {
    chunk: (assetId, resolution, index) => {
      const chunk = this.waveforms.chunk(assetId, resolution, index);
      if (!chunk) this.waits.missing(waveformKey(assetId, resolution, index));
      return chunk;
    },
  };

  /**
   * A thumbnail or a waveform's peaks arrived: the tiles drawn without it are drawn again. During
   * a pointer gesture (a marquee, a drag, a trim) or while the view changes (a scroll, a zoom, a
   * split dragged that shows more rows, whose media then arrive one after another) it waits for
   * the gesture's end or the view's settle, and a gesture's frames are its own (a marquee moving
   * over 1,000 items redraws only its overlay; a drag shows the tiles prepared for it). The
   * arrivals meanwhile are drawn once, with the whole band.
   */
  private arrived(key: string): void {
    if (this.scene.store.getState().drag || this.scene.settling) {
      this.arrivedInGesture = true;
      return;
    }
    // Tiles drawn ahead for a drag are drawn again too (their epoch is past).
    this.epochCount += 1;
    let stale = false;
    for (const i of this.waits.arrived(key)) {
      const tile = this.shown.get(i);
      if (tile) tile.stale = stale = true;
    }
    if (stale) this.scene.requestFrame({ dirty: true });
  }

  /** A pointer gesture ended, or the view settled: what arrived meanwhile is drawn. */
  gestureEnded(): void {
    if (!this.arrivedInGesture) return;
    this.arrivedInGesture = false;
    this.epochCount += 1;
    this.scene.requestFrame({ band: true });
  }

  get band(): Band | null {
    return this.drawn;
  }

  get crisp(): boolean {
    return this.drawnCrisp;
  }

  get generation(): number {
    return this.generationCount;
  }

  get epoch(): number {
    return this.epochCount;
  }

  get tiles(): ReadonlyMap<number, Tile> {
    return this.shown;
  }

  /** New data: what the band shows changed (its changed spans follow with `markSpans`). */
  newData(): void {
    this.epochCount += 1;
  }

  /** Items changed where `spans` are: the next frame draws the tiles that show them. */
  markSpans(spans: readonly Span[]): void {
    this.dirtySpans.push(...spans);
  }

  /** These items look different now: the next frame draws the tiles that show them. */
  markDirty(ids: Iterable<string>): void {
    if (this.dirtyIds !== 'all') {
      const dirty: Set<string> = this.dirtyIds ?? new Set();
      for (const id of ids) dirty.add(id);
      if (dirty.size === 0) return;
      this.dirtyIds = dirty.size > DIRTY_MAX ? 'all' : dirty;
    }
    this.scene.requestFrame(this.dirtyIds === 'all' ? { band: true } : { dirty: true });
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
    const band = this.drawn;
    const index = this.scene.index;
    if (dirty === 'all' || !band || !index || this.drawnCrisp === this.scene.draft) return true;
    const tiles = this.tilesOf(dirty ?? [], band);
    for (const i of tilesTouched(spans, band.pxPerSecond)) tiles.add(i);
    for (const i of tiles) {
      const tile = this.shown.get(i);
      if (tile) tile.stale = true;
    }
    return false;
  }

  /** The band's tiles that show any of `ids`. */
  tilesOf(ids: Iterable<string>, band: Band): Set<number> {
    const index = this.scene.index;
    const spans: Array<{ start: number; end: number }> = [];
    if (index)
      for (const id of ids) {
        const ref = index.byId.get(id);
        if (ref) spans.push({ start: ref.item.start_seconds, end: ref.item.end_seconds });
      }
    return tilesTouched(spans, band.pxPerSecond);
  }

  /** Draws now what changed since the band was drawn (a selection a press made). */
  drawChanges(): void {
    if (this.dirtyIds === null && this.dirtySpans.length === 0) return;
    const view = viewportOf(this.scene.store.getState());
    if (this.takeDirty()) this.drawBand(view);
    else this.drawBand(view, false);
    this.place(view);
  }

  /** An animation frame's part: the band brought up to date for `view` (all of it: `redraw`). */
  frame(view: View, redraw: boolean, pins: boolean): void {
    const all = this.takeDirty();
    this.inFrame = true;
    try {
      this.update(view, redraw || all, pins);
    } finally {
      this.inFrame = false;
    }
  }

  /** The whole band drawn again for `view`, and placed. */
  draw(view: View): void {
    this.drawBand(view);
    this.place(view);
  }

  /** Whether the band is drawn crisp at this zoom (a settled view then only pins names again). */
  crispAt(pxPerSecond: number): boolean {
    return this.drawn !== null && this.drawnCrisp && this.drawn.pxPerSecond === pxPerSecond;
  }

  /** The tiles a move drag of `ids` will show, drawn ahead (see PreparedTiles.prepare). */
  prepareFaded(ids: readonly string[]): boolean {
    return this.prepared.prepare(ids);
  }

  /**
   * A move drag of `ids` starts: its items fade in the tiles drawn ahead, or (nothing drawn ahead)
   * in the tiles the next frame draws.
   */
  fade(ids: readonly string[]): void {
    if (!this.prepared.fade(ids)) this.markDirty(ids);
  }

  dropPrepared(): void {
    this.prepared.drop();
  }

  /** Tiles (the band's and the pool's) whose canvas is not warm yet. */
  coldTiles(): number {
    let cold = this.pool.coldKept();
    for (const tile of this.shown.values()) if (!tile.warm) cold += 1;
    return cold;
  }

  /** The canvas leaves the page: every tile, task and canvas drawn ahead goes. */
  detach(): void {
    this.cancelIdleDraw();
    this.pool.cancelWarm();
    this.drawn = null;
    for (const tile of this.shown.values()) tile.canvas.remove();
    this.shown.clear();
    this.waits.clear();
    this.deferredTiles.clear();
    this.pool.clear();
    this.prepared.drop();
  }

  private contentWidthPx(view: { pxPerSecond: number; width: number }): number {
    const index = this.scene.index;
    return index ? contentWidth(index.durationSeconds, view.pxPerSecond, view.width) : 0;
  }

  /**
   * Draws the band again when asked or when it no longer covers the view, and places it. When
   * the view has come within half a margin of the band's end, the band is drawn around the view
   * again in an idle task (before a frame needs it).
   */
  private update(view: View, redraw: boolean, pins = false): void {
    const band = this.drawn;
    if (
      redraw ||
      pins ||
      this.hasStaleTiles(view) ||
      !band ||
      !bandCovers(band, view, this.contentWidthPx(view))
    ) {
      this.drawBand(view, redraw, pins);
    } else if (band.pxPerSecond === view.pxPerSecond) {
      const slack = bandMargin(view.width, band.height, pixelRatio()) / 4;
      if (slack > 0 && !bandCovers(band, view, this.contentWidthPx(view), slack))
        this.scheduleIdleDraw(RECENTRE_TIMEOUT_MS);
    }
    this.place(view);
  }

  /** A stale tile a frame must draw: one not left for an idle task, or one now in view. */
  private hasStaleTiles(view: { scrollX: number; width: number }): boolean {
    for (const [i, tile] of this.shown)
      if (tile.stale && (!this.deferredTiles.has(i) || tileInView(i, view.scrollX, view.width)))
        return true;
    return false;
  }

  /**
   * Draws the band in an idle task, by `timeoutMs` at the latest: around the view, ahead of a scroll
   * nearing its end, and the next tile a band draw left for later (it is rasterised there with a
   * one-pixel read: Chromium records the 2D calls and fills the pixels when a frame commits the
   * canvas). Drawn one a frame instead, each of a scroll's new margin tiles would add its draw to
   * a frame already busy with the scroll. A zoom stretch is left to the settle.
   */
  private scheduleIdleDraw(timeoutMs: number): void {
    const pending = this.idleDraw;
    if (pending && pending.timeoutMs <= timeoutMs) return;
    if (pending) cancelIdle(pending.id);
    const run = () => {
      this.idleDraw = null;
      const state = this.scene.store.getState();
      if (!this.scene.elements || !this.drawn || this.drawn.pxPerSecond !== state.pxPerSecond)
        return;
      const view = viewportOf(state);
      this.drawBand(view, false);
      this.place(view);
    };
    this.idleDraw = { id: requestIdle(run, timeoutMs), timeoutMs };
  }

  private cancelIdleDraw(): void {
    if (this.idleDraw) cancelIdle(this.idleDraw.id);
    this.idleDraw = null;
  }

  /** A tile of the band from the pool (or a new one), in the band's layer. */
  private tile(index: number): Tile | null {
    const layer = this.scene.elements?.band;
    if (!layer) return null;
    const shown = this.shown.get(index);
    if (shown) return shown;
    const tile = this.pool.take();
    if (!tile) return null;
    tile.generation = -1;
    tile.stale = false;
    tile.canvas.style.transform = `translateX(${index * TILE_PX}px)`;
    // Shown until the band is placed (which hides the tiles far out of view).
    tile.canvas.style.visibility = '';
    layer.appendChild(tile.canvas);
    this.shown.set(index, tile);
    return tile;
  }

  /**
   * Draws tile `index` of `band` (names pinned to the view's left edge at `pinnedAt`, content x).
   * A draft (zoom sweep) is boxes only, crisp again once the sweep settles. It keeps the tile's
   * canvas size: a resized canvas gets a new backing store, which Chromium allocates through the
   * GPU process at a cost of several tiles' draws.
   */
  private paintTile(
    tile: Tile,
    index: number,
    band: Band,
    pinnedAt: number,
    moving: ReadonlySet<string> | null,
  ): number {
    const ratio = pixelRatio();
    this.pool.size(tile, Math.ceil(TILE_PX * ratio), Math.max(1, Math.round(band.height * ratio)));
    const ctx = tile.context;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const drawn = this.waits.during(index, () =>
      this.paintBand(ctx, tileBand(band, index), pinnedAt, moving, this.scene.draft),
    );
    tile.version += 1;
    tile.generation = this.generationCount;
    tile.pinnedAt = pinnedAt;
    tile.stale = false;
    return drawn;
  }

  /** Draws the ruler and the items of `band` (`pinnedAt`: the view's left edge, content x). */
  paintBand(
    ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
    band: Band,
    pinnedAt: number,
    moving: ReadonlySet<string> | null,
    draft: boolean,
  ): number {
    const { index, fps } = this.scene;
    if (!index) return 0;
    const drawn = bandViewport(band);
    const pinLeft = pinnedAt - band.left;
    // The ruler's ticks start at the one at or left of the tile's edge: a label is never cut.
    drawStatic(ctx, drawn, fps);
    return drawItems(ctx, index, drawn, {
      fps,
      selection: this.scene.store.getState().selection,
      moving,
      thumbnails: this.thumbnailSource,
      waveforms: this.waveformSource,
      draft,
      pin: { left: pinLeft, right: pinLeft + band.viewWidth },
    });
  }

  /**
   * Brings the band up to date for `view`: with `everything`, every tile is drawn again (items,
   * the selection or the zoom changed); otherwise only the tiles the band did not have yet (a
   * scroll brings in one tile at a time), the stale ones (items they show look different) and,
   * with `pins`, those in view whose names were pinned for another scroll position. A tile drawn
   * ahead for a drag (PreparedTiles) is shown instead of drawn when it still holds.
   */
  private drawBand(view: View, everything = true, pins = false): void {
    this.cancelIdleDraw();
    const { scene } = this;
    if (!scene.index || view.width <= 0 || view.height <= 0) return;
    if (everything) {
      this.dirtyIds = null;
      this.dirtySpans = [];
    }
    const last = this.drawn;
    const scrolled =
      last && !scene.draft && last.pxPerSecond === view.pxPerSecond
        ? Math.sign(view.scrollX - this.pinnedAt)
        : 0;
    const band = tileAligned(
      bandFor(
        view,
        pixelRatio(),
        scene.draft
          ? { kind: 'zooming' }
          : scrolled !== 0 && scene.settling
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
      this.drawnCrisp === !scene.draft;
    if (everything || !sameScale) this.generationCount += 1;
    this.drawn = band;
    this.drawnCrisp = !scene.draft;
    const first = band.left / TILE_PX;
    const end = (band.left + band.width) / TILE_PX;
    for (const [i, tile] of this.shown) {
      if (i >= first && i < end) continue;
      tile.canvas.remove();
      this.shown.delete(i);
      this.pool.keep(tile);
    }
    const state = scene.store.getState();
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
      if (tile.generation === this.generationCount && !tile.stale && !repin) continue;
      if (!repin && this.prepared.show(i, tile, band)) {
        painted += 1;
        fresh ||= !this.deferredTiles.delete(i);
        continue;
      }
      // Out of view, in a frame or with something already drawn in this task: an idle task draws
      // it (nothing shows it before then; a scroll or zoom that brings it in draws it first). Not
      // during a zoom sweep, whose stretch shows the margins.
      if (!inView(i) && (painted > 0 || this.inFrame) && !scene.draft && scene.elements) {
        if (tile.generation !== this.generationCount) tile.pinnedAt = view.scrollX;
        tile.stale = true;
        tile.generation = this.generationCount;
        this.deferredTiles.add(i);
        deferred = true;
        continue;
      }
      // A stale tile keeps its names where they were (its neighbours show them there).
      const pinnedAt =
        tile.stale && !repin && tile.generation === this.generationCount
          ? tile.pinnedAt
          : view.scrollX;
      items += this.paintTile(tile, i, band, pinnedAt, moving);
      // Out of a frame: rasterised here (see scheduleIdleDraw), not in the next frame's commit.
      if (!this.inFrame) tile.context.getImageData(0, 0, 1, 1);
      painted += 1;
      fresh ||= !this.deferredTiles.delete(i);
      scene.counts.tileDraws += 1;
    }
    if (deferred) this.scheduleIdleDraw(DEFERRED_TIMEOUT_MS);
    this.pinnedAt = view.scrollX;
    if (painted === 0) return;
    scene.counts.items = items;
    // A band drawn over several frames counts as one draw.
    if (fresh) scene.counts.itemsDraws += 1;
    if (scene.counts.firstItemsAt === null && items > 0 && typeof performance !== 'undefined')
      scene.counts.firstItemsAt = performance.now();
    this.pool.scheduleWarm();
  }

  /** The band's tiles go to their place in the scroll content, stretched by a zoom under way. */
  private place(view: View): void {
    const layer = this.scene.elements?.band;
    const band = this.drawn;
    if (!layer || !band) return;
    const { scale } = bandPlacement(band, view);
    const transform = `translateY(${band.scrollY}px)${scale === 1 ? '' : ` scale(${scale}, 1)`}`;
    if (layer.style.transform !== transform) layer.style.transform = transform;
    for (const [i, tile] of this.shown) {
      const visibility = tileShown(i, scale, view) ? '' : 'hidden';
      if (tile.canvas.style.visibility !== visibility) tile.canvas.style.visibility = visibility;
    }
  }
}
