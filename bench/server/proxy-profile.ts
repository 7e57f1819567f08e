/**
 * `npm run bench:proxy:profile`: where the BFF's CPU goes per proxied request. Starts the BFF as
 * `npm start` runs it (compiled, production logging to a file) in front of the fixed-body upstream,
 * drives each case with autocannon (PROFILE_SECONDS, 5 s, at PROFILE_CONNECTIONS, 10, over
 * BENCH_SESSIONS, 100, sessions) and prints the BFF process's CPU µs per request, read from /proc
 * (user + system, so the kernel's socket work counts too). CPU per request hardly depends on what
 * else the machine runs, unlike requests/s.
 *
 * With PROFILE_CPU=1 the BFF runs under `node --cpu-prof` and the profile's top functions by self
 * time (and by package) are printed; the profile stays in PROFILE_DIR (a temporary directory by
 * default) for Chrome DevTools.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cpuMsOf,
  openSessions,
  startBff,
  startFixedUpstream,
  startPlainProxy,
  threadSchedOf,
  type BffProcess,
  type ThreadSched,
  type FixedUpstream,
} from './bench-stack.ts';
import { FIXED_KEY, LARGE_PROJECT_ID } from './fixed-upstream.ts';
import { startNginxProxy } from './nginx-proxy.ts';
import { atFixedRate, percentile, throughput, type Target } from './load.ts';

const seconds = Number(process.env.PROFILE_SECONDS ?? 5);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 10);
/**
 * Enough sessions that the closed loop stays under the BFF's per-session rate limit (50 requests/s
 * each, a burst of 200): the fixed upstream's GET runs at about 8,000 requests/s, past what 100
 * sessions may send, and the limit's 429s are not what this profile measures.
 */
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 400);
const profiling = process.env.PROFILE_CPU === '1';
const only = process.env.PROFILE_CASES?.split(',');
/**
 * PROFILE_PROXY=plain: the plain node:http reference proxy instead of the BFF (the floor);
 * PROFILE_PROXY=nginx: nginx (one worker, the key added), as bench:proxy runs it.
 */
const reference = process.env.PROFILE_PROXY;
const plain = reference === 'plain' || reference === 'nginx';
/**
 * PROFILE_RATE=n: drive each case at n requests/s (open loop) instead of as fast as possible. At
 * saturation a busy machine changes how many requests each wake-up handles, and so the CPU per
 * request; at a fixed rate every request is handled on its own, before and after alike.
 */
const rate = process.env.PROFILE_RATE === undefined ? undefined : Number(process.env.PROFILE_RATE);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const sourceMaps = new Map<string, SourceMap | undefined>();

/**
 * Where a frame of the server bundle comes from: the bundle is minified (a few long lines) and
 * holds the packages too, so frames are read back through its source maps to a source file and
 * line (`src/server/proxy/proxy.ts:180`, `node_modules/fastify/lib/reply.js:120`). Other frames (Node's
 * own, native) keep their URL.
 */
function sourceOf(frame: ProfileNode['callFrame']): { file: string; line: number } {
  const path = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  if (!path.includes('/build/server/')) return { file: frame.url, line: frame.lineNumber + 1 };
  if (!sourceMaps.has(path)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      map = undefined;
    }
    sourceMaps.set(path, map);
  }
  const entry = sourceMaps.get(path)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry === undefined || !('originalSource' in entry)) {
    return { file: path.replace(/^.*\/build\//, 'build/'), line: frame.lineNumber + 1 };
  }
  const file = entry.originalSource.replace(/^.*?\/((?:node_modules|src|mocks)\/)/, '$1');
  return { file, line: entry.originalLine + 1 };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A measured stretch, in µs of the monotonic clock (the one V8 stamps profile samples with). */
interface Window {
  startUs: number;
  endUs: number;
}

const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * Summarises the samples taken in `windows` (the measured stretches: not start-up, sign-ins or
 * warm-up), per request answered in them.
 */
function summariseProfile(file: string, requests: number, windows: readonly Window[]): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (!windows.some((window) => at >= window.startUs && at <= window.endUs)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const source = sourceOf(frame);
    const key = `${frame.functionName || '(anonymous)'} ${source.file}:${source.line}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source.file)?.[1] ??
      (source.file.startsWith('node:')
        ? source.file
        : source.file === ''
          ? frame.functionName
          : 'own');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const per = (us: number) => (us / requests).toFixed(1);
  // Inclusive time of the bundle's functions: each sample counts once for every distinct
  // function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (frame: ProfileNode['callFrame']) => {
    const source = sourceOf(frame);
    return `${frame.functionName || '(anonymous)'} ${source.file}:${source.line}`;
  };
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || !frame.url.includes('/build/server/')) continue;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  // The project's own code (src/, mocks/), read back through the source maps.
  const own = [...byFunction].filter(([name]) => / (src|mocks)\//.test(name));
  console.log(
    `  profile of the measured stretches: ${(total / 1000).toFixed(0)} ms busy, ` +
      `${(idle / 1000).toFixed(0)} ms idle; ` +
      `${per(total)} µs of JS-visible work per request`,
  );
  console.log('  top by package (µs/request):');
  for (const [name, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
    console.log(`    ${per(us).padStart(7)}  ${name}`);
  }
  console.log('  top functions by self time (µs/request):');
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`    ${per(us).padStart(7)}  ${name}`);
  }
  console.log(
    '  server bundle functions (own code and bundled packages) by inclusive time (µs/request):',
  );
  for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
    console.log(`    ${per(us).padStart(7)}  ${name}`);
  }
  console.log("  top functions of the project's own code (src/, mocks/) by self time:");
  for (const [name, us] of own.sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`    ${per(us).padStart(7)}  ${name}`);
  }
}

function sessionHeaders(
  sessions: Array<{ cookie: string; csrf: string }>,
  write: boolean,
): () => Record<string, string> {
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

async function fixedRate(target: Target, perSecond: number) {
  const cpuBefore = process.cpuUsage();
  const { latencies } = await atFixedRate(target, {
    rate: perSecond,
    seconds,
    sockets: connections,
  });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    requests: latencies.length,
    seconds,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
    latencies,
  };
}

/**
 * What `--trace-gc` printed in a stretch of the log, per V8 isolate (the main thread's, and a
 * worker thread's such as the embedded simulator's): pauses, and the heap they freed.
 */
function gcSummary(logText: string, requests: number): string[] {
  interface Isolate {
    scavenges: number;
    marks: number;
    pauseMs: number;
    maxPauseMs: number;
    freedMb: number;
  }
  const isolates = new Map<string, Isolate>();
  // e.g. "[123:0x1b0c5e20]  9465 ms: Scavenge 37.8 (57.2) -> 22.4 (57.2) MB, 1.35 / 0.01 ms"
  const line =
    /\[\d+:(0x[0-9a-f]+)\][^\n]*?(Scavenge|Mark-Compact|Mark-sweep)[^\d]*([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, ([\d.]+)/g;
  for (let match = line.exec(logText); match !== null; match = line.exec(logText)) {
    const id = match[1] as string;
    const isolate = isolates.get(id) ?? {
      scavenges: 0,
      marks: 0,
      pauseMs: 0,
      maxPauseMs: 0,
      freedMb: 0,
    };
    isolates.set(id, isolate);
    if (match[2] === 'Scavenge') isolate.scavenges += 1;
    else isolate.marks += 1;
    const pause = Number(match[5]);
    isolate.pauseMs += pause;
    isolate.maxPauseMs = Math.max(isolate.maxPauseMs, pause);
    isolate.freedMb += Number(match[3]) - Number(match[4]);
  }
  // Which isolate is whose: the main thread's isolate is allocated in glibc's main heap (a low
  // address), a worker thread's in that thread's own arena (a high, mmap-ed address).
  const ordered = [...isolates].sort((a, b) => (BigInt(a[0]) < BigInt(b[0]) ? -1 : 1));
  return ordered.map(
    ([id, isolate], index) =>
      `GC of ${index === 0 ? 'the main thread' : 'a worker thread (the simulator)'} (isolate ${id}): ` +
      `${isolate.scavenges} scavenges, ${isolate.marks} mark-compacts, ` +
      `${isolate.pauseMs.toFixed(1)} ms of pauses (longest ${isolate.maxPauseMs.toFixed(2)} ms); ` +
      `heap freed ${((isolate.freedMb * 1024) / requests).toFixed(1)} KB per request (about what ` +
      'it allocates per request)',
  );
}

const upstreamKind = process.env.PROFILE_UPSTREAM === 'simulator' ? 'simulator' : 'fixed';
const gcTracing = process.env.PROFILE_GC === '1';

async function main(): Promise<void> {
  const dir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'cutroom-profile-'));
  const upstream: FixedUpstream | undefined =
    upstreamKind === 'fixed' ? await startFixedUpstream() : undefined;
  let bff:
    | (Pick<BffProcess, 'pid' | 'url' | 'stop'> & { logFile?: string; pids?: () => number[] })
    | undefined;
  const nodeArgs = [
    ...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []),
    ...(gcTracing ? ['--trace-gc'] : []),
    // PROFILE_NODE_ARGS: extra Node flags for the BFF (e.g. a GC setting to compare).
    ...(process.env.PROFILE_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  try {
    if (plain && upstream === undefined)
      throw new Error('PROFILE_PROXY=plain needs the fixed upstream');
    bff = plain
      ? await (reference === 'nginx' ? startNginxProxy : startPlainProxy)(
          (upstream as FixedUpstream).baseUrl,
          FIXED_KEY,
        )
      : await startBff(
          upstream === undefined ? {} : { VCS_BASE_URL: upstream.baseUrl, VCS_API_KEY: FIXED_KEY },
          nodeArgs,
        );
    const sessions = plain ? [{ cookie: '', csrf: '' }] : await openSessions(bff.url, sessionCount);
    console.log(
      `upstream: ${upstreamKind === 'simulator' ? 'the embedded simulator (a thread of the BFF process)' : 'the fixed-body server'}; ` +
        (rate === undefined
          ? `closed loop, ${connections} connections`
          : `${rate} requests/s, open loop`) +
        `, ${seconds} s per case`,
    );
    const cases: Target[] = [
      {
        name: 'GET list',
        origin: bff.url,
        method: 'GET',
        path: '/api/v1/projects?limit=20',
        status: 200,
        headers: sessionHeaders(sessions, false),
      },
      {
        name: 'POST',
        origin: bff.url,
        method: 'POST',
        path: '/api/v1/projects',
        body: JSON.stringify({ name: 'Bench project', description: 'Made by bench:proxy' }),
        status: 201,
        headers: sessionHeaders(sessions, true),
      },
      ...(upstream === undefined
        ? []
        : [
            {
              name: 'GET 5 MB',
              origin: bff.url,
              method: 'GET',
              path: `/api/v1/projects/${LARGE_PROJECT_ID}`,
              status: 200,
              headers: sessionHeaders(sessions, false),
            },
          ]),
    ].filter((target) => only === undefined || only.includes(target.name)) as Target[];
    let totalRequests = 0;
    const windows: Window[] = [];
    for (const target of cases) {
      // Warm-up (JIT, sockets); left out of the profile's summary.
      await throughput(target, { connections, seconds: 1 });
      const window = { startUs: monotonicUs(), endUs: 0 };
      const proxy = bff;
      const pids = proxy.pids?.() ?? [proxy.pid];
      const proxyCpuMs = () => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
      // The thread that does the proxying: the BFF's event loop, nginx's worker.
      const schedPid = pids.at(-1) as number;
      const before = proxyCpuMs();
      const schedBefore = threadSchedOf(schedPid);
      const upstreamBefore = upstream === undefined ? 0 : cpuMsOf(upstream.pid);
      const logBefore = bff.logFile === undefined ? 0 : statSync(bff.logFile).size;
      const result =
        rate === undefined
          ? await throughput(target, { connections, seconds })
          : await fixedRate(target, rate);
      const per = (ms: number) => ((ms * 1000) / result.requests).toFixed(0);
      const sched = threadSchedOf(schedPid);
      const upstreamMs = upstream === undefined ? 0 : cpuMsOf(upstream.pid) - upstreamBefore;
      window.endUs = monotonicUs();
      windows.push(window);
      totalRequests += result.requests;
      console.log(
        `${target.name}: ${(result.requests / result.seconds).toFixed(0)} requests/s, ` +
          `${plain ? `${reference} proxy` : 'BFF'} ${per(proxyCpuMs() - before)} µs CPU/request` +
          (upstream === undefined ? '' : `, upstream ${per(upstreamMs)} µs`) +
          `, load generator ${per(result.generatorCpuMs)} µs` +
          ('latencies' in result
            ? `; latency p50 ${percentile(result.latencies, 0.5).toFixed(2)} ms, p99 ` +
              `${percentile(result.latencies, 0.99).toFixed(2)} ms`
            : ''),
      );
      const main = (key: keyof ThreadSched) => sched.main[key] - schedBefore.main[key];
      const all = (key: keyof ThreadSched) => sched.all[key] - schedBefore.all[key];
      const perRequest = (count: number) => (count / result.requests).toFixed(2);
      console.log(
        `  main thread (event loop): ${per(main('runMs'))} µs on a core and ${per(main('waitMs'))} µs ` +
          `waiting for one per request; ${perRequest(main('voluntarySwitches'))} sleeps and ` +
          `${perRequest(main('involuntarySwitches'))} preemptions per request; other threads ` +
          `(${upstreamKind === 'simulator' ? 'the simulator, ' : ''}GC helpers, libuv pool) ` +
          `${per(all('runMs') - main('runMs'))} µs per request`,
      );
      if (gcTracing && bff.logFile !== undefined) {
        const text = readFileSync(bff.logFile, 'utf8').slice(logBefore);
        for (const line of gcSummary(text, result.requests)) console.log(`  ${line}`);
      }
    }
    await bff.stop();
    bff = undefined;
    if (profiling && !plain) {
      // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 is the main thread (the event
      // loop); a worker thread (the embedded simulator) writes a profile of its own.
      const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
      const main = files.find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
      if (main === undefined) throw new Error(`no profile in ${dir}`);
      console.log(`\nprofile of the main thread ${join(dir, main)} (all cases together):`);
      summariseProfile(join(dir, main), totalRequests, windows);
      for (const worker of files.filter((name) => name !== main)) {
        console.log(`\nprofile of a worker thread (the simulator) ${join(dir, worker)}:`);
        summariseProfile(join(dir, worker), totalRequests, windows);
      }
    }
  } finally {
    await bff?.stop();
    await upstream?.stop();
  }
}

await main();
