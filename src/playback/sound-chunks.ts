/**
 * The preview's sound, fetched: chunks of `GET /projects/{id}/preview-audio` (the service's mix of
 * the timeline at its revision) asked for in the order playback reaches them, two at a time, each
 * once however often it is asked for, decoded off the main thread, kept as audio buffers in a
 * cache bounded by bytes. A chunk is filed under the revision the service mixed it from (its
 * answer says), so a newer revision's chunk replaces it and an older one is never played for a
 * newer timeline. Chunks the plan no longer needs are dropped from the queue before they are
 * fetched; a failed chunk waits a little before it is asked for again.
 */
import { api } from '@/api/client.ts';
import { apiErrorFromResponse } from '@/api/api-error.ts';
import { withRetries } from '@/api/retry-policy.ts';
import { ByteCache } from '@/lib/byte-cache.ts';
import { PEAK_BLOCK_SECONDS, type PeakTrack } from './peak-meter.ts';
import { CHUNK_SECONDS, chunkKey, chunkStart } from './sound-plan.ts';
import type { SoundDecoder } from './sound-decoder.ts';

/** What a mix is: the timeline's revision (null: whatever the service has) and its layers. */
export interface MixSpec {
  revision: number | null;
  /** The layers playing (mute and solo applied), or null for all of them. */
  layers: readonly number[] | null;
  /** `layersKey(layers)`. */
  layersKey: string;
}

export interface SoundChunk extends PeakTrack {
  index: number;
  revision: number;
  layersKey: string;
  buffer: AudioBuffer;
}

/** About 2 minutes of sound at 48 kHz (4 bytes a sample). */
export const SOUND_BUDGET_BYTES = 24 * 1024 * 1024;

const CONCURRENCY = 2;
const FAILED_WAIT_MS = 3000;

interface Pending {
  key: string;
  index: number;
  mix: MixSpec;
  started: boolean;
  controller: AbortController;
}

export class SoundChunks {
  readonly cache = new ByteCache<SoundChunk>({
    budgetBytes: SOUND_BUDGET_BYTES,
    bytesOf: (chunk) =>
      chunk.buffer.length * chunk.buffer.numberOfChannels * 4 + chunk.peaks.byteLength,
  });
  private readonly pending = new Map<string, Pending>();
  private queue: Pending[] = [];
  private running = 0;
  private readonly failedAt = new Map<string, number>();
  private disposed = false;
  /** Chunks fetched, and how many failed (the engine's figures). */
  readonly counts = { fetched: 0, failed: 0, bytes: 0 };

  constructor(
    private readonly projectId: string,
    private readonly decoder: SoundDecoder,
    private readonly onChunk: (chunk: SoundChunk) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The chunk of `mix` at `index`, if it is here (of the mix's revision or a newer one). */
  get(mix: MixSpec, index: number): SoundChunk | undefined {
    const chunk = this.cache.get(chunkKey(mix.layersKey, index));
    return chunk && (mix.revision === null || chunk.revision >= mix.revision) ? chunk : undefined;
  }

  /** Whether the chunk failed a moment ago (the gap is silent; it is asked for again later). */
  failedRecently(mix: MixSpec, index: number, now = Date.now()): boolean {
    const at = this.failedAt.get(chunkKey(mix.layersKey, index));
    return at !== undefined && now - at < FAILED_WAIT_MS;
  }

  /**
   * What playback needs, in order: queued unless here or on the way; queued chunks it no longer
   * needs are dropped before they are fetched (a seek, an edit).
   */
  plan(mix: MixSpec, indexes: readonly number[]): void {
    const wanted = new Set(indexes.map((index) => chunkKey(mix.layersKey, index)));
    const dropped = this.queue.filter((entry) => !wanted.has(entry.key) || entry.mix !== mix);
    for (const entry of dropped) this.pending.delete(entry.key);
    this.queue = this.queue.filter((entry) => !dropped.includes(entry));
    const now = Date.now();
    for (const index of indexes) {
      const key = chunkKey(mix.layersKey, index);
      if (this.get(mix, index) || this.pending.has(key) || this.failedRecently(mix, index, now))
        continue;
      const entry: Pending = { key, index, mix, started: false, controller: new AbortController() };
      this.pending.set(key, entry);
      this.queue.push(entry);
    }
    this.pump();
  }

  /** Chunks of other layers, or older than `revision`, go (a new mix: an edit, mute or solo). */
  keep(mix: MixSpec): void {
    this.cache.prune(
      (_key, chunk) =>
        chunk.layersKey === mix.layersKey &&
        (mix.revision === null || chunk.revision >= mix.revision),
    );
    this.failedAt.clear();
  }

  dispose(): void {
    this.disposed = true;
    for (const entry of this.pending.values()) entry.controller.abort();
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
        if (this.pending.get(entry.key) === entry) this.pending.delete(entry.key);
        if (!this.disposed) this.pump();
      });
    }
  }

  private async fetch(entry: Pending): Promise<void> {
    const { mix, index } = entry;
    try {
      const { bytes, contentType, revision } = await withRetries(async () => {
        const { data, error, response } = await api.GET('/projects/{projectId}/preview-audio', {
          params: {
            path: { projectId: this.projectId },
            query: {
              start_seconds: chunkStart(index),
              duration_seconds: CHUNK_SECONDS,
              format: 'wav',
              ...(mix.layers ? { layers: [...mix.layers] } : {}),
            },
          },
          parseAs: 'arrayBuffer',
          signal: entry.controller.signal,
        });
        if (!response.ok || !(data instanceof ArrayBuffer))
          throw apiErrorFromResponse(response, error);
        const mixed = Number(response.headers.get('x-timeline-revision'));
        return {
          bytes: data,
          contentType: response.headers.get('content-type') ?? 'audio/wav',
          revision: Number.isFinite(mixed) ? mixed : (mix.revision ?? 0),
        };
      });
      if (this.disposed) return;
      this.counts.bytes += bytes.byteLength;
      const decoded = await this.decoder.decode(bytes, contentType);
      if (this.disposed) return;
      // An AudioBuffer needs no context: sound is fetched before the page may start one.
      const buffer = new AudioBuffer({
        numberOfChannels: 1,
        length: Math.max(1, decoded.samples.length),
        sampleRate: decoded.sampleRate,
      });
      buffer.copyToChannel(decoded.samples, 0);
      const chunk: SoundChunk = {
        index,
        revision,
        layersKey: mix.layersKey,
        buffer,
        start: chunkStart(index),
        blockSeconds: PEAK_BLOCK_SECONDS,
        peaks: decoded.peaks,
      };
      // Filed under what the service mixed (an older answer never replaces a newer chunk).
      const key = chunkKey(mix.layersKey, index);
      const here = this.cache.peek(key);
      if (!here || here.revision <= revision) this.cache.set(key, chunk);
      this.failedAt.delete(key);
      this.counts.fetched += 1;
      this.onChunk(chunk);
    } catch (error) {
      if (entry.controller.signal.aborted || this.disposed) return;
      this.failedAt.set(entry.key, Date.now());
      this.counts.failed += 1;
      this.onError(error);
    }
  }
}
