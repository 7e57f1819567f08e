/**
 * `npm run bench:proxy`: what the BFF costs, measured on the real thing. The BFF runs exactly as
 * `npm start` runs it (compiled, in its own process, production logging at `info` to a file,
 * default limits), and is compared with calling its upstream directly:
 *
 * - upstream `simulator`: the embedded simulator, in the BFF's process (as npm start runs it);
 * - upstream `fixed`: a minimal fixed-body server in another process (the proxy's own cost).
 *
 * Requests: a GET list (`/projects?limit=20`), a POST (`/projects`, CSRF token and all), and a
 * 5 MB response (fixed upstream only: the simulator has no such answer). BENCH_SESSIONS (100)
 * signed-in sessions take turns, as many browsers would.
 *
 * Per case, direct and through the BFF, alternating in BENCH_ROUNDS (3) rounds so a busy
 * neighbour hits both alike:
 * - throughput: autocannon, BENCH_CONNECTIONS (10) connections, BENCH_SECONDS (6) s per side;
 * - added latency one request at a time: BENCH_PROBES (600) sequential requests per side;
 * - added latency under load: a fixed rate (BENCH_LOAD_SHARE, 0.6, of the BFF's throughput) for
 *   BENCH_LOAD_SECONDS (4) s per side, each request timed from when it was due;
 * - CPU per request of the server processes, and the load generator's own CPU; from them the
 *   "CPU ceiling": with every process on the same cores, the ratio cannot exceed direct's CPU per
 *   request over the proxied path's.
 * The fixed-upstream cases are also run through a plain node:http proxy in its own process (same
 * keep-alive agent settings as the BFF, nothing else): a reference for what any Node proxy reaches
 * on this machine, with no goals. A closing table sets each ratio beside its ceiling.
 * Then one vs two BFF instances over Redis (fixed upstream, GET list), load split evenly.
 *
 * Goals, for the BFF as `npm start` runs it (one process): throughput ≥ 80 % of direct, added p99
 * ≤ 2 ms one at a time and ≤ 5 ms under load, on every case (simulator and fixed-body upstream
 * alike: next to an upstream that does nothing the BFF's own cost shows most); and ready ≤ 1 s
 * after the build exists. Exits 1 when one is missed.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildClient, clientBuildNeeded } from '../client-build.ts';
import { startTestRedis } from '../test-support/redis-server.ts';
import {
  type BffProcess,
  cpuMsOf,
  type FixedUpstream,
  openSessions,
  startBff,
  startFixedUpstream,
  startPlainProxy,
} from './bench-stack.ts';
import { FIXED_KEY, LARGE_PROJECT_ID } from './fixed-upstream.ts';
import { atFixedRate, percentile, sequential, type Target, throughput } from './load.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  seconds: env('BENCH_SECONDS', 6),
  rounds: env('BENCH_ROUNDS', 3),
  connections: env('BENCH_CONNECTIONS', 10),
  probes: env('BENCH_PROBES', 600),
  loadShare: env('BENCH_LOAD_SHARE', 0.6),
  loadSeconds: env('BENCH_LOAD_SECONDS', 4),
  sessions: env('BENCH_SESSIONS', 100),
};
const GOALS = { ratio: 0.8, sequentialP99Ms: 2, loadP99Ms: 5, readyMs: 1000 };
const SIMULATOR_KEY = 'vcs_test_demo_paid';

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const loadNow = () => (loadavg()[0] ?? 0).toFixed(2);
const failures: string[] = [];

function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => row[c]?.length ?? 0))) ?? [];
  for (const row of rows) {
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  '),
    );
  }
}

function goal(label: string, met: boolean, detail: string): void {
  console.log(`  goal ${label}: ${met ? 'met' : 'NOT met'} (${detail})`);
  if (!met) failures.push(`${label} (${detail})`);
}

/** Rotates through the sessions: cookie, and CSRF token for writes. */
function sessionHeaders(sessions: Array<{ cookie: string; csrf: string }>, write: boolean) {
  let next = 0;
  return () => {
    const session = sessions[next % sessions.length] as { cookie: string; csrf: string };
    next += 1;
    return {
      cookie: session.cookie,
      ...(write ? { 'x-csrf-token': session.csrf, 'content-type': 'application/json' } : {}),
    };
  };
}

interface Case {
  label: string;
  direct: Target;
  proxied: Target;
  /** Processes whose CPU is the server's (BFF, and the upstream when separate). */
  serverPids: number[];
  /** A reference measurement (the plain proxy): figures only, no goals. */
  reference?: boolean;
}

/** What one case showed, for the closing summary. */
interface CaseResult {
  label: string;
  ratio: number;
  /** The ratio the machine's CPUs allow: direct's CPU per request / the proxied path's. */
  cpuCeiling: number;
}
const results: CaseResult[] = [];

function cases(
  upstream: 'simulator' | 'fixed',
  proxy: { url: string; label?: string; reference?: boolean },
  directBase: string,
  key: string,
  sessions: Array<{ cookie: string; csrf: string }>,
  serverPids: number[],
): Case[] {
  const direct = new URL(directBase);
  const requests: Array<{
    label: string;
    method: 'GET' | 'POST';
    path: string;
    body?: string;
    status: number;
  }> = [
    { label: 'GET list', method: 'GET', path: '/projects?limit=20', status: 200 },
    {
      label: 'POST',
      method: 'POST',
      path: '/projects',
      body: JSON.stringify({ name: 'Bench project', description: 'Made by bench:proxy' }),
      status: 201,
    },
  ];
  if (upstream === 'fixed') {
    requests.push({
      label: 'GET 5 MB',
      method: 'GET',
      path: `/projects/${LARGE_PROJECT_ID}`,
      status: 200,
    });
  }
  return requests.map((request) => {
    const write = request.method === 'POST';
    return {
      label: `${upstream}: ${request.label}${proxy.label ?? ''}`,
      serverPids,
      reference: proxy.reference === true,
      direct: {
        name: `direct ${request.label}`,
        origin: direct.origin,
        method: request.method,
        path: `${direct.pathname}${request.path}`,
        ...(request.body === undefined ? {} : { body: request.body }),
        status: request.status,
        headers: () => ({
          authorization: `Bearer ${key}`,
          ...(write ? { 'content-type': 'application/json' } : {}),
        }),
      },
      proxied: {
        name: `${proxy.reference ? 'plain proxy' : 'BFF'} ${request.label}`,
        origin: proxy.url,
        method: request.method,
        path: `/api/v1${request.path}`,
        ...(request.body === undefined ? {} : { body: request.body }),
        status: request.status,
        headers: sessionHeaders(sessions, write),
      },
    };
  });
}

interface SideFigures {
  requests: number;
  seconds: number;
  serverCpuMs: number;
  generatorCpuMs: number;
  sequential: number[];
  underLoad: number[];
}

async function measure(benchCase: Case): Promise<void> {
  const sides = { direct: benchCase.direct, proxied: benchCase.proxied };
  const figures: Record<'direct' | 'proxied', SideFigures> = {
    direct: {
      requests: 0,
      seconds: 0,
      serverCpuMs: 0,
      generatorCpuMs: 0,
      sequential: [],
      underLoad: [],
    },
    proxied: {
      requests: 0,
      seconds: 0,
      serverCpuMs: 0,
      generatorCpuMs: 0,
      sequential: [],
      underLoad: [],
    },
  };
  const serverCpu = () => benchCase.serverPids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const loadBefore = loadNow();
  // Warm-up: connections, JIT, caches.
  for (const target of Object.values(sides))
    await throughput(target, { connections: settings.connections, seconds: 2 });
  const roundSeconds = Math.max(1, Math.round(settings.seconds / settings.rounds));
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const side of ['direct', 'proxied'] as const) {
      const before = serverCpu();
      const result = await throughput(sides[side], {
        connections: settings.connections,
        seconds: roundSeconds,
      });
      figures[side].serverCpuMs += serverCpu() - before;
      figures[side].requests += result.requests;
      figures[side].seconds += result.seconds;
      figures[side].generatorCpuMs += result.generatorCpuMs;
    }
    for (const side of ['direct', 'proxied'] as const) {
      figures[side].sequential.push(
        ...(await sequential(sides[side], Math.ceil(settings.probes / settings.rounds))),
      );
    }
  }
  const rps = (side: SideFigures) => side.requests / side.seconds;
  const rate = Math.max(5, Math.round(rps(figures.proxied) * settings.loadShare));
  for (const side of ['direct', 'proxied'] as const) {
    figures[side].underLoad = await atFixedRate(sides[side], {
      rate,
      seconds: settings.loadSeconds,
      sockets: settings.connections,
    });
  }
  const loadAfter = loadNow();

  const { direct, proxied } = figures;
  const ratio = rps(proxied) / rps(direct);
  // Every process of the exchange runs on the same few cores: the load generator, the upstream
  // and (through the proxy) the proxy. When they are the bottleneck, throughput is cores / CPU
  // per request, so the ratio cannot exceed direct's CPU per request over the proxied path's.
  const cpuPerRequest = (side: SideFigures) =>
    ((side.serverCpuMs + side.generatorCpuMs) * 1000) / Math.max(1, side.requests);
  const cpuCeiling = cpuPerRequest(direct) / cpuPerRequest(proxied);
  const busyCores = (side: SideFigures) =>
    (side.serverCpuMs + side.generatorCpuMs) / (side.seconds * 1000);
  results.push({ label: benchCase.label, ratio, cpuCeiling });
  const p = (values: number[], q: number) => percentile(values, q);
  const added = (a: number, b: number, digits = 2) =>
    `${b - a >= 0 ? '+' : ''}${fixed(b - a, digits)}`;
  console.log(`\n== ${benchCase.label} (load average ${loadBefore} → ${loadAfter})`);
  printTable([
    ['', 'direct', 'through BFF', 'ratio / added'],
    [
      'requests/s (throughput)',
      fixed(rps(direct), 0),
      fixed(rps(proxied), 0),
      `${fixed(ratio * 100, 1)} %`,
    ],
    [
      'p50 ms, one at a time',
      fixed(p(direct.sequential, 0.5), 3),
      fixed(p(proxied.sequential, 0.5), 3),
      added(p(direct.sequential, 0.5), p(proxied.sequential, 0.5), 3),
    ],
    [
      'p99 ms, one at a time',
      fixed(p(direct.sequential, 0.99), 3),
      fixed(p(proxied.sequential, 0.99), 3),
      added(p(direct.sequential, 0.99), p(proxied.sequential, 0.99), 3),
    ],
    [
      `p50 ms at ${rate} req/s`,
      fixed(p(direct.underLoad, 0.5)),
      fixed(p(proxied.underLoad, 0.5)),
      added(p(direct.underLoad, 0.5), p(proxied.underLoad, 0.5)),
    ],
    [
      `p99 ms at ${rate} req/s`,
      fixed(p(direct.underLoad, 0.99)),
      fixed(p(proxied.underLoad, 0.99)),
      added(p(direct.underLoad, 0.99), p(proxied.underLoad, 0.99)),
    ],
    [
      'server CPU µs/request',
      fixed((direct.serverCpuMs * 1000) / direct.requests, 0),
      fixed((proxied.serverCpuMs * 1000) / proxied.requests, 0),
      added(
        (direct.serverCpuMs * 1000) / direct.requests,
        (proxied.serverCpuMs * 1000) / proxied.requests,
        0,
      ),
    ],
    [
      'load generator CPU, % of a core',
      fixed((direct.generatorCpuMs / (direct.seconds * 1000)) * 100, 0),
      fixed((proxied.generatorCpuMs / (proxied.seconds * 1000)) * 100, 0),
      '',
    ],
    [
      'CPU µs/request, all processes',
      fixed(cpuPerRequest(direct), 0),
      fixed(cpuPerRequest(proxied), 0),
      `ceiling ${fixed(cpuCeiling * 100, 1)} %`,
    ],
    [
      `cores busy (of ${availableParallelism()})`,
      fixed(busyCores(direct), 2),
      fixed(busyCores(proxied), 2),
      '',
    ],
  ]);
  if (benchCase.reference) {
    console.log('  (reference: the least a Node proxy does; no goals)');
    return;
  }
  goal(
    `${benchCase.label}: throughput >= 80 % of direct`,
    ratio >= GOALS.ratio,
    `${fixed(ratio * 100, 1)} %`,
  );
  const sequentialAdded = p(proxied.sequential, 0.99) - p(direct.sequential, 0.99);
  goal(
    `${benchCase.label}: added p99 <= 2 ms one at a time`,
    sequentialAdded <= GOALS.sequentialP99Ms,
    `${added(0, sequentialAdded, 3)} ms`,
  );
  const loadAdded = p(proxied.underLoad, 0.99) - p(direct.underLoad, 0.99);
  goal(
    `${benchCase.label}: added p99 <= 5 ms under load`,
    loadAdded <= GOALS.loadP99Ms,
    `${added(0, loadAdded)} ms at ${rate} req/s`,
  );
}

async function scaleOut(upstream: FixedUpstream): Promise<void> {
  const redis = await startTestRedis();
  const started: BffProcess[] = [];
  try {
    const instanceEnv = {
      VCS_BASE_URL: upstream.baseUrl,
      VCS_API_KEY: FIXED_KEY,
      REDIS_URL: redis.url,
    };
    started.push(await startBff(instanceEnv), await startBff(instanceEnv));
    const [a, b] = started as [BffProcess, BffProcess];
    const sessions = await openSessions(a.url, settings.sessions);
    const target = (bff: BffProcess): Target => ({
      name: `BFF ${bff.url}`,
      origin: bff.url,
      method: 'GET',
      path: '/api/v1/projects?limit=20',
      status: 200,
      headers: sessionHeaders(sessions, false),
    });
    const perConnections = Math.max(1, Math.round(settings.connections / 2));
    await throughput(target(a), { connections: settings.connections, seconds: 2 });
    await throughput(target(b), { connections: settings.connections, seconds: 2 });
    const loadBefore = loadNow();
    let one = 0;
    let two = 0;
    let seconds = 0;
    const roundSeconds = Math.max(1, Math.round(settings.seconds / settings.rounds));
    for (let round = 0; round < settings.rounds; round += 1) {
      one += (
        await throughput(target(a), { connections: settings.connections, seconds: roundSeconds })
      ).requests;
      const both = await Promise.all([
        throughput(target(a), { connections: perConnections, seconds: roundSeconds }),
        throughput(target(b), { connections: perConnections, seconds: roundSeconds }),
      ]);
      two += both[0].requests + both[1].requests;
      seconds += roundSeconds;
    }
    console.log(
      `\n== scale-out over Redis: fixed upstream, GET list (load average ${loadBefore} → ${loadNow()})`,
    );
    printTable([
      ['', 'requests/s'],
      ['one instance (Redis)', fixed(one / seconds, 0)],
      ['two instances (Redis), load split', fixed(two / seconds, 0)],
      ['two / one', `${fixed(two / one, 2)}×`],
    ]);
    console.log(
      `  ${availableParallelism()} CPUs carry the load generator, the upstream, Redis and the instances: ` +
        'a second instance adds no cores, so the ratio shows the cost of sharing, not the gain of scaling.',
    );
  } finally {
    for (const bff of started) await bff.stop();
    await redis.close();
  }
}

/** Closing summary: each ratio beside what the CPUs allowed and what the plain proxy reached. */
function explainLimits(): void {
  console.log(`\n== What limits the ratio on ${availableParallelism()} CPUs`);
  printTable([
    ['case', 'ratio', 'CPU ceiling'],
    ...results.map((result) => [
      result.label,
      `${fixed(result.ratio * 100, 1)} %`,
      `${fixed(result.cpuCeiling * 100, 1)} %`,
    ]),
  ]);
  console.log(
    [
      '  The load generator, the upstream and the proxy share these cores. Direct, a request costs the',
      '  generator and the upstream; through a proxy it also costs a second HTTP exchange (parse,',
      '  write, a socket each way) in the proxy, so once the cores are busy the ratio is bounded by',
      '  direct\'s CPU per request over the proxied path\'s ("CPU ceiling"), whatever the proxy does',
      '  beyond that. The plain node:http proxy (no checks, logging or metrics) shows the bound in',
      "  practice; the BFF's distance from it is its own per-request work. Against the simulator the",
      '  upstream does real work per request, so the proxy is a smaller share and the ratio higher.',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  console.log(
    `bench:proxy on ${availableParallelism()} CPUs, load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}; ` +
      `${settings.sessions} sessions, ${settings.connections} connections, ${settings.rounds} rounds of ` +
      `${Math.round(settings.seconds / settings.rounds)} s per side, ${settings.probes} sequential probes, ` +
      `${settings.loadShare * 100} % of the BFF's throughput for ${settings.loadSeconds} s under load`,
  );

  // Both builds first, so that the start measured below is a start, not a build.
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const dist = `${root}dist`;
  if ((await clientBuildNeeded(root, dist)).needed) await buildClient(root, dist);
  const serverBuild = spawnSync(process.execPath, ['src/server/launch.mjs', '--build-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (serverBuild.status !== 0) throw new Error('the server build failed');

  // Upstream: the embedded simulator, as npm start runs it (one process).
  const simulatorBff = await startBff({});
  try {
    console.log(
      `\nnpm start (simulator): ready in ${simulatorBff.readyMs} ms (${simulatorBff.readyCpuMs} ms CPU)`,
    );
    goal(
      'npm start ready <= 1 s',
      simulatorBff.readyMs <= GOALS.readyMs,
      `${simulatorBff.readyMs} ms, load average ${loadNow()}`,
    );
    const sessions = await openSessions(simulatorBff.url, settings.sessions);
    for (const benchCase of cases(
      'simulator',
      { url: simulatorBff.url },
      simulatorBff.simulatorBaseUrl as string,
      SIMULATOR_KEY,
      sessions,
      [simulatorBff.pid],
    )) {
      await measure(benchCase);
    }
  } finally {
    await simulatorBff.stop();
  }

  // Upstream: a fixed-body server in its own process.
  const upstream = await startFixedUpstream();
  try {
    const bff = await startBff({ VCS_BASE_URL: upstream.baseUrl, VCS_API_KEY: FIXED_KEY });
    try {
      const sessions = await openSessions(bff.url, settings.sessions);
      for (const benchCase of cases(
        'fixed',
        { url: bff.url },
        upstream.baseUrl,
        FIXED_KEY,
        sessions,
        [bff.pid, upstream.pid],
      )) {
        await measure(benchCase);
      }
    } finally {
      await bff.stop();
    }
    // The same cases through the plain reference proxy: what any Node proxy reaches here.
    const plain = await startPlainProxy(upstream.baseUrl, FIXED_KEY);
    try {
      for (const benchCase of cases(
        'fixed',
        { url: plain.url, label: ' via a plain node:http proxy', reference: true },
        upstream.baseUrl,
        FIXED_KEY,
        [{ cookie: '', csrf: '' }],
        [plain.pid, upstream.pid],
      )) {
        await measure(benchCase);
      }
    } finally {
      await plain.stop();
    }
    await scaleOut(upstream);
  } finally {
    await upstream.stop();
  }

  explainLimits();
  console.log(
    `\n${failures.length === 0 ? 'All goals met.' : `Goals missed (${failures.length}):`}`,
  );
  for (const failure of failures) console.log(`  - ${failure}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

await main();
