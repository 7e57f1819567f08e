/**
 * Decoded preview frames kept for playback, bounded by bytes (width × height × 4 each): the least
 * recently used frame is closed and dropped when a new one would pass the budget. A frame that is
 * on screen is pinned (never dropped while pinned), so a missing next frame can always fall back
 * to the last one shown.
 */

/** What the cache needs of a frame (an ImageBitmap fits). */
export interface CachedFrame {
  readonly width: number;
  readonly height: number;
  close(): void;
}

export const bytesOf = (frame: Pick<CachedFrame, 'width' | 'height'>): number =>
  frame.width * frame.height * 4;

export class FrameCache<F extends CachedFrame = CachedFrame> {
  // A Map iterates in insertion order: re-inserting on use keeps the oldest first.
  private readonly frames = new Map<string, F>();
  private readonly pinned = new Set<string>();
  private used = 0;

  constructor(private readonly budgetBytes: number) {}

  get(key: string): F | undefined {
    const frame = this.frames.get(key);
    if (frame) {
      this.frames.delete(key);
      this.frames.set(key, frame);
    }
    return frame;
  }

  has(key: string): boolean {
    return this.frames.has(key);
  }

  set(key: string, frame: F): void {
    const old = this.frames.get(key);
    if (old === frame) return;
    if (old) this.drop(key, old);
    this.frames.set(key, frame);
    this.used += bytesOf(frame);
    this.evict();
  }

  /** Keeps `key` (the frame on screen) whatever the budget; the previous pin is released. */
  pin(key: string | null): void {
    this.pinned.clear();
    if (key !== null) this.pinned.add(key);
    this.evict();
  }

  /** Drops every frame `keep` refuses (e.g. frames of an older revision), except the pinned one. */
  prune(keep: (key: string) => boolean): void {
    for (const [key, frame] of [...this.frames])
      if (!keep(key) && !this.pinned.has(key)) this.drop(key, frame);
  }

  clear(): void {
    for (const [key, frame] of [...this.frames]) this.drop(key, frame);
    this.pinned.clear();
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.frames.size;
  }

  private evict(): void {
    if (this.used <= this.budgetBytes) return;
    for (const [key, frame] of [...this.frames]) {
      if (this.used <= this.budgetBytes) break;
      if (!this.pinned.has(key)) this.drop(key, frame);
    }
  }

  private drop(key: string, frame: F): void {
    this.frames.delete(key);
    this.used -= bytesOf(frame);
    frame.close();
  }
}
