/**
 * Paints the preview once per animation frame while something changes, without React: the
 * service's frame at the playhead (the layers that play, without text and captions), fetched ahead
 * while playing, the last one kept on screen while the next is on its way; over it the text items
 * and the caption by the caption painter; the safe areas and snap guides. During a gesture on the
 * preview the frame without the item and the item alone (both the service's) are composed where
 * the gesture has it, and that picture stays until the service's frame of the new revision
 * arrives (the item never jumps back).
 */
import type { QueryClient } from '@tanstack/react-query';
import { transportFor, type Transport } from '@/playback/transport.ts';
import type { PaintableWord } from '@/caption-painter/caption-painter.ts';
import { captionItemWordsQueryOptions } from '../api/timeline-queries.ts';
import { frameIndex } from '@/playback/frame-plan.ts';
import {
  frameKey,
  previewFramesFor,
  UNDER_TEXT,
  type FrameQuery,
  type PreviewFrames,
} from '@/playback/preview-frames.ts';
import { playingLayers } from '../model/audio-commands.ts';
import { deltaMatrix } from '../model/frame-layout.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import type { LayoutDrag, TimelineEditorState } from '../state/timeline-state.ts';
import {
  paintSafeAreas,
  paintSnapGuides,
  paintTextAndCaptions,
  stillOverlaysAt,
  type FrameContext,
} from './preview-drawing.ts';
import type { CaptionSettings, Timeline, TimelineItem } from '@/api/schema.gen.ts';

/** How many frames back a missing frame is stood in for by one already fetched (paused). */
const LOOK_BACK_FRAMES = 45;

export class PreviewPainter {
  readonly frames: PreviewFrames;
  private frame: number | null = null;
  private timeline: Timeline;
  private settings: Partial<CaptionSettings> | null = null;
  /**
   * The last picture under the text (a frame, or a gesture's composition), at the size frames
   * are decoded at: drawn scaled to the canvas, so a resize shows it at once at the new size.
   */
  private readonly base: HTMLCanvasElement;
  private baseKey = '';
  /** A gesture's composition stays until this revision's frame is shown. */
  private holdUntil: number | null = null;
  private unsubscribe: (() => void) | null = null;
  private unlisten: (() => void) | null = null;
  private size = { width: 0, height: 0 };
  /** The frame under the text now (its index), or null before the first. */
  private shownFrame: number | null = null;
  private readonly transport: Transport;
  /** What the canvas shows now, when nothing on it moves with the time (see `unchanged`). */
  private shown: readonly unknown[] | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly editor: TimelineEditor,
    private readonly queryClient: QueryClient,
    private readonly projectId: string,
    timeline: Timeline,
    private readonly onPainted: (state: TimelineEditorState) => void,
  ) {
    this.timeline = timeline;
    this.transport = transportFor(projectId);
    this.base = document.createElement('canvas');
    // The project's frames, shared with the caption styler's preview (one cache per project).
    this.frames = previewFramesFor(projectId);
    this.frames.fps = timeline.fps;
  }

  start(): void {
    this.unlisten = this.frames.listen(() => this.schedule());
    this.unsubscribe = this.editor.store.subscribe((state, previous) => {
      if (
        state.playhead !== previous.playhead ||
        state.layoutDrag !== previous.layoutDrag ||
        state.playbackRate !== previous.playbackRate ||
        state.mutedLayers !== previous.mutedLayers ||
        state.soloLayers !== previous.soloLayers ||
        state.safeArea !== previous.safeArea
      )
        this.schedule();
    });
    this.schedule();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.unlisten?.();
    this.unlisten = null;
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  /** A new size paints in the same frame, the last picture scaled until its successor comes. */
  resize(width: number, height: number): void {
    if (width === this.size.width && height === this.size.height) return;
    this.size = { width, height };
    this.canvas.width = width;
    this.canvas.height = height;
    this.frames.resize({ width, height });
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.paint();
  }

  update(timeline: Timeline, settings: Partial<CaptionSettings> | null): void {
    if (timeline.revision !== this.timeline.revision) this.frames.keepRevision(timeline.revision);
    this.timeline = timeline;
    this.frames.fps = timeline.fps;
    this.settings = settings;
    this.schedule();
  }

  /** The editor committed a gesture on the preview: keep its picture until its frame comes. */
  holdForRevision(revision: number): void {
    this.holdUntil = revision;
  }

  readonly schedule = (): void => {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.paint();
    });
  };

  /** The frame query for the editor's state (the layers that play, text and captions left out). */
  query(state: TimelineEditorState, frame: number): FrameQuery {
    const all = this.timeline.layers.map((layer) => layer.index);
    const filtered = state.mutedLayers.size > 0 || state.soloLayers.size > 0;
    return {
      ...UNDER_TEXT,
      frame,
      layers: filtered ? playingLayers(all, state.mutedLayers, state.soloLayers) : null,
    };
  }

  private words(item: TimelineItem): readonly PaintableWord[] | null {
    const options = captionItemWordsQueryOptions(this.projectId, item);
    const state = this.queryClient.getQueryState(options.queryKey);
    // Words changed elsewhere (the caption styler invalidates them) are fetched again: nothing
    // observes this query, so invalidating it alone refetches nothing.
    if (state?.data && !state.isInvalidated) return state.data;
    // Painted from the caption's text (or the words as they were) until the words are in.
    void this.queryClient.prefetchQuery(options).then(() => this.schedule());
    return state?.data ?? null;
  }

  private paint(): void {
    const ctx = this.canvas.getContext('2d') as (FrameContext & CanvasRenderingContext2D) | null;
    if (!ctx || this.size.width === 0) return;
    const state = this.editor.getState();
    const { fps, revision } = this.timeline;
    const rate = state.playbackRate;
    // Playing, the moment heard as this paints (the store's playhead is a frame older).
    const playhead = rate !== 0 ? this.transport.time() : state.playhead;
    const query = this.query(state, frameIndex(playhead, fps));
    this.paintBase(state, query, revision, playhead);
    if (!this.unchanged(state, query, playhead)) this.draw(ctx, state, query, playhead);
    // The frame shown (the middle of its time), for whoever checks it against the sound.
    if (rate !== 0 && this.shownFrame !== null)
      this.transport.notePainted({ asked: playhead, shown: (this.shownFrame + 0.5) / fps });
    this.onPainted(state);
  }

  /**
   * Whether the canvas already shows what this paint would: the same picture under the same
   * still overlays. Playing under no caption, most animation frames bring no new picture (frames
   * come 10 to 30 times a second); repainting the canvas anyway costs its copy to the compositor.
   */
  private unchanged(state: TimelineEditorState, query: FrameQuery, playhead: number): boolean {
    const overlays = stillOverlaysAt(
      this.timeline,
      playhead,
      query.layers ? new Set(query.layers) : null,
    );
    const shown =
      overlays === null
        ? null
        : [
            this.baseKey,
            this.size.width,
            this.size.height,
            this.timeline,
            this.settings,
            state.frame,
            state.safeArea,
            state.layoutDrag,
            overlays,
          ];
    const same =
      shown !== null &&
      this.shown !== null &&
      shown.every((part, i) => Object.is(part, this.shown![i]));
    this.shown = shown;
    return same;
  }

  private draw(
    ctx: FrameContext & CanvasRenderingContext2D,
    state: TimelineEditorState,
    query: FrameQuery,
    playhead: number,
  ): void {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.size.width, this.size.height);
    if (this.base.width > 0) ctx.drawImage(this.base, 0, 0, this.size.width, this.size.height);
    const drag = state.layoutDrag;
    const playing = query.layers ? new Set(query.layers) : null;
    paintTextAndCaptions(
      ctx,
      this.timeline,
      playhead,
      this.size,
      {
        frame: state.frame,
        captionWords: (item) => this.words(item),
        captionSettings: this.settings,
        layoutOf: (item) => (drag && drag.itemId === item.id ? drag.to : undefined),
      },
      playing,
    );
    if (state.safeArea) paintSafeAreas(ctx, state.safeArea, this.size, state.frame);
    if (drag) paintSnapGuides(ctx, drag.guides, this.size, state.frame);
    ctx.restore();
  }

  /** Draws the picture under the text into `base` when a newer one is ready; else keeps it. */
  private paintBase(
    state: TimelineEditorState,
    query: FrameQuery,
    revision: number,
    playhead: number,
  ): void {
    const drag = state.layoutDrag;
    const dragged = drag ? this.visualItem(drag.itemId) : null;
    if (drag && dragged) {
      if (this.composeDrag(drag, query, revision)) return;
    }
    if (this.holdUntil !== null) {
      if (revision < this.holdUntil && (this.editor.isSaving() || drag)) {
        void this.frames.request(revision, query, true);
        return;
      }
      this.holdUntil = null;
    }
    if (state.playbackRate !== 0) {
      // Playing: the frame here nearest the moment heard; the last picture stays until one is.
      const near = this.frames.follow(revision, query, {
        time: playhead,
        rate: state.playbackRate,
        duration: this.timeline.duration_seconds,
      });
      if (near) this.showBase(revision, near.query, near.bitmap);
      else if (this.baseKey === '') this.fillBase('#000000');
      return;
    }
    const key = this.keyOf(revision, query);
    if (key === this.baseKey) return;
    let shown = query;
    let bitmap = this.frames.get(revision, query);
    if (!bitmap) {
      // This one is asked for before any other; meanwhile the nearest frame already here that
      // playback has passed, else the last picture stays.
      void this.frames.request(revision, query, true);
      const near = this.frames.nearest(
        revision,
        query,
        -1,
        LOOK_BACK_FRAMES,
        this.baseKey.split('#')[0] ?? '',
      );
      if (near) ({ query: shown, bitmap } = near);
      if (!bitmap) {
        if (this.baseKey === '') this.fillBase('#000000');
        return;
      }
    }
    this.showBase(revision, shown, bitmap);
    // Paused on this frame: the first frames of playback from here are fetched too.
    if (shown === query)
      this.frames.preroll(revision, query, {
        time: playhead,
        duration: this.timeline.duration_seconds,
      });
  }

  private showBase(revision: number, shown: FrameQuery, bitmap: ImageBitmap): void {
    const key = this.keyOf(revision, shown);
    if (key === this.baseKey) return;
    this.drawBase(bitmap);
    this.baseKey = key;
    this.shownFrame = shown.frame;
    this.frames.cache.pin(frameKey(revision, shown));
  }

  /** A frame's key with the size it was decoded at (a new size fetches the picture again). */
  private keyOf(revision: number, query: FrameQuery): string {
    return `${frameKey(revision, query)}#${this.frames.generation}`;
  }

  /** The base takes the bitmap's own size (the decoded size); the canvas scales it. */
  private drawBase(bitmap: ImageBitmap): void {
    if (this.base.width !== bitmap.width || this.base.height !== bitmap.height) {
      this.base.width = bitmap.width;
      this.base.height = bitmap.height;
    }
    this.base.getContext('2d')!.drawImage(bitmap, 0, 0);
  }

  /** The frame without the item and the item alone, moved by the gesture; false until both came. */
  private composeDrag(drag: LayoutDrag, query: FrameQuery, revision: number): boolean {
    const without = { ...query, excludeItemIds: [drag.itemId] };
    const alone = { ...query, onlyItemIds: [drag.itemId] };
    const background = this.frames.get(revision, without);
    const item = this.frames.get(revision, alone);
    if (!background || !item) {
      void this.frames.request(revision, without, true);
      void this.frames.request(revision, alone, true);
      return false;
    }
    this.drawBase(background);
    const ctx = this.base.getContext('2d')!;
    const k = this.base.width / this.editor.getState().frame.width;
    ctx.save();
    const m = deltaMatrix(drag.from, drag.to);
    // Frame pixels → base pixels around the item's move (m is in frame pixels).
    ctx.setTransform(m[0], m[1], m[2], m[3], m[4] * k, m[5] * k);
    ctx.drawImage(item, 0, 0, this.base.width, this.base.height);
    ctx.restore();
    this.baseKey = `drag|${drag.itemId}|${revision}`;
    return true;
  }

  /** Asks for the frames a gesture on `itemId` composes (before the press moves anything). */
  prepareDrag(itemId: string): void {
    const state = this.editor.getState();
    const query = this.query(state, frameIndex(state.playhead, this.timeline.fps));
    const { revision } = this.timeline;
    void this.frames.request(revision, { ...query, excludeItemIds: [itemId] });
    void this.frames.request(revision, { ...query, onlyItemIds: [itemId] });
  }

  private visualItem(itemId: string): TimelineItem | null {
    for (const layer of this.timeline.layers)
      for (const item of layer.items)
        if (item.id === itemId) return item.type === 'text' ? null : item;
    return null;
  }

  private fillBase(colour: string): void {
    if (this.base.width === 0) {
      this.base.width = 1;
      this.base.height = 1;
    }
    const ctx = this.base.getContext('2d')!;
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, this.base.width, this.base.height);
  }
}
