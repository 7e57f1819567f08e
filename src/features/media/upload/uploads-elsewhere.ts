import type { LocksLike } from '@/lib/web-locks.ts';

const lockOf = (fingerprint: string) => `cutroom.upload:${fingerprint}`;

/**
 * The unfinished uploads the browser's other tabs are sending now. The resume store is one
 * storage entry for every tab, so without this a tab would list another tab's upload in progress
 * as unfinished, and choosing its file would send the same parts a second time. A tab holds an
 * upload's Web Lock (`cutroom.upload:<fingerprint>`) while the upload is open in it (sending,
 * paused or stopped); other tabs see the lock held, and wait in line for it to learn when that
 * tab lets go (finished, cancelled, or closed: then the upload is theirs to resume).
 */
export class UploadsElsewhere {
  private readonly elsewhere = new Set<string>();
  private readonly watching = new Map<string, AbortController>();
  private readonly held = new Map<string, () => void>();

  constructor(
    private readonly locks: LocksLike | undefined,
    private readonly onChange: () => void,
  ) {}

  /** True while another tab holds the upload. */
  has(fingerprint: string): boolean {
    return this.elsewhere.has(fingerprint);
  }

  /** Takes the upload for this tab: false when another tab has it. */
  hold(fingerprint: string): Promise<boolean> {
    const { locks } = this;
    if (!locks || this.held.has(fingerprint)) return Promise.resolve(true);
    return new Promise((resolve) => {
      locks
        .request(lockOf(fingerprint), { ifAvailable: true }, (lock) => {
          if (!lock) {
            this.watch(fingerprint);
            resolve(false);
            return undefined;
          }
          resolve(true);
          return new Promise<void>((release) => this.held.set(fingerprint, release));
        })
        .catch(() => resolve(true));
    });
  }

  /** Lets the upload go (finished or cancelled here). */
  release(fingerprint: string): void {
    this.held.get(fingerprint)?.();
    this.held.delete(fingerprint);
  }

  /** Finds which of these uploads another tab holds now (asking takes no lock). */
  async check(fingerprints: readonly string[]): Promise<void> {
    const { locks } = this;
    if (!locks) return;
    const snapshot = await locks.query().catch(() => ({ held: [] }));
    const held = new Set((snapshot.held ?? []).map((lock) => lock.name));
    for (const fingerprint of fingerprints) {
      if (!this.held.has(fingerprint) && held.has(lockOf(fingerprint))) this.watch(fingerprint);
    }
  }

  /** Lets go of everything (the page's manager is replaced). */
  dispose(): void {
    for (const line of this.watching.values()) line.abort();
    this.watching.clear();
    for (const fingerprint of [...this.held.keys()]) this.release(fingerprint);
  }

  private watch(fingerprint: string): void {
    const { locks } = this;
    if (!locks || this.watching.has(fingerprint)) return;
    const line = new AbortController();
    this.watching.set(fingerprint, line);
    this.elsewhere.add(fingerprint);
    this.onChange();
    locks
      .request(lockOf(fingerprint), { signal: line.signal }, () => {
        // Granted: the other tab let go. Given back at once.
        this.watching.delete(fingerprint);
        this.elsewhere.delete(fingerprint);
        this.onChange();
      })
      .catch(() => undefined);
  }
}
