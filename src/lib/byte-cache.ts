/**
 * A cache bounded by bytes, least recently used first out: what a view keeps decoded for playback
 * (the preview's frames, the preview's sound). A value dropped is released (a bitmap closed). A
 * pinned key (what is on screen or being heard) is never dropped while pinned.
 */
export interface ByteCacheOptions<V> {
  budgetBytes: number;
  bytesOf(value: V): number;
  /** Called once for every value that leaves the cache. */
  release?(value: V): void;
}

export class ByteCache<V> {
  // A Map iterates in insertion order: re-inserting on use keeps the oldest first.
  private readonly values = new Map<string, V>();
  private readonly pinned = new Set<string>();
  private used = 0;

  constructor(private readonly options: ByteCacheOptions<V>) {}

  get(key: string): V | undefined {
    const value = this.values.get(key);
    if (value !== undefined) {
      this.values.delete(key);
      this.values.set(key, value);
    }
    return value;
  }

  /** The value without marking it used. */
  peek(key: string): V | undefined {
    return this.values.get(key);
  }

  has(key: string): boolean {
    return this.values.has(key);
  }

  set(key: string, value: V): void {
    const old = this.values.get(key);
    if (old === value) return;
    if (old !== undefined) this.drop(key, old);
    this.values.set(key, value);
    this.used += this.options.bytesOf(value);
    this.evict();
  }

  /** Keeps `key` whatever the budget; the previous pin is released. */
  pin(key: string | null): void {
    this.pinned.clear();
    if (key !== null) this.pinned.add(key);
    this.evict();
  }

  /** Drops every value `keep` refuses (e.g. of an older revision), except the pinned one. */
  prune(keep: (key: string, value: V) => boolean): void {
    for (const [key, value] of [...this.values])
      if (!keep(key, value) && !this.pinned.has(key)) this.drop(key, value);
  }

  clear(): void {
    for (const [key, value] of [...this.values]) this.drop(key, value);
    this.pinned.clear();
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.values.size;
  }

  private evict(): void {
    if (this.used <= this.options.budgetBytes) return;
    for (const [key, value] of [...this.values]) {
      if (this.used <= this.options.budgetBytes) break;
      if (!this.pinned.has(key)) this.drop(key, value);
    }
  }

  private drop(key: string, value: V): void {
    this.values.delete(key);
    this.used -= this.options.bytesOf(value);
    this.options.release?.(value);
  }
}
