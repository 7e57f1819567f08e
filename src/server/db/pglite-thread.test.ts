import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteModules } from '../test-support/test-database.ts';
import { isConnectionError } from './database.ts';
import { PGliteThread } from './pglite-thread.ts';

let dataDir: string;
let pglite: PGliteThread;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cutroom-pglite-thread-'));
  pglite = new PGliteThread(dataDir, await pgliteModules());
  await pglite.waitReady;
  await pglite.query('create table notes (id int primary key, at timestamptz, body jsonb)');
}, 180_000);

afterAll(async () => {
  await pglite.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PGliteThread', () => {
  it('answers with rows whose values keep their types', async () => {
    const at = new Date('2026-12-07T10:00:00.000Z');
    const inserted = await pglite.query('insert into notes values ($1, $2, $3)', [
      1,
      at,
      JSON.stringify({ scene: 3 }),
    ]);
    expect(inserted.affectedRows).toBe(1);
    const { rows } = await pglite.query<{ id: number; at: Date; body: unknown }>(
      'select id, at, body from notes where id = $1',
      [1],
    );
    expect(rows).toEqual([{ id: 1, at, body: { scene: 3 } }]);
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it('keeps Postgres fields on an error (a unique violation is not a lost connection)', async () => {
    const error = await pglite.query('insert into notes (id) values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505' });
    expect(isConnectionError(error)).toBe(false);
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    await pglite.transaction(async (tx) => {
      await tx.query('insert into notes (id) values (2)');
      await tx.query('insert into notes (id) values (3)');
    });
    const failed = pglite.transaction(async (tx) => {
      await tx.query('insert into notes (id) values (4)');
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    await pglite.transaction(async (tx) => {
      await tx.query('insert into notes (id) values (5)');
      await tx.rollback();
    });
    const { rows } = await pglite.query<{ id: number }>('select id from notes order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('once closed, refuses in words the database reads as unreachable', async () => {
    const other = new PGliteThread(dataDir.replace(/$/, '-other'), await pgliteModules());
    await other.waitReady;
    await other.close();
    const error = await other.query('select 1').catch((e: unknown) => e);
    expect(isConnectionError(error)).toBe(true);
    rmSync(`${dataDir}-other`, { recursive: true, force: true });
  }, 180_000);
});
