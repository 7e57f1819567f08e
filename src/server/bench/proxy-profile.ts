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
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cpuMsOf,
  openSessions,
  startBff,
  startFixedUpstream,
  startPlainProxy,
  type BffProcess,
  type FixedUpstream,
} from './bench-stack.ts';
import { FIXED_KEY, LARGE_PROJECT_ID } from './fixed-upstream.ts';
import { atFixedRate, throughput, type Target } from './load.ts';

const seconds = Number(process.env.PROFILE_SECONDS ?? 5);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 100);
const profiling = process.env.PROFILE_CPU === '1';
const only = process.env.PROFILE_CASES?.split(',');
/** PROFILE_PROXY=plain: the plain node:http reference proxy instead of the BFF (the floor). */
const plain = process.env.PROFILE_PROXY === 'plain';
/**
 * PROFILE_RATE=n: drive each case at n requests/s (open loop) instead of as fast as possible. At
 * saturation a busy machine changes how many requests each wake-up handles, and so the CPU per
 * request; at a fixed rate every request is handled on its own, before and after alike.
 */
const rate = process.env.PROFILE_RATE === undefined ? undefined : Number(process.env.PROFILE_RATE);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function summariseProfile(file: string, requests: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
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
    const where = frame.url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^.*\/build\//, '');
    const key = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1] ??
      (frame.url.startsWith('node:') ? frame.url : frame.url === '' ? frame.functionName : 'own');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const per = (us: number) => (us / requests).toFixed(1);
  // Inclusive time of the bundle's functions: each sample counts once for every distinct
  // function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (frame: ProfileNode['callFrame']) =>
    `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/build\//, '')}:${frame.lineNumber + 1}`;
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
  const own = [...byFunction].filter(([name]) => name.includes(' server/'));
  console.log(
    `  profile: ${(total / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle; ` +
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
  console.log('  bundle functions by inclusive time (µs/request):');
  for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
    console.log(`    ${per(us).padStart(7)}  ${name}`);
  }
  console.log('  top functions of the server bundle (its code and the packages bundled in it):');
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
  };
}

async function main(): Promise<void> {
  const dir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'cutroom-profile-'));
  const upstream: FixedUpstream = await startFixedUpstream();
  let bff: Pick<BffProcess, 'pid' | 'url' | 'stop'> | undefined;
  try {
    bff = plain
      ? await startPlainProxy(upstream.baseUrl, FIXED_KEY)
      : await startBff(
          { VCS_BASE_URL: upstream.baseUrl, VCS_API_KEY: FIXED_KEY },
          profiling ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [],
        );
    const sessions = plain ? [{ cookie: '', csrf: '' }] : await openSessions(bff.url, sessionCount);
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
      {
        name: 'GET 5 MB',
        origin: bff.url,
        method: 'GET',
        path: `/api/v1/projects/${LARGE_PROJECT_ID}`,
        status: 200,
        headers: sessionHeaders(sessions, false),
      },
    ].filter((target) => only === undefined || only.includes(target.name)) as Target[];
    let totalRequests = 0;
    for (const target of cases) {
      // Warm-up (JIT, sockets); its requests are in the profile too, so they are counted.
      totalRequests += (await throughput(target, { connections, seconds: 1 })).requests;
      const before = cpuMsOf(bff.pid);
      const upstreamBefore = cpuMsOf(upstream.pid);
      const result =
        rate === undefined
          ? await throughput(target, { connections, seconds })
          : await fixedRate(target, rate);
      const bffUs = ((cpuMsOf(bff.pid) - before) * 1000) / result.requests;
      const upstreamUs = ((cpuMsOf(upstream.pid) - upstreamBefore) * 1000) / result.requests;
      totalRequests += result.requests;
      console.log(
        `${target.name}: ${(result.requests / result.seconds).toFixed(0)} requests/s, BFF ` +
          `${bffUs.toFixed(0)} µs CPU/request, upstream ${upstreamUs.toFixed(0)} µs, load ` +
          `generator ${((result.generatorCpuMs * 1000) / result.requests).toFixed(0)} µs`,
      );
    }
    await bff.stop();
    bff = undefined;
    if (profiling && !plain) {
      const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
      if (file === undefined) throw new Error(`no profile in ${dir}`);
      console.log(`\nprofile ${join(dir, file)} (all cases together):`);
      summariseProfile(join(dir, file), totalRequests);
    }
  } finally {
    await bff?.stop();
    await upstream.stop();
  }
}

await main();
