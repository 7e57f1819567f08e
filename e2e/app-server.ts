/**
 * An app of its own for a spec or a benchmark, started as `npm start` starts it
 * (`src/server/launch.mjs`: the compiled BFF, rebuilt when stale, which builds the client when it
 * is stale) on a free loopback port, with the embedded simulator and npm start's Node flags.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The Node flags `npm start` gives the server (package.json's start script, the one place they
 * are written), so a test or a benchmark runs the BFF exactly as it is deployed.
 */
export function startScriptNodeFlags(repoRoot = root): string[] {
  const scripts = (
    JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const words = (scripts.start ?? '').split(/\s+/);
  const launch = words.indexOf('src/server/launch.mjs');
  if (words[0] !== 'node' || launch < 0)
    throw new Error(`unexpected start script: ${scripts.start}`);
  return words.slice(1, launch);
}

/** A loopback port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the app on `port` with `env` added; resolves once `/bff/config` answers. */
export async function startApp(
  port: number,
  env: Record<string, string> = {},
  timeoutMs = 300_000,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...startScriptNodeFlags(), 'src/server/launch.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SESSION_SECRET: 'app-server-session-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      // One PGlite data directory per process (a second one on the checkout's .cutroom/data is
      // refused): an app started here gets its own unless it is given one, or DATABASE_URL.
      ...(env.CUTROOM_DATA_DIR === undefined && env.DATABASE_URL === undefined
        ? { CUTROOM_DATA_DIR: mkdtempSync(join(tmpdir(), 'cutroom-e2e-data-')) }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://localhost:${port}/bff/config`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`the app did not start within ${timeoutMs / 1000} s`);
}

/** Stops an app `startApp` started (SIGTERM: it drains) and waits until it has exited. */
export async function stopApp(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
