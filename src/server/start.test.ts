import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let child: ChildProcess | undefined;
let dir: string | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
  child = undefined;
  dir = undefined;
});

/**
 * Resolves with the output once `pattern` appears in it. Fails at once with the output when the
 * process exits first (a real start-up failure), and after `timeoutMs` with the output and the
 * load average (a start that hangs, or a machine too busy: the message tells which). The bound is
 * generous because a loaded machine can take many seconds; the start-up time itself is a goal of
 * bench:proxy, never of this test.
 */
function waitForOutput(process: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const done = (error?: Error): void => {
      clearTimeout(timer);
      process.stdout?.off('data', onData);
      process.stderr?.off('data', onData);
      process.off('exit', onExit);
      if (error) reject(error);
      else resolve(output);
    };
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (pattern.test(output)) done();
    };
    const onExit = (code: number | null, signal: string | null): void =>
      done(new Error(`exited (${code ?? signal}) before ${pattern}:\n${output}`));
    const timer = setTimeout(() => {
      const load = loadavg()
        .map((value) => value.toFixed(1))
        .join(' ');
      done(new Error(`no ${pattern} after ${timeoutMs} ms (load ${load}):\n${output}`));
    }, timeoutMs);
    process.stdout?.on('data', onData);
    process.stderr?.on('data', onData);
    process.once('exit', onExit);
  });
}

describe('npm start (src/server/launch.mjs → build/server/start.js)', () => {
  it('runs the compiled server: starts simulator + BFF, logs one ready line with the URL, serves, and stops on SIGTERM', async () => {
    dir = mkdtempSync(join(tmpdir(), 'cutroom-start-'));
    // A client build newer than every source: start.ts must not rebuild it.
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>start test</title>');
    // Builds the server when stale (as npm start does), so the start below finds it built.
    const build = spawnSync(process.execPath, ['src/server/launch.mjs', '--build-only'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    // Plain node, no TypeScript loader: what runs is the compiled JavaScript.
    child = spawn(process.execPath, ['src/server/launch.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: dir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = await waitForOutput(child, /\[cutroom\] ready at .*\n/, 60_000);
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = /ready at (http:\/\/localhost:\d+)/.exec(output)?.[1];
    expect(url, output).toBeDefined();
    expect(output).not.toContain('building the client');
    expect(output).not.toContain('building the server');
    expect(output).toMatch(/ready at http:\/\/localhost:\d+ in \d+ ms, \d+ ms CPU/);
    // Readiness and metrics of the compiled server.
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${url}/metrics`)).text()).toContain('cutroom_http_requests_total');

    const config = await fetch(`${url}/bff/config`);
    expect(await config.json()).toEqual({
      demo_available: true,
      upstream: 'simulator',
      webhook_receiver_url: `${url}/webhooks/vcs`,
    });
    const page = await fetch(`${url}/projects`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('start test');
    const login = await fetch(`${url}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"demo":true}',
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';', 1)[0] as string;
    expect((await fetch(`${url}/api/v1/projects`, { headers: { cookie } })).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: shutting down');
    expect(output).not.toContain('webhook registration failed');
  }, 120_000);
});

describe('the server build (src/server/launch.mjs)', () => {
  it('is stale when a source it was built from is newer, up to date otherwise', async () => {
    // @ts-expect-error: a plain-JavaScript module without type declarations.
    const launch = (await import('./launch.mjs')) as { staleReason: () => string | undefined };
    const built = spawnSync(process.execPath, ['src/server/launch.mjs', '--build-only'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    expect(launch.staleReason()).toBeUndefined();
    const source = join(root, 'src/server/errors.ts');
    const future = new Date(Date.now() + 60_000);
    const { atime, mtime } = statSync(source);
    utimesSync(source, future, future);
    try {
      expect(launch.staleReason()).toBe('src/server/errors.ts changed');
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(launch.staleReason()).toBeUndefined();
  }, 60_000);
});
