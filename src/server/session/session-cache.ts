/**
 * The sessions this instance has opened recently, so that a request carrying a cookie seen before
 * skips its AES-GCM decryption and schema check. Keyed by the cookie's MAC (the GCM tag, its last
 * part: short to hash, and unique per sealed cookie); an entry also keeps the whole cookie, and
 * only that exact cookie finds it. Least recently used entries go first once `maxEntries` are
 * held. The cache never decides alone: the caller checks expiry and revocation on every hit.
 */
export interface CachedEntry<T> {
  cookie: string;
  value: T;
  /** The cache's insertion count when this entry was (re)inserted: its place in the order. */
  placed: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, CachedEntry<T>>();
  /** Insertions so far (new entries and moves to the recent end). */
  private placements = 0;

  constructor(private readonly maxEntries: number) {
    if (!(maxEntries >= 1)) throw new Error('A session cache holds at least one entry.');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value cached for exactly this cookie, marked as just used; undefined otherwise. */
  get(cookie: string): T | undefined {
    const mac = macOf(cookie);
    const entry = this.entries.get(mac);
    if (entry === undefined || entry.cookie !== cookie) return undefined;
    // Map keeps insertion order: re-inserting moves the entry to the most recently used end. An
    // entry among the most recent half is left where it is (a hit is then one look-up, not
    // three): at least half the cache would have to be inserted before it could be evicted, and
    // any use before that moves it again.
    if (this.placements - entry.placed >= this.maxEntries / 2) {
      this.entries.delete(mac);
      entry.placed = ++this.placements;
      this.entries.set(mac, entry);
    }
    return entry.value;
  }

  set(cookie: string, value: T): void {
    const mac = macOf(cookie);
    this.entries.delete(mac);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(mac, { cookie, value, placed: ++this.placements });
  }

  delete(cookie: string): void {
    const mac = macOf(cookie);
    if (this.entries.get(mac)?.cookie === cookie) this.entries.delete(mac);
  }
}

/** The last dot-separated part of a sealed cookie (its MAC), or the whole value when it has none. */
function macOf(cookie: string): string {
  const dot = cookie.lastIndexOf('.');
  return dot === -1 ? cookie : cookie.slice(dot + 1);
}
