import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 15_000 }).toMatch(/\[cutroom\] ready at /);
    const url = /ready at (http:\/\/localhost:\d+)/.exec(output)?.[1];
    expect(url, output).toBeDefined();
    expect(output).not.toContain('building the client');
    expect(output).not.toContain('building the server');
    expect(output).toMatch(/ready at http:\/\/localhost:\d+ in \d+ ms, \d+ ms CPU/);
    // Readiness and metrics of the compiled server.
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${url}/metrics`)).text()).toContain('cutroom_http_requests_total');

    const config = await fetch(`${url}/bff/config`);
    expect(await config.json()).toEqual({ demo_available: true, upstream: 'simulator' });
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
  }, 30_000);
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
