/**
 * Remembers event ids for a while (TTL) and up to a count (oldest forgotten first), so a
 * redelivered webhook is acknowledged but not delivered twice.
 */
export class SeenIds {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 24 * 60 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records `id`; false when it was already seen within the TTL. */
  add(id: string): boolean {
    const now = this.now();
    const seenAt = this.seen.get(id);
    if (seenAt !== undefined && now - seenAt < this.ttlMs) return false;
    this.seen.delete(id);
    this.seen.set(id, now);
    // Map keeps insertion order: the first entries are the oldest.
    for (const [oldId, at] of this.seen) {
      if (this.seen.size <= this.maxEntries && now - at < this.ttlMs) break;
      this.seen.delete(oldId);
    }
    return true;
  }

  has(id: string): boolean {
    const seenAt = this.seen.get(id);
    return seenAt !== undefined && this.now() - seenAt < this.ttlMs;
  }

  get size(): number {
    return this.seen.size;
  }
}
