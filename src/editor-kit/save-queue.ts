/**
 * # Sending an outbox: saves that know what they already saved
 *
 * An outbox keeps a person's changes in order until the service confirms them (`outbox.ts`). This
 * module decides what is sent next and with which revisions. It knows a change only through
 * `ChangeTraits` (the keys it writes, how two changes become one, how its revisions are
 * rewritten), so it serves any document whose parts carry a revision (`expected_revision`).
 *
 * - **One request at a time per group of keys** (a word's id, the caption style): a change waits
 *   while a save of any of its keys is in flight, and never overtakes an earlier change of the
 *   same keys that waits.
 * - **Coalescing**: changes of the same keys that waited while a save was in flight go out as one
 *   request (`nextBatch`); each stays its own entry (its own undo step).
 * - **Own revisions** (`OwnRevisions`): each answer records that a key moved from the revision
 *   sent to the revision answered, by this browser. When a request goes out, a change read at an
 *   older revision is sent at the newest revision this browser itself produced from it
 *   (`restamp`), so a save never conflicts with this browser's own earlier save. A revision
 *   someone else produced is never skipped: that is a real conflict (409), reported as such.
 */

export type QueuedStatus = 'pending' | 'saving' | 'unsaved';

/** What the queue reads of an outbox entry. */
export interface QueuedEntry<Change> {
  id: string;
  /** pending: waiting its turn; saving: in flight; unsaved: held (failed, or from a last visit). */
  status: QueuedStatus;
  change: Change;
}

/** Reads a key's revision forward past this browser's own saves. */
export type LatestRevision = (key: string, revision: number) => number;

export interface ChangeTraits<Change> {
  /** The keys the change writes (e.g. `word:<id>`, `style`): its group. */
  keys(change: Change): readonly string[];
  /** One change doing `first`, then `second` (what it replaces comes from `first`). */
  merge(first: Change, second: Change): Change;
  /** The change with each revision read forward (the same object when none moves). */
  restamp(change: Change, latest: LatestRevision): Change;
}

export interface Batch<Change> {
  /** The entries sent together, in order. */
  ids: string[];
  /** Their changes as one. */
  change: Change;
}

const sameKeys = (a: ReadonlySet<string>, b: readonly string[]) =>
  a.size === b.length && b.every((key) => a.has(key));

/**
 * The next request: the first pending entry none of whose keys is in flight or held by an earlier
 * waiting entry, merged with every later pending entry of exactly the same keys that no entry left
 * out before it touches (so nothing is reordered across a change of the same keys). Null when
 * nothing can go now.
 */
export function nextBatch<Change>(
  entries: readonly QueuedEntry<Change>[],
  traits: ChangeTraits<Change>,
): Batch<Change> | null {
  const blocked = new Set<string>();
  for (const entry of entries)
    if (entry.status === 'saving') for (const key of traits.keys(entry.change)) blocked.add(key);
  let batch: { ids: string[]; change: Change; keys: ReadonlySet<string> } | null = null;
  for (const entry of entries) {
    if (entry.status === 'saving') continue;
    const keys = traits.keys(entry.change);
    const free = !keys.some((key) => blocked.has(key));
    if (batch === null) {
      if (entry.status === 'pending' && free) {
        batch = { ids: [entry.id], change: entry.change, keys: new Set(keys) };
        continue;
      }
    } else if (entry.status === 'pending' && free && sameKeys(batch.keys, keys)) {
      batch.ids.push(entry.id);
      batch.change = traits.merge(batch.change, entry.change);
      continue;
    }
    // Left out: whatever it touches keeps its place before later changes of the same keys.
    for (const key of keys) blocked.add(key);
  }
  return batch && { ids: batch.ids, change: batch.change };
}

/**
 * The revisions this browser's own saves moved each key through: `record(key, sent, answered)`
 * after each answer; `latest(key, revision)` follows them from a revision a change was read at.
 */
export class OwnRevisions {
  private readonly moves = new Map<string, Map<number, number>>();

  record(key: string, sent: number | undefined, answered: number | undefined): void {
    if (sent === undefined || answered === undefined || answered === sent) return;
    let moves = this.moves.get(key);
    if (!moves) {
      moves = new Map();
      this.moves.set(key, moves);
    }
    moves.set(sent, answered);
  }

  latest: LatestRevision = (key, revision) => {
    const moves = this.moves.get(key);
    if (!moves) return revision;
    let current = revision;
    // Revisions only rise: a chain ends (the guard is for a service that reuses numbers).
    for (let step = 0; step < 10_000; step += 1) {
      const next = moves.get(current);
      if (next === undefined || next <= current) return current;
      current = next;
    }
    return current;
  };
}

/** The entries not in flight with their revisions read forward (same array when none moves). */
export function restampEntries<Change, Entry extends QueuedEntry<Change>>(
  entries: readonly Entry[],
  traits: ChangeTraits<Change>,
  latest: LatestRevision,
): readonly Entry[] {
  let changed = false;
  const next = entries.map((entry) => {
    if (entry.status === 'saving') return entry;
    const change = traits.restamp(entry.change, latest);
    if (change === entry.change) return entry;
    changed = true;
    return { ...entry, change };
  });
  return changed ? next : entries;
}
