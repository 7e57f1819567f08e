/**
 * The service's rendered frames (the contract's assumed `preview-frame`), fetched and decoded for
 * every view of a project that shows the frame at the playhead (the timeline's preview, the
 * caption styler's): one set per project in the tab (`previewFramesFor`), so a frame fetched on
 * one page is there on the other. A few are fetched at a time, each once however often it is
 * asked for, and kept in a byte-bounded cache per timeline revision (the revision the service drew
 * it from, from its answer). Frames that playback no longer needs are dropped from the queue
 * before they are fetched.
 *
 * While playing (`follow`), frames are asked for ahead of the sound clock by as long as one takes
 * to come (measured), those whose moment will have passed before they could come are not asked
 * for, and those under way that a seek or a new speed has left far behind are cancelled (with
 * their decoding); paused, the first frames of playback are fetched once the playhead rests
 * (`preroll`), so Play starts in step. When the measured latency says the frames cannot keep
 * up, playback asks for fewer a second (30, 15, 10) rather than fall behind. The picture is the
 * frame already here nearest the moment heard.
 *
 * Frames are decoded at a size of a few steps (`decodeSizeFor`), not at the view's exact size:
 * dragging a split scales the frames already here instead of fetching them again on every step;
 * once the view has rested at a new step, they are fetched and decoded again at it. They are
 * asked for as SVG first (`FRAME_FORMATS`), JPEG or PNG at that height otherwise (decoded off the
 * main thread); an SVG is parsed and drawn on it.
 * While a pointer is held (a drag: a studio's split, a timeline item), the preroll's frames wait
 * for its release (and the idle moment after it), neither fetched nor decoded: nothing shows them
 * before Play. What is shown, and playback's frames, go at once.
 */
import { api } from '@/api/client.ts';
import { followPointers, pointerHeld } from '@/lib/pointer-held.ts';
import { apiErrorFromResponse } from '@/api/api-error.ts';
import { bytesOf, FrameCache } from './frame-cache.ts';
import {
  afterRelease,
  decode,
  decodeSizeFor,
  FRAME_FORMATS,
  type FrameSize,
  rasterHeight,
  released,
} from './frame-decode.ts';
import {
  frameIndex,
  nearestFrame,
  PLAYBACK_FRAME_RATES,
  PACE_WINDOW,
  paceLatency,
  playbackFrameRate,
  prefetchFrames,
} from './frame-plan.ts';
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

/** The frame under text and captions, as both editors draw it (they paint those themselves). */
export const UNDER_TEXT: Omit<FrameQuery, 'frame'> = {
  layers: null,
  excludeTypes: ['text', 'caption'],
  excludeItemIds: [],
  onlyItemIds: null,
};

/**
 * Fetches at a time. Four: the service answers in milliseconds and the rest of a fetch's time is
 * the page decoding (measured), so a fourth keeps 15 frames a second where three fell to 10; with
 * the sound's two and the live events' stream that is the browser's six connections to a host
 * over HTTP/1.1 but when both sound chunks are on their way (waveforms ask at low priority).
 */
const CONCURRENCY = 4;
/** A frame under way this far (playback seconds) past playback's window is cancelled. */
const STALE_SECONDS = 0.5;

/** How far ahead (wall time) playback fetches, at least. */
const AHEAD_SECONDS = 1.5;
/** Frames the cache keeps beside playback's window (the one on screen, those just passed). */
const KEPT_BEHIND_FRAMES = 4;
/** How many frames either side of the moment a missing frame is stood in for by one here. */
const REACH_FRAMES = 45;
/** Playback asks for frames this many latencies ahead (a fetch's time varies). */
const LEAD_LATENCIES = 1.5;
/** Never further ahead than this: a frame so slow is better shown late than never asked for. */
const MAX_LEAD_SECONDS = 2;
/** The latency assumed before any frame has come. */
const FIRST_LATENCY_MS = 120;
/** The weight of the newest fetch in the measured latency. */
const LATENCY_WEIGHT = 0.2;
/** A paused playhead resting this long has the first frames of playback from it fetched. */
const PREROLL_REST_MS = 300;
/** Playback's frame rate changes at most this often (a new rate's load takes time to show). */
const PACE_DWELL_MS = 1500;

/** The default budget: about 60 frames at the preview's size on a 2× screen. */
export const FRAME_BUDGET_BYTES = 96 * 1024 * 1024;

/** A view resting this long at a new step has its frames decoded again at it. */
const RESIZE_REST_MS = 250;
/** With no view left, the decoded frames are kept this long (back to the other editor). */
const KEEP_UNUSED_MS = 60_000;

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

/** What the frames did, for the benchmark's report. */
export interface FrameFigures {
  fetched: number;
  /** Under way when playback left them behind: cancelled. */
  cancelled: number;
  /** Measured from asking to a decoded picture (moving average), ms. */
  latencyMs: number | null;
  /** Frames a second playback asks for now. */
  perSecond: number;
  /** Each change of playback's frame rate: when (performance.now()) and to what. */
  paces: Array<{ at: number; perSecond: number }>;
}

interface Pending {
  query: FrameQuery;
  revision: number;
  key: string;
  started: boolean;
  /** Counts in `running` (a preroll frame waiting for a drag's release gives its slot up). */
  holdsSlot: boolean;
  controller: AbortController;
  promise: Promise<ImageBitmap | null>;
  resolve(value: ImageBitmap | null): void;
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
  private perSecond: number = PLAYBACK_FRAME_RATES[0];
  private paceChangedAt = -Infinity;
  private readonly recent: number[] = [];
  private prerollTimer: ReturnType<typeof setTimeout> | null = null;
  /** The frames the last preroll asked for (dropped unfetched when the playhead moves on). */
  private prerolled: Pending[] = [];
  /** The queue is pumped again once the pointer held now is released (see `nextToStart`). */
  private pumpOnRelease = false;
  private readonly stats: FrameFigures = {
    fetched: 0,
    cancelled: 0,
    latencyMs: null,
    perSecond: PLAYBACK_FRAME_RATES[0],
    paces: [],
  };

  constructor(
    private readonly projectId: string,
    private readonly budget = FRAME_BUDGET_BYTES,
  ) {
    this.cache = new FrameCache(budget);
    followPointers();
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
   * changes; once it rests at another step they are fetched again at it.
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
    const promise = this.enqueue(revision, query, first);
    this.pump();
    return promise;
  }

  /** `request` without starting anything (the caller pumps the queue). */
  private enqueue(
    revision: number,
    query: FrameQuery,
    first: boolean,
  ): Promise<ImageBitmap | null> {
    const key = frameKey(revision, query);
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const existing = this.pending.get(key);
    if (existing) {
      // Asked for first, it is no longer the preroll's to drop.
      if (first) this.prerolled = this.prerolled.filter((entry) => entry !== existing);
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
      holdsSlot: false,
      controller: new AbortController(),
      promise,
      resolve,
    };
    this.pending.set(key, entry);
    if (first) this.queue.unshift(entry);
    else this.queue.push(entry);
    return promise;
  }

  /**
   * What playback needs next, in order: these are queued, and queued frames it no longer needs
   * are dropped before they are fetched (a seek, a new speed); those under way that `keep`
   * refuses are cancelled.
   */
  plan(
    revision: number,
    queries: readonly FrameQuery[],
    keep: (revision: number, query: FrameQuery) => boolean = () => true,
  ): void {
    const wanted = new Set(queries.map((query) => frameKey(revision, query)));
    for (const entry of [...this.pending.values()]) {
      if (!entry.started || wanted.has(entry.key) || keep(entry.revision, entry.query)) continue;
      entry.controller.abort();
      this.pending.delete(entry.key);
      entry.resolve(null);
      this.stats.cancelled += 1;
    }
    for (const entry of this.queue) {
      if (!wanted.has(entry.key)) {
        this.pending.delete(entry.key);
        entry.resolve(null);
      }
    }
    this.queue = this.queue.filter((entry) => wanted.has(entry.key));
    for (const query of queries) void this.request(revision, query);
  }

  /**
   * While playing at `rate`, the frame to show at `time` (the one here nearest it), after asking
   * for the frames ahead that can still come in time and cancelling those playback has left.
   */
  follow(
    revision: number,
    base: Omit<FrameQuery, 'frame'>,
    at: { time: number; rate: number; duration: number },
  ): { query: FrameQuery; bitmap: ImageBitmap } | null {
    const { time, rate, duration } = at;
    const fps = this.fps;
    // What the preroll asked for is playback's now: `plan` keeps what it still needs.
    if (this.prerollTimer) clearTimeout(this.prerollTimer);
    this.prerollTimer = null;
    this.prerolled = [];
    const perSecond = this.pace();
    const lead = this.lead();
    // No more ahead than the cache holds beside the frames around the moment: else the first
    // of them would be dropped for the last before they are shown.
    const room = Math.floor(this.budget / bytesOf(this.size)) - KEPT_BEHIND_FRAMES;
    const ahead = prefetchFrames({
      time,
      rate,
      fps,
      duration,
      windowSeconds: Math.max(AHEAD_SECONDS, lead + 0.5),
      perSecond,
      leadSeconds: lead,
    }).slice(0, Math.max(1, room));
    // Under way and still of use: a late frame within reach of the moment may yet be the
    // nearest one here (else the picture stays older still), and cancelling a request under way
    // closes its connection (HTTP/1.1), which the next request then waits to open again; only
    // those a seek or a new speed has left far away go.
    const filter = filterKey(base);
    const direction = rate < 0 ? -1 : 1;
    const slack = Math.ceil(STALE_SECONDS * Math.max(1, Math.abs(rate)) * fps);
    const behind = frameIndex(time, fps) - direction * REACH_FRAMES;
    const end = (ahead.at(-1) ?? frameIndex(time, fps)) + direction * slack;
    const low = Math.min(behind, end);
    const high = Math.max(behind, end);
    this.plan(
      revision,
      ahead.map((frame) => ({ ...base, frame })),
      (entryRevision, query) =>
        entryRevision !== revision ||
        filterKey(query) !== filter ||
        (query.frame >= low && query.frame <= high),
    );
    const index = nearestFrame(
      time,
      fps,
      (frame) => this.cache.has(frameKey(revision, { ...base, frame })),
      REACH_FRAMES,
    );
    if (index === null) return null;
    const query = { ...base, frame: index };
    const bitmap = this.cache.get(frameKey(revision, query));
    return bitmap ? { query, bitmap } : null;
  }

  /**
   * Paused on the frame at `time`: once the playhead rests there, the frames playback shows
   * before `follow` can have its own here (the lead's worth) are fetched, behind anything asked
   * for first, so Play starts in step with the sound instead of a fetch's time behind it.
   */
  preroll(
    revision: number,
    base: Omit<FrameQuery, 'frame'>,
    at: { time: number; duration: number },
  ): void {
    this.cancelPreroll();
    this.prerollTimer = setTimeout(() => {
      this.prerollTimer = null;
      if (this.listeners.size === 0) return;
      const lead = this.lead();
      const frames = prefetchFrames({
        time: at.time,
        rate: 1,
        fps: this.fps,
        duration: at.duration,
        windowSeconds: lead,
        perSecond: this.perSecond,
      });
      // Marked as the preroll's before any starts (a held pointer holds them back).
      for (const frame of frames.slice(1)) {
        const query = { ...base, frame };
        void this.enqueue(revision, query, false);
        const entry = this.pending.get(frameKey(revision, query));
        if (entry) this.prerolled.push(entry);
      }
      this.pump();
    }, PREROLL_REST_MS);
  }

  private cancelPreroll(): void {
    if (this.prerollTimer) clearTimeout(this.prerollTimer);
    this.prerollTimer = null;
    const dropped = new Set(this.prerolled.filter((entry) => !entry.started));
    this.prerolled = [];
    if (dropped.size === 0) return;
    this.queue = this.queue.filter((entry) => !dropped.has(entry));
    for (const entry of dropped) {
      if (this.pending.get(entry.key) === entry) this.pending.delete(entry.key);
      entry.resolve(null);
    }
  }

  /** How far ahead of the moment heard playback asks for frames: a fetch's time and some. */
  private lead(): number {
    return Math.min(
      MAX_LEAD_SECONDS,
      ((this.stats.latencyMs ?? FIRST_LATENCY_MS) * LEAD_LATENCIES) / 1000,
    );
  }

  /** Frames a second playback asks for: from the measured latency, changed at most so often. */
  private pace(): number {
    const now = performance.now();
    if (now - this.paceChangedAt < PACE_DWELL_MS) return this.perSecond;
    const next = playbackFrameRate({
      latencyMs: paceLatency(this.recent),
      slots: CONCURRENCY,
      current: this.perSecond,
    });
    if (next !== this.perSecond) {
      this.perSecond = next;
      this.paceChangedAt = now;
      this.stats.perSecond = next;
      this.stats.paces.push({ at: now, perSecond: next });
      if (this.stats.paces.length > 64) this.stats.paces.shift();
    }
    return next;
  }

  /** What the frames did (fetches, cancellations, latency, playback's frame rate). */
  figures(): FrameFigures {
    return { ...this.stats, paces: [...this.stats.paces] };
  }

  /** Frames of other revisions go (the one on screen stays until its successor is shown). */
  keepRevision(revision: number): void {
    this.cache.prune((key) => key.startsWith(`${revision}|`));
  }

  private noteLatency(ms: number): void {
    const last = this.stats.latencyMs;
    this.stats.latencyMs = last === null ? ms : last + (ms - last) * LATENCY_WEIGHT;
    if (this.recent.push(ms) > PACE_WINDOW) this.recent.shift();
    this.stats.fetched += 1;
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private abortAll(): void {
    if (this.prerollTimer) clearTimeout(this.prerollTimer);
    this.prerollTimer = null;
    this.prerolled = [];
    for (const entry of this.pending.values()) {
      entry.controller.abort();
      entry.resolve(null);
    }
    this.pending.clear();
    this.queue = [];
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.queue.length > 0) {
      const at = this.nextToStart();
      if (at < 0) return;
      const [entry] = this.queue.splice(at, 1) as [Pending];
      entry.started = true;
      entry.holdsSlot = true;
      this.running += 1;
      void this.fetch(entry).finally(() => {
        if (entry.holdsSlot) this.running -= 1;
        entry.holdsSlot = false;
        if (this.pending.get(entry.key) === entry) this.pending.delete(entry.key);
        this.pump();
      });
    }
  }

  /**
   * Where in the queue the next fetch to start is (-1: none now). While a pointer is held the
   * preroll's frames are passed over, and the queue is pumped again after the release.
   */
  private nextToStart(): number {
    if (!pointerHeld()) return 0;
    const at = this.queue.findIndex((entry) => !this.prerolled.includes(entry));
    if (at < 0 && !this.pumpOnRelease) {
      this.pumpOnRelease = true;
      afterRelease(() => {
        this.pumpOnRelease = false;
        this.pump();
      });
    }
    return at;
  }

  private async fetch(entry: Pending): Promise<void> {
    const { query } = entry;
    const size = this.size;
    const startedAt = performance.now();
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
            height: rasterHeight(size),
          },
        },
        headers: { accept: FRAME_FORMATS },
        parseAs: 'blob',
        signal: entry.controller.signal,
      });
      if (!response.ok || !(data instanceof Blob)) throw apiErrorFromResponse(response, error);
      if (entry.controller.signal.aborted) return entry.resolve(null);
      // A preroll frame that came during a drag is decoded after it, its slot free meanwhile.
      if (pointerHeld() && this.prerolled.includes(entry)) {
        entry.holdsSlot = false;
        this.running -= 1;
        this.pump();
        await released(entry.controller.signal);
      }
      if (entry.controller.signal.aborted) return entry.resolve(null);
      const bitmap = await decode(data, size, entry.controller.signal);
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
      this.noteLatency(performance.now() - startedAt);
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
