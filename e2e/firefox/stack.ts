/**
 * The Firefox suite's own `npm start` stack (BFF + embedded simulator, the environment Playwright's
 * web server gets), on a free port: it runs beside a Playwright run without sharing its state.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { e2eStackEnv } from '../stack-env.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Stack {
  baseURL: string;
  stop(): Promise<void>;
}

/** Starts `npm start` (building what is missing first) and resolves once it serves. */
export function startStack(options: { timeoutMs?: number } = {}): Promise<Stack> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  return new Promise((resolve, reject) => {
    // Its own process group, so that npm, its shell and the server stop together.
    const child: ChildProcess = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, ...e2eStackEnv, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    let output = '';
    const timer = setTimeout(() => {
      stopGroup(child);
      reject(new Error(`npm start did not get ready in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = /ready at http:\/\/localhost:(\d+) /.exec(output)?.[1];
      if (port === undefined) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      // Drained from now on: a full pipe would block the server's writes.
      child.stdout?.resume();
      resolve({
        baseURL: `http://localhost:${port}`,
        stop: async () => {
          stopGroup(child);
          await exited;
        },
      });
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
}

function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
