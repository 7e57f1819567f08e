/**
 * A stack of a spec's own: `npm start` (compiled; the suite's web server has built it) on a free
 * loopback port, for specs that read the server's own figures (its metrics) or stop what it
 * depends on (Redis), which other specs running at the same time must not share.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface OwnApp {
  /** `http://127.0.0.1:<port>` (a secure context, as localhost is). */
  origin: string;
  stop(): Promise<void>;
}

export function startOwnApp(env: Record<string, string>): Promise<OwnApp> {
  const child: ChildProcess = spawn(process.execPath, ['src/server/launch.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /ready at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ origin: `http://127.0.0.1:${port}`, stop });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    // A start-up failure shows at once, with what the server said.
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
}
