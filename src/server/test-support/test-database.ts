/**
 * Databases for the BFF's tests: a PGlite in a temporary directory (what `npm start` uses), or a
 * database of its own on a real Postgres server (`startTestPostgres`). The BFF integration suite
 * runs on both (`DATABASE_KINDS`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Database, type DatabaseKind, type DatabaseOptions } from '../db/database.ts';
import { startTestPostgres, type TestPostgres } from './postgres-server.ts';

export const DATABASE_KINDS: readonly DatabaseKind[] = ['pglite', 'postgres'];

let modules: Promise<NonNullable<DatabaseOptions['pgliteModules']>> | undefined;

/** PGlite's WebAssembly, compiled once per test process (each new PGlite reuses it). */
export function pgliteModules(): Promise<NonNullable<DatabaseOptions['pgliteModules']>> {
  modules ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm'))),
      WebAssembly.compile(readFileSync(join(dist, 'initdb.wasm'))),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return modules;
}

export interface TestDatabases {
  /** A new, empty database of this kind (not opened yet); the caller closes it. */
  create(
    options?: DatabaseOptions,
  ): Promise<{ database: Database; dataDir?: string; url?: string }>;
  /** A database over the same data as one made by `create` (a restart). */
  reopen(place: { dataDir?: string; url?: string }, options?: DatabaseOptions): Promise<Database>;
  /** The Postgres server, when the kind is `postgres`. */
  server: TestPostgres | undefined;
  close(): Promise<void>;
}

/** Test databases of one kind; call `close()` in afterAll. */
export async function testDatabases(kind: DatabaseKind): Promise<TestDatabases> {
  const server = kind === 'postgres' ? await startTestPostgres() : undefined;
  const dirs: string[] = [];
  const make = async (
    place: { dataDir?: string; url?: string },
    given: DatabaseOptions = {},
  ): Promise<Database> => {
    // PGlite's first opening (initdb) takes many seconds on a loaded machine.
    const options = { openWaitMs: 180_000, ...given };
    if (kind === 'postgres') {
      return new Database({ kind: 'postgres', url: place.url as string }, options);
    }
    return new Database(
      { kind: 'pglite', dataDir: place.dataDir as string },
      { pgliteModules: await pgliteModules(), ...options },
    );
  };
  return {
    server,
    async create(options) {
      if (server) {
        const url = await server.createDatabase();
        return { database: await make({ url }, options), url };
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'cutroom-pglite-'));
      dirs.push(dataDir);
      return { database: await make({ dataDir }, options), dataDir };
    },
    reopen: make,
    async close() {
      await server?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
