/**
 * The service's frame at the project's playhead, drawn into a canvas for a view that paints its
 * own things over it (the caption styler draws it under its words): the same frames, and the same cache, as the
 * timeline's preview (`previewFramesFor`), without the text and captions the views draw
 * themselves. It follows the transport (src/playback/transport.ts): paused, the frame at the
 * playhead; playing, frames fetched ahead of the sound clock (`PreviewFrames.follow`), the one
 * already here nearest the moment heard shown. It repaints without React.
 */
import { frameIndex } from './frame-plan.ts';
import {
  frameKey,
  previewFramesFor,
  UNDER_TEXT,
  type FrameQuery,
  type PreviewFrames,
} from './preview-frames.ts';
import { transportFor, type Transport } from './transport.ts';

/** How many frames back a missing frame is stood in for by one already fetched. */
const LOOK_BACK_FRAMES = 45;

/** What the frames are drawn from: the timeline's revision, its fps and its length. */
export interface FrameSource {
  revision: number;
  fps: number;
  duration: number;
}

export class PlayheadFrame {
  private readonly frames: PreviewFrames;
  private readonly transport: Transport;
  private source: FrameSource | null = null;
  private size = { width: 0, height: 0 };
  private shownKey = '';
  private frame: number | null = null;
  private stops: Array<() => void> = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    projectId: string,
    /**
     * Called after each paint: whether a frame of the service is on the canvas, any error, and
     * whether this paint drew a new picture.
     */
    private readonly onPainted: (shown: boolean, error: unknown, drawn: boolean) => void = () => {},
  ) {
    this.frames = previewFramesFor(projectId);
    this.transport = transportFor(projectId);
  }

  /** Paints as the playhead moves and frames arrive, until the returned function is called. */
  start(): () => void {
    this.stops = [
      this.frames.listen(() => this.schedule()),
      this.transport.store.subscribe((state, previous) => {
        if (state.playhead !== previous.playhead || state.rate !== previous.rate) this.schedule();
      }),
    ];
    this.schedule();
    return () => {
      for (const stop of this.stops) stop();
      this.stops = [];
      if (this.frame !== null) cancelAnimationFrame(this.frame);
      this.frame = null;
    };
  }

  setSource(source: FrameSource | null): void {
    if (source && this.source?.revision !== source.revision)
      this.frames.keepRevision(source.revision);
    this.source = source;
    if (source) this.frames.fps = source.fps;
    this.shownKey = '';
    this.schedule();
  }

  /** The canvas's pixels; the picture is drawn again at once, scaled until a sharper one comes. */
  resize(width: number, height: number): void {
    if (width === this.size.width && height === this.size.height) return;
    this.size = { width, height };
    this.canvas.width = width;
    this.canvas.height = height;
    this.frames.resize({ width, height });
    this.shownKey = '';
    this.paint();
  }

  private schedule(): void {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.paint();
    });
  }

  private paint(): void {
    const source = this.source;
    const ctx = this.canvas.getContext('2d');
    if (!source || !ctx || this.size.width === 0) return;
    const { rate } = this.transport.get();
    // Playing, the moment heard as this paints (the store's playhead is a frame older).
    const playhead = this.transport.time();
    const query: FrameQuery = { ...UNDER_TEXT, frame: frameIndex(playhead, source.fps) };
    const keyOf = (shown: FrameQuery) =>
      `${frameKey(source.revision, shown)}#${this.frames.generation}`;
    let shown = query;
    let bitmap: ImageBitmap | undefined;
    if (rate !== 0) {
      const near = this.frames.follow(source.revision, UNDER_TEXT, {
        time: playhead,
        rate,
        duration: source.duration,
      });
      if (near) ({ query: shown, bitmap } = near);
    } else {
      if (keyOf(query) === this.shownKey) return;
      bitmap = this.frames.get(source.revision, query);
    }
    if (!bitmap && rate === 0) {
      void this.frames.request(source.revision, query, true);
      const near = this.frames.nearest(
        source.revision,
        query,
        -1,
        LOOK_BACK_FRAMES,
        this.shownKey.split('#')[0] ?? '',
      );
      if (near) ({ query: shown, bitmap } = near);
    }
    if (!bitmap) {
      // The last picture stays until the next comes (or the view's own backdrop before any).
      this.onPainted(this.shownKey !== '', this.frames.error, false);
      return;
    }
    if (keyOf(shown) === this.shownKey) return;
    ctx.drawImage(bitmap, 0, 0, this.size.width, this.size.height);
    this.shownKey = keyOf(shown);
    this.frames.cache.pin(frameKey(source.revision, shown));
    // Paused on this frame: the first frames of playback from here are fetched too.
    if (rate === 0 && shown === query)
      this.frames.preroll(source.revision, UNDER_TEXT, {
        time: playhead,
        duration: source.duration,
      });
    this.onPainted(true, null, true);
  }
}
