/**
 * The app for the browser benchmarks, started as `npm start` starts it (`src/server/launch.mjs`:
 * the compiled BFF, rebuilt when stale, which builds the client when it is stale) on a free
 * loopback port, with the embedded simulator and npm start's Node flags.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startScriptNodeFlags } from '../../src/server/bench/bench-stack.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
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
