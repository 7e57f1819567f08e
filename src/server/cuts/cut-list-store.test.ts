/**
 * The cut list in the BFF's database, on PGlite and on a real Postgres server: entries in the
 * order recorded, a retry recording nothing twice, removal by id, every query scoped to its
 * organization and project, and the list still there after a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  type TestDatabases,
  testDatabases,
} from '../test-support/test-database.ts';
import { sampleCut } from '../test-support/cut-samples.ts';
import type { Cut } from '../../api/bff-schema.gen.ts';
import { DatabaseCutListStore } from './cut-list-store.ts';

const recorded = (id: string, text: string): Cut => ({
  ...sampleCut(id, text),
  user_id: 'user_1',
  created_at: '2026-12-07T08:00:00.000Z',
});

describe.each(DATABASE_KINDS)('the cut list in the database (%s)', (kind) => {
  let databases: TestDatabases;
  beforeAll(async () => {
    databases = await testDatabases(kind);
  }, 180_000);
  afterAll(async () => {
    await databases?.close();
  });

  it('keeps entries in order, once each, per organization and project, across a restart', async () => {
    const made = await databases.create();
    const store = new DatabaseCutListStore(made.database);
    await store.add('org_a', 'p1', [
      recorded('cut-1-10-20', 'um'),
      recorded('cut-1-40-52', 'you know'),
    ]);
    await store.add('org_a', 'p1', [
      recorded('cut-1-10-20', 'changed'),
      recorded('cut-2-5-9', 'uh'),
    ]);
    await store.add('org_b', 'p1', [recorded('cut-9-1-2', 'theirs')]);
    await store.add('org_a', 'p2', [recorded('cut-3-1-2', 'other project')]);
    const list = await store.list('org_a', 'p1');
    expect(list.map((cut) => [cut.id, cut.text])).toEqual([
      ['cut-1-10-20', 'um'],
      ['cut-1-40-52', 'you know'],
      ['cut-2-5-9', 'uh'],
    ]);
    expect(list[0]).toEqual(recorded('cut-1-10-20', 'um'));

    expect(await store.remove('org_a', 'p1', ['cut-1-40-52', 'cut-9-1-2', 'cut-unknown'])).toBe(1);
    expect((await store.list('org_b', 'p1')).map((cut) => cut.id)).toEqual(['cut-9-1-2']);
    await made.database.close();

    const again = await databases.reopen(made);
    const reopened = new DatabaseCutListStore(again);
    expect((await reopened.list('org_a', 'p1')).map((cut) => cut.id)).toEqual([
      'cut-1-10-20',
      'cut-2-5-9',
    ]);
    await again.close();
  }, 180_000);
});
