/**
 * `npm run bench:proxy`: the same GET (`/projects?limit=20`) straight to the simulator (Bearer demo
 * key) and through the BFF (session cookie from the demo login), on loopback, in one run.
 *
 * Two layouts (BENCH_LAYOUT=shared|separate|both, default both), autocannon always in this process:
 * - shared: simulator and BFF in one child process, as `npm start` runs them;
 * - separate: simulator and BFF each in their own child process.
 * Per layout:
 * - load: autocannon with BENCH_CONNECTIONS (10) connections, BENCH_SECONDS (10) s per side after
 *   a 3 s warm-up each, split into BENCH_ROUNDS (5) alternating rounds so that drift or a busy
 *   neighbour hits both sides alike. Requests/s over all rounds; p50/p99 the median of the rounds.
 * - added latency: BENCH_PROBES (2000) sequential requests per side over one keep-alive socket,
 *   alternating in the same rounds, timed with the high-resolution clock (autocannon's latency
 *   histogram has 1 ms resolution).
 * - CPU time per request of the server processes, and what going through the BFF adds to it.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';

const PATH = '/projects?limit=20';
const DEMO_KEY = 'vcs_test_demo_paid';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const probes = Number(process.env.BENCH_PROBES ?? 2000);

interface Child<T> {
  child: ChildProcess;
  message: T;
}

function startChild<T>(file: string, env: Record<string, string> = {}): Promise<Child<T>> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(file, import.meta.url)), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve({ child, message: message as T }));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/** CPU time (µs) a child has used so far. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (message) => {
      const { cpu } = message as { cpu: NodeJS.CpuUsage };
      resolve(cpu.user + cpu.system);
    });
    child.send('cpu');
  });
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

async function load(target: Target, duration: number): Promise<Result> {
  const result = await autocannon({
    url: target.url,
    connections,
    duration,
    headers: target.headers,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
  return result;
}

/** `count` sequential requests over one keep-alive socket; latencies in ms. */
async function probe(target: Target, count: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(target.url);
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const request = http.get(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          headers: target.headers,
          agent,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) resolve(performance.now() - started);
            else reject(new Error(`${target.name}: status ${response.statusCode}`));
          });
        },
      );
      request.on('error', reject);
    });
  await once();
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) samples.push(await once());
  agent.destroy();
  return samples;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const percentile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const fixed = (value: number, digits = 2) => value.toFixed(digits);

function printTable(rows: string[][]): void {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    );
  }
}

interface Stack {
  direct: Target;
  proxied: Target;
  children: ChildProcess[];
}

async function startStack(layout: 'shared' | 'separate'): Promise<Stack> {
  const children: ChildProcess[] = [];
  let upstreamEnv: Record<string, string> = {};
  if (layout === 'separate') {
    const simulator = await startChild<{ baseUrl: string }>('./bench-simulator-process.ts');
    children.push(simulator.child);
    upstreamEnv = { BENCH_UPSTREAM: simulator.message.baseUrl };
  }
  const bff = await startChild<{ url: string; baseUrl: string }>(
    './bench-bff-process.ts',
    upstreamEnv,
  );
  children.push(bff.child);
  const login = await fetch(`${bff.message.url}/bff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ demo: true }),
  });
  if (login.status !== 200) throw new Error(`demo login: ${login.status}`);
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';', 1)[0] as string;
  return {
    children,
    direct: {
      name: 'direct',
      url: `${bff.message.baseUrl}${PATH}`,
      headers: { authorization: `Bearer ${DEMO_KEY}` },
    },
    proxied: { name: 'through BFF', url: `${bff.message.url}/api/v1${PATH}`, headers: { cookie } },
  };
}

async function cpuOfAll(children: ChildProcess[]): Promise<number> {
  let total = 0;
  for (const child of children) total += await cpuOf(child);
  return total;
}

interface Side {
  results: Result[];
  samples: number[];
  cpu: number;
}

async function runLayout(layout: 'shared' | 'separate'): Promise<boolean> {
  const stack = await startStack(layout);
  try {
    console.log(
      `\n== ${layout === 'shared' ? 'shared: simulator and BFF in one process (as npm start)' : 'separate: simulator and BFF in two processes'}`,
    );
    await load(stack.direct, 3);
    await load(stack.proxied, 3);
    const roundSeconds = Math.max(1, Math.round(seconds / rounds));
    const sides: Record<'direct' | 'proxied', Side> = {
      direct: { results: [], samples: [], cpu: 0 },
      proxied: { results: [], samples: [], cpu: 0 },
    };
    const loadBefore = loadavg()[0] ?? 0;
    for (let round = 0; round < rounds; round += 1) {
      for (const name of ['direct', 'proxied'] as const) {
        const before = await cpuOfAll(stack.children);
        sides[name].results.push(await load(stack[name], roundSeconds));
        sides[name].cpu += (await cpuOfAll(stack.children)) - before;
      }
      for (const name of ['direct', 'proxied'] as const) {
        sides[name].samples.push(...(await probe(stack[name], Math.ceil(probes / rounds))));
      }
    }
    const loadAfter = loadavg()[0] ?? 0;

    const total = (side: Side) =>
      side.results.reduce((sum, result) => sum + (result.requests.total ?? 0), 0);
    const rps = (side: Side) => total(side) / (side.results.length * roundSeconds);
    const loadP = (side: Side, key: 'p50' | 'p99') =>
      median(side.results.map((r) => r.latency[key]));
    const cpuPerRequest = (side: Side) => side.cpu / Math.max(1, total(side));
    const { direct, proxied } = sides;
    const ratio = rps(proxied) / rps(direct);
    const row = (label: string, a: number, b: number, digits: number) => [
      label,
      fixed(a, digits),
      fixed(b, digits),
      `+${fixed(b - a, digits)}`,
    ];
    printTable([
      ['', 'direct', 'through BFF', 'ratio / added'],
      [
        'requests/s (load)',
        fixed(rps(direct), 0),
        fixed(rps(proxied), 0),
        `${fixed(ratio * 100, 1)} %`,
      ],
      row('p50 ms (load)', loadP(direct, 'p50'), loadP(proxied, 'p50'), 2),
      row('p99 ms (load)', loadP(direct, 'p99'), loadP(proxied, 'p99'), 2),
      row(
        'p50 ms (sequential)',
        percentile(direct.samples, 0.5),
        percentile(proxied.samples, 0.5),
        3,
      ),
      row(
        'p99 ms (sequential)',
        percentile(direct.samples, 0.99),
        percentile(proxied.samples, 0.99),
        3,
      ),
      row('server CPU µs/request', cpuPerRequest(direct), cpuPerRequest(proxied), 0),
    ]);
    const addedP99 = percentile(proxied.samples, 0.99) - percentile(direct.samples, 0.99);
    const busy = Math.max(loadBefore, loadAfter) > availableParallelism() / 2;
    console.log(
      `load average ${fixed(loadBefore)} → ${fixed(loadAfter)} on ${availableParallelism()} CPUs` +
        (busy ? ' (busy machine: figures are noisy)' : ''),
    );
    console.log(
      `goal throughput >= 80 %: ${ratio >= 0.8 ? 'met' : 'NOT met'} (${fixed(ratio * 100, 1)} %)`,
    );
    console.log(
      `goal p99 added <= 2 ms (sequential): ${addedP99 <= 2 ? 'met' : 'NOT met'} (+${fixed(addedP99, 3)} ms)`,
    );
    return ratio >= 0.8 && addedP99 <= 2;
  } finally {
    for (const child of stack.children) child.disconnect();
  }
}

const layoutSetting = process.env.BENCH_LAYOUT ?? 'both';
const layouts = (layoutSetting === 'both' ? ['shared', 'separate'] : [layoutSetting]) as Array<
  'shared' | 'separate'
>;
console.log(
  `GET ${PATH}: per layout, 3 s warm-up per side, then ${rounds} alternating rounds, ` +
    `${seconds} s per side, ${connections} connections; ${probes} sequential probes per side`,
);
for (const layout of layouts) await runLayout(layout);
