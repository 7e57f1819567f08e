import type { QueryClient } from '@tanstack/react-query';
import { waveformChunkQueryOptions } from '../api/waveform-queries.ts';
import type { PeakChunk, WaveformResolution } from '../model/waveform-peaks.ts';
import type { WaveformSource } from './waveform-drawing.ts';

/** The key a chunk's arrival is told by (and a drawing that missed it waits for). */
export const waveformKey = (assetId: string, resolution: number, index: number): string =>
  `waveform|${assetId}|${resolution}|${index}`;

/** Chunks asked for at once: the rest wait (the BFF limits a session's rate of requests). */
const CONCURRENT = 2;
/** Chunks waiting at most; the oldest asked for are dropped (scrolled away; asked again if seen). */
const QUEUE_LIMIT = 64;
/** A chunk that failed is asked for again after this long (a drawing asks for it every frame). */
const RETRY_AFTER_MS = 30_000;

/**
 * The timeline band's waveform peaks: read from React Query's cache (one query per chunk,
 * waveformChunkQueryOptions), fetched when a tile draws an item whose chunk is missing, the most
 * recently asked for first, a few at a time; each arrival is told (its `waveformKey`).
 */
export class WaveformCache implements WaveformSource {
  private readonly queryClient: QueryClient;
  private readonly onLoad: (key: string) => void;
  private readonly waiting = new Map<string, { fetch: () => Promise<unknown>; key: string }>();
  private readonly failedAt = new Map<string, number>();
  private readonly inFlight = new Set<string>();

  /** `onLoad` hears each chunk that arrives, by its `waveformKey`. */
  constructor(queryClient: QueryClient, onLoad: (key: string) => void) {
    this.queryClient = queryClient;
    this.onLoad = onLoad;
  }

  chunk(assetId: string, resolution: WaveformResolution, index: number): PeakChunk | undefined {
    const options = waveformChunkQueryOptions(assetId, resolution, index);
    const data = this.queryClient.getQueryData(options.queryKey);
    if (data) return data;
    const key = options.queryKey.join('|');
    if (this.inFlight.has(key)) return undefined;
    const failed = this.failedAt.get(key);
    if (failed !== undefined && Date.now() - failed < RETRY_AFTER_MS) return undefined;
    // Asked again: it moves to the front of the queue.
    this.waiting.delete(key);
    this.waiting.set(key, {
      fetch: () => this.queryClient.fetchQuery(options),
      key: waveformKey(assetId, resolution, index),
    });
    if (this.waiting.size > QUEUE_LIMIT) {
      const oldest = this.waiting.keys().next().value;
      if (oldest !== undefined) this.waiting.delete(oldest);
    }
    this.pump();
    return undefined;
  }

  /** Chunks asked for and not arrived yet (the test hooks wait for none). */
  loading(): number {
    return this.inFlight.size + this.waiting.size;
  }

  private pump(): void {
    while (this.inFlight.size < CONCURRENT && this.waiting.size > 0) {
      const key = [...this.waiting.keys()].at(-1)!;
      const { fetch, key: loaded } = this.waiting.get(key)!;
      this.waiting.delete(key);
      this.inFlight.add(key);
      fetch()
        .then(
          () => {
            this.failedAt.delete(key);
            this.onLoad(loaded);
          },
          () => this.failedAt.set(key, Date.now()),
        )
        .finally(() => {
          this.inFlight.delete(key);
          this.pump();
        });
    }
  }
}
