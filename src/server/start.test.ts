import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

describe('npm start (src/server/start.ts)', () => {
  it('starts simulator + BFF, logs one ready line with the URL, serves, and stops on SIGTERM', async () => {
    dir = mkdtempSync(join(tmpdir(), 'cutroom-start-'));
    // A build newer than every source: start.ts must not rebuild it.
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>start test</title>');
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
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
    expect(output).not.toContain('webhook registration failed');

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
  }, 30_000);
});
