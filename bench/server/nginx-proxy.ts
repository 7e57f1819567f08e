/**
 * nginx as the reference proxy of the proxy benchmark: what an operator would put in front of the
 * service instead of the BFF. Debian's package (installed when missing, as the tests install
 * Chromium), one worker, `proxy_set_header Authorization`, keep-alive to the upstream, an access
 * log line per request written in batches as the BFF writes its own; its own configuration, prefix
 * and temporary directories in a temporary folder and a free loopback port, so it needs no root
 * and leaves nothing behind.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage } from '../../src/server/test-support/debian-package.ts';
import { freePort } from '../../src/server/test-support/redis-server.ts';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface NginxProxy {
  /** The master process; `pids()` adds its worker. */
  pid: number;
  /** The master and its worker (the one that proxies), for their CPU time. */
  pids(): number[];
  /** e.g. http://127.0.0.1:PORT */
  url: string;
  /** nginx's version line. */
  version: string;
  stop(): Promise<void>;
}

/** The configuration: `/api/v1/…` → `${upstream}/…` with the key, as the BFF forwards it. */
export function nginxConfig(options: {
  dir: string;
  port: number;
  upstream: URL;
  apiKey: string;
  /** false: one process does everything (to run it under valgrind); default a master and a worker. */
  masterProcess?: boolean;
}): string {
  const { dir, port, upstream, apiKey } = options;
  const basePath = upstream.pathname.replace(/\/+$/, '');
  return `daemon off;
master_process ${options.masterProcess === false ? 'off' : 'on'};
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {
  worker_connections 1024;
}
http {
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # One line per request, written in batches (the BFF batches its log lines too).
  access_log ${dir}/access.log combined buffer=16k flush=100ms;
  keepalive_timeout 60s;
  keepalive_requests 100000;
  upstream service {
    server ${upstream.hostname}:${upstream.port};
    keepalive 64;
    keepalive_requests 100000;
  }
  server {
    listen 127.0.0.1:${port};
    location ${'/api/v1/'} {
      proxy_pass http://service${basePath}/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Cookie "";
      proxy_set_header Authorization "Bearer ${apiKey}";
    }
  }
}
`;
}

/** The worker processes of an nginx master (its children). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Starts nginx in front of `upstreamBaseUrl` (e.g. `http://127.0.0.1:1234/v1`). `wrapper`: a
 * command nginx runs under (valgrind and its options); nginx then runs as one process (no master),
 * the same configuration otherwise.
 */
export async function startNginxProxy(
  upstreamBaseUrl: string,
  apiKey: string,
  wrapper: readonly string[] = [],
): Promise<NginxProxy> {
  ensureDebianPackage({
    binary: NGINX_PATH,
    packageName: 'nginx',
    neededFor: 'the proxy benchmark (nginx is its reference proxy)',
    overrideVariable: 'NGINX_PATH',
  });
  const version = nginxVersion();
  for (let attempt = 0; ; attempt += 1) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'cutroom-nginx-'));
    // Run as root, nginx's worker drops to an unprivileged user, which must reach the folder.
    chmodSync(dir, 0o755);
    const config = join(dir, 'nginx.conf');
    writeFileSync(
      config,
      nginxConfig({
        dir,
        port,
        upstream: new URL(upstreamBaseUrl),
        apiKey,
        masterProcess: wrapper.length === 0,
      }),
    );
    const [command = NGINX_PATH, ...prefix] = [...wrapper, NGINX_PATH];
    const child = spawn(
      command,
      [...prefix, '-p', dir, '-c', config, '-e', join(dir, 'error.log')],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = `http://127.0.0.1:${port}`;
    const ready = await waitUntilServing(child, url);
    if (ready) {
      const pid = child.pid as number;
      return {
        pid,
        pids: () => [pid, ...childrenOf(pid)],
        url,
        version,
        stop: async () => {
          // SIGQUIT: graceful shutdown of the master and its worker.
          child.kill('SIGQUIT');
          await exited;
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill('SIGKILL');
    await exited;
    const log = `${stderr}${safeRead(join(dir, 'error.log'))}`;
    rmSync(dir, { recursive: true, force: true });
    // Another process may have taken the free port before nginx bound it: try another one.
    if (attempt < 3 && /Address already in use/.test(log)) continue;
    throw new Error(`nginx did not start: ${log.trim()}`);
  }
}

/** nginx's version (`nginx -v` prints it on stderr). */
function nginxVersion(): string {
  const run = spawnSync(NGINX_PATH, ['-v'], { encoding: 'utf8' });
  return `${run.stderr}${run.stdout}`.replace(/^nginx version: /, '').trim();
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Polls until nginx answers (any status) or exits; false when it exited. */
async function waitUntilServing(child: ChildProcess, url: string): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      await fetch(`${url}/nginx-ready-check`);
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return false;
}
