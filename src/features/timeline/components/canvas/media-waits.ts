/**
 * Which of the band's tiles wait for which thumbnail or waveform chunk: a tile drawn while one of
 * its media was still loading is noted against it, and the media's arrival names the tiles to draw
 * again. An arrival draws only those tiles, not the whole band: while a project opens or playback
 * moves to a new page, chunks arrive several times a second, and drawing every tile in view for
 * each made frames of 10 ms and more.
 */
export class MediaWaits {
  private readonly waits = new Map<string, Set<number>>();
  /** The tile being drawn (null: a drawing for no tile of the band, e.g. one drawn ahead). */
  private drawing: number | null = null;

  /** Runs `draw` as tile `index`'s drawing: the media it finds missing are noted against it. */
  during<T>(index: number, draw: () => T): T {
    this.drawing = index;
    try {
      return draw();
    } finally {
      this.drawing = null;
    }
  }

  /** The drawing under way found `key` missing. */
  missing(key: string): void {
    if (this.drawing === null) return;
    const tiles = this.waits.get(key);
    if (tiles) tiles.add(this.drawing);
    else this.waits.set(key, new Set([this.drawing]));
  }

  /** `key` arrived: the tiles that waited for it (forgotten here). */
  arrived(key: string): ReadonlySet<number> {
    const tiles = this.waits.get(key) ?? new Set<number>();
    this.waits.delete(key);
    return tiles;
  }

  /** Every wait forgotten (the band leaves the page). */
  clear(): void {
    this.waits.clear();
  }
}
