import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ALPHA_KEY,
  type LoopbackUpstream,
  startLoopbackUpstream,
} from './test-support/loopback-upstream.ts';
import { openSse } from './test-support/sse-client.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let child: ChildProcess | undefined;
let upstream: LoopbackUpstream | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await upstream?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  child = undefined;
  upstream = undefined;
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

/**
 * The readiness answer once it is 200, or the last one after `timeoutMs`; while not ready, the
 * only check allowed to fail is the database still opening.
 */
async function readiness(url: string, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url);
    const body = (await response.json()) as {
      status: string;
      checks: Record<string, { ok: boolean; detail: string }>;
    };
    if (response.status === 200 || Date.now() > deadline) return body;
    const failing = Object.entries(body.checks).filter(([, check]) => !check.ok);
    expect(
      failing.map(([name]) => name),
      JSON.stringify(body),
    ).toEqual(['database']);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        STATIC_DIR: dir,
        LOG_LEVEL: 'warn',
        // Its own database: the checkout's may be open in another process (a dev server, a spec).
        CUTROOM_DATA_DIR: join(dir, 'data'),
      },
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
    // Readiness of the compiled server: it listens before its database has opened (a fresh
    // data directory is created and migrated first), and is ready once it has.
    expect(await readiness(`${url}/readyz`, 150_000), output).toMatchObject({ status: 'ready' });
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
  }, 240_000);
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
    const source = join(root, 'src/server/app/errors.ts');
    const future = new Date(Date.now() + 60_000);
    const { atime, mtime } = statSync(source);
    utimesSync(source, future, future);
    try {
      expect(launch.staleReason()).toBe('src/server/app/errors.ts changed');
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(launch.staleReason()).toBeUndefined();
  }, 60_000);
});

/** The bound given to the server: in-flight requests get this long, the whole exit 2 s more. */
const SHUTDOWN_TIMEOUT_MS = 5_000;
/** How long the upstream takes over the in-flight request, counted from the SIGTERM. */
const SLOW_ANSWER_MS = 1_500;

/** True when a new TCP connection to the port is refused (nothing listens any more). */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // Refused, or reset: a connection still in the accept queue when the listener closes is
      // reset by the kernel (seen once in CI), which is the same refusal.
      if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') resolve(true);
      else reject(error);
    });
  });
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  at: number;
}

function get(port: number, path: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { cookie }, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
            at: Date.now(),
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * SIGTERM end to end: the compiled server in its own process, in front of a loopback upstream
 * whose answer is slow. graceful-shutdown.test.ts checks the same steps in process; this checks
 * that start.ts's signal handler wires them up for real. (In this file, so that no other test
 * rebuilds build/server while it runs.)
 */
describe('SIGTERM on the compiled server (real process)', () => {
  it('finishes the request in flight, ends the live stream with a retry hint, refuses new connections and exits within its bound', async () => {
    const build = spawnSync(process.execPath, ['src/server/launch.mjs', '--build-only'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    upstream = await startLoopbackUpstream();
    let sigtermAt = Number.POSITIVE_INFINITY;
    // Answers SLOW_ANSWER_MS after the SIGTERM (or after it arrived, whichever is later).
    upstream.route('GET', '/v1/clips', (_request, response) => {
      const answer = (): void => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"clips":[]}');
      };
      const waitForSignal = setInterval(() => {
        if (sigtermAt === Number.POSITIVE_INFINITY) return;
        clearInterval(waitForSignal);
        setTimeout(answer, Math.max(0, sigtermAt + SLOW_ANSWER_MS - Date.now()));
      }, 20);
    });
    dir = mkdtempSync(join(tmpdir(), 'cutroom-sigterm-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>sigterm test</title>');
    child = spawn(process.execPath, ['src/server/launch.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        STATIC_DIR: dir,
        LOG_LEVEL: 'warn',
        VCS_BASE_URL: upstream.baseUrl,
        CUTROOM_DATA_DIR: join(dir, 'data'),
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = await waitForOutput(child, /\[cutroom\] ready at .*\n/, 60_000);
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = Number(/ready at http:\/\/localhost:(\d+)/.exec(output)?.[1]);
    expect(port, output).toBeGreaterThan(0);
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child?.once('exit', (code) => resolve({ code, at: Date.now() })),
    );

    const login = await fetch(`http://127.0.0.1:${port}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: ALPHA_KEY }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';', 1)[0] as string;

    const stream = await openSse(port, '/bff/events', { cookie });
    expect(stream.status).toBe(200);
    await stream.waitFor((text) => text.includes('event: status'), 10_000);
    const inFlight = get(port, '/api/v1/clips', cookie);
    // Awaited below; a failure before then must not surface as an unhandled rejection.
    inFlight.catch(() => undefined);
    // The request is in flight once upstream has it.
    const deadline = Date.now() + 10_000;
    while (!upstream.requests.some((request) => request.url.startsWith('/v1/clips'))) {
      expect(Date.now(), 'the request never reached upstream').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    sigtermAt = Date.now();
    child.kill('SIGTERM');

    // The live stream ends at once, telling EventSource to reconnect (to another instance) soon.
    await stream.ended;
    expect(stream.text()).toMatch(/retry: 1000\n\n$/);
    // New connections are refused while the request in flight is still being answered.
    let refusedAt: number | undefined;
    while (refusedAt === undefined && Date.now() - sigtermAt < SHUTDOWN_TIMEOUT_MS) {
      if (await refusesConnections(port)) refusedAt = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refusedAt, 'new connections were still accepted').toBeDefined();

    const answer = await inFlight;
    expect(answer).toMatchObject({ status: 200, connection: 'close', body: '{"clips":[]}' });
    expect(refusedAt).toBeLessThan(answer.at);
    // Answered by upstream's schedule, not cut short.
    expect(answer.at - sigtermAt).toBeGreaterThanOrEqual(SLOW_ANSWER_MS - 50);

    const exit = await exited;
    expect(exit.code, output).toBe(0);
    expect(exit.at - sigtermAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 2_000);
    expect(output).toContain('SIGTERM: shutting down');
    expect(output).not.toContain('closed connections still open at the shutdown time-out');
  }, 120_000);
});
