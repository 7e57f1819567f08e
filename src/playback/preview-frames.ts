/**
 * The service's rendered frames (the contract's assumed `preview-frame`), fetched and decoded for
 * every view of a project that shows the frame at the playhead (the timeline's preview, the
 * caption styler's): one set per project in the tab (`previewFramesFor`), so a frame fetched on
 * one page is there on the other. A few are fetched at a time, each once however often it is
 * asked for, and kept in a byte-bounded cache per timeline revision (the revision the service drew
 * it from, from its answer). Frames that playback no longer needs are dropped from the queue
 * before they are fetched.
 *
 * Frames are decoded at a size of a few steps (`decodeSizeFor`), not at the view's exact size:
 * dragging a split scales the frames already here instead of fetching them again on every step;
 * once the view has rested at a new step, they are decoded again at it.
 */
import { api } from '@/api/client.ts';
import { apiErrorFromResponse } from '@/api/api-error.ts';
import { FrameCache } from './frame-cache.ts';
import type { components } from '@/api/schema.gen.ts';

type ItemType = components['schemas']['TimelineItem']['type'];

/** Which frame, and which of its items (mute/solo, the items the editor draws itself, a drag). */
export interface FrameQuery {
  /** The frame's index at the project's fps. */
  frame: number;
  layers: readonly number[] | null;
  excludeTypes: readonly ItemType[];
  excludeItemIds: readonly string[];
  onlyItemIds: readonly string[] | null;
}

export interface FrameSize {
  width: number;
  height: number;
}

/** The frame under text and captions, as both editors draw it (they paint those themselves). */
export const UNDER_TEXT: Omit<FrameQuery, 'frame'> = {
  layers: null,
  excludeTypes: ['text', 'caption'],
  excludeItemIds: [],
  onlyItemIds: null,
};

const CONCURRENCY = 4;

/** The default budget: about 60 frames at the preview's size on a 2× screen. */
export const FRAME_BUDGET_BYTES = 96 * 1024 * 1024;

/** Decoded heights come in steps of this many pixels. */
const DECODE_STEP = 240;
/** A view resting this long at a new step has its frames decoded again at it. */
const RESIZE_REST_MS = 250;
/** With no view left, the decoded frames are kept this long (back to the other editor). */
const KEEP_UNUSED_MS = 60_000;

/** The size frames are decoded at for a view of `size` device pixels: its height's next step. */
export function decodeSizeFor(size: FrameSize): FrameSize {
  if (size.width <= 0 || size.height <= 0) return { width: 0, height: 0 };
  const height = Math.ceil(size.height / DECODE_STEP) * DECODE_STEP;
  return { width: Math.round((height * size.width) / size.height), height };
}

export function filterKey(query: Omit<FrameQuery, 'frame'>): string {
  return [
    query.layers ? query.layers.join(',') : '*',
    query.excludeTypes.join(','),
    query.excludeItemIds.join(','),
    query.onlyItemIds ? query.onlyItemIds.join(',') : '*',
  ].join('|');
}

export const frameKey = (revision: number, query: FrameQuery): string =>
  `${revision}|${query.frame}|${filterKey(query)}`;

interface Pending {
  query: FrameQuery;
  revision: number;
  key: string;
  started: boolean;
  controller: AbortController;
  promise: Promise<ImageBitmap | null>;
  resolve(value: ImageBitmap | null): void;
}

/** An SVG (or PNG) answer as a bitmap at `size`. */
async function decode(blob: Blob, size: FrameSize): Promise<ImageBitmap> {
  if (blob.type.startsWith('image/png'))
    return createImageBitmap(blob, { resizeWidth: size.width, resizeHeight: size.height });
  // Chromium cannot decode SVG in createImageBitmap from a blob: through an image element.
  const url = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return await createImageBitmap(image, {
      resizeWidth: size.width,
      resizeHeight: size.height,
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

export class PreviewFrames {
  readonly cache: FrameCache<ImageBitmap>;
  /** The cut's frames a second (the views set it from the timeline or the words). */
  fps = 30;
  /** The last error (shown under a preview until a frame arrives). */
  error: unknown = null;
  /** Counts the decoded sizes: a view's picture of an older one is fetched again. */
  generation = 0;
  private readonly pending = new Map<string, Pending>();
  private queue: Pending[] = [];
  private running = 0;
  private size: FrameSize = { width: 270, height: 480 };
  private wanted: FrameSize | null = null;
  private resizeTimer: ReturnType<typeof setTimeout> | null = null;
  private unusedTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly projectId: string,
    budget = FRAME_BUDGET_BYTES,
  ) {
    this.cache = new FrameCache(budget);
  }

  /**
   * Calls `onFrame` when a frame arrives (or a fetch fails) until the returned function is called.
   * When the last view stops listening, what is queued is dropped and what is under way aborted;
   * the decoded frames stay a while for the next view.
   */
  listen(onFrame: () => void): () => void {
    this.listeners.add(onFrame);
    if (this.unusedTimer) clearTimeout(this.unusedTimer);
    this.unusedTimer = null;
    return () => {
      if (!this.listeners.delete(onFrame) || this.listeners.size > 0) return;
      this.abortAll();
      this.unusedTimer = setTimeout(() => {
        this.unusedTimer = null;
        if (this.listeners.size === 0) this.cache.clear();
      }, KEEP_UNUSED_MS);
    };
  }

  /**
   * The view's frame size (device pixels). Frames already decoded stay (drawn scaled) while it
   * changes; once it rests at another step they are decoded again at it.
   */
  resize(view: FrameSize): void {
    const next = decodeSizeFor(view);
    if (next.width === 0) return;
    const current = this.wanted ?? this.size;
    if (next.width === current.width && next.height === current.height) return;
    this.wanted = next;
    if (this.resizeTimer) clearTimeout(this.resizeTimer);
    const apply = () => {
      this.resizeTimer = null;
      const size = this.wanted;
      this.wanted = null;
      if (!size || (size.width === this.size.width && size.height === this.size.height)) return;
      this.size = size;
      // The views keep the picture they show (copied) until its successor at the new size comes.
      this.cache.clear();
      this.generation += 1;
      this.notify();
    };
    // The first size applies at once (nothing decoded yet to scale).
    if (this.cache.size === 0 && this.pending.size === 0) apply();
    else this.resizeTimer = setTimeout(apply, RESIZE_REST_MS);
  }

  /** The size frames are decoded at now. */
  get decodeSize(): FrameSize {
    return this.size;
  }

  get(revision: number, query: FrameQuery): ImageBitmap | undefined {
    return this.cache.get(frameKey(revision, query));
  }

  /**
   * The nearest frame already here that playback has passed (`direction` -1 looks back, 1 ahead
   * for backward playback), up to `steps` frames away, not going past the frame under `stopKey`
   * (the one on screen: nothing nearer is coming from there).
   */
  nearest(
    revision: number,
    query: FrameQuery,
    direction: 1 | -1,
    steps: number,
    stopKey: string,
  ): { query: FrameQuery; bitmap: ImageBitmap } | null {
    for (let step = 1; step <= steps; step += 1) {
      const earlier = { ...query, frame: query.frame + direction * step };
      if (frameKey(revision, earlier) === stopKey) return null;
      const bitmap = this.get(revision, earlier);
      if (bitmap) return { query: earlier, bitmap };
    }
    return null;
  }

  /** Fetches the frame unless it is cached or on its way; `first` puts it before the others. */
  request(revision: number, query: FrameQuery, first = false): Promise<ImageBitmap | null> {
    const key = frameKey(revision, query);
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const existing = this.pending.get(key);
    if (existing) {
      if (first && !existing.started)
        this.queue = [existing, ...this.queue.filter((p) => p !== existing)];
      return existing.promise;
    }
    let resolve: (value: ImageBitmap | null) => void = () => {};
    const promise = new Promise<ImageBitmap | null>((done) => (resolve = done));
    const entry: Pending = {
      query,
      revision,
      key,
      started: false,
      controller: new AbortController(),
      promise,
      resolve,
    };
    this.pending.set(key, entry);
    if (first) this.queue.unshift(entry);
    else this.queue.push(entry);
    this.pump();
    return promise;
  }

  /**
   * What playback needs next, in order: these are queued, and queued frames it no longer needs
   * are dropped before they are fetched (a seek, a new speed).
   */
  plan(revision: number, queries: readonly FrameQuery[]): void {
    const wanted = new Set(queries.map((query) => frameKey(revision, query)));
    for (const entry of this.queue) {
      if (!wanted.has(entry.key)) {
        this.pending.delete(entry.key);
        entry.resolve(null);
      }
    }
    this.queue = this.queue.filter((entry) => wanted.has(entry.key));
    for (const query of queries) void this.request(revision, query);
  }

  /** Frames of other revisions go (the one on screen stays until its successor is shown). */
  keepRevision(revision: number): void {
    this.cache.prune((key) => key.startsWith(`${revision}|`));
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private abortAll(): void {
    for (const entry of this.pending.values()) {
      entry.controller.abort();
      entry.resolve(null);
    }
    this.pending.clear();
    this.queue = [];
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.queue.length > 0) {
      const entry = this.queue.shift()!;
      entry.started = true;
      this.running += 1;
      void this.fetch(entry).finally(() => {
        this.running -= 1;
        if (this.pending.get(entry.key) === entry) this.pending.delete(entry.key);
        this.pump();
      });
    }
  }

  private async fetch(entry: Pending): Promise<void> {
    const { query } = entry;
    const size = this.size;
    try {
      const { data, error, response } = await api.GET('/projects/{projectId}/preview-frame', {
        params: {
          path: { projectId: this.projectId },
          query: {
            at_seconds: Math.round((query.frame / this.fps) * 1000) / 1000,
            ...(query.layers ? { layers: [...query.layers] } : {}),
            ...(query.excludeTypes.length ? { exclude_types: [...query.excludeTypes] } : {}),
            ...(query.excludeItemIds.length ? { exclude_item_ids: [...query.excludeItemIds] } : {}),
            ...(query.onlyItemIds ? { only_item_ids: [...query.onlyItemIds] } : {}),
          },
        },
        parseAs: 'blob',
        signal: entry.controller.signal,
      });
      if (!response.ok || !(data instanceof Blob)) throw apiErrorFromResponse(response, error);
      if (entry.controller.signal.aborted) return entry.resolve(null);
      const bitmap = await decode(data, size);
      // Aborted (no view left) or decoded at a size since left: not kept.
      if (entry.controller.signal.aborted || size !== this.size) {
        bitmap.close();
        entry.resolve(null);
        if (!entry.controller.signal.aborted) this.notify();
        return;
      }
      // Filed under the revision it shows (the service's, which may be newer than ours).
      const drawn = Number(response.headers.get('x-timeline-revision') ?? entry.revision);
      const revision = Number.isFinite(drawn) ? drawn : entry.revision;
      this.cache.set(frameKey(revision, query), bitmap);
      this.error = null;
      entry.resolve(revision === entry.revision ? bitmap : null);
      this.notify();
    } catch (error) {
      if (!entry.controller.signal.aborted) {
        this.error = error;
        this.notify();
      }
      entry.resolve(null);
    }
  }
}

const frameSets = new Map<string, PreviewFrames>();

/** The tab's frames of `projectId` (one set per project, made on first use). */
export function previewFramesFor(projectId: string): PreviewFrames {
  let frames = frameSets.get(projectId);
  if (!frames) {
    frames = new PreviewFrames(projectId);
    frameSets.set(projectId, frames);
  }
  return frames;
}
