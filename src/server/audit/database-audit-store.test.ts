/**
 * The audit trail in the database answers as the in-memory reference does (the same walk over
 * entries kept in a list), on PGlite and on a real Postgres server: pages by offset and by cursor
 * under every combination of the filters, the capped total, the facets the triggers keep, and
 * the retention sweep taking its entries out of them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../api/bff-schema.gen.ts';
import type { Database } from '../db/database.ts';
import {
  DATABASE_KINDS,
  type TestDatabases,
  testDatabases,
} from '../test-support/test-database.ts';
import { COUNT_CAP, decodeCursor } from './audit-paging.ts';
import { type AuditFilters, type AuditStore, MemoryAuditStore } from './audit-store.ts';
import { DatabaseAuditStore } from './database-audit-store.ts';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const DAY = 86_400_000;
const ACTIONS = ['note.create', 'note.resolve', 'batchDeleteProjects'] as const;
const OUTCOMES = ['succeeded', 'dry_run', 'partial', 'failed'] as const;

/** A trail of `count` entries over 30 days: three people, three actions, every outcome, and
 * operations of several calls spread among single ones. */
function trail(count: number, organizationId = 'org_a'): AuditEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const grouped = i % 5 === 0;
    return {
      id: randomUUID(),
      time: new Date(NOW - 30 * DAY + Math.floor((i * 30 * DAY) / count)).toISOString(),
      organization_id: organizationId,
      user_id: `user_${i % 3}`,
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
      // An operation's calls: every 5th entry, seven operations taking turns.
      operation_id: grouped ? `op-${organizationId}-${(i / 5) % 7}` : null,
      action: ACTIONS[i % ACTIONS.length] as string,
      action_label: `Label of ${ACTIONS[i % ACTIONS.length]}`,
      outcome: OUTCOMES[Math.floor(i / 3) % OUTCOMES.length] as AuditEntry['outcome'],
      user_name: null,
      project_id: null,
      revision_id: null,
      subject_id: null,
      summary: null,
    };
  });
}

/** Operation ids and their entry ids, page by page. */
const shape = (page: AuditPage) =>
  page.operations.map((operation) => [operation.id, operation.entries.map((item) => item.id)]);

describe.each(DATABASE_KINDS)('the audit trail in the database (%s)', (kind) => {
  let databases: TestDatabases;
  let database: Database;
  let store: DatabaseAuditStore;
  const reference = new MemoryAuditStore(100_000);

  beforeAll(async () => {
    databases = await testDatabases(kind);
    database = (await databases.create()).database;
    await database.start();
    store = new DatabaseAuditStore(database);
    const entries = [...trail(COUNT_CAP + 150), ...trail(40, 'org_b')];
    for (const entry of entries) await reference.append(entry);
    // Written as the store batches them (several rows per statement: the triggers count each).
    await Promise.all(entries.map((entry) => store.append(entry)));
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await databases?.close();
  }, 60_000);

  const filterSets: Array<[string, AuditFilters]> = [
    ['no filter', {}],
    [
      'a date range',
      { from: new Date(NOW - 20 * DAY).toISOString(), to: new Date(NOW - 10 * DAY).toISOString() },
    ],
    ['a person', { userIds: ['user_1'] }],
    ['an action', { actions: ['note.resolve'] }],
    ['an outcome', { outcomes: ['dry_run'] }],
    ['person and action', { userIds: ['user_2'], actions: ['batchDeleteProjects'] }],
    ['person and outcome', { userIds: ['user_0'], outcomes: ['failed'] }],
    ['action and outcome', { actions: ['note.create'], outcomes: ['partial', 'failed'] }],
    [
      'all of them',
      {
        from: new Date(NOW - 25 * DAY).toISOString(),
        userIds: ['user_0', 'user_1'],
        actions: ['note.create'],
        outcomes: ['succeeded'],
      },
    ],
  ];

  it.each(filterSets)(
    'pages by offset and by cursor as the reference does: %s',
    async (_, filters) => {
      const pages = async (target: AuditStore) => {
        const byOffset: AuditPage[] = [];
        for (const offset of [0, 30, 60, 300]) {
          byOffset.push(await target.list('org_a', { ...filters, limit: 30, offset }));
        }
        const byCursor: AuditPage[] = [];
        let cursor: string | null | undefined = null;
        for (let i = 0; i < 4 && cursor !== undefined; i += 1) {
          const page: AuditPage = await target.list('org_a', {
            ...filters,
            limit: 30,
            offset: 0,
            cursor: cursor === null ? undefined : decodeCursor(cursor),
          });
          byCursor.push(page);
          cursor = page.bounds.next_cursor ?? undefined;
        }
        return { byOffset, byCursor };
      };
      const expected = await pages(reference);
      const actual = await pages(store);
      expect(actual.byOffset.map(shape)).toEqual(expected.byOffset.map(shape));
      expect(actual.byOffset.map((page) => page.bounds)).toEqual(
        expected.byOffset.map((page) => page.bounds),
      );
      expect(actual.byCursor.map(shape)).toEqual(expected.byCursor.map(shape));
      // The first pages by cursor are the first pages by offset.
      expect(actual.byCursor.slice(0, 3).map(shape)).toEqual(
        actual.byOffset.slice(0, 3).map(shape),
      );
      expect(actual.byOffset[0]?.operations.length).toBeGreaterThan(0);
    },
  );

  it('counts past the cap as a lower bound; another workspace sees only its own', async () => {
    const page = await store.list('org_a', { limit: 20, offset: 0 });
    expect(page.bounds).toMatchObject({ total_capped: true, has_more: true });
    expect(page.bounds.total).toBeGreaterThan(COUNT_CAP * 0.8);
    const other = await store.list('org_b', { limit: 100, offset: 0 });
    expect(other.bounds).toMatchObject({ total_capped: false, has_more: false });
    expect(other.operations.flatMap((operation) => operation.entries)).toHaveLength(40);
  });

  it('facets from the counts the triggers keep; the retention sweep takes its entries out', async () => {
    const sorted = <T extends { count: number }>(items: T[], key: (item: T) => string) =>
      [...items].sort((a, b) => key(a).localeCompare(key(b)));
    const expected = await reference.facets('org_a');
    const actual = await store.facets('org_a');
    expect(actual.actions).toEqual(sorted(expected.actions, (item) => item.action));
    expect(actual.people).toEqual(sorted(expected.people, (item) => item.user_id));
    expect(actual.actions.reduce((sum, item) => sum + item.count, 0)).toBe(COUNT_CAP + 150);

    // Everything older than 15 days goes: about half of each workspace's trail.
    const removed = await store.sweep(15, NOW);
    expect(removed).toBeGreaterThan(500);
    const after = await store.facets('org_a');
    const left = (await collect(store, 'org_a')).length;
    expect(after.actions.reduce((sum, item) => sum + item.count, 0)).toBe(left);
    expect(after.people.reduce((sum, item) => sum + item.count, 0)).toBe(left);
    expect((await store.facets('org_b')).actions.reduce((sum, item) => sum + item.count, 0)).toBe(
      (await collect(store, 'org_b')).length,
    );
  });
});

async function collect(store: AuditStore, organizationId: string): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  for await (const batch of store.entries(organizationId, {})) all.push(...batch);
  return all;
}
