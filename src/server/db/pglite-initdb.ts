/**
 * A new PGlite data directory is made (Postgres's initdb, compiled to WebAssembly) in a worker
 * thread: it takes seconds of CPU, in blocks of up to several seconds, and on the main thread it
 * would stall every request of a BFF that is already serving. The directory is then opened in a
 * thread of its own too (pglite-thread.ts).
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LOCK_FILE } from './data-dir-lock.ts';

/** Whether `dataDir` holds a Postgres cluster already (initdb writes PG_VERSION first). */
export function isInitialised(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

// Plain JavaScript evaluated by the worker: it runs the same way under tsx, vitest and the
// compiled server, whichever file this module ends up in.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.entry)
  .then(async ({ PGlite }) => {
    const pglite = new PGlite(workerData.dataDir);
    await pglite.waitReady;
    await pglite.close();
    parentPort.postMessage({ ok: true });
  })
  .catch((error) => parentPort.postMessage({ ok: false, message: String(error?.stack ?? error) }));
`;

/**
 * Makes the cluster for `dataDir` (which the caller has locked) off the main thread: in a sibling
 * directory first, then moved in with PG_VERSION last, so that a process killed or stopped
 * half-way leaves a directory that is made again next time rather than a damaged cluster.
 * `signal` stops it (a shutdown while the database is still being made).
 */
export async function initialiseInWorker(dataDir: string, signal?: AbortSignal): Promise<void> {
  const staging = `${dataDir.replace(/[\\/]+$/, '')}.initdb-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await runWorker(staging, signal);
    for (const entry of readdirSync(dataDir)) {
      if (entry !== LOCK_FILE) rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
    for (const entry of readdirSync(staging).filter((name) => name !== 'PG_VERSION')) {
      renameSync(join(staging, entry), join(dataDir, entry));
    }
    renameSync(join(staging, 'PG_VERSION'), join(dataDir, 'PG_VERSION'));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function runWorker(target: string, signal?: AbortSignal): Promise<void> {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('The database set-up was stopped.'));
      return;
    }
    const worker = new Worker(WORKER, { eval: true, workerData: { entry, dataDir: target } });
    let settled = false;
    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', stop);
      void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    const stop = (): void => settle(new Error('The database set-up was stopped.'));
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (result: { ok: boolean; message?: string }) =>
      settle(result.ok ? undefined : new Error(`Could not create the database: ${result.message}`)),
    );
    worker.once('error', (error) => settle(error));
    worker.once('exit', (code) => settle(new Error(`The database set-up stopped (exit ${code}).`)));
  });
}
