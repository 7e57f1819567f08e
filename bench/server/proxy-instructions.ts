/**
 * `npm run bench:proxy:instructions`: the proxies' cost per request counted in instructions, which
 * (unlike CPU time on a machine shared with other work) does not depend on how busy the machine
 * is. nginx (as bench:proxy configures it, as one process), the plain node:http proxy and the BFF
 * (as `npm start` runs it, logging at `info`, metrics on) each run under valgrind's callgrind in
 * front of the same fixed-body upstream; each is sent the same requests one at a time over a
 * keep-alive connection (the GET list of 20 projects; the BFF's rotate over BENCH_SESSIONS, 100,
 * sessions): INSTR_WARMUP (20,000) to warm up (JIT, caches, sockets), then the counters are zeroed
 * and INSTR_BATCHES (2) batches of INSTR_REQUESTS (2,000) are counted, all threads together. Printed:
 * instructions per request of each (user space only: the kernel's share is not counted, and is
 * about the same per request for each, one read and one write on each side), and the ratios.
 *
 * Instructions are not time (cache misses, branch mispredictions and the kernel count in time),
 * but a change that saves instructions on the proxied path saves CPU; bench:proxy measures time.
 * INSTR_SIDES=bff,plain,nginx chooses the sides; INSTR_BFF_ROOT (or BENCH_BFF_ROOT) another
 * checkout's BFF; INSTR_DIR keeps the dumps there (`callgrind_annotate`). Needs valgrind
 * (Debian's package).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, clientBuildNeeded } from '../../src/server/static/client-build.ts';
import { openSessions, startBff, startFixedUpstream, startPlainProxy } from './bench-stack.ts';
import { FIXED_KEY } from './fixed-upstream.ts';
import { startNginxProxy } from './nginx-proxy.ts';

const warmup = Number(process.env.INSTR_WARMUP ?? 20000);
const counted = Number(process.env.INSTR_REQUESTS ?? 2000);
const batches = Number(process.env.INSTR_BATCHES ?? 2);
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 100);
const sides = (process.env.INSTR_SIDES ?? 'nginx,plain,bff').split(',').map((s) => s.trim());

interface Measured {
  label: string;
  instructions: number;
  requests: number;
}

/** Sends `count` GETs one at a time over one keep-alive socket, checking each status. */
async function sequential(
  origin: string,
  path: string,
  count: number,
  headers: () => Record<string, string>,
): Promise<void> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let index = 0; index < count; index += 1) {
      await new Promise<void>((resolve, reject) => {
        const request = http.request(
          { host: url.hostname, port: url.port, path, headers: headers(), agent },
          (response) => {
            response.resume();
            response.on('end', () =>
              response.statusCode === 200
                ? resolve()
                : reject(new Error(`${origin}${path}: status ${response.statusCode}`)),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end();
      });
    }
  } finally {
    agent.destroy();
  }
}

/**
 * valgrind names its control pipe after the user and the `HOST` variable of the process it runs
 * (npm start's HOST is the address the BFF binds): callgrind_control must see the same one.
 */
function callgrindControl(pid: number, host: string | undefined, ...args: string[]): string {
  return execFileSync('callgrind_control', [...args, String(pid)], {
    encoding: 'utf8',
    // Its chatter ("sending command … to pid …") stays out of the output.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(host === undefined ? {} : { HOST: host }) },
  });
}

/** The `totals:` (or `summary:`) Ir of the newest dump of `pid` in `dir`. */
function dumpedInstructions(dir: string, pid: number): number {
  // callgrind.PID.1, .2, …: one per requested dump (callgrind.PID is the final one, at exit).
  const prefix = `callgrind.${pid}.`;
  const dumps = readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));
  const newest = dumps.at(-1);
  if (newest === undefined) throw new Error(`no callgrind dump of ${pid} in ${dir}`);
  const text = readFileSync(join(dir, newest), 'utf8');
  const totals = /^(?:totals|summary): (\d+)/m.exec(text);
  if (!totals) throw new Error(`no totals in ${newest}`);
  return Number(totals[1]);
}

/**
 * Warms up with instrumentation off (valgrind runs the code about 10× faster then), switches it
 * on, sends a few more requests (valgrind re-translates the code), then counts `batches` batches
 * of `counted` requests, each its own dump: they agree once the JIT has settled.
 */
async function measure(
  label: string,
  target: { pid: number; host?: string },
  dir: string,
  send: (count: number) => Promise<void>,
): Promise<Measured[]> {
  const { pid, host } = target;
  const started = performance.now();
  await send(warmup);
  callgrindControl(pid, host, '--instr=on');
  await send(200);
  const results: Measured[] = [];
  for (let batch = 0; batch < batches; batch += 1) {
    callgrindControl(pid, host, '--zero');
    await send(counted);
    callgrindControl(pid, host, `--dump=${label} ${batch + 1}`);
    results.push({ label, instructions: dumpedInstructions(dir, pid), requests: counted });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `${label}: ${results.map((r) => Math.round(r.instructions / r.requests)).join(', ')} ` +
      `instructions/request (${batches} batches of ${counted}; ${seconds} s under callgrind)`,
  );
  return results;
}

async function main(): Promise<void> {
  const valgrind = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  if (valgrind.status !== 0) throw new Error('valgrind is needed (apt-get install valgrind)');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const bffRoot = process.env.INSTR_BFF_ROOT ?? process.env.BENCH_BFF_ROOT ?? root;
  if (sides.includes('bff')) {
    const dist = join(bffRoot, 'dist');
    if ((await clientBuildNeeded(bffRoot, dist)).needed) await buildClient(bffRoot, dist);
    const build = spawnSync(process.execPath, ['src/server/launch.mjs', '--build-only'], {
      cwd: bffRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the server build failed');
  }
  // INSTR_DIR: keep the dumps there (for callgrind_annotate); else a temporary folder.
  const keep = process.env.INSTR_DIR;
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'cutroom-callgrind-'));
  const wrapper = [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    // JIT-compiled code (V8) rewrites itself: valgrind must notice.
    '--smc-check=all-non-file',
    `--callgrind-out-file=${dir}/callgrind.%p`,
    '--quiet',
  ];
  const results: Measured[] = [];
  const upstream = await startFixedUpstream();
  const path = '/api/v1/projects?limit=20';
  try {
    for (const side of sides) {
      if (side === 'nginx') {
        const nginx = await startNginxProxy(upstream.baseUrl, FIXED_KEY, wrapper);
        try {
          results.push(
            ...(await measure(nginx.version, { pid: nginx.pid }, dir, (count) =>
              sequential(nginx.url, path, count, () => ({})),
            )),
          );
        } finally {
          await nginx.stop();
        }
      } else if (side === 'plain') {
        const plain = await startPlainProxy(upstream.baseUrl, FIXED_KEY, wrapper);
        try {
          results.push(
            ...(await measure('plain node:http proxy', { pid: plain.pid }, dir, (count) =>
              sequential(plain.url, path, count, () => ({})),
            )),
          );
        } finally {
          await plain.stop();
        }
      } else if (side === 'bff') {
        const host = '127.0.0.1';
        const bff = await startBff(
          { VCS_BASE_URL: upstream.baseUrl, VCS_API_KEY: FIXED_KEY, HOST: host },
          [],
          wrapper,
        );
        try {
          const sessions = await openSessions(bff.url, sessionCount);
          let next = 0;
          const headers = () => {
            const session = sessions[next % sessions.length] as { cookie: string };
            next += 1;
            return { cookie: session.cookie };
          };
          results.push(
            ...(await measure('BFF', { pid: bff.pid, host }, dir, (count) =>
              sequential(bff.url, path, count, headers),
            )),
          );
        } finally {
          await bff.stop();
        }
      } else throw new Error(`unknown side ${side} (INSTR_SIDES: nginx, plain, bff)`);
    }
  } finally {
    await upstream.stop();
    if (keep === undefined) rmSync(dir, { recursive: true, force: true });
  }
  // Each side's last batch: the JIT has had the longest to settle.
  const last = new Map(results.map((result) => [result.label, result]));
  const nginx = [...last.values()].find((result) => result.label.startsWith('nginx'));
  const per = (result: Measured) => result.instructions / result.requests;
  console.log(
    `\n== Instructions per proxied GET (callgrind, user space, all threads; ${warmup} warm-up ` +
      `requests, then the last of ${batches} batches of ${counted}, one at a time over a ` +
      'keep-alive connection)',
  );
  for (const result of last.values()) {
    const ratio = nginx ? ` (${(per(result) / per(nginx)).toFixed(2)}× nginx)` : '';
    console.log(
      `  ${result.label.padEnd(24)} ${Math.round(per(result)).toString().padStart(9)}${ratio}`,
    );
  }
}

await main();
