/**
 * The service's rendered frames (the contract's assumed `preview-frame`), fetched and decoded for
 * the preview: a few at a time, each once however often it is asked for, kept in a byte-bounded
 * cache per timeline revision (the revision the service drew it from, from its answer). Frames
 * that playback no longer needs are dropped from the queue before they are fetched.
 */
import { api } from '@/api/client.ts';
import { apiErrorFromResponse } from '@/api/api-error.ts';
import { FrameCache } from '../model/frame-cache.ts';
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

const CONCURRENCY = 4;

/** The default budget: about 60 frames at the preview's size on a 2× screen. */
export const FRAME_BUDGET_BYTES = 96 * 1024 * 1024;

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

/** An SVG (or PNG) answer as a bitmap at the preview's size. */
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
  private readonly pending = new Map<string, Pending>();
  private queue: Pending[] = [];
  private running = 0;
  private size: FrameSize = { width: 270, height: 480 };
  private disposed = false;
  /** The last error (shown under the preview until a frame arrives). */
  error: unknown = null;

  constructor(
    private readonly projectId: string,
    private readonly fps: () => number,
    private readonly onFrame: () => void,
    budget = FRAME_BUDGET_BYTES,
  ) {
    this.cache = new FrameCache(budget);
  }

  /** The bitmaps' size (the preview canvas's pixels): a new size drops what was decoded. */
  resize(size: FrameSize): void {
    if (size.width === this.size.width && size.height === this.size.height) return;
    this.size = size;
    this.cache.clear();
  }

  get(revision: number, query: FrameQuery): ImageBitmap | undefined {
    return this.cache.get(frameKey(revision, query));
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

  dispose(): void {
    this.disposed = true;
    for (const entry of this.pending.values()) {
      entry.controller.abort();
      entry.resolve(null);
    }
    this.pending.clear();
    this.queue = [];
    this.cache.clear();
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.queue.length > 0) {
      const entry = this.queue.shift()!;
      entry.started = true;
      this.running += 1;
      void this.fetch(entry).finally(() => {
        this.running -= 1;
        this.pending.delete(entry.key);
        if (!this.disposed) this.pump();
      });
    }
  }

  private async fetch(entry: Pending): Promise<void> {
    const { query } = entry;
    try {
      const { data, error, response } = await api.GET('/projects/{projectId}/preview-frame', {
        params: {
          path: { projectId: this.projectId },
          query: {
            at_seconds: Math.round((query.frame / this.fps()) * 1000) / 1000,
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
      const blob = data;
      if (this.disposed) return entry.resolve(null);
      const bitmap = await decode(blob, this.size);
      if (this.disposed) {
        bitmap.close();
        return entry.resolve(null);
      }
      // Filed under the revision it shows (the service's, which may be newer than ours).
      const drawn = Number(response.headers.get('x-timeline-revision') ?? entry.revision);
      const revision = Number.isFinite(drawn) ? drawn : entry.revision;
      this.cache.set(frameKey(revision, query), bitmap);
      this.error = null;
      entry.resolve(revision === entry.revision ? bitmap : null);
      this.onFrame();
    } catch (error) {
      if (!entry.controller.signal.aborted) {
        this.error = error;
        this.onFrame();
      }
      entry.resolve(null);
    }
  }
}
