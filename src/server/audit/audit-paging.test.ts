import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../api/bff-schema.gen.ts';
import { COUNT_CAP, decodeCursor, encodeCursor } from './audit-paging.ts';
import { type AuditQuery, MemoryAuditStore } from './audit-store.ts';

const T0 = Date.parse('2026-11-01T00:00:00.000Z');

function entry(second: number, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: randomUUID(),
    time: new Date(T0 + second * 1_000).toISOString(),
    organization_id: 'org',
    user_id: 'user_1',
    method: 'POST',
    endpoint: '/projects/batch-delete',
    path: '/projects/batch-delete',
    status: 200,
    reason: null,
    dry_run: null,
    selected_count: null,
    deleted_count: null,
    failed_count: null,
    replayed: false,
    operation_id: null,
    action: 'batchDeleteProjects',
    action_label: 'Delete projects',
    outcome: 'succeeded',
    user_name: null,
    project_id: null,
    revision_id: null,
    subject_id: null,
    summary: null,
    ...fields,
  };
}

/** Every page from the first, following `next_cursor`. */
async function byCursor(store: MemoryAuditStore, query: Omit<AuditQuery, 'offset'>) {
  const pages: AuditPage[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditPage = await store.list('org', {
      ...query,
      offset: 0,
      cursor: cursor === null ? undefined : decodeCursor(cursor),
    });
    pages.push(page);
    cursor = page.bounds.next_cursor ?? null;
  } while (cursor !== null);
  return pages;
}

async function byOffset(store: MemoryAuditStore, query: Omit<AuditQuery, 'offset'>) {
  const pages: AuditPage[] = [];
  for (let offset = 0; ; offset += query.limit) {
    const page = await store.list('org', { ...query, offset });
    pages.push(page);
    if (!page.bounds.has_more) return pages;
  }
}

const ids = (pages: AuditPage[]) => pages.flatMap((page) => page.operations.map((op) => op.id));

describe('audit pages walked along the time index', () => {
  it('offset and cursor pages list every operation once, newest first, an operation where its newest entry is', async () => {
    const store = new MemoryAuditStore();
    // A deletion's calls spread over the trail, between single calls: listed once, at its last call.
    const deletion = 'op-delete-130-assets';
    for (let second = 0; second < 130; second += 1) {
      await store.append(
        entry(second, second % 10 === 0 ? { operation_id: deletion, outcome: 'dry_run' } : {}),
      );
    }
    const expected = await store.list('org', { limit: 100, offset: 0 });
    const offsetPages = await byOffset(store, { limit: 7 });
    const cursorPages = await byCursor(store, { limit: 7 });
    const all = ids(offsetPages);
    expect(new Set(all).size).toBe(all.length);
    // 117 single calls and one operation of 13 calls.
    expect(all).toHaveLength(118);
    expect(ids(cursorPages)).toEqual(all);
    expect(all.slice(0, 100)).toEqual(expected.operations.map((op) => op.id));
    // The operation's newest call is at second 120: ten single calls are newer.
    expect(all.indexOf(deletion)).toBe(9);
    const listed = offsetPages.flatMap((page) => page.operations).find((op) => op.id === deletion);
    expect(listed?.entries).toHaveLength(13);
    expect(cursorPages.map((page) => page.bounds.offset)).toEqual(
      offsetPages.map((page) => page.bounds.offset),
    );
    for (const page of [...offsetPages, ...cursorPages]) {
      expect(page.bounds).toMatchObject({ total: 118, total_capped: false });
    }
  });

  it('filters keep the operations with a matching entry, and list only those entries', async () => {
    const store = new MemoryAuditStore();
    for (let second = 0; second < 40; second += 1) {
      await store.append(
        entry(second, {
          operation_id: `op-${second % 4}`,
          outcome: second % 2 === 0 ? 'dry_run' : 'succeeded',
          user_id: second % 4 === 3 ? 'user_2' : 'user_1',
        }),
      );
    }
    const pages = await byCursor(store, { limit: 1, outcomes: ['dry_run'], userIds: ['user_1'] });
    expect(ids(pages)).toEqual(['op-2', 'op-0']);
    for (const operation of pages.flatMap((page) => page.operations)) {
      expect(operation.entries.every((item) => item.outcome === 'dry_run')).toBe(true);
      expect(operation.entries).toHaveLength(10);
    }
  });

  it('a cursor keeps its place while newer entries arrive; an offset shifts', async () => {
    const store = new MemoryAuditStore();
    for (let second = 0; second < 30; second += 1) await store.append(entry(second));
    const first = await store.list('org', { limit: 10, offset: 0 });
    const cursor = decodeCursor(first.bounds.next_cursor as string);
    for (let second = 100; second < 105; second += 1) await store.append(entry(second));
    const next = await store.list('org', { limit: 10, offset: 0, cursor });
    expect(next.operations[0]?.time).toBe(new Date(T0 + 19_000).toISOString());
    expect(next.bounds.offset).toBe(10);
    const shifted = await store.list('org', { limit: 10, offset: 10 });
    expect(shifted.operations[0]?.time).toBe(new Date(T0 + 24_000).toISOString());
  });

  it('counts up to the cap; past it, the total is a lower bound said as such', async () => {
    const store = new MemoryAuditStore(COUNT_CAP + 500);
    for (let second = 0; second < COUNT_CAP + 200; second += 1) await store.append(entry(second));
    const first = await store.list('org', { limit: 25, offset: 0 });
    expect(first.bounds).toMatchObject({
      total: COUNT_CAP + 1,
      total_capped: true,
      has_more: true,
    });
    const last = await store.list('org', { limit: 25, offset: COUNT_CAP + 190 });
    expect(last.bounds).toMatchObject({
      total: COUNT_CAP + 200,
      total_capped: false,
      returned: 10,
      has_more: false,
      next_cursor: null,
    });
    const few = await store.list('org', { limit: 25, offset: 0, outcomes: ['failed'] });
    expect(few.bounds).toMatchObject({ total: 0, returned: 0, has_more: false });
  });

  it('a cursor is checked: only what a page gave is taken', () => {
    const cursor = { position: { time: '2026-11-01T00:00:01.000Z', id: randomUUID() }, offset: 20 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of [
      'nonsense',
      Buffer.from('{"t":"yesterday","i":"x","o":1}').toString('base64url'),
      Buffer.from(JSON.stringify({ ...cursor, o: -1 })).toString('base64url'),
      Buffer.from(JSON.stringify({ t: cursor.position.time, i: "1' or 1=1", o: 1 })).toString(
        'base64url',
      ),
    ]) {
      expect(decodeCursor(bad), bad).toBeUndefined();
    }
  });
});
