/**
 * A real Postgres server for the tests (Debian's `postgresql`), like redis-server.ts does for
 * Redis: `initdb` into a temporary directory, then `postgres` on a free loopback port, stopped and
 * removed at the end. Postgres refuses to run as root: as root (CI), the server runs as the
 * `postgres` user the Debian package creates. `createDatabase()` gives each test a database of
 * its own on the one server.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis-server.ts';

/** Where Debian puts the server's programs (the newest installed version). */
export function postgresBinDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return join(root, versions[0] ?? '15', 'bin');
}

export interface TestPostgres {
  /** `postgres://` URL of the server's default database. */
  url: string;
  port: number;
  /** A new, empty database on the server; its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (SIGKILL when `crash`, else a fast shutdown). */
  stop(options?: { crash?: boolean }): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** As root, the uid and gid of the `postgres` user (Postgres will not run as root). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = Number.parseInt(id('-u').stdout, 10);
  const gid = Number.parseInt(id('-g').stdout, 10);
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) {
    throw new Error('Running as root, and there is no postgres user to run the server as.');
  }
  return { uid, gid };
}

let databases = 0;

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const user = serverUser();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-postgres-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const superuser = user ? 'postgres' : userInfo().username;
  const initdb = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', superuser, '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'],
    { encoding: 'utf8', ...user },
  );
  if (initdb.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${initdb.stderr || initdb.stdout || initdb.error?.message}`);
  }
  let child: ChildProcess | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const server = spawn(
        join(bin, 'postgres'),
        [
          '-D',
          data,
          '-p',
          String(port),
          '-k',
          dir,
          '-c',
          'listen_addresses=127.0.0.1',
          // A throwaway server: durability is not what is tested.
          '-c',
          'fsync=off',
          '-c',
          'synchronous_commit=off',
          '-c',
          'full_page_writes=off',
          '-c',
          'max_connections=200',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], ...user },
      );
      child = server;
      let output = '';
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        reject(new Error(`postgres did not start: ${output}`));
      }, 30_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', onData);
      server.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`postgres exited (${code}): ${output}`));
      });
    });

  const stop = async ({ crash = false } = {}) => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    // SIGINT: Postgres's fast shutdown (ends the sessions, no waiting for clients).
    running.kill(crash ? 'SIGKILL' : 'SIGINT');
    await exited;
  };

  await start();
  const url = `postgres://${superuser}@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async createDatabase() {
      databases += 1;
      const name = `cutroom_test_${process.pid}_${databases}`;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://${superuser}@127.0.0.1:${port}/${name}`;
    },
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
