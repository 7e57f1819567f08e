/**
 * `npm run bench:upload` (tsx bench/browser/upload-bench.ts): a 1 GiB file (generated) uploaded on the
 * real route, the media library's Uppy upload in headless Chromium → the BFF's part relay → the
 * simulator, against a plain PUT of the same bytes from the same browser straight to the
 * simulator.
 *
 * The simulator runs in its own process (`tsx mocks/main.ts`, as a real service would be) and the
 * BFF as `npm start` runs it (src/server/launch.mjs, compiled, production logging), pointed at it
 * with VCS_BASE_URL and the simulator's paid demo key as VCS_API_KEY: the BFF's memory is then its
 * own (no embedded simulator holding the parts), and its resident set is sampled every 50 ms. A TCP proxy in front of the
 * BFF lets the bench cut the connection (every socket reset, new ones refused) when half of the
 * parts have arrived, and bring it back after BENCH_CUT_MS.
 *
 * Figures: throughput of the plain PUT and of the upload (file chosen → last part stored, and
 * end to end with the service assembling the asset), their ratio, the BFF's peak memory above
 * idle, and after the cut: the time from the connection coming back to the first part stored,
 * the parts sent again, and that the upload finished from where it was (not from zero). Checks
 * the gesture did something: the asset exists with the file's size. Exits 1 when a goal is missed.
 *
 * The plain PUT and the upload run BENCH_ROUNDS times each, taking turns (the order swapped every
 * round); the ratio is that of their mean times. Each side's CPU per MiB is printed by process
 * (Chromium by process type), to show where the time goes.
 *
 * Env: BENCH_SIZE_MIB (default 1024), BENCH_CUT_MS (default 2000), BENCH_ROUNDS (default 2),
 * CHROMIUM_PATH; BENCH_PROFILE=1 adds the page's CPU profile during each upload and Chromium's CPU
 * by thread, BENCH_PROFILE=trace also a Chromium trace summary.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Request } from 'playwright-core';
import { DEMO_KEYS } from '../../mocks/lib/auth.ts';
import { startBff, startSimulatorProcess } from '../server/bench-stack.ts';
import { buildClient, clientBuildNeeded } from '../../src/server/static/client-build.ts';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const MIB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_SIZE_MIB ?? 1024) * MIB;
const CUT_MS = Number(process.env.BENCH_CUT_MS ?? 2000);
/** Plain PUT and upload, each this many times, taking turns. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
/** Requests at a time of the media library's uploads (upload-manager.ts). */
const CONCURRENT = 4;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const GOALS = {
  /** Upload throughput (to the last part stored) over the plain PUT's. */
  throughputRatio: 0.8,
  /** The BFF's peak resident memory above its idle level. */
  bffPeakAboveIdleMiB: 64,
  /** From the connection coming back to the first part stored again. */
  resumeMs: 10_000,
  /** Parts the service had confirmed that are sent again after the cut. */
  partsResentAfterCut: 0,
};

const fmt = (value: number, digits = 1) => value.toFixed(digits);

/** Resident memory of a process in bytes (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kib * 1024;
}

/** user + system CPU of a process, in ms (Linux, clock ticks of 10 ms); 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Chromium's `--type=` of a process (its utility sub-type for utilities); `browser` for none. */
function chromiumTypeOf(pid: number): string {
  try {
    // Chromium rewrites its children's command line as one space-separated string.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = args.find((arg) => arg.startsWith('--type='))?.slice(7);
    if (!type) return args[0]?.includes('chrom') ? 'browser' : (args[0] ?? 'other');
    const sub = args
      .find((arg) => arg.startsWith('--utility-sub-type='))
      ?.split('.')
      .at(-2);
    return sub ? `${type}:${sub}` : type;
  } catch {
    return 'gone';
  }
}

/** CPU ms of each thread of a process, by thread name (threads of one name added up). */
function threadCpuOf(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ms = (Number(fields[11]) + Number(fields[12])) * 10;
        out.set(name, (out.get(name) ?? 0) + ms);
      } catch {
        // thread gone
      }
    }
  } catch {
    // process gone
  }
  return out;
}

/** Every process below `root` (children, grandchildren …), from /proc. */
function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** Busy and total CPU time of the whole machine, in ms (from /proc/stat). */
function machineCpuMs(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0) * 10;
  const idle = ((fields[3] ?? 0) + (fields[4] ?? 0)) * 10;
  return { busy: total - idle, total };
}

type CpuRoles = Record<'browser' | 'bff' | 'simulator' | 'bench', number>;
interface CpuSnapshot {
  at: number;
  /** Chromium's CPU by process type (browser, renderer, utility: network, gpu …). */
  browserByType: Record<string, number>;
  roles: CpuRoles;
  machine: { busy: number; total: number };
}

/**
 * CPU of each part of the stack: the BFF and the simulator (their own processes), the bench
 * process itself (the cuttable TCP proxy in front of the BFF runs in it), and Chromium (every
 * other process below the bench). A process that ended between two snapshots is not counted.
 */
function cpuSnapshot(pids: { bff: number; simulator: number }): CpuSnapshot {
  const own = new Set([
    pids.bff,
    pids.simulator,
    ...descendantsOf(pids.bff),
    ...descendantsOf(pids.simulator),
  ]);
  const browserByType: Record<string, number> = {};
  let browser = 0;
  for (const pid of descendantsOf(process.pid)) {
    if (own.has(pid)) continue;
    const ms = cpuMsOf(pid);
    browser += ms;
    const type = chromiumTypeOf(pid);
    if (process.env.BENCH_PROFILE) {
      // By thread: /proc/<pid>/task/<tid>.
      for (const [thread, threadMs] of threadCpuOf(pid)) {
        browserByType[`${type}/${thread}`] = (browserByType[`${type}/${thread}`] ?? 0) + threadMs;
      }
    } else {
      browserByType[type] = (browserByType[type] ?? 0) + ms;
    }
  }
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    browserByType,
    roles: {
      browser,
      bff: cpuMsOf(pids.bff),
      simulator: cpuMsOf(pids.simulator),
      bench: (usage.user + usage.system) / 1000,
    },
    machine: machineCpuMs(),
  };
}

interface CpuUse {
  wallMs: number;
  browserByType: Record<string, number>;
  /** CPU ms per role over the interval. */
  roles: CpuRoles;
  /** Share of the machine's cores busy over the interval (all processes, anyone's). */
  machineBusy: number;
}

function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const roles = { ...after.roles };
  for (const role of Object.keys(roles) as Array<keyof CpuRoles>) roles[role] -= before.roles[role];
  const total = after.machine.total - before.machine.total;
  const browserByType: Record<string, number> = {};
  for (const [type, ms] of Object.entries(after.browserByType)) {
    browserByType[type] = ms - (before.browserByType[type] ?? 0);
  }
  return {
    wallMs: after.at - before.at,
    browserByType,
    roles,
    machineBusy: total > 0 ? (after.machine.busy - before.machine.busy) / total : 0,
  };
}

class MemorySampler {
  private timer: NodeJS.Timeout | undefined;
  peak = 0;
  samples: number[] = [];
  constructor(private readonly pid: number) {}
  start(): void {
    this.timer = setInterval(() => {
      // The BFF may be gone (a failed run stops it): stop sampling, keep the first error.
      let rss: number;
      try {
        rss = rssOf(this.pid);
      } catch {
        this.stop();
        return;
      }
      this.samples.push(rss);
      this.peak = Math.max(this.peak, rss);
    }, 50);
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

/** A TCP proxy in front of the BFF whose connection can be cut and brought back. */
class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(
    private readonly target: number,
    readonly port: number,
  ) {}

  async listen(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target, '127.0.0.1');
      this.sockets.add(client).add(upstream);
      const forget = () => {
        this.sockets.delete(client);
        this.sockets.delete(upstream);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', forget).on('close', forget);
      upstream.on('error', forget).on('close', forget);
      client.pipe(upstream).pipe(client);
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  /** Resets every open connection and stops listening (new connections are refused). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    await closed;
  }
}

/** Ends a child process (SIGTERM, then SIGKILL after 5 s) and waits for it to exit. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  child.stdout?.destroy();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The 1 GiB file: a random MiB repeated with its index stamped in (no two MiB alike). */
function generateFile(path: string): void {
  const block = Buffer.from(createHash('sha512').update('cutroom').digest()).toString('hex');
  const mib = Buffer.alloc(MIB, block);
  const fd = openSync(path, 'w');
  try {
    for (let offset = 0; offset < SIZE; offset += MIB) {
      mib.writeUInt32BE(offset / MIB, 0);
      writeSync(fd, mib, 0, Math.min(MIB, SIZE - offset));
    }
  } finally {
    closeSync(fd);
  }
}

/** The simulator, directly (the plain PUT's signed URL), with the demo key. */
async function simulatorCall<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_KEYS.paid}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A plain PUT of the file from the browser to a signed part URL of the simulator, from a page of
 * the simulator's own origin (the app's Content-Security-Policy rightly forbids other origins).
 */
async function plainPut(
  page: Page,
  simulator: string,
  path: string,
  cpu: () => CpuSnapshot,
): Promise<{ ms: number; cpu: CpuUse }> {
  await page.goto(`${simulator}/`);
  const ref = await simulatorCall<{ storage_key: string; upload_id: string }>(
    simulator,
    '/workspace/media/upload/multipart/start',
    { filename: 'bench-plain.mp4', content_type: 'video/mp4', size_bytes: SIZE },
  );
  const signed = await simulatorCall<{ url: string }>(
    simulator,
    '/workspace/media/upload/multipart/sign-part',
    { ...ref, part_number: 1 },
  );
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-plain-put';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#bench-plain-put').setInputFiles(path);
  const before = cpu();
  const result = await page.evaluate(async (url) => {
    const input = document.getElementById('bench-plain-put') as HTMLInputElement;
    const file = input.files?.[0] as File;
    const started = performance.now();
    const response = await fetch(url, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    await response.arrayBuffer();
    input.remove();
    return { ms: performance.now() - started, status: response.status };
  }, signed.url);
  const after = cpu();
  if (result.status !== 200) throw new Error(`the plain PUT answered ${result.status}`);
  await simulatorCall(simulator, '/workspace/media/upload/multipart/abort', ref);
  return { ms: result.ms, cpu: cpuBetween(before, after) };
}

interface UploadTimes {
  /** File chosen (the start request) → last part stored. */
  transferMs: number;
  /** File chosen → the asset answered by complete. */
  totalMs: number;
  parts: number;
  /** CPU from the file chosen to the complete request (every part stored). */
  cpu: CpuUse;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string; src_func?: string; src_file?: string };
}

/** BENCH_PROFILE=1: complete events by name and thread, longest total first. */
function printTrace({ traceEvents }: { traceEvents: TraceEvent[] }) {
  const threads = new Map<string, string>();
  for (const event of traceEvents) {
    if (event.ph === 'M' && event.name === 'thread_name') {
      threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?');
    }
  }
  const totals = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const event of traceEvents) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    const thread = threads.get(`${event.pid}:${event.tid}`) ?? `${event.pid}:${event.tid}`;
    const detail =
      event.args?.src_func ??
      (event.name === 'SimpleWatcher::OnHandleReady' ? JSON.stringify(event.args) : '');
    const key = `${thread} ${event.name}${detail ? ` (${detail})` : ''}`;
    totals.set(key, (totals.get(key) ?? 0) + event.dur / 1000);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log('trace, complete events by thread and name (ms, nested events counted again):');
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`  ${fmt(ms).padStart(8)} ms ${String(counts.get(key)).padStart(6)}×  ${key}`);
  }
}

/** BENCH_PROFILE=1: the page's main-thread functions by self time during the upload. */
function printProfile(profile: {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  let total = 0;
  samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = (profile.timeDeltas?.[index + 1] ?? 0) / 1000;
    if (!node) return;
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1)}:${frame.lineNumber}:${(frame as { columnNumber?: number }).columnNumber ?? ''}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  console.log(`renderer main thread profile, ${fmt(total)} ms sampled:`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${fmt(ms).padStart(8)} ms  ${key}`);
  }
}

/** Chooses the file in the media library's upload panel and waits until it is uploaded. */
async function uploadThroughUi(
  page: Page,
  path: string,
  name: string,
  cpu: () => CpuSnapshot,
): Promise<UploadTimes> {
  await page.evaluate(() => performance.clearResourceTimings());
  // One snapshot when the complete request is sent (Uppy sends it once every part is stored):
  // reading /proc for every process costs this process CPU, so not once per part.
  let lastPart: CpuSnapshot | undefined;
  const onRequest = (request: Request) => {
    if (request.url().includes('/multipart/complete')) lastPart = cpu();
  };
  page.on('request', onRequest);
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
    if (process.env.BENCH_PROFILE === 'trace')
      await page
        .context()
        .browser()
        ?.startTracing(page, {
          categories: ['toplevel', 'devtools.timeline'],
        });
  }
  // Waits for the complete request's answer (an event), not by polling the page: a locator's
  // waitFor re-runs its role and text query on every animation frame, which cost the page's
  // main thread more than the upload did (Playwright's injected script, in a CPU profile).
  const completed = page.waitForResponse(
    (response) => response.url().includes('/multipart/complete'),
    { timeout: 15 * 60_000 },
  );
  const before = cpu();
  await page.getByLabel('Choose files to upload').setInputFiles(path);
  if (!(await completed).ok()) throw new Error('the upload did not complete');
  const row = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name });
  await row.getByText('Uploaded', { exact: true }).last().waitFor();
  page.off('request', onRequest);
  if (profiler) {
    printProfile((await profiler.send('Profiler.stop')).profile);
    const trace =
      process.env.BENCH_PROFILE === 'trace' ? await page.context().browser()?.stopTracing() : null;
    if (trace) printTrace(JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] });
  }
  const timings = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const of = (part: string) => entries.filter((entry) => entry.name.includes(part));
    const start = of('/multipart/start').at(-1);
    const complete = of('/multipart/complete').at(-1);
    const parts = of('/bff/uploads/part').filter(
      (entry) => entry.startTime >= (start?.startTime ?? 0),
    );
    const lastPart = Math.max(...parts.map((entry) => entry.responseEnd));
    const t0 = start?.startTime ?? 0;
    return {
      transferMs: lastPart - t0,
      totalMs: (complete?.responseEnd ?? NaN) - t0,
      parts: parts.length,
    };
  });
  return { ...timings, cpu: cpuBetween(before, lastPart ?? cpu()) };
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/media`);
  await page.getByRole('button', { name: 'Use demo workspace' }).click();
  await page.getByRole('heading', { level: 1, name: /Media library/ }).waitFor();
}

interface CutFigures {
  partsBeforeCut: number;
  totalParts: number;
  resumeMs: number;
  resentParts: number;
  totalMs: number;
}

/**
 * Uploads the file again and cuts the connection once half of the parts are stored; measures
 * from the connection coming back to the first part stored after it, and counts confirmed parts
 * sent again.
 */
async function uploadWithCut(
  page: Page,
  proxy: CuttableProxy,
  path: string,
  name: string,
): Promise<CutFigures> {
  const partOfUrl = new Map<string, number>();
  const stored = new Map<number, number>();
  let totalParts = Math.ceil(SIZE / (32 * MIB));
  let resentParts = 0;
  let cutStarted = false;
  let backAt = 0;
  let firstAfterBack = 0;
  let partsBeforeCut = 0;
  let resolveHalf: () => void = () => undefined;
  const half = new Promise<void>((resolve) => (resolveHalf = resolve));
  const onSigned = async (response: Awaited<ReturnType<Request['response']>>) => {
    if (!response?.url().includes('/multipart/sign-part') || response.status() !== 200) return;
    const number = (response.request().postDataJSON() as { part_number: number }).part_number;
    const url = ((await response.json()) as { url: string }).url;
    partOfUrl.set(new URL(url, page.url()).search, number);
  };
  const onFinished = async (request: Request) => {
    if (request.method() !== 'PUT' || !request.url().includes('/bff/uploads/part')) return;
    const response = await request.response();
    if (response?.status() !== 200) return;
    const number = partOfUrl.get(new URL(request.url()).search);
    if (number === undefined) return;
    if (stored.has(number)) resentParts += 1;
    stored.set(number, Date.now());
    if (backAt > 0 && firstAfterBack === 0) firstAfterBack = Date.now();
    if (!cutStarted && stored.size >= totalParts / 2) {
      cutStarted = true;
      partsBeforeCut = stored.size;
      resolveHalf();
    }
  };
  page.on('response', onSigned);
  page.on('requestfinished', onFinished);
  const started = Date.now();
  await page.getByLabel('Choose files to upload').setInputFiles(path);
  const row = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name }).last();
  const partsText = await row
    .getByText(/part \d+ of \d+ received/)
    .textContent({ timeout: 60_000 });
  totalParts = Number(/of (\d+) received/.exec(partsText ?? '')?.[1] ?? totalParts);
  await half;
  await proxy.cut();
  await new Promise((resolve) => setTimeout(resolve, CUT_MS));
  await proxy.listen();
  backAt = Date.now();
  await row.getByText('Uploaded', { exact: true }).waitFor({ timeout: 15 * 60_000 });
  page.off('response', onSigned);
  page.off('requestfinished', onFinished);
  return {
    partsBeforeCut,
    totalParts,
    resumeMs: firstAfterBack > 0 ? firstAfterBack - backAt : Number.NaN,
    resentParts,
    totalMs: Date.now() - started,
  };
}

async function main(): Promise<void> {
  const dist = join(root, 'dist');
  const build = await clientBuildNeeded(root, dist);
  if (build.needed) {
    console.log(`bench:upload: building the client (${build.reason}) …`);
    await buildClient(root, dist);
  }
  const file = join(tmpdir(), `cutroom-bench-upload-${process.pid}.mp4`);
  const name = file.split('/').at(-1) as string;
  console.log(`bench:upload: generating ${SIZE / MIB} MiB at ${file} …`);
  generateFile(file);

  const children: ChildProcess[] = [];
  let proxy: CuttableProxy | undefined;
  let stopBff: (() => Promise<void>) | undefined;
  const browser = await chromium.launch(chromiumLaunchOptions);
  let figures:
    | {
        rounds: Array<{ plainMs: number; plainCpu: CpuUse; upload: UploadTimes }>;
        idle: number;
        peak: number;
        cut: CutFigures;
        assetSize: number | null;
      }
    | undefined;
  try {
    const simulator = await startSimulatorProcess();
    children.push(simulator.child);
    const bff = await startBff({
      VCS_BASE_URL: simulator.baseUrl,
      VCS_API_KEY: DEMO_KEYS.paid,
    });
    stopBff = bff.stop;
    const bffPort = Number(new URL(bff.url).port);
    proxy = new CuttableProxy(bffPort, await freePort());
    await proxy.listen();
    // The measured upload goes to the BFF itself, as the plain PUT goes to the simulator itself;
    // the cuttable TCP proxy (this process's own CPU, as much per MiB as the BFF's) is only in
    // the way of the upload that is cut.
    const newPage = async (base: string) => {
      const page = await browser.newPage();
      await page.addInitScript({
        content: 'window.__name = (fn) => fn; performance.setResourceTimingBufferSize(100000);',
      });
      await signIn(page, base);
      return page;
    };
    const page = await newPage(bff.url);

    // Idle: the median of the last second of 3 s at rest after sign-in (the BFF compiles the
    // contract's validators in the background after start-up).
    const sampler = new MemorySampler(bff.pid);
    sampler.start();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = median(sampler.samples.slice(-20));
    const cpu = () => cpuSnapshot({ bff: bff.pid, simulator: simulator.child.pid as number });
    const rounds: Array<{ plainMs: number; plainCpu: CpuUse; upload: UploadTimes }> = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Taking turns, the order swapped every round, so a change in the machine's load while
      // the bench runs weighs on both sides alike.
      const plainFirst = round % 2 === 1;
      let plain: { ms: number; cpu: CpuUse } | undefined;
      let upload: UploadTimes | undefined;
      for (const side of plainFirst ? ['plain', 'upload'] : ['upload', 'plain']) {
        if (side === 'plain') {
          console.log(`bench:upload: round ${round}, plain PUT to the simulator …`);
          const plainPage = await browser.newPage();
          plain = await plainPut(plainPage, simulator.baseUrl, file, cpu);
          await plainPage.close();
        } else {
          console.log(`bench:upload: round ${round}, upload through the media library …`);
          upload = await uploadThroughUi(page, file, name, cpu);
        }
      }
      if (!plain || !upload) throw new Error('a side of the round did not run');
      rounds.push({ plainMs: plain.ms, plainCpu: plain.cpu, upload });
    }
    console.log('bench:upload: upload again, cutting the connection at 50 % …');
    await page.close();
    const cutPage = await newPage(`http://127.0.0.1:${proxy.port}`);
    const cut = await uploadWithCut(cutPage, proxy, file, name);
    sampler.stop();
    // The gesture did something: the newest asset is the file, whole.
    const assets = await cutPage.evaluate(async () => {
      const response = await fetch('/api/v1/workspace/media/assets?sort=-created_at&limit=2');
      return (await response.json()) as { assets: Array<{ name: string; size_bytes: number }> };
    });
    const asset = assets.assets.find((candidate) => candidate.name === name);
    figures = { rounds, idle, peak: sampler.peak, cut, assetSize: asset?.size_bytes ?? null };
  } finally {
    // Everything the bench opened is closed here, so the process exits once it has printed: the
    // proxy's listening server (listening again after the cut) kept it alive before.
    await proxy?.cut();
    await browser.close();
    await stopBff?.();
    await Promise.all(children.map(stopChild));
    rmSync(file, { force: true });
  }

  const { rounds, idle, peak, cut, assetSize } = figures;
  const mibPerSecond = (ms: number) => SIZE / MIB / (ms / 1000);
  const plainMs = rounds.reduce((sum, round) => sum + round.plainMs, 0) / rounds.length;
  const transferMs =
    rounds.reduce((sum, round) => sum + round.upload.transferMs, 0) / rounds.length;
  const totalMs = rounds.reduce((sum, round) => sum + round.upload.totalMs, 0) / rounds.length;
  const ratio = plainMs / transferMs;
  const aboveIdle = (peak - idle) / MIB;
  const [one, five, fifteen] = loadavg();
  console.log(
    `\nUpload of ${SIZE / MIB} MiB through the BFF to the simulator, ${rounds.length} rounds taking turns (load average ${fmt(one ?? 0)} ${fmt(five ?? 0)} ${fmt(fifteen ?? 0)} on ${availableParallelism()} cores)`,
  );
  rounds.forEach((round, index) => {
    console.log(
      `round ${index + 1}: plain PUT ${fmt(round.plainMs / 1000, 2)} s ${fmt(mibPerSecond(round.plainMs))} MiB/s; upload ${fmt(round.upload.transferMs / 1000, 2)} s ${fmt(mibPerSecond(round.upload.transferMs))} MiB/s (${round.upload.parts} part requests); ratio ${fmt(round.plainMs / round.upload.transferMs, 2)}`,
    );
  });
  console.log(
    `plain PUT (browser → simulator)      ${fmt(plainMs / 1000, 2).padStart(7)} s  ${fmt(mibPerSecond(plainMs)).padStart(7)} MiB/s  (mean of the rounds)`,
  );
  console.log(
    `upload, to the last part stored      ${fmt(transferMs / 1000, 2).padStart(7)} s  ${fmt(mibPerSecond(transferMs)).padStart(7)} MiB/s  (${CONCURRENT} requests at a time)`,
  );
  console.log(
    `upload, end to end (with assembly)   ${fmt(totalMs / 1000, 2).padStart(7)} s  ${fmt(mibPerSecond(totalMs)).padStart(7)} MiB/s`,
  );
  console.log(
    `throughput ratio (upload / plain)    ${fmt(ratio, 2).padStart(7)}    goal ≥ ${GOALS.throughputRatio}`,
  );
  console.log(
    `BFF memory: idle ${fmt(idle / MIB)} MiB, peak ${fmt(peak / MIB)} MiB, ${fmt(aboveIdle)} MiB above idle    goal ≤ ${GOALS.bffPeakAboveIdleMiB}`,
  );
  console.log(
    `cut at ${cut.partsBeforeCut} of ${cut.totalParts} parts for ${CUT_MS} ms: first part stored ${fmt(cut.resumeMs / 1000, 2)} s after the connection was back (goal ≤ ${GOALS.resumeMs / 1000} s); ${cut.resentParts} stored parts sent again; upload with the cut took ${fmt(cut.totalMs / 1000, 1)} s`,
  );
  const mib = SIZE / MIB;
  const cpuLine = (label: string, use: CpuUse) => {
    const roles = (Object.keys(use.roles) as Array<keyof CpuRoles>)
      .map((role) => `${role} ${fmt(use.roles[role] / mib, 2)}`)
      .join(', ');
    const chromium = Object.entries(use.browserByType)
      .filter(([, ms]) => ms > 0)
      .map(([type, ms]) => `${type} ${fmt(ms / mib, 2)}`)
      .join(', ');
    return `${label} CPU ms per MiB: ${roles} (Chromium: ${chromium}); machine ${fmt(use.machineBusy * 100, 0)} % busy`;
  };
  rounds.forEach((round, index) => {
    console.log(cpuLine(`round ${index + 1} plain PUT`, round.plainCpu));
    console.log(cpuLine(`round ${index + 1} upload   `, round.upload.cpu));
  });
  console.log(`asset stored: ${assetSize === null ? 'NOT FOUND' : `${assetSize} bytes`}`);

  const misses: string[] = [];
  if (assetSize !== SIZE)
    misses.push(`the uploaded asset is ${assetSize ?? 'missing'}, not ${SIZE} bytes`);
  if (!(ratio >= GOALS.throughputRatio))
    misses.push(`throughput ratio ${fmt(ratio, 2)} (goal ≥ ${GOALS.throughputRatio})`);
  if (!(aboveIdle <= GOALS.bffPeakAboveIdleMiB))
    misses.push(`BFF peak ${fmt(aboveIdle)} MiB above idle (goal ≤ ${GOALS.bffPeakAboveIdleMiB})`);
  if (!(cut.resumeMs <= GOALS.resumeMs))
    misses.push(`resume took ${fmt(cut.resumeMs)} ms (goal ≤ ${GOALS.resumeMs})`);
  if (cut.resentParts > GOALS.partsResentAfterCut)
    misses.push(`${cut.resentParts} stored parts were sent again after the cut`);
  if (misses.length > 0) {
    console.log(`\nGoals missed:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll goals met.');
  }
}

try {
  await main();
} finally {
  // Everything is closed by now; should anything still be open, say what and exit anyway.
  setTimeout(() => {
    console.error(
      `bench:upload: still open after 5 s: ${process.getActiveResourcesInfo().join(', ')}`,
    );
    process.exit(process.exitCode ?? 1);
  }, 5_000).unref();
}
