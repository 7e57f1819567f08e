/**
 * `npx tsx bench/browser/upload-relay-profile.ts`: where a part's bytes cost CPU, without a browser.
 * One part of BENCH_SIZE_MIB (default 256) is PUT from this process (node:http, streamed from a
 * file) three ways, on the same simulator (its own process, as in bench:upload):
 *   direct: to the simulator's signed part URL;
 *   relay:  through the BFF (`npm start`'s compiled server, its own process) at PUT /bff/uploads/part;
 *   pipe:   through a bare node:http proxy in its own process (request piped to the upstream, answer
 *           piped back: the least any Node relay can cost), for reference.
 * Prints wall time and the CPU ms per MiB of each process (the sender, the relay, the simulator),
 * BENCH_ROUNDS times (default 3) in turns. Env: BENCH_SIZE_MIB, BENCH_ROUNDS.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { closeSync, createReadStream, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_KEYS } from '../../mocks/lib/auth.ts';
import { cpuMsOf, openSessions, startBff, startSimulatorProcess } from '../server/bench-stack.ts';

const MIB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_SIZE_MIB ?? 256) * MIB;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

if (process.env.PIPE_PROXY_UPSTREAM) {
  // The bare proxy (forked child): every request piped to the upstream origin, as is.
  const upstream = new URL(process.env.PIPE_PROXY_UPSTREAM);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { 'content-length': request.headers['content-length'] ?? '0' },
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(outgoing);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('disconnect', () => process.exit(0));
} else {
  await main();
}

/** System (kernel) CPU ms of a process so far. */
function systemMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[12]) * 10;
}

function startPipe(upstream: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve) => {
    const child = fork(fileURLToPath(import.meta.url), {
      env: { ...process.env, PIPE_PROXY_UPSTREAM: upstream },
      execArgv: ['--import', 'tsx'],
    });
    child.once('message', (message) =>
      resolve({ child, port: (message as { port: number }).port }),
    );
  });
}

/** PUTs the file to `url`; resolves with the status once the answer is read. */
function put(url: string, file: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'PUT',
      headers: { 'content-length': String(SIZE), ...headers },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(request);
  });
}

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function main(): Promise<void> {
  const file = join(tmpdir(), `cutroom-relay-profile-${process.pid}.bin`);
  const mib = Buffer.alloc(MIB, 'cutroom relay profile ');
  const fd = openSync(file, 'w');
  for (let offset = 0; offset < SIZE; offset += MIB) writeSync(fd, mib);
  closeSync(fd);
  const simulator = await startSimulatorProcess();
  const bff = await startBff({ VCS_BASE_URL: simulator.baseUrl, VCS_API_KEY: DEMO_KEYS.paid });
  const origin = new URL(simulator.baseUrl).origin;
  const pipe = await startPipe(origin);
  try {
    const [session] = await openSessions(bff.url, 1);
    if (!session) throw new Error('no session');
    const viaBff = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    const sim = { authorization: `Bearer ${DEMO_KEYS.paid}`, 'content-type': 'application/json' };
    const pids = {
      sender: process.pid,
      bff: bff.pid,
      pipe: pipe.child.pid as number,
      simulator: simulator.child.pid as number,
    };
    const cpuNow = () =>
      Object.fromEntries(
        Object.entries(pids).flatMap(([role, pid]) => [
          [
            role,
            role === 'sender'
              ? (process.cpuUsage().user + process.cpuUsage().system) / 1000
              : cpuMsOf(pid),
          ],
          [`${role}:sys`, role === 'sender' ? process.cpuUsage().system / 1000 : systemMsOf(pid)],
        ]),
      );
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const way of ['direct', 'relay', 'pipe'] as const) {
        const ref =
          way === 'relay'
            ? await json<{ storage_key: string; upload_id: string }>(
                `${bff.url}/api/v1/workspace/media/upload/multipart/start`,
                {
                  method: 'POST',
                  headers: { ...viaBff, 'content-type': 'application/json' },
                  body: JSON.stringify({
                    filename: 'p.mp4',
                    content_type: 'video/mp4',
                    size_bytes: SIZE,
                  }),
                },
              )
            : await json<{ storage_key: string; upload_id: string }>(
                `${simulator.baseUrl}/workspace/media/upload/multipart/start`,
                {
                  method: 'POST',
                  headers: sim,
                  body: JSON.stringify({
                    filename: 'p.mp4',
                    content_type: 'video/mp4',
                    size_bytes: SIZE,
                  }),
                },
              );
        const signed =
          way === 'relay'
            ? await json<{ url: string }>(
                `${bff.url}/api/v1/workspace/media/upload/multipart/sign-part`,
                {
                  method: 'POST',
                  headers: { ...viaBff, 'content-type': 'application/json' },
                  body: JSON.stringify({ ...ref, part_number: 1 }),
                },
              )
            : await json<{ url: string }>(
                `${simulator.baseUrl}/workspace/media/upload/multipart/sign-part`,
                {
                  method: 'POST',
                  headers: sim,
                  body: JSON.stringify({ ...ref, part_number: 1 }),
                },
              );
        const target =
          way === 'relay'
            ? `${bff.url}${signed.url}`
            : way === 'pipe'
              ? signed.url.replace(origin, `http://127.0.0.1:${pipe.port}`)
              : signed.url;
        const before = cpuNow();
        const started = performance.now();
        const status = await put(target, file, way === 'relay' ? viaBff : {});
        const ms = performance.now() - started;
        const after = cpuNow();
        if (status !== 200) throw new Error(`${way}: PUT answered ${status}`);
        const perMib = (role: string) =>
          `${(((after[role] ?? 0) - (before[role] ?? 0)) / (SIZE / MIB)).toFixed(2)} (system ${(((after[`${role}:sys`] ?? 0) - (before[`${role}:sys`] ?? 0)) / (SIZE / MIB)).toFixed(2)})`;
        const relayRole = way === 'relay' ? 'bff' : way === 'pipe' ? 'pipe' : null;
        console.log(
          `round ${round} ${way.padEnd(6)} ${(ms / 1000).toFixed(2)} s ${(SIZE / MIB / (ms / 1000)).toFixed(0).padStart(4)} MiB/s; CPU ms/MiB: sender ${perMib('sender')}, ${relayRole ? `${relayRole} ${perMib(relayRole)}, ` : ''}simulator ${perMib('simulator')}`,
        );
      }
    }
    console.log(
      `load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    pipe.child.disconnect();
    await bff.stop();
    simulator.child.kill('SIGTERM');
    simulator.child.stdout?.destroy();
    rmSync(file, { force: true });
  }
}
