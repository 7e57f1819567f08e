/**
 * Load generation for the proxy benchmark. Throughput: autocannon (closed loop, cheap per request).
 * Latency: this module's own client timed with the high-resolution clock (autocannon's histogram
 * has 1 ms steps): one request at a time, and a fixed request rate where each request is timed
 * from when it was due (so a slow answer that delays the next ones counts against the server).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface Target {
  name: string;
  /** Origin, e.g. http://127.0.0.1:1234 */
  origin: string;
  method: 'GET' | 'POST';
  /** Path and query. */
  path: string;
  body?: string;
  /** Headers of the next request (rotates sessions). */
  headers: () => Record<string, string>;
  /** Status every answer must have. */
  status: number;
}

export interface ThroughputResult {
  requests: number;
  seconds: number;
  bytes: number;
  /** CPU the load generator (this process) used, in ms. */
  generatorCpuMs: number;
}

export async function throughput(
  target: Target,
  options: { connections: number; seconds: number },
): Promise<ThroughputResult> {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: target.origin,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: target.method,
        path: target.path,
        ...(target.body === undefined ? {} : { body: target.body }),
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...target.headers() },
        }),
      },
    ],
  });
  const cpu = process.cpuUsage(cpuBefore);
  const wrong = result.non2xx + result.errors + result.timeouts;
  if (wrong > 0) {
    throw new Error(
      `${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} time-outs`,
    );
  }
  return {
    requests: result.requests.total ?? 0,
    seconds: options.seconds,
    bytes: result.throughput.total ?? 0,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

function send(target: Target, agent: http.Agent): Promise<void> {
  const url = new URL(target.origin);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...target.headers() };
    if (target.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(target.body);
    }
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: target.method,
        path: target.path,
        headers,
        agent,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === target.status) resolve();
          else reject(new Error(`${target.name}: status ${response.statusCode}`));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}

/**
 * `count` requests to each of two targets, taking turns request by request (which goes first
 * alternates), each over its own keep-alive socket: both sides meet the same moments of a busy
 * machine, so what one adds over the other is not a neighbour's burst that fell on one side's
 * block of requests. Latencies in ms, per target.
 */
export async function sequentialPair(
  first: Target,
  second: Target,
  count: number,
): Promise<[number[], number[]]> {
  const targets = [first, second] as const;
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const samples: [number[], number[]] = [[], []];
  try {
    for (const [index, target] of targets.entries())
      await send(target, agents[index] as http.Agent);
    for (let round = 0; round < count; round += 1) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const started = performance.now();
        await send(targets[index] as Target, agents[index] as http.Agent);
        samples[index as 0 | 1].push(performance.now() - started);
      }
    }
    return samples;
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

export interface FixedRateResult {
  /**
   * Latency of each request from the moment it was due (or, when the generator's 1 ms timer sent
   * it up to a millisecond early, from when it was sent) to its answer's end, in ms.
   */
  latencies: number[];
  /** From the first request's due time to the last answer, in s. */
  seconds: number;
  /** Requests answered per second over `seconds`: below the offered rate, the side fell behind. */
  achievedRate: number;
  /** How late this generator sent its requests (ms after due), p99: its own lag. */
  sendLagP99Ms: number;
}

/**
 * Open loop, as wrk2 does: `rate` requests a second for `seconds`, each sent when due whether or
 * not earlier ones were answered (over at most `sockets` keep-alive sockets; a request waiting for
 * a socket still counts from when it was due). Latency runs from the due time, so a stall is
 * charged to every request it delays (no coordinated omission); a request the millisecond timer
 * sent before it was due runs from when it was sent (from the due time it could read negative).
 */
export async function atFixedRate(
  target: Target,
  options: { rate: number; seconds: number; sockets: number },
): Promise<FixedRateResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.sockets });
  const interval = 1000 / options.rate;
  const total = Math.floor(options.rate * options.seconds);
  const latencies: number[] = [];
  const lags: number[] = [];
  const pending: Array<Promise<void>> = [];
  try {
    await Promise.all(Array.from({ length: options.sockets }, () => send(target, agent)));
    const start = performance.now();
    let lastAnswer = start;
    for (let index = 0; index < total; index += 1) {
      const due = start + index * interval;
      const wait = due - performance.now();
      if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      lags.push(Math.max(0, sent - due));
      // Late: timed from when it was due (a stall delays the requests behind it, and counts).
      // Early (timers fire at millisecond resolution): timed from when it was sent.
      const from = Math.min(due, sent);
      pending.push(
        send(target, agent).then(() => {
          lastAnswer = performance.now();
          latencies.push(lastAnswer - from);
        }),
      );
    }
    await Promise.all(pending);
    const seconds = (lastAnswer - start) / 1000;
    return {
      latencies,
      seconds,
      achievedRate: latencies.length / Math.max(seconds, options.seconds - interval / 1000),
      sendLagP99Ms: percentile(lags, 0.99),
    };
  } finally {
    agent.destroy();
  }
}

export const percentile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
