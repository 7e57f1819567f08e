/**
 * The BFF's hop against what an operator would put there instead: nginx adding the Authorization
 * header (nginx-proxy.ts), both in front of the same fixed-body upstream, driven open loop at the
 * same fixed rate (BENCH_NGINX_RATE, 1,000 requests/s) with the GET list of 20 projects; the BFF's
 * requests rotate over BENCH_SESSIONS (100) signed-in sessions, with every check it makes (sealed
 * session, allow-list, rate limit, log line at `info`, metrics). Calling the upstream directly, a
 * plain node:http proxy (nothing but the hop) and the same hop through the BFF's own client
 * (node:http's server with undici: the floor of the BFF's design, see plain-proxy.ts) run beside
 * them as information.
 *
 * The sides take turns in BENCH_NGINX_ROUNDS (3) rounds of BENCH_NGINX_SECONDS (5) s each (the
 * order rotating), so a neighbour's burst of CPU lands on all of them alike. Per side: each
 * process's CPU per request from /proc (user + system, all its threads; nginx's master and worker
 * together), and p50/p99 latency, the added figures against direct in the same rounds.
 *
 * Goals: the BFF's CPU per request ≤ 2× nginx's, and its added p99 ≤ 1 ms.
 */
import { loadavg } from 'node:os';
import { cpuMsOf, type FixedUpstream, startPlainProxy } from './bench-stack.ts';
import { FIXED_KEY } from './fixed-upstream.ts';
import { atFixedRate, percentile, type Target } from './load.ts';
import { startNginxProxy } from './nginx-proxy.ts';
import { printTable } from './print-table.ts';

export const NGINX_GOALS = { cpuRatio: 2, addedP99Ms: 1 };

export interface ComparisonGoal {
  goal: string;
  figure: string;
  target: string;
  met: boolean;
  why: string;
}

interface Side {
  label: string;
  target: Target;
  /** The processes whose CPU counts as this side's proxy (none for direct). */
  pids: () => number[];
}

interface SideFigures {
  latencies: number[];
  requests: number;
  proxyCpuMs: number;
  upstreamCpuMs: number;
  generatorCpuMs: number;
  achievedRates: number[];
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const signed = (value: number, digits = 2) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;

export interface ComparisonOptions {
  upstream: FixedUpstream;
  /** The BFF in front of `upstream` (started as npm start runs it). */
  bff: { url: string; pid: number };
  sessions: ReadonlyArray<{ cookie: string }>;
  rate: number;
  seconds: number;
  rounds: number;
  /** Keep-alive sockets of the load generator. */
  sockets: number;
}

/** Runs the comparison, prints it side by side, and returns the two goals' outcomes. */
export async function compareWithNginx(options: ComparisonOptions): Promise<ComparisonGoal[]> {
  const { upstream, bff, sessions, rate, seconds, rounds, sockets } = options;
  const nginx = await startNginxProxy(upstream.baseUrl, FIXED_KEY);
  const plain = await startPlainProxy(upstream.baseUrl, FIXED_KEY);
  const floor = await startPlainProxy(upstream.baseUrl, FIXED_KEY, [], 'undici');
  try {
    const direct = new URL(upstream.baseUrl);
    const path = '/projects?limit=20';
    let next = 0;
    const target = (
      label: string,
      origin: string,
      prefix: string,
      headers: () => Record<string, string>,
    ): Target => ({
      name: label,
      origin,
      method: 'GET',
      path: `${prefix}${path}`,
      status: 200,
      headers,
    });
    const sides: Side[] = [
      {
        label: 'direct',
        target: target('direct', direct.origin, direct.pathname, () => ({
          authorization: `Bearer ${FIXED_KEY}`,
        })),
        pids: () => [],
      },
      {
        label: nginx.version,
        target: target('nginx', nginx.url, '/api/v1', () => ({})),
        pids: () => nginx.pids(),
      },
      {
        label: 'plain node:http proxy',
        target: target('plain proxy', plain.url, '/api/v1', () => ({})),
        pids: () => [plain.pid],
      },
      {
        label: 'node:http + undici',
        target: target('node:http + undici', floor.url, '/api/v1', () => ({})),
        pids: () => [floor.pid],
      },
      {
        label: 'BFF',
        target: target('BFF', bff.url, '/api/v1', () => {
          const session = sessions[next % sessions.length] as { cookie: string };
          next += 1;
          return { cookie: session.cookie };
        }),
        pids: () => [bff.pid],
      },
    ];
    console.log(
      `\n== The BFF against nginx: fixed upstream, GET list of 20 projects, ${rate} requests/s ` +
        `open loop, ${rounds} rounds of ${seconds} s per side taking turns (load average ` +
        `${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')})`,
    );
    // Warm-up: connections (nginx's keep-alive to the upstream, the BFF's pool), JIT, caches.
    for (const side of sides) {
      await atFixedRate(side.target, { rate, seconds: 1, sockets });
    }
    const figures = new Map<Side, SideFigures>(
      sides.map((side) => [
        side,
        {
          latencies: [],
          requests: 0,
          proxyCpuMs: 0,
          upstreamCpuMs: 0,
          generatorCpuMs: 0,
          achievedRates: [],
        },
      ]),
    );
    for (let round = 0; round < rounds; round += 1) {
      // The order rotates, so no side always follows the same one.
      const order = sides.map((_, index) => sides[(index + round) % sides.length] as Side);
      for (const side of order) {
        const pids = side.pids();
        const cpu = () => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
        const proxyBefore = cpu();
        const upstreamBefore = cpuMsOf(upstream.pid);
        const generatorBefore = process.cpuUsage();
        const result = await atFixedRate(side.target, { rate, seconds, sockets });
        const generator = process.cpuUsage(generatorBefore);
        const into = figures.get(side) as SideFigures;
        into.latencies.push(...result.latencies);
        into.requests += result.latencies.length;
        into.proxyCpuMs += cpu() - proxyBefore;
        into.upstreamCpuMs += cpuMsOf(upstream.pid) - upstreamBefore;
        into.generatorCpuMs += (generator.user + generator.system) / 1000;
        into.achievedRates.push(result.achievedRate);
      }
    }
    const perRequest = (ms: number, requests: number) => (ms * 1000) / requests;
    const of = (side: Side) => figures.get(side) as SideFigures;
    const [directSide, nginxSide, plainSide, floorSide, bffSide] = sides as [
      Side,
      Side,
      Side,
      Side,
      Side,
    ];
    const proxies = [nginxSide, plainSide, floorSide, bffSide];
    const p = (side: Side, q: number) => percentile(of(side).latencies, q);
    const cpu = (side: Side) => perRequest(of(side).proxyCpuMs, of(side).requests);
    const added = (side: Side, q: number) => p(side, q) - p(directSide, q);
    const rows: string[][] = [
      ['', ...sides.map((side) => side.label)],
      ['proxy CPU µs/request (/proc)', '—', ...proxies.map((side) => fixed(cpu(side)))],
      [
        'upstream CPU µs/request',
        ...sides.map((side) => fixed(perRequest(of(side).upstreamCpuMs, of(side).requests))),
      ],
      [
        'load generator CPU µs/request',
        ...sides.map((side) => fixed(perRequest(of(side).generatorCpuMs, of(side).requests))),
      ],
      ['latency p50 ms', ...sides.map((side) => fixed(p(side, 0.5), 3))],
      ['latency p99 ms', ...sides.map((side) => fixed(p(side, 0.99), 3))],
      ['added p50 ms (vs direct)', '—', ...proxies.map((side) => signed(added(side, 0.5), 3))],
      ['added p99 ms (vs direct)', '—', ...proxies.map((side) => signed(added(side, 0.99), 3))],
      [
        'CPU per request vs nginx',
        '—',
        '1.00×',
        ...[plainSide, floorSide, bffSide].map(
          (side) => `${fixed(cpu(side) / cpu(nginxSide), 2)}×`,
        ),
      ],
      [
        'achieved requests/s (lowest round)',
        ...sides.map((side) => fixed(Math.min(...of(side).achievedRates))),
      ],
      ['requests', ...sides.map((side) => String(of(side).requests))],
    ];
    printTable(rows, '  ');
    console.log(
      '  CPU per request is each proxy process’s user + system time over the requests it answered\n' +
        '  (all its threads: the BFF’s GC helpers count; nginx: master and worker). The added\n' +
        '  latency is each side’s percentile less direct’s, over the same rounds. The plain\n' +
        '  node:http proxy does nothing but the hop (no sessions, checks, logs or metrics): what\n' +
        '  any Node proxy costs on this machine; "node:http + undici" is the same hop with the\n' +
        '  BFF’s own client used as the BFF uses it: the floor of the BFF’s design (Node’s HTTP\n' +
        '  server and undici, nothing else). No side sends Accept-Encoding (nginx compresses\n' +
        '  nothing by default; the BFF would compress a browser’s JSON).',
    );
    const ratio = cpu(bffSide) / cpu(nginxSide);
    const bffAddedP99 = added(bffSide, 0.99);
    const sustained = Math.min(...of(bffSide).achievedRates) >= 0.95 * rate;
    const load = loadavg()[0]?.toFixed(2) ?? '?';
    return [
      {
        goal: 'BFF CPU per proxied GET vs nginx',
        figure: `${fixed(ratio, 2)}× (${fixed(cpu(bffSide))} vs ${fixed(cpu(nginxSide))} µs)`,
        target: `<= ${NGINX_GOALS.cpuRatio}×`,
        met: ratio <= NGINX_GOALS.cpuRatio,
        why:
          `same run, same upstream and rate; a plain node:http proxy (the hop alone) took ` +
          `${fixed(cpu(plainSide))} µs, ${fixed(cpu(plainSide) / cpu(nginxSide), 2)}× nginx's, ` +
          `node:http with the BFF's client (undici) ${fixed(cpu(floorSide))} µs, ` +
          `${fixed(cpu(floorSide) / cpu(nginxSide), 2)}× nginx's; the BFF is ` +
          `${fixed(cpu(bffSide) / cpu(floorSide), 2)}× that floor; load average ${load}`,
      },
      {
        goal: `BFF added p99 at ${rate} requests/s`,
        figure: `${signed(bffAddedP99, 3)} ms`,
        target: `<= ${NGINX_GOALS.addedP99Ms} ms`,
        met: bffAddedP99 <= NGINX_GOALS.addedP99Ms && sustained,
        why:
          (sustained ? '' : `the BFF did not sustain ${rate} requests/s; `) +
          `p50 added ${signed(added(bffSide, 0.5), 3)} ms; nginx added ` +
          `${signed(added(nginxSide, 0.99), 3)} ms at p99, the plain proxy ` +
          `${signed(added(plainSide, 0.99), 3)} ms; load average ${load}`,
      },
    ];
  } finally {
    await floor.stop();
    await plain.stop();
    await nginx.stop();
  }
}
