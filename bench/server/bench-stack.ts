/**
 * Processes of the proxy benchmark: the BFF exactly as `npm start` runs it (compiled, production
 * logging to a file), the fixed-body upstream, and their CPU time (from /proc).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScriptNodeFlags } from '../../e2e/app-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The checkout whose BFF is started: this one, or BENCH_BFF_ROOT (another checkout of the
 * repository, e.g. an earlier commit, to compare two builds under the same load generator).
 */
const bffRoot = process.env.BENCH_BFF_ROOT ?? root;
const TICKS_PER_SECOND = 100;

/** CPU time (ms) a process has used so far (user + system, 10 ms resolution). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at ") ".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** One thread's scheduler figures so far (/proc/PID/task/TID): CPU, waiting for a core, switches. */
export interface ThreadSched {
  /** CPU time on a core, ms. */
  runMs: number;
  /** Time runnable but waiting for a core (run queue), ms. */
  waitMs: number;
  /** Times it gave up the core waiting for something (sleeps: the event loop's waits, mostly). */
  voluntarySwitches: number;
  /** Times the scheduler took the core away from it while it still had work. */
  involuntarySwitches: number;
}

/**
 * The scheduler's figures of a process's main thread (the event loop: tid = pid) and of all its
 * threads together (GC helpers, libuv's pool, worker threads such as the embedded simulator).
 */
export function threadSchedOf(pid: number): { main: ThreadSched; all: ThreadSched } {
  const read = (tid: string): ThreadSched => {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')
      .trim()
      .split(' ')
      .map(Number);
    const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return {
      runMs: (run ?? 0) / 1e6,
      waitMs: (wait ?? 0) / 1e6,
      voluntarySwitches: field('voluntary_ctxt_switches'),
      involuntarySwitches: field('nonvoluntary_ctxt_switches'),
    };
  };
  const all: ThreadSched = { runMs: 0, waitMs: 0, voluntarySwitches: 0, involuntarySwitches: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let thread: ThreadSched;
    try {
      thread = read(tid);
    } catch {
      continue; // the thread ended meanwhile
    }
    all.runMs += thread.runMs;
    all.waitMs += thread.waitMs;
    all.voluntarySwitches += thread.voluntarySwitches;
    all.involuntarySwitches += thread.involuntarySwitches;
  }
  return { main: read(String(pid)), all };
}

export interface BffProcess {
  pid: number;
  /** e.g. http://127.0.0.1:PORT */
  url: string;
  /** The embedded simulator's base URL (simulator mode). */
  simulatorBaseUrl: string | undefined;
  /** Start to ready, and CPU used by then, as the process reported them. */
  readyMs: number;
  readyCpuMs: number;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Starts `node src/server/launch.mjs` as `npm start` does (its Node flags too) on a free port; logs
 * go to a file. `wrapper`: a command Node runs under (e.g. valgrind and its options), same pid.
 */
export async function startBff(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  wrapper: readonly string[] = [],
): Promise<BffProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-bench-'));
  const logFile = join(dir, 'bff.log');
  const fd = openSync(logFile, 'w');
  const [command = process.execPath, ...prefix] = [...wrapper, process.execPath];
  const child = spawn(
    command,
    [...prefix, ...startScriptNodeFlags(bffRoot), ...nodeArgs, 'src/server/launch.mjs'],
    {
      cwd: bffRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghijkl',
        ...env,
      },
      stdio: ['ignore', fd, fd],
    },
  );
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  let line: RegExpExecArray | null = null;
  while (!line) {
    if (child.exitCode !== null)
      throw new Error(`npm start exited: ${readFileSync(logFile, 'utf8')}`);
    if (Date.now() - started > 180_000) throw new Error('npm start did not get ready in 180 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
    line = /ready at http:\/\/localhost:(\d+) in (\d+) ms, (\d+) ms CPU \(upstream: ([^;]+);/.exec(
      readFileSync(logFile, 'utf8'),
    );
  }
  const simulator = /^simulator at (\S+)$/.exec(line[4] as string);
  return {
    pid: child.pid as number,
    url: `http://127.0.0.1:${line[1]}`,
    simulatorBaseUrl: simulator?.[1],
    readyMs: Number(line[2]),
    readyCpuMs: Number(line[3]),
    logFile,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FixedUpstream {
  pid: number;
  baseUrl: string;
  largeBytes: number;
  stop(): Promise<void>;
}

export function startFixedUpstream(): Promise<FixedUpstream> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(
      fileURLToPath(new URL('./fixed-upstream.ts', import.meta.url)),
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('message', (message) => {
      const { baseUrl, largeBytes } = message as { baseUrl: string; largeBytes: number };
      resolve({
        pid: child.pid as number,
        baseUrl,
        largeBytes,
        stop: async () => {
          child.disconnect();
          await exited;
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`fixed upstream exited with ${code}`)));
  });
}

/** Signs in `count` sessions (demo login); each gives a cookie and its CSRF token. */
export async function openSessions(
  bffUrl: string,
  count: number,
): Promise<Array<{ cookie: string; csrf: string }>> {
  const sessions: Array<{ cookie: string; csrf: string }> = [];
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${bffUrl}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"demo":true}',
    });
    if (response.status !== 200)
      throw new Error(`demo login: ${response.status} ${await response.text()}`);
    const { csrf_token: csrf } = (await response.json()) as { csrf_token: string };
    sessions.push({
      cookie: (response.headers.getSetCookie()[0] ?? '').split(';', 1)[0] as string,
      csrf,
    });
  }
  return sessions;
}

export interface PlainProxy {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * The reference proxy (plain-proxy.ts) in its own process, in front of `upstreamBaseUrl`.
 * `wrapper`: a command Node runs under (e.g. valgrind and its options), same pid. `client`: its
 * client to the upstream (`undici`: the BFF's; see plain-proxy.ts).
 */
export function startPlainProxy(
  upstreamBaseUrl: string,
  key: string,
  wrapper: readonly string[] = [],
  client: 'node:http' | 'undici' = 'node:http',
): Promise<PlainProxy> {
  return new Promise((resolve, reject) => {
    const file = fileURLToPath(new URL('./plain-proxy.ts', import.meta.url));
    const options = {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'] as ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        PLAIN_PROXY_UPSTREAM: upstreamBaseUrl,
        PLAIN_PROXY_KEY: key,
        PLAIN_PROXY_CLIENT: client,
      },
    };
    const [command, ...prefix] = wrapper;
    const child: ChildProcess =
      command === undefined
        ? fork(file, options)
        : spawn(command, [...prefix, process.execPath, ...process.execArgv, file], options);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('message', (message) => {
      resolve({
        pid: child.pid as number,
        url: (message as { url: string }).url,
        stop: async () => {
          child.disconnect();
          await exited;
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`plain proxy exited with ${code}`)));
  });
}

/** The simulator in its own process (as a real service would be); resolves once it prints its base URL. */
export function startSimulatorProcess(): Promise<{ child: ChildProcess; baseUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/main.ts'], {
      cwd: root,
      env: { ...process.env, SIM_PORT: '0', SIM_HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ child, baseUrl: url });
    });
  });
}
