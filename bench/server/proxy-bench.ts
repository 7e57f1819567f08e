/**
 * `npm run bench:proxy`: what the BFF costs, measured on the real thing. The BFF runs exactly as
 * `npm start` runs it (compiled, in its own process, production logging at `info`, default
 * limits). First it is compared with nginx doing the same hop (nginx-comparison.ts: CPU per
 * request and added latency at 1,000 requests/s, the goals), then, with BENCH_FULL=1, each case
 * is measured in depth against calling its upstream directly:
 *
 * - upstream `simulator`: the embedded simulator, in the BFF's process (as npm start runs it; its
 *   demo key is the one npm start's demo sign-in uses, from src/shared-rules/demo-workspaces.ts);
 * - upstream `fixed`: a minimal fixed-body server in another process (the proxy's own cost).
 *
 * Requests: a GET list (`/projects?limit=20`), a POST (`/projects`, CSRF token and all), and a
 * 5 MB response (fixed upstream only: the simulator has no such answer). BENCH_SESSIONS (100)
 * signed-in sessions take turns, as many browsers would.
 *
 * Per case, direct and through the BFF, alternating in BENCH_ROUNDS (3) rounds so a busy
 * neighbour hits both alike:
 * 1. throughput at saturation: autocannon, closed loop, BENCH_CONNECTIONS (10) connections,
 *    BENCH_SECONDS (6) s per side, with the CPU each process used per request (load generator,
 *    BFF, upstream) and how many cores they kept busy. On 2 cores shared by all of them, the
 *    ratio is bounded by direct's CPU per request over the proxied path's: printed as an
 *    estimate of what limits it;
 * 2. added latency one request at a time: BENCH_PROBES (600) sequential requests per side, the
 *    sides taking turns request by request;
 * 3. added latency under load: open loop (as wrk2), both sides at the same offered rate,
 *    BENCH_LOAD_SHARE (0.6) of the lower of the two saturation throughputs, for
 *    BENCH_LOAD_SECONDS (6) s each in BENCH_LOAD_ROUNDS (3) rounds taking turns, every request
 *    timed from when it was due (no coordinated omission); each side's achieved rate shows
 *    whether it sustained that rate. Beside it: the load generator's CPU per request, the cores
 *    other processes kept busy meanwhile, the proxy's main thread (its event loop) from /proc:
 *    CPU, time runnable but waiting for a core, preemptions; and the BFF's event-loop lateness,
 *    GC pauses and webhook deliveries received (read from its /metrics between rounds).
 * The fixed-upstream cases are also run through a plain node:http proxy in its own process (same
 * keep-alive settings, nothing else): what any Node proxy reaches on this machine, no goals. Under
 * load it is offered the BFF's rate of the same case, and its added p99 is quoted in the BFF's
 * goal.
 * Then one vs two BFF instances over Redis (fixed upstream, GET list), load split evenly.
 *
 * Goals, for the BFF as `npm start` runs it (one process): CPU per proxied GET ≤ 2× nginx's and
 * added p99 ≤ 1 ms at 1,000 requests/s; ready ≤ 1 s after the build exists; with BENCH_FULL=1
 * also added p99 ≤ 2 ms one at a time and ≤ 5 ms under load, on every case (throughput against
 * direct is printed as information: its goal of 80 % is retired). A closing table prints each
 * goal's figure, target, met or missed, and why. Exits 1 when one is missed.
 *
 * Method changes since the first version (said again in the output): the rate under load is
 * taken from the lower of both sides' throughput (it was the BFF's, which is the lower one in
 * practice) and each side's achieved rate is checked; CPU is reported per process, and for the
 * fixed-rate phase too (CPU per request there hardly depends on how busy the machine is); the
 * CPU bound on the ratio is called an estimate. Then: the phase under load runs in rounds taking
 * turns (it was one 4 s window per side, so one stall of the machine, a neighbour's burst or a
 * GC, fell on one side only and decided the p99), and the plain proxy is offered the BFF's rate
 * (it was offered its own 60 %, so its added p99 did not compare); one request at a time, the
 * sides take turns request by request (they took turns in blocks of 200, so a burst of a
 * neighbour's work could fall on one side's block). Then: the event-loop figure is how late the
 * loop ran, i.e. prom-client's delay less its monitor's 10 ms timer interval (it was the delay
 * itself, so an idle loop read 10 ms and "15-32 ms late" was 5-22 ms), and each side reports its
 * proxy's main thread from /proc (CPU, waiting for a core) and the webhooks the BFF received.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEMO_KEYS } from '../../src/shared-rules/demo-workspaces.ts';
import { buildClient, clientBuildNeeded } from '../../src/server/static/client-build.ts';
import { startTestRedis } from '../../src/server/test-support/redis-server.ts';
import {
  type BffProcess,
  cpuMsOf,
  type FixedUpstream,
  openSessions,
  startBff,
  startFixedUpstream,
  startPlainProxy,
  threadSchedOf,
  type ThreadSched,
} from './bench-stack.ts';
import { FIXED_KEY, LARGE_PROJECT_ID } from './fixed-upstream.ts';
import { compareWithNginx } from './nginx-comparison.ts';
import { printTable } from './print-table.ts';
import {
  atFixedRate,
  type FixedRateResult,
  percentile,
  sequentialPair,
  type Target,
  throughput,
} from './load.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/**
 * BENCH_CASES="fixed: GET list,simulator: POST": only these cases (to compare a change quickly);
 * the one-vs-two-instances part then runs only when BENCH_SCALE_OUT=1. A partial run decides
 * only the goals it measured.
 */
/** BENCH_NODE_ARGS: Node flags added to npm start's for every BFF started (to compare them). */
const extraNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const onlyCases = process.env.BENCH_CASES?.split(',').map((name) => name.trim());
/** BENCH_FULL=1: after the comparison with nginx, every case in depth (several minutes more). */
const full = process.env.BENCH_FULL === '1';
const settings = {
  nginxRate: env('BENCH_NGINX_RATE', 1000),
  nginxSeconds: env('BENCH_NGINX_SECONDS', 5),
  nginxRounds: env('BENCH_NGINX_ROUNDS', 3),
  seconds: env('BENCH_SECONDS', 6),
  rounds: env('BENCH_ROUNDS', 3),
  connections: env('BENCH_CONNECTIONS', 10),
  probes: env('BENCH_PROBES', 600),
  loadShare: env('BENCH_LOAD_SHARE', 0.6),
  loadSeconds: env('BENCH_LOAD_SECONDS', 6),
  loadRounds: env('BENCH_LOAD_ROUNDS', 3),
  sessions: env('BENCH_SESSIONS', 100),
};
const GOALS = { sequentialP99Ms: 2, loadP99Ms: 5, readyMs: 1000 };
/** The simulator's demo key, as npm start's demo sign-in uses it (never written out here). */
const SIMULATOR_KEY = DEMO_KEYS.paid;
/** A side sustained the offered rate when it answered at least this share of it per second. */
const SUSTAINED_SHARE = 0.95;
const CORES = availableParallelism();

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const loadNow = () => (loadavg()[0] ?? 0).toFixed(2);
const signed = (value: number, digits = 2) => `${value >= 0 ? '+' : ''}${fixed(value, digits)}`;

/** One goal's outcome, printed as it is measured and again in the closing table. */
interface GoalResult {
  goal: string;
  figure: string;
  target: string;
  met: boolean;
  why: string;
}
const goals: GoalResult[] = [];

function goal(result: GoalResult): void {
  goals.push(result);
  console.log(
    `  goal ${result.goal}: ${result.figure} (goal ${result.target}) ${result.met ? 'met' : 'MISSED'}` +
      ` — ${result.why}`,
  );
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

/** A process whose CPU time the bench reads. */
interface Watched {
  label: string;
  pid: number;
}

interface Case {
  label: string;
  direct: Target;
  proxied: Target;
  /** The upstream and request (`fixed: GET list`), shared by a case and its reference. */
  key: string;
  /** What the proxy is called in the tables. */
  proxyName: string;
  /** The server-side processes (the BFF or plain proxy, and the upstream when separate). */
  processes: Watched[];
  /** A reference measurement (the plain proxy): figures only, no goals. */
  reference?: boolean;
  /** The BFF's origin, whose /metrics give its event-loop delay and GC pauses under load. */
  bffUrl?: string;
}

function cases(
  upstream: 'simulator' | 'fixed',
  proxy: { url: string; label?: string; reference?: boolean; bff?: boolean },
  directBase: string,
  key: string,
  sessions: Array<{ cookie: string; csrf: string }>,
  processes: Watched[],
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
  const proxyName = proxy.reference ? 'plain proxy' : 'BFF';
  return requests
    .filter(
      (request) => onlyCases === undefined || onlyCases.includes(`${upstream}: ${request.label}`),
    )
    .map((request) => {
      const write = request.method === 'POST';
      return {
        label: `${upstream}: ${request.label}${proxy.label ?? ''}`,
        key: `${upstream}: ${request.label}`,
        proxyName,
        processes,
        reference: proxy.reference === true,
        ...(proxy.bff === true ? { bffUrl: proxy.url } : {}),
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
          name: `${proxyName} ${request.label}`,
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

/** CPU ms per watched process, the load generator's (this process), and the whole machine's. */
interface CpuSpent {
  processes: number[];
  generator: number;
  /** Busy CPU time of every process on the machine (ours and everyone else's), in ms. */
  machine: number;
}

/** Busy CPU time of the whole machine so far, in ms (/proc/stat: all but idle and iowait). */
function machineBusyMs(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return ((total - idle) * 1000) / 100;
}

function cpuMeter(processes: Watched[]): () => () => CpuSpent {
  return () => {
    const before = processes.map((watched) => cpuMsOf(watched.pid));
    const generatorBefore = process.cpuUsage();
    const machineBefore = machineBusyMs();
    return () => {
      const generator = process.cpuUsage(generatorBefore);
      return {
        processes: processes.map((watched, index) => cpuMsOf(watched.pid) - (before[index] ?? 0)),
        generator: (generator.user + generator.system) / 1000,
        machine: machineBusyMs() - machineBefore,
      };
    };
  };
}

const noCpu = (): CpuSpent => ({ processes: [], generator: 0, machine: 0 });
const addCpu = (into: CpuSpent, more: CpuSpent): void => {
  into.processes = more.processes.map((value, index) => (into.processes[index] ?? 0) + value);
  into.generator += more.generator;
  into.machine += more.machine;
};
const totalCpu = (spent: CpuSpent) => spent.processes.reduce((a, b) => a + b, 0) + spent.generator;

interface SideFigures {
  requests: number;
  seconds: number;
  cpu: CpuSpent;
  sequential: number[];
  underLoad: FixedRateResult | undefined;
  underLoadCpu: CpuSpent;
  /** The proxy process's main thread (its event loop) while this side ran under load. */
  underLoadSched: ThreadSched;
  /** Webhook deliveries the BFF received while this side ran under load (simulator POSTs). */
  webhooks: number;
}

const emptySide = (): SideFigures => ({
  requests: 0,
  seconds: 0,
  cpu: noCpu(),
  sequential: [],
  underLoad: undefined,
  underLoadCpu: noCpu(),
  underLoadSched: { runMs: 0, waitMs: 0, voluntarySwitches: 0, involuntarySwitches: 0 },
  webhooks: 0,
});

function addSched(into: ThreadSched, before: ThreadSched, after: ThreadSched): void {
  into.runMs += after.runMs - before.runMs;
  into.waitMs += after.waitMs - before.waitMs;
  into.voluntarySwitches += after.voluntarySwitches - before.voluntarySwitches;
  into.involuntarySwitches += after.involuntarySwitches - before.involuntarySwitches;
}

/** The offered rate under load of each BFF case (by key): its reference is offered the same. */
const bffRates = new Map<string, number>();
/** Added p99 under load of each reference case (by key), to quote beside the BFF's goal. */
const referenceAddedP99 = new Map<string, number>();

/**
 * prom-client's event-loop delay comes from perf_hooks.monitorEventLoopDelay with a 10 ms timer
 * (its default resolution), and what that histogram records is the time between two of its
 * timer's callbacks: an idle loop reads 10 ms, not 0. How late the loop ran is that minus 10 ms.
 */
const LAG_MONITOR_INTERVAL_MS = 10;

/** One process's event loop while a case ran under load (from its prom-client /metrics). */
interface LoopStats {
  /**
   * Worst round's p99 and max of how late the event loop ran, ms: prom-client's delay less its
   * monitor's 10 ms interval (see LAG_MONITOR_INTERVAL_MS).
   */
  lagP99Ms: number;
  lagMaxMs: number;
  /** Garbage-collection pauses: how many, and their total, ms. */
  gcCount: number;
  gcMs: number;
  /** Webhook deliveries received so far (signature checks, any outcome). */
  webhooks: number;
}

/** Reads the BFF's /metrics (outside the measured windows; reading resets its lag histogram). */
async function loopStats(bffUrl: string): Promise<LoopStats> {
  const token = process.env.METRICS_TOKEN;
  const response = await fetch(`${bffUrl}/metrics`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /metrics: ${response.status}`);
  const text = await response.text();
  const value = (name: string): number => {
    let sum = 0;
    for (const line of text.split('\n')) {
      if (line.startsWith(name)) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return sum;
  };
  return {
    lagP99Ms: Math.max(
      0,
      value('cutroom_nodejs_eventloop_lag_p99_seconds ') * 1000 - LAG_MONITOR_INTERVAL_MS,
    ),
    lagMaxMs: Math.max(
      0,
      value('cutroom_nodejs_eventloop_lag_max_seconds ') * 1000 - LAG_MONITOR_INTERVAL_MS,
    ),
    webhooks: value('cutroom_webhook_verifications_total{'),
    gcCount: value('cutroom_nodejs_gc_duration_seconds_count{'),
    gcMs: value('cutroom_nodejs_gc_duration_seconds_sum{') * 1000,
  };
}

function addLoopStats(into: LoopStats, before: LoopStats, after: LoopStats): void {
  into.lagP99Ms = Math.max(into.lagP99Ms, after.lagP99Ms);
  into.lagMaxMs = Math.max(into.lagMaxMs, after.lagMaxMs);
  into.gcCount += after.gcCount - before.gcCount;
  into.gcMs += after.gcMs - before.gcMs;
  into.webhooks += after.webhooks - before.webhooks;
}

/** The rounds of one side as one result: all latencies, achieved rate over all their time. */
function pooled(runs: FixedRateResult[]): FixedRateResult {
  const latencies = runs.flatMap((run) => run.latencies);
  // Each round's time as its achieved rate counted it.
  const seconds = runs.reduce((sum, run) => sum + run.latencies.length / run.achievedRate, 0);
  return {
    latencies,
    seconds,
    achievedRate: latencies.length / Math.max(seconds, 1e-9),
    sendLagP99Ms: Math.max(...runs.map((run) => run.sendLagP99Ms)),
  };
}

/** What one case showed, for the closing summary. */
interface CaseResult {
  label: string;
  ratio: number;
  /** Direct's CPU per request over the proxied path's, all processes: the ratio they allow. */
  cpuEstimate: number;
  /** Cores the proxied run kept busy (all its processes), and the whole machine. */
  busyCores: number;
  machineCores: number;
  /** CPU µs per request of the proxy process at the fixed rate. */
  proxyCpuUs: number;
}
const results: CaseResult[] = [];

async function measure(benchCase: Case): Promise<void> {
  const sides = { direct: benchCase.direct, proxied: benchCase.proxied };
  const figures = { direct: emptySide(), proxied: emptySide() };
  const meter = cpuMeter(benchCase.processes);
  const loadBefore = loadNow();
  // Warm-up: connections, JIT, caches.
  for (const target of Object.values(sides))
    await throughput(target, { connections: settings.connections, seconds: 2 });
  const roundSeconds = Math.max(1, Math.round(settings.seconds / settings.rounds));
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const side of ['direct', 'proxied'] as const) {
      const stop = meter();
      const result = await throughput(sides[side], {
        connections: settings.connections,
        seconds: roundSeconds,
      });
      addCpu(figures[side].cpu, stop());
      figures[side].requests += result.requests;
      figures[side].seconds += result.seconds;
    }
    const [directProbes, proxiedProbes] = await sequentialPair(
      sides.direct,
      sides.proxied,
      Math.ceil(settings.probes / settings.rounds),
    );
    figures.direct.sequential.push(...directProbes);
    figures.proxied.sequential.push(...proxiedProbes);
  }
  const rps = (side: SideFigures) => side.requests / side.seconds;
  // Open loop at one rate for both sides, one both can sustain: a share of the lower throughput
  // (a reference proxy is offered the rate its BFF case was, so their added latency compares).
  const rate =
    (benchCase.reference ? bffRates.get(benchCase.key) : undefined) ??
    Math.max(
      5,
      Math.round(Math.min(rps(figures.direct), rps(figures.proxied)) * settings.loadShare),
    );
  if (!benchCase.reference) bffRates.set(benchCase.key, rate);
  // In rounds, the sides alternating, so that a neighbour's burst of CPU (or any stall of the
  // machine) lands on both sides alike rather than on the one window it happened in.
  const loadRoundSeconds = settings.loadSeconds / settings.loadRounds;
  const loop: LoopStats = { lagP99Ms: 0, lagMaxMs: 0, gcCount: 0, gcMs: 0, webhooks: 0 };
  const proxyPid = benchCase.processes[0]?.pid as number;
  const runs: Record<'direct' | 'proxied', FixedRateResult[]> = { direct: [], proxied: [] };
  for (let round = 0; round < settings.loadRounds; round += 1) {
    for (const side of ['direct', 'proxied'] as const) {
      const bffUrl = benchCase.bffUrl;
      const loopBefore = bffUrl === undefined ? undefined : await loopStats(bffUrl);
      const stop = meter();
      const schedBefore = threadSchedOf(proxyPid).main;
      runs[side].push(
        await atFixedRate(sides[side], {
          rate,
          seconds: loadRoundSeconds,
          sockets: settings.connections,
        }),
      );
      addSched(figures[side].underLoadSched, schedBefore, threadSchedOf(proxyPid).main);
      addCpu(figures[side].underLoadCpu, stop());
      if (loopBefore && bffUrl !== undefined) {
        const after = await loopStats(bffUrl);
        // The event loop's figures are the proxied side's; webhooks are counted on both.
        if (side === 'proxied') addLoopStats(loop, loopBefore, after);
        figures[side].webhooks += after.webhooks - loopBefore.webhooks;
      }
    }
  }
  figures.direct.underLoad = pooled(runs.direct);
  figures.proxied.underLoad = pooled(runs.proxied);
  const loadAfter = loadNow();

  const { direct, proxied } = figures;
  const ratio = rps(proxied) / rps(direct);
  const perRequestUs = (ms: number, requests: number) => (ms * 1000) / Math.max(1, requests);
  const cpuPerRequest = (side: SideFigures) => perRequestUs(totalCpu(side.cpu), side.requests);
  const cpuEstimate = cpuPerRequest(direct) / cpuPerRequest(proxied);
  const busyCores = (side: SideFigures) => totalCpu(side.cpu) / (side.seconds * 1000);
  const machineCores = (side: SideFigures) => side.cpu.machine / (side.seconds * 1000);
  const directLoad = direct.underLoad as FixedRateResult;
  const proxiedLoad = proxied.underLoad as FixedRateResult;
  const loadRequests = (side: SideFigures) => side.underLoad?.latencies.length ?? 0;
  const proxyIndex = 0;
  const proxyCpuUs = perRequestUs(
    proxied.underLoadCpu.processes[proxyIndex] ?? 0,
    loadRequests(proxied),
  );
  results.push({
    label: benchCase.label,
    ratio,
    cpuEstimate,
    busyCores: busyCores(proxied),
    machineCores: machineCores(proxied),
    proxyCpuUs,
  });

  const p = (values: number[], q: number) => percentile(values, q);
  const name = benchCase.proxyName;
  console.log(`\n== ${benchCase.label} (load average ${loadBefore} → ${loadAfter})`);
  console.log(
    `  throughput at saturation (closed loop, ${settings.connections} connections, ` +
      `${settings.rounds} × ${roundSeconds} s per side)`,
  );
  printTable([
    ['', 'direct', `through ${name}`, 'ratio'],
    ['  requests/s', fixed(rps(direct), 0), fixed(rps(proxied), 0), `${fixed(ratio * 100, 1)} %`],
    ...benchCase.processes.map((watched, index) => [
      `  CPU µs/request: ${watched.label}`,
      fixed(perRequestUs(direct.cpu.processes[index] ?? 0, direct.requests), 0),
      fixed(perRequestUs(proxied.cpu.processes[index] ?? 0, proxied.requests), 0),
      '',
    ]),
    [
      '  CPU µs/request: load generator',
      fixed(perRequestUs(direct.cpu.generator, direct.requests), 0),
      fixed(perRequestUs(proxied.cpu.generator, proxied.requests), 0),
      '',
    ],
    [
      '  CPU µs/request: all processes',
      fixed(cpuPerRequest(direct), 0),
      fixed(cpuPerRequest(proxied), 0),
      `estimate ${fixed(cpuEstimate * 100, 1)} %`,
    ],
    [
      `  cores busy (of ${CORES}): these processes`,
      fixed(busyCores(direct), 2),
      fixed(busyCores(proxied), 2),
      '',
    ],
    [
      `  cores busy (of ${CORES}): whole machine`,
      fixed(machineCores(direct), 2),
      fixed(machineCores(proxied), 2),
      '',
    ],
  ]);
  console.log('  latency one request at a time');
  printTable([
    ['', 'direct', `through ${name}`, 'added'],
    [
      '  p50 ms',
      fixed(p(direct.sequential, 0.5), 3),
      fixed(p(proxied.sequential, 0.5), 3),
      signed(p(proxied.sequential, 0.5) - p(direct.sequential, 0.5), 3),
    ],
    [
      '  p99 ms',
      fixed(p(direct.sequential, 0.99), 3),
      fixed(p(proxied.sequential, 0.99), 3),
      signed(p(proxied.sequential, 0.99) - p(direct.sequential, 0.99), 3),
    ],
  ]);
  console.log(
    `  latency under load: open loop, both sides offered ${rate} requests/s ` +
      (benchCase.reference
        ? '(the rate the BFF was offered in the same case)'
        : `(${settings.loadShare * 100} % of the lower throughput)`) +
      ` for ${settings.loadSeconds} s, in ${settings.loadRounds} rounds taking turns`,
  );
  const loadSecondsOf = (side: SideFigures) => side.underLoad?.seconds ?? 1;
  const othersCores = (side: SideFigures) =>
    Math.max(0, side.underLoadCpu.machine - totalCpu(side.underLoadCpu)) /
    (loadSecondsOf(side) * 1000);
  printTable([
    ['', 'direct', `through ${name}`, 'added'],
    [
      '  achieved requests/s',
      fixed(directLoad.achievedRate, 0),
      fixed(proxiedLoad.achievedRate, 0),
      '',
    ],
    ...[0.5, 0.99, 0.999].map((q) => [
      `  p${q * 100} ms (from due time)`,
      fixed(p(directLoad.latencies, q)),
      fixed(p(proxiedLoad.latencies, q)),
      signed(p(proxiedLoad.latencies, q) - p(directLoad.latencies, q)),
    ]),
    [
      '  load generator send lag p99 ms',
      fixed(directLoad.sendLagP99Ms),
      fixed(proxiedLoad.sendLagP99Ms),
      '',
    ],
    ...benchCase.processes.map((watched, index) => [
      `  CPU µs/request: ${watched.label}`,
      fixed(perRequestUs(direct.underLoadCpu.processes[index] ?? 0, loadRequests(direct)), 0),
      fixed(perRequestUs(proxied.underLoadCpu.processes[index] ?? 0, loadRequests(proxied)), 0),
      '',
    ]),
    [
      '  CPU µs/request: load generator',
      fixed(perRequestUs(direct.underLoadCpu.generator, loadRequests(direct)), 0),
      fixed(perRequestUs(proxied.underLoadCpu.generator, loadRequests(proxied)), 0),
      '',
    ],
    [
      `  cores busy (of ${CORES}): other processes`,
      fixed(othersCores(direct), 2),
      fixed(othersCores(proxied), 2),
      '',
    ],
    [
      `  ${name} main thread: CPU µs/request`,
      fixed(perRequestUs(direct.underLoadSched.runMs, loadRequests(direct)), 0),
      fixed(perRequestUs(proxied.underLoadSched.runMs, loadRequests(proxied)), 0),
      '',
    ],
    [
      `  ${name} main thread: waiting for a core, µs/request`,
      fixed(perRequestUs(direct.underLoadSched.waitMs, loadRequests(direct)), 0),
      fixed(perRequestUs(proxied.underLoadSched.waitMs, loadRequests(proxied)), 0),
      '',
    ],
    [
      `  ${name} main thread: preempted, per 1,000 requests`,
      fixed(
        (direct.underLoadSched.involuntarySwitches * 1000) / Math.max(1, loadRequests(direct)),
        0,
      ),
      fixed(
        (proxied.underLoadSched.involuntarySwitches * 1000) / Math.max(1, loadRequests(proxied)),
        0,
      ),
      '',
    ],
    ...(benchCase.bffUrl === undefined
      ? []
      : [
          ...(direct.webhooks + proxied.webhooks === 0
            ? []
            : [
                [
                  '  BFF: webhook deliveries received',
                  String(direct.webhooks),
                  String(proxied.webhooks),
                  '',
                ],
              ]),
          [
            '  BFF event loop late by, p99 / max ms',
            '',
            `${fixed(loop.lagP99Ms, 1)} / ${fixed(loop.lagMaxMs, 1)}`,
            '',
          ],
          ['  BFF GC pauses: count / total ms', '', `${loop.gcCount} / ${fixed(loop.gcMs, 1)}`, ''],
        ]),
  ]);
  const waitUs = (side: SideFigures) =>
    perRequestUs(side.underLoadSched.waitMs, loadRequests(side));
  const loadAdded = p(proxiedLoad.latencies, 0.99) - p(directLoad.latencies, 0.99);
  if (benchCase.reference) {
    console.log('  (reference: the least a Node proxy does; no goals)');
    referenceAddedP99.set(benchCase.key, loadAdded);
    // Said beside the BFF's goal of the same case, measured earlier at this same rate.
    const bffGoal = goals.find(
      (result) => result.goal === `${benchCase.key}: added p99 under load`,
    );
    if (bffGoal) {
      bffGoal.why +=
        `; a plain node:http proxy (no sessions, checks, logs or metrics) offered the same ` +
        `${rate} requests/s added ${signed(loadAdded)} ms (answered ` +
        `${fixed(proxiedLoad.achievedRate, 0)} requests/s; its main thread waited ` +
        `${fixed(waitUs(proxied), 0)} µs per request for a core)` +
        (loadAdded > GOALS.loadP99Ms
          ? ': on these shared cores not even the least a Node proxy does meets 5 ms'
          : '');
    }
    return;
  }

  const cpuBound = machineCores(proxied) >= 0.9 * CORES;
  const proxyShareUs = perRequestUs(proxied.cpu.processes[proxyIndex] ?? 0, proxied.requests);
  const coresNote =
    `the machine's ${CORES} cores were ${fixed(machineCores(proxied), 2)} busy, ` +
    `${fixed(busyCores(proxied), 2)} of it these processes`;
  // Information (the goal of 80 % of direct is retired: no proxy reaches it on two shared cores).
  console.log(
    `  throughput: ${fixed(ratio * 100, 1)} % of direct (information, no goal) — ` +
      (cpuBound
        ? `CPU-bound (${coresNote}): through the BFF a request costs ` +
          `${fixed(cpuPerRequest(proxied), 0)} µs of CPU across the processes (BFF ` +
          `${fixed(proxyShareUs, 0)} µs) against ${fixed(cpuPerRequest(direct), 0)} µs direct, so ` +
          `shared cores allow about ${fixed(cpuEstimate * 100, 0)} % (estimate)`
        : `not CPU-bound (${coresNote}): ${settings.connections} connections wait on the extra ` +
          `hop; CPU estimate ${fixed(cpuEstimate * 100, 0)} %`),
  );
  const sequentialAdded = p(proxied.sequential, 0.99) - p(direct.sequential, 0.99);
  goal({
    goal: `${benchCase.label}: added p99 one at a time`,
    figure: `${signed(sequentialAdded, 3)} ms`,
    target: '<= 2 ms',
    met: sequentialAdded <= GOALS.sequentialP99Ms,
    why:
      `p50 added ${signed(p(proxied.sequential, 0.5) - p(direct.sequential, 0.5), 3)} ms; the p99 ` +
      `of ${proxied.sequential.length} requests per side is their 1 % slowest (scheduling on a ` +
      `machine at load average ${loadAfter}, garbage collection)`,
  });
  const sustained = (result: FixedRateResult) => result.achievedRate >= SUSTAINED_SHARE * rate;
  goal({
    goal: `${benchCase.label}: added p99 under load`,
    figure: `${signed(loadAdded)} ms at ${rate} requests/s`,
    target: '<= 5 ms',
    met: loadAdded <= GOALS.loadP99Ms && sustained(proxiedLoad),
    why:
      (!sustained(proxiedLoad)
        ? `the BFF answered ${fixed(proxiedLoad.achievedRate, rate < 100 ? 1 : 0)} of ${rate} ` +
          'requests/s offered: ' +
          'it fell behind, and the queue is in its latency'
        : `both sides sustained the rate (${fixed(directLoad.achievedRate, 0)} and ` +
          `${fixed(proxiedLoad.achievedRate, 0)} requests/s); the added p99 is the BFF's work ` +
          `(${fixed(proxyCpuUs, 0)} µs CPU per request) plus waiting for a core among ` +
          `${benchCase.processes.length + 1} processes`) +
      ` (other processes kept ${fixed(othersCores(proxied), 2)} of ${CORES} cores busy, load ` +
      `average ${loadAfter}); the BFF's event loop was late by up to ${fixed(loop.lagMaxMs, 0)} ms ` +
      `(p99 of the worst round ${fixed(loop.lagP99Ms, 0)} ms): its main thread was runnable but ` +
      `waiting for a core ${fixed(waitUs(proxied), 0)} µs per request (run queue, from ` +
      `/proc; it ran ${fixed(perRequestUs(proxied.underLoadSched.runMs, loadRequests(proxied)), 0)} ` +
      `µs), and ${loop.gcCount} GC pauses took ${fixed(loop.gcMs, 1)} ms in all` +
      (proxied.webhooks > 0
        ? `; it also received ${proxied.webhooks} webhook deliveries meanwhile (the simulator ` +
          `sends project.created for each POST, on the direct side too: ${direct.webhooks}), ` +
          'handled on the same event loop as the proxied requests'
        : ''),
  });
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
    started.push(
      await startBff(instanceEnv, extraNodeArgs),
      await startBff(instanceEnv, extraNodeArgs),
    );
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
    const watched: Watched[] = [
      { label: 'instance A', pid: a.pid },
      { label: 'instance B', pid: b.pid },
      { label: 'upstream', pid: upstream.pid },
      { label: 'Redis', pid: redis.pid() as number },
    ];
    const meter = cpuMeter(watched);
    const perConnections = Math.max(1, Math.round(settings.connections / 2));
    await throughput(target(a), { connections: settings.connections, seconds: 2 });
    await throughput(target(b), { connections: settings.connections, seconds: 2 });
    const loadBefore = loadNow();
    const one = { requests: 0, cpu: noCpu() };
    const two = { requests: 0, cpu: noCpu() };
    let seconds = 0;
    const roundSeconds = Math.max(1, Math.round(settings.seconds / settings.rounds));
    for (let round = 0; round < settings.rounds; round += 1) {
      let stop = meter();
      one.requests += (
        await throughput(target(a), { connections: settings.connections, seconds: roundSeconds })
      ).requests;
      addCpu(one.cpu, stop());
      stop = meter();
      const both = await Promise.all([
        throughput(target(a), { connections: perConnections, seconds: roundSeconds }),
        throughput(target(b), { connections: perConnections, seconds: roundSeconds }),
      ]);
      addCpu(two.cpu, stop());
      two.requests += both[0].requests + both[1].requests;
      seconds += roundSeconds;
    }
    const loadAfter = loadNow();
    console.log(
      `\n== scale-out over Redis: fixed upstream, GET list (load average ${loadBefore} → ${loadAfter})`,
    );
    const perRequest = (ms: number, requests: number) => fixed((ms * 1000) / requests, 0);
    printTable([
      ['', 'one instance', 'two, load split'],
      ['  requests/s', fixed(one.requests / seconds, 0), fixed(two.requests / seconds, 0)],
      ...watched.map((process, index) => [
        `  CPU µs/request: ${process.label}`,
        perRequest(one.cpu.processes[index] ?? 0, one.requests),
        perRequest(two.cpu.processes[index] ?? 0, two.requests),
      ]),
      [
        '  CPU µs/request: load generator',
        perRequest(one.cpu.generator, one.requests),
        perRequest(two.cpu.generator, two.requests),
      ],
      [
        `  cores busy (of ${CORES}): these processes`,
        fixed(totalCpu(one.cpu) / (seconds * 1000), 2),
        fixed(totalCpu(two.cpu) / (seconds * 1000), 2),
      ],
      [
        `  cores busy (of ${CORES}): whole machine`,
        fixed(one.cpu.machine / (seconds * 1000), 2),
        fixed(two.cpu.machine / (seconds * 1000), 2),
      ],
      ['  two / one', '', `${fixed(two.requests / one.requests, 2)}×`],
    ]);
    console.log(
      `  ${CORES} CPUs carry the load generator, the upstream, Redis and the instances: a second ` +
        'instance adds no cores, so the ratio shows the cost of sharing (and of a second event ' +
        'loop on the same cores), not the gain of scaling; on separate machines each instance ' +
        'brings its own cores. (Reported, no goal.)',
    );
  } finally {
    for (const bff of started) await bff.stop();
    await redis.close();
  }
}

/** Closing summary: what limits each ratio, then every goal with its figure and why. */
function summarise(): void {
  if (results.length > 0) summariseThroughput();
  printGoals();
}

function summariseThroughput(): void {
  console.log(`\n== What limits the throughput ratio on ${CORES} CPUs`);
  printTable([
    [
      'case',
      'ratio',
      'CPU estimate',
      'cores busy: ours / machine',
      'proxy CPU µs/request at the fixed rate',
    ],
    ...results.map((result) => [
      result.label,
      `${fixed(result.ratio * 100, 1)} %`,
      `${fixed(result.cpuEstimate * 100, 1)} %`,
      `${fixed(result.busyCores, 2)} / ${fixed(result.machineCores, 2)}`,
      fixed(result.proxyCpuUs, 0),
    ]),
  ]);
  console.log(
    [
      '  The load generator, the upstream and the proxy share these cores. Direct, a request costs',
      '  the generator and the upstream; through a proxy it also costs a second HTTP exchange',
      '  (parse, write, a socket each way) in the proxy. Once the cores are busy, throughput is',
      "  cores / CPU per request, so the ratio is about direct's CPU per request over the proxied",
      '  path\'s ("CPU estimate"; an estimate: the CPU per request itself shifts with how busy the',
      "  machine is). The plain node:http proxy shows what any Node proxy reaches; the BFF's",
      '  distance from it is its own per-request work. Against the simulator the upstream does real',
      '  work per request, so the proxy is a smaller share and the ratio higher.',
    ].join('\n'),
  );
}

function printGoals(): void {
  console.log(`\n== Goals (load average now ${loadNow()})`);
  printTable([
    ['goal', 'figure', 'target', 'outcome'],
    ...goals.map((result) => [
      result.goal,
      result.figure,
      result.target,
      result.met ? 'met' : 'MISSED',
    ]),
  ]);
  const missed = goals.filter((result) => !result.met);
  if (missed.length > 0) {
    console.log(`\nWhy each missed goal was missed:`);
    for (const result of missed) console.log(`  - ${result.goal}: ${result.why}`);
  }
  console.log(
    `\n${missed.length === 0 ? 'All goals met.' : `Goals missed: ${missed.length} of ${goals.length}.`}`,
  );
}

async function main(): Promise<void> {
  console.log(
    `bench:proxy on ${CORES} CPUs, load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}; the BFF against nginx at ${settings.nginxRate} requests/s, ` +
      `${settings.sessions} sessions` +
      (full
        ? `; then (BENCH_FULL=1) each case in depth: ${settings.connections} connections, ` +
          `${settings.rounds} rounds of ${Math.round(settings.seconds / settings.rounds)} s per ` +
          `side, ${settings.probes} sequential probes, open loop at ${settings.loadShare * 100} % ` +
          `of the lower throughput for ${settings.loadSeconds} s`
        : ''),
  );
  console.log(
    '  method: the BFF is compared with nginx doing the same hop (the Authorization header added)\n' +
      '  in front of the same fixed upstream at one fixed rate, by CPU per request (/proc) and\n' +
      '  added latency; calling the upstream directly is information. The goal of 80 % of\n' +
      "  direct's throughput is retired (no proxy reaches it where the load generator and the\n" +
      '  upstream share two cores: nginx reaches about half); BENCH_FULL=1 still prints it.',
  );

  // Both builds first, so that the start measured below is a start, not a build.
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dist = `${root}dist`;
  if ((await clientBuildNeeded(root, dist)).needed) await buildClient(root, dist);
  const serverBuild = spawnSync(process.execPath, ['src/server/launch.mjs', '--build-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (serverBuild.status !== 0) throw new Error('the server build failed');

  // Upstream: the embedded simulator, as npm start runs it (one process).
  const simulatorBff = await startBff({}, extraNodeArgs);
  try {
    console.log(
      `\nnpm start (simulator): ready in ${simulatorBff.readyMs} ms (${simulatorBff.readyCpuMs} ms CPU)`,
    );
    goal({
      goal: 'npm start ready',
      figure: `${simulatorBff.readyMs} ms`,
      target: '<= 1000 ms',
      met: simulatorBff.readyMs <= GOALS.readyMs,
      why: `start to listening, build already there; ${simulatorBff.readyCpuMs} ms CPU, load average ${loadNow()}`,
    });
    if (full) {
      const sessions = await openSessions(simulatorBff.url, settings.sessions);
      for (const benchCase of cases(
        'simulator',
        { url: simulatorBff.url, bff: true },
        simulatorBff.simulatorBaseUrl as string,
        SIMULATOR_KEY,
        sessions,
        [{ label: 'BFF + simulator (one process)', pid: simulatorBff.pid }],
      )) {
        await measure(benchCase);
      }
    }
  } finally {
    await simulatorBff.stop();
  }

  // Upstream: a fixed-body server in its own process.
  const upstream = await startFixedUpstream();
  try {
    const bff = await startBff(
      { VCS_BASE_URL: upstream.baseUrl, VCS_API_KEY: FIXED_KEY },
      extraNodeArgs,
    );
    try {
      const sessions = await openSessions(bff.url, settings.sessions);
      for (const result of await compareWithNginx({
        upstream,
        bff,
        sessions,
        rate: settings.nginxRate,
        seconds: settings.nginxSeconds,
        rounds: settings.nginxRounds,
        sockets: settings.connections,
      })) {
        goal(result);
      }
      if (full) {
        for (const benchCase of cases(
          'fixed',
          { url: bff.url, bff: true },
          upstream.baseUrl,
          FIXED_KEY,
          sessions,
          [
            { label: 'BFF', pid: bff.pid },
            { label: 'upstream', pid: upstream.pid },
          ],
        )) {
          await measure(benchCase);
        }
      }
    } finally {
      await bff.stop();
    }
    if (full) {
      // The same cases through the plain reference proxy: what any Node proxy reaches here.
      const plain = await startPlainProxy(upstream.baseUrl, FIXED_KEY);
      try {
        for (const benchCase of cases(
          'fixed',
          { url: plain.url, label: ' via a plain node:http proxy', reference: true },
          upstream.baseUrl,
          FIXED_KEY,
          [{ cookie: '', csrf: '' }],
          [
            { label: 'plain proxy', pid: plain.pid },
            { label: 'upstream', pid: upstream.pid },
          ],
        )) {
          await measure(benchCase);
        }
      } finally {
        await plain.stop();
      }
      if (onlyCases === undefined || process.env.BENCH_SCALE_OUT === '1') await scaleOut(upstream);
    }
  } finally {
    await upstream.stop();
  }

  summarise();
  process.exit(goals.every((result) => result.met) ? 0 : 1);
}

await main();
