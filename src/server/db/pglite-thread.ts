/**
 * PGlite (Postgres compiled to WebAssembly) in a worker thread of its own, behind the interface
 * kysely's PGliteDialect asks of it (`query`, `transaction`, `close`, `waitReady`). PGlite runs
 * every statement synchronously on the thread it lives on: its opening alone (Postgres starting,
 * the migrations) holds that thread for one to two seconds, an audit query over 100,000 rows for
 * tens of milliseconds. On the BFF's event loop that stalled every request in flight (preview
 * frames and sound included); in its own thread only the notes' requests wait for it.
 *
 * Rows come back by structured clone (dates, big integers, JSON values keep their types); an
 * error keeps its message and Postgres fields (`code`, `detail`, ...), so callers tell a
 * constraint from a connection failure as before. A worker that dies leaves the instance closed
 * ("PGlite is closed"): the database reads that as unreachable.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface PGliteModules {
  pgliteWasmModule?: WebAssembly.Module;
  initdbWasmModule?: WebAssembly.Module;
}

interface QueryResult<T> {
  affectedRows?: number;
  fields: { dataTypeID: number; name: string }[];
  rows: T[];
}

interface Transaction {
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  rollback(): Promise<void>;
}

type Request =
  | { type: 'query'; id: number; sql: string; params: unknown[]; tx: number | null }
  | { type: 'begin'; id: number; tx: number }
  | { type: 'end'; id: number; tx: number; commit: boolean }
  | { type: 'close'; id: number };

type Reply =
  { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: ErrorShape };

interface ErrorShape {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

// Plain JavaScript evaluated by the worker: it runs the same way under tsx, vitest and the
// compiled server, whichever file this module ends up in.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const shape = (error) => {
  const fields = {};
  for (const [key, value] of Object.entries(error ?? {})) {
    if (typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
  }
  return { message: String(error?.message ?? error), name: String(error?.name ?? 'Error'), fields };
};
const reply = (id, value) => parentPort.postMessage({ id, ok: true, value });
const fail = (id, error) => parentPort.postMessage({ id, ok: false, error: shape(error) });
const transactions = new Map();
let pglite;
const opened = import(workerData.entry).then(async ({ PGlite }) => {
  pglite = new PGlite(workerData.dataDir, workerData.modules);
  await pglite.waitReady;
});
opened.then(() => reply(0), (error) => fail(0, error));
parentPort.on('message', async (message) => {
  const { id } = message;
  try {
    await opened;
    if (message.type === 'query') {
      const target = message.tx === null ? pglite : transactions.get(message.tx)?.tx;
      if (!target) throw new Error('The transaction has ended.');
      const result = await target.query(message.sql, message.params, { rowMode: 'object' });
      reply(id, { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields });
    } else if (message.type === 'begin') {
      let begun;
      const started = new Promise((resolve) => (begun = resolve));
      const entry = { tx: null, end: null };
      transactions.set(message.tx, entry);
      entry.done = pglite
        .transaction(async (tx) => {
          entry.tx = tx;
          const ending = new Promise((resolve) => (entry.end = resolve));
          begun();
          if (!(await ending)) await tx.rollback();
        })
        .finally(() => transactions.delete(message.tx));
      // A transaction that cannot begin answers with its error.
      await Promise.race([started, entry.done]);
      reply(id);
    } else if (message.type === 'end') {
      const entry = transactions.get(message.tx);
      if (!entry) throw new Error('The transaction has ended.');
      entry.end(message.commit);
      await entry.done;
      reply(id);
    } else if (message.type === 'close') {
      await pglite.close();
      reply(id);
    }
  } catch (error) {
    fail(id, error);
  }
});
`;

function toError(shape: ErrorShape): Error {
  const error = new Error(shape.message);
  error.name = shape.name;
  return Object.assign(error, shape.fields);
}

export class PGliteThread {
  closed = false;
  ready = false;
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  private nextId = 1;
  private nextTransaction = 1;

  constructor(dataDir: string, modules: PGliteModules = {}) {
    const entry = pathToFileURL(
      createRequire(import.meta.url).resolve('@electric-sql/pglite'),
    ).href;
    this.worker = new Worker(WORKER, { eval: true, workerData: { entry, dataDir, modules } });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.waiting.set(0, { resolve: () => resolve(), reject });
    }).then(() => {
      this.ready = true;
    });
    // Not waited on by whoever made it: a failure is seen through `waitReady` or the next query.
    this.waitReady.catch(() => undefined);
    this.worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(toError(reply.error));
    });
    const gone = (error?: Error) => {
      this.closed = true;
      const reason = new Error(`PGlite is closed${error ? `: ${error.message}` : ''}`);
      for (const waiter of this.waiting.values()) waiter.reject(reason);
      this.waiting.clear();
    };
    this.worker.on('error', gone);
    this.worker.on('exit', () => gone());
  }

  query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    return this.send({ type: 'query', id: 0, sql, params, tx: null }) as Promise<QueryResult<T>>;
  }

  /** `callback`'s statements in one transaction: committed when it returns, rolled back if it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = this.nextTransaction++;
    await this.send({ type: 'begin', id: 0, tx });
    let rolledBack = false;
    const handle: Transaction = {
      query: <R>(sql: string, params: unknown[] = []) =>
        this.send({ type: 'query', id: 0, sql, params, tx }) as Promise<QueryResult<R>>,
      rollback: async () => {
        rolledBack = true;
        await this.send({ type: 'end', id: 0, tx, commit: false });
      },
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      if (!rolledBack) await this.send({ type: 'end', id: 0, tx, commit: false }).catch(() => {});
      throw error;
    }
    if (!rolledBack) await this.send({ type: 'end', id: 0, tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.send({ type: 'close', id: 0 });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }

  private send(request: Request): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }
}
