/**
 * A page of the audit trail's operations, read along its time index: the matching entries
 * newest first (`time desc, id desc`), a batch at a time from a position (keyset), each
 * operation listed where its newest matching entry is, until the page is full. Nothing
 * aggregates the whole trail: a page reads about as many entries as it lists (more when an
 * offset is walked or an operation has many entries), and the total is counted only up to
 * `COUNT_CAP` entries. Where the entries come from is the store's (SQL, or memory in tests).
 */
import type { AuditPage } from '../../api/bff-schema.gen.ts';

/** An entry's place in the trail: newest first by time, then id. */
export interface AuditPosition {
  time: string;
  id: string;
}

/** What the walk reads of an entry. */
export interface AuditEntryKey extends AuditPosition {
  /** The operation it is listed under: its operation id, else its own id. */
  groupKey: string;
  /** Whether it carries an operation id (only those can share an operation). */
  grouped: boolean;
}

/** Where a page ends, for the next one to start after (`bounds.next_cursor`). */
export interface AuditCursor {
  position: AuditPosition;
  /** The next page's offset from the newest operation (what `bounds.offset` says). */
  offset: number;
}

export interface AuditEntrySource {
  /** Up to `limit` matching entries after `after` (exclusive), newest first. */
  after(after: AuditPosition | undefined, limit: number): Promise<AuditEntryKey[]>;
  /** Of these operations, those with a matching entry at or before `position` (newer). */
  listedBefore(groupKeys: readonly string[], position: AuditPosition): Promise<Set<string>>;
  /** How many of the newest `limit` matching entries there are, and the operations they make. */
  count(limit: number): Promise<{ entries: number; operations: number }>;
}

/** Entries counted for `bounds.total` at most; past them the total is a lower bound. */
export const COUNT_CAP = 1_000;

const BATCH_MIN = 50;
const BATCH_MAX = 1_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(
    JSON.stringify({ t: cursor.position.time, i: cursor.position.id, o: cursor.offset }),
  ).toString('base64url');
}

/** The cursor a page gave, or undefined when `text` is not one. */
export function decodeCursor(text: string): AuditCursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { t, i, o } = value as { t?: unknown; i?: unknown; o?: unknown };
    if (typeof t !== 'string' || Number.isNaN(Date.parse(t))) return undefined;
    if (typeof i !== 'string' || !UUID.test(i)) return undefined;
    if (typeof o !== 'number' || !Number.isSafeInteger(o) || o < 0) return undefined;
    return { position: { time: new Date(t).toISOString(), id: i.toLowerCase() }, offset: o };
  } catch {
    return undefined;
  }
}

export interface OperationsWalk {
  /** The page's operations (their group keys), newest first. */
  keys: string[];
  bounds: AuditPage['bounds'];
}

/**
 * The operations of one page: `offset` of them skipped from the newest (or none after `cursor`),
 * then `limit`, and whether more follow; the total counted when more do.
 */
export async function walkOperations(
  source: AuditEntrySource,
  page: { limit: number; offset: number; cursor?: AuditCursor | undefined },
): Promise<OperationsWalk> {
  const { limit, cursor } = page;
  const start = cursor ? cursor.offset : page.offset;
  let skip = cursor ? 0 : page.offset;
  const seen = new Set<string>();
  const found: AuditEntryKey[] = [];
  let after = cursor?.position;
  let batch = Math.min(BATCH_MAX, Math.max(BATCH_MIN, skip + limit + 1));
  walk: for (;;) {
    const rows = await source.after(after, batch);
    if (cursor) {
      // An operation with an entry at or before the cursor was listed on an earlier page.
      const fresh = [
        ...new Set(
          rows.filter((row) => row.grouped && !seen.has(row.groupKey)).map((row) => row.groupKey),
        ),
      ];
      if (fresh.length > 0) {
        for (const key of await source.listedBefore(fresh, cursor.position)) seen.add(key);
      }
    }
    for (const row of rows) {
      if (seen.has(row.groupKey)) continue;
      seen.add(row.groupKey);
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      found.push(row);
      if (found.length > limit) break walk;
    }
    if (rows.length < batch) break;
    after = rows[rows.length - 1];
    batch = Math.min(BATCH_MAX, batch * 2);
  }
  const listed = found.slice(0, limit);
  const hasMore = found.length > limit;
  let total = start + listed.length;
  let capped = false;
  if (hasMore) {
    const counted = await source.count(COUNT_CAP + 1);
    capped = counted.entries > COUNT_CAP;
    total = Math.max(counted.operations, start + listed.length + 1);
  }
  const last = listed[listed.length - 1];
  return {
    keys: listed.map((row) => row.groupKey),
    bounds: {
      limit,
      offset: start,
      total,
      total_capped: capped,
      returned: listed.length,
      has_more: hasMore,
      next_cursor:
        hasMore && last
          ? encodeCursor({
              position: { time: last.time, id: last.id },
              offset: start + listed.length,
            })
          : null,
    },
  };
}
