import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  type TestDatabases,
  testDatabases,
} from '../test-support/test-database.ts';
import { DatabaseUnavailableError } from './database.ts';
import { MIGRATION_NAME } from './migrate.ts';

it('every migration is named YYYYMMDDHHMM_what.ts (a UTC time: branches never take the same one)', () => {
  const files = readdirSync(new URL('./migrations/', import.meta.url)).filter(
    (file) => !file.endsWith('.test.ts'),
  );
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(file).toMatch(MIGRATION_NAME);
});

describe.each(DATABASE_KINDS)('the database (%s)', (kind) => {
  let databases: TestDatabases;
  beforeAll(async () => {
    databases = await testDatabases(kind);
  }, 120_000);
  afterAll(async () => {
    await databases?.close();
  });

  it('migrates at start, keeps its rows across a restart, and migrates only once', async () => {
    const made = await databases.create();
    const first = made.database;
    const db = await first.use();
    expect(first.status()).toEqual({ kind, ok: true, detail: 'reachable' });
    await db
      .insertInto('people')
      .values({
        organization_id: 'org_a',
        user_id: 'user_1',
        display_name: 'Dana',
        updated_at: new Date(),
      })
      .execute();
    await first.close();
    await expect(first.use()).rejects.toBeInstanceOf(DatabaseUnavailableError);

    const second = await databases.reopen(made);
    const again = await second.use();
    const people = await again.selectFrom('people').select(['user_id', 'display_name']).execute();
    expect(people).toEqual([{ user_id: 'user_1', display_name: 'Dana' }]);
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(again);
    expect(applied.rows.map((row) => row.name)).toEqual(
      readdirSync(new URL('./migrations/', import.meta.url))
        .map((file) => file.replace(/\.ts$/, ''))
        .sort(),
    );
    expect((await second.ping()).ok).toBe(true);
    await second.close();
  }, 120_000);

  if (kind === 'pglite') {
    it('one process per data directory: a second opening is refused, with what to do', async () => {
      const made = await databases.create();
      await made.database.use();
      const other = await databases.reopen(made);
      const refused = await other.use().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseUnavailableError);
      expect(String((refused as Error).message)).toMatch(/already open|another Cutroom process/);
      await other.close();
      await made.database.close();
    }, 120_000);
  }

  if (kind === 'postgres') {
    it('a server gone is unavailable in words, and is used again once back', async () => {
      const made = await databases.create({ retryMs: 200 });
      const database = made.database;
      await database.use();
      await databases.server?.stop();
      await expect(database.run((db) => sql`select 1`.execute(db))).rejects.toBeInstanceOf(
        DatabaseUnavailableError,
      );
      expect((await database.ping()).ok).toBe(false);
      await databases.server?.start();
      await expect
        .poll(async () => (await database.ping()).ok, { timeout: 20_000, interval: 200 })
        .toBe(true);
      await database.run((db) => sql`select 1`.execute(db));
      await database.close();
    }, 120_000);
  }
});
