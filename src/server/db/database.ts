/**
 * The BFF's own database (notes, decisions, display names, the audit trail): Postgres, reached
 * through kysely. By default an embedded PGlite (Postgres compiled to WebAssembly, run in a
 * worker thread: pglite-thread.ts) keeps it in a data directory (`.cutroom/data`), with nothing
 * to install; `DATABASE_URL` points every instance at one real Postgres server instead (`pg`'s
 * pool).
 *
 * The database never stops the BFF: it is opened (and migrated) in the background while the BFF
 * starts; until it is ready, or while it is unreachable, `use()` throws `DatabaseUnavailableError`
 * (the notes routes answer 503 in words) and everything else keeps working. A Postgres server that
 * is down at start-up, or goes away later, is tried again every few seconds.
 */
import { mkdirSync } from 'node:fs';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import type { Schema } from './schema.ts';
import { DataDirLock } from './data-dir-lock.ts';
import { migrateToLatest } from './migrate.ts';
import { initialiseInWorker, isInitialised } from './pglite-initdb.ts';
import { PGliteThread } from './pglite-thread.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseConfig =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize?: number };

/** Thrown while the database cannot be used; the routes answer 503 `database_unavailable`. */
export class DatabaseUnavailableError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'DatabaseUnavailableError';
  }
}

export interface DatabaseStatus {
  kind: DatabaseKind;
  ok: boolean;
  detail: string;
}

export interface DatabaseOptions {
  /** Faults worth a log line (the database unreachable, back again). */
  onFault?: (message: string, detail?: Record<string, unknown>) => void;
  onRecover?: (message: string) => void;
  /** How long `use()` waits for a database that is still opening before refusing. */
  openWaitMs?: number;
  /** Between two attempts to reach a Postgres server that did not answer. */
  retryMs?: number;
  /** Precompiled PGlite WebAssembly (tests reuse one compilation across instances). */
  pgliteModules?: { pgliteWasmModule?: WebAssembly.Module; initdbWasmModule?: WebAssembly.Module };
}

const OPENING = 'the database is still opening';

/** Error codes of a Postgres server (or the network) that mean "not reachable now". */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

/** Whether an error says the database is unreachable (rather than a query being wrong). */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|Client has encountered a connection error|PGlite is closed/i.test(
      message,
    )
  );
}

/**
 * One database for the BFF: opened and migrated at start-up in the background, then used through
 * `use()`, which gives the query builder or throws `DatabaseUnavailableError`.
 */
export class Database {
  readonly kind: DatabaseKind;
  private db: Kysely<Schema> | undefined;
  private opening: Promise<void> | undefined;
  private state: 'opening' | 'ready' | 'unavailable' | 'closed' = 'opening';
  private detail = OPENING;
  private retryTimer: NodeJS.Timeout | undefined;
  private lock: DataDirLock | undefined;
  /** Aborted by `close()`: stops a data directory still being made. */
  private readonly closing = new AbortController();
  private readonly openWaitMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly config: DatabaseConfig,
    private readonly options: DatabaseOptions = {},
  ) {
    this.kind = config.kind;
    this.openWaitMs = options.openWaitMs ?? 15_000;
    this.retryMs = options.retryMs ?? 3_000;
  }

  /** Starts opening and migrating (once); resolves when ready or known unavailable. */
  start(): Promise<void> {
    this.opening ??= this.open();
    return this.opening;
  }

  /** Whether opening has begun (`start`, or a first `use`). */
  get begun(): boolean {
    return this.opening !== undefined;
  }

  get available(): boolean {
    return this.state === 'ready';
  }

  status(): DatabaseStatus {
    return {
      kind: this.kind,
      ok: this.state === 'ready',
      detail: this.state === 'ready' ? 'reachable' : this.detail,
    };
  }

  /**
   * The query builder, once the database is open and migrated (waiting for it at most
   * `openWaitMs` while it opens); throws `DatabaseUnavailableError` otherwise.
   */
  async use(): Promise<Kysely<Schema>> {
    if (this.state === 'opening') {
      const opened = this.start();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        opened,
        new Promise((resolve) => {
          timer = setTimeout(resolve, this.openWaitMs);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    }
    if (this.state !== 'ready' || this.db === undefined) {
      throw new DatabaseUnavailableError(this.detail);
    }
    return this.db;
  }

  /**
   * Runs `work` with the query builder; a connection failure marks the database unavailable (and
   * starts trying again) and becomes `DatabaseUnavailableError`.
   */
  async run<T>(work: (db: Kysely<Schema>) => Promise<T>): Promise<T> {
    const db = await this.use();
    try {
      return await work(db);
    } catch (error) {
      if (isConnectionError(error)) {
        this.lost(error);
        throw new DatabaseUnavailableError(this.detail);
      }
      throw error;
    }
  }

  /** A round trip (readiness probe). */
  async ping(): Promise<DatabaseStatus> {
    if (this.state === 'ready' && this.db) {
      try {
        await sql`select 1`.execute(this.db);
      } catch (error) {
        if (isConnectionError(error)) this.lost(error);
        else this.detail = describe(error);
      }
    }
    return this.status();
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.detail = 'closed';
    clearTimeout(this.retryTimer);
    this.closing.abort();
    await this.opening?.catch(() => undefined);
    const db = this.db;
    this.db = undefined;
    await db?.destroy().catch(() => undefined);
    this.lock?.release();
    this.lock = undefined;
  }

  private async open(): Promise<void> {
    try {
      const db = this.db ?? (await this.connect());
      this.db = db;
      await migrateToLatest(db);
      if (this.state === 'closed') return;
      const wasDown = this.detail !== OPENING;
      this.state = 'ready';
      this.detail = 'reachable';
      if (wasDown) this.options.onRecover?.('database reachable again');
    } catch (error) {
      if (this.state === 'closed') return;
      this.state = 'unavailable';
      this.detail = describe(error);
      this.options.onFault?.('database unavailable: notes, decisions and the audit trail wait', {
        database: this.kind,
        detail: this.detail,
      });
      // PGlite failing to open is not transient (a locked or damaged data directory); a server is.
      if (this.config.kind === 'postgres') this.retryLater();
    }
  }

  private async connect(): Promise<Kysely<Schema>> {
    if (this.config.kind === 'pglite') {
      const { dataDir } = this.config;
      mkdirSync(dataDir, { recursive: true });
      // One process per data directory: PGlite is not a server, and two writers would damage it.
      this.lock = DataDirLock.acquire(dataDir);
      if (!isInitialised(dataDir)) await initialiseInWorker(dataDir, this.closing.signal);
      // In a thread of its own: its statements never hold the BFF's event loop.
      const pglite = new PGliteThread(dataDir, { ...this.options.pgliteModules });
      try {
        await pglite.waitReady;
      } catch (error) {
        await pglite.close().catch(() => undefined);
        throw error;
      }
      return new Kysely<Schema>({ dialect: new PGliteDialect({ pglite }) });
    }
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: this.config.url,
      max: this.config.poolSize ?? 10,
      connectionTimeoutMillis: 3_000,
      idleTimeoutMillis: 30_000,
      // A query that hangs (a server gone silent) fails instead of holding a request for ever.
      query_timeout: 10_000,
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', (error) => this.lost(error));
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      await db.destroy().catch(() => undefined);
      throw error;
    }
    return db;
  }

  private lost(error: unknown): void {
    if (this.state !== 'ready') return;
    this.state = 'unavailable';
    this.detail = describe(error);
    this.options.onFault?.('database unreachable: notes, decisions and the audit trail wait', {
      database: this.kind,
      detail: this.detail,
    });
    this.retryLater();
  }

  private retryLater(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.state !== 'unavailable') return;
      this.opening = this.reopen();
    }, this.retryMs);
    this.retryTimer.unref();
  }

  /** Tries again: a pool reconnects by itself, so a round trip (and migrations) is enough. */
  private async reopen(): Promise<void> {
    if (this.db) {
      try {
        await sql`select 1`.execute(this.db);
      } catch (error) {
        this.detail = describe(error);
        this.retryLater();
        return;
      }
    }
    await this.open();
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code)
      ? `${error.message} (${code})`
      : error.message;
  }
  return String(error);
}
