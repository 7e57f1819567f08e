/**
 * `npm run bench:review` (tsx bench/browser/review-queue-bench.ts): the review queue (/review) on
 * its real route, BFF + simulator as `npm start` runs them, with 200 extra faceless projects of
 * five plan revisions each (the review-plans seed plug-in, SIM_BENCH_PLANS=200: 1,000 revisions,
 * about 340 of them waiting), in Debian's Chromium. Measured twice, each on a stack of its own:
 *
 * - workspace: the service answers the assumed `GET /faceless/plans`;
 * - fallback: the simulator answers it 404 (SIM_NOT_FOUND_PATHS), so the queue reads
 *   `GET /projects` and every project's own list, a page of projects at a time.
 *
 * Each run loads /review in a signed-in tab whose scripts are cached (a warm-up load first) and
 * records, in the page: when the queue's first request started (resource timing), when its first
 * row was painted (a MutationObserver sees the first option, then the frame after it: rAF, then a
 * task), and when the whole queue was read (the summary says how many wait). The time to first
 * row is first row painted − first queue request started: the queue's own path (requests through
 * the BFF, the simulator, parsing, rendering); the app's start before it (scripts, session) is
 * the same on every screen and printed beside it. Long Animation Frames and the longest rAF gap
 * are taken over the whole reading. Checks the gesture did something: every waiting revision the
 * API lists (read one project at a time, the contract's own list, once the demo's seeded runs have
 * finished so the workspace holds still) is a row once the queue is read whole, and the fallback says so in its notice.
 *
 * Goals (median of the runs): ≤ 300 ms on the workspace list, ≤ 1,500 ms on the fallback. Exits 1
 * when one is missed or a check fails.
 *
 * Env: BENCH_RUNS (default 5), BENCH_PLANS (projects, default 200), CHROMIUM_PATH, BENCH_JSON
 * (write the results to this file).
 */
import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { chromium, type APIRequestContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { freePort, startApp } from '../../e2e/app-server.ts';
import { seedPluginEnv } from '../seeds/seed-plugins.ts';
import { signInWithDemo } from './demo-session.ts';
import { percentile } from './percentile.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const PLANS = Math.max(1, Number(process.env.BENCH_PLANS ?? 200));
const GOALS = { workspaceMs: 300, fallbackMs: 1500 };

type Mode = 'workspace' | 'fallback';

interface Run {
  /** Navigation start → the queue's first request sent (the app's start). */
  requestAt: number;
  /** The queue's first request sent → its first row painted. */
  firstRowMs: number;
  /** The queue's first request sent → the whole queue read and shown. */
  wholeMs: number;
  rows: number;
  loafCount: number;
  loafMaxMs: number;
  loafBlockingMs: number;
  maxFrameGapMs: number;
  notice: boolean;
}

declare global {
  interface Window {
    __reviewBench?: {
      result: Promise<
        Omit<Run, 'requestAt' | 'firstRowMs' | 'wholeMs'> & {
          firstRowAt: number;
          wholeAt: number;
          requestAt: number;
        }
      >;
    };
  }
}

/**
 * Installed before the app's scripts on every load: LoAF entries and rAF gaps from the start, the
 * first row's paint and the moment the summary says the queue was read whole.
 */
function installProbe(): void {
  if (!location.pathname.startsWith('/review')) return;
  const loaf: Array<{ start: number; duration: number; blocking: number }> = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { blockingDuration?: number }
      >) {
        loaf.push({
          start: entry.startTime,
          duration: entry.duration,
          blocking: entry.blockingDuration ?? 0,
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No LoAF in this browser: its columns stay 0.
  }
  const frames: number[] = [];
  let raf = 0;
  const tick = (t: number) => {
    frames.push(t);
    raf = requestAnimationFrame(tick);
  };
  raf = requestAnimationFrame(tick);
  const painted = () =>
    new Promise<number>((resolve) =>
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
    );
  const whenSeen = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!test()) return false;
        observer.disconnect();
        resolve();
        return true;
      };
      const observer = new MutationObserver(check);
      const start = () => {
        if (!check()) {
          observer.observe(document, {
            subtree: true,
            childList: true,
            characterData: true,
          });
        }
      };
      start();
    });
  const list = () =>
    document.querySelector('[role="listbox"][aria-label="Revisions waiting for a decision"]');
  const summary = /^(\d+) revisions? waits? for a decision|^Nothing waits for a decision/;
  const result = (async () => {
    await whenSeen(() => Boolean(list()?.querySelector('[role="option"]')));
    const firstRowAt = await painted();
    await whenSeen(() =>
      [...document.querySelectorAll('#main p')].some((p) => summary.test(p.textContent ?? '')),
    );
    const wholeAt = await painted();
    cancelAnimationFrame(raf);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const request = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/api\/v1\/faceless\/plans(\?|$)/.test(entry.name))
      .sort((a, b) => a.startTime - b.startTime)[0];
    const requestAt = request?.startTime ?? Number.NaN;
    const inWindow = loaf.filter(
      (entry) => entry.start + entry.duration > requestAt && entry.start < wholeAt,
    );
    let gap = 0;
    for (let i = 1; i < frames.length; i += 1) {
      if ((frames[i] ?? 0) < requestAt) continue;
      gap = Math.max(gap, (frames[i] ?? 0) - (frames[i - 1] ?? 0));
    }
    return {
      requestAt,
      firstRowAt,
      wholeAt,
      rows: list()?.querySelectorAll('[role="option"]').length ?? 0,
      loafCount: inWindow.length,
      loafMaxMs: Math.max(0, ...inWindow.map((entry) => entry.duration)),
      loafBlockingMs: inWindow.reduce((sum, entry) => sum + entry.blocking, 0),
      maxFrameGapMs: gap,
      notice: [...document.querySelectorAll('[role="note"]')].some((el) =>
        /does not list plans across the workspace/.test(el.textContent ?? ''),
      ),
    };
  })();
  window.__reviewBench = { result };
}

/** A GET through the BFF, waiting out its rate limit (429, Retry-After) as the app does. */
async function getThrough(request: APIRequestContext, url: string) {
  for (;;) {
    const answer = await request.get(url);
    if (answer.status() !== 429) return answer;
    const seconds = Number(answer.headers()['retry-after'] ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0.2, seconds) * 1000));
  }
}

/**
 * Every waiting revision, read as the contract allows everywhere: one project at a time. Also
 * counts the revisions whose run is under way (plan approved, assets generating): the simulator
 * carries the demo's seeded runs on, so those change state while the bench runs.
 */
async function waitingCount(
  request: APIRequestContext,
  origin: string,
): Promise<{ waiting: number; underWay: number }> {
  let waiting = 0;
  let underWay = 0;
  for (let offset = 0; ; offset += 50) {
    const page = (await (
      await getThrough(request, `${origin}/api/v1/projects?limit=50&offset=${offset}`)
    ).json()) as { projects: Array<{ id: string }>; bounds: { has_more: boolean } };
    for (const project of page.projects) {
      const answer = await getThrough(
        request,
        `${origin}/api/v1/projects/${project.id}/faceless/plans`,
      );
      if (answer.status() === 404) continue;
      const { revisions } = (await answer.json()) as {
        revisions: Array<{
          revision: number;
          status: string;
          plan_approved_at?: string;
          assets_approved_at?: string;
        }>;
      };
      const latest = Math.max(...revisions.map((r) => r.revision));
      waiting += revisions.filter(
        (r) =>
          (r.status === 'draft' && !r.plan_approved_at) ||
          (r.status === 'assets_ready' && !r.assets_approved_at) ||
          (r.status === 'failed' && r.revision === latest),
      ).length;
      underWay += revisions.filter(
        (r) => r.status === 'plan_approved' || r.status === 'generating',
      ).length;
    }
    if (!page.bounds.has_more) return { waiting, underWay };
  }
}

/**
 * The waiting count once no run is under way, so the queue is measured against a workspace that
 * holds still (a seeded run finishing mid-measurement adds a row the count taken before lacks).
 */
async function settledWaitingCount(
  request: APIRequestContext,
  origin: string,
): Promise<{ waiting: number; settledAfterMs: number }> {
  const started = Date.now();
  for (;;) {
    const { waiting, underWay } = await waitingCount(request, origin);
    if (underWay === 0) return { waiting, settledAfterMs: Date.now() - started };
    if (Date.now() - started > 300_000) {
      throw new Error(`${underWay} faceless runs still under way after 5 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

async function oneRun(page: Page, origin: string): Promise<Run> {
  await page.goto(`${origin}/review`, { waitUntil: 'commit' });
  const raw = await page.evaluate(() =>
    Promise.race([
      window.__reviewBench!.result,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the queue did not show in 60 s')), 60_000),
      ),
    ]),
  );
  return {
    requestAt: raw.requestAt,
    firstRowMs: raw.firstRowAt - raw.requestAt,
    wholeMs: raw.wholeAt - raw.requestAt,
    rows: raw.rows,
    loafCount: raw.loafCount,
    loafMaxMs: raw.loafMaxMs,
    loafBlockingMs: raw.loafBlockingMs,
    maxFrameGapMs: raw.maxFrameGapMs,
    notice: raw.notice,
  };
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function measureMode(
  mode: Mode,
): Promise<{ runs: Run[]; expected: number; settledAfterMs: number }> {
  const port = await freePort();
  const server = await startApp(port, {
    ...(await seedPluginEnv(['review-plans'])),
    SIM_BENCH_PLANS: String(PLANS),
    ...(mode === 'fallback' ? { SIM_NOT_FOUND_PATHS: '^/faceless/plans$' } : {}),
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx compiles functions with its `__name` helper; give the page a no-op one.
    await context.addInitScript({
      content: `var __name = (target) => target; (${installProbe.toString()})();`,
    });
    const page = await context.newPage();
    const origin = `http://localhost:${port}`;
    await signInWithDemo(page, origin);
    const listed = await page.request.get(`${origin}/api/v1/faceless/plans?limit=1`);
    if ((listed.status() === 404) !== (mode === 'fallback')) {
      throw new Error(`${mode}: GET /faceless/plans answered ${listed.status()}`);
    }
    const { waiting: expected, settledAfterMs } = await settledWaitingCount(page.request, origin);
    await oneRun(page, origin); // warm-up: scripts cached and compiled
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await oneRun(page, origin));
    // The count again after the runs: a workspace that moved during them makes the check unfair.
    const { waiting: after, underWay } = await waitingCount(page.request, origin);
    if (after !== expected || underWay > 0) {
      throw new Error(
        `${mode}: the workspace changed during the runs (${expected} waiting before, ${after} after, ${underWay} runs under way)`,
      );
    }
    return { runs, expected, settledAfterMs };
  } finally {
    await browser.close();
    await stop(server);
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  const load = () =>
    loadavg()
      .map((v) => v.toFixed(2))
      .join(' ');
  console.log(
    `Review queue benchmark · ${PLANS} extra projects × 5 revisions · ${RUNS} runs per mode · load average ${load()} on ${availableParallelism()} cores`,
  );
  const results: Record<string, unknown> = { loadBefore: load() };
  const failures: string[] = [];
  for (const mode of ['workspace', 'fallback'] as const) {
    const { runs, expected, settledAfterMs } = await measureMode(mode);
    const median = (pick: (run: Run) => number) => percentile(runs.map(pick), 50);
    const p95 = (pick: (run: Run) => number) => percentile(runs.map(pick), 95);
    const goal = mode === 'workspace' ? GOALS.workspaceMs : GOALS.fallbackMs;
    const firstRow = median((run) => run.firstRowMs);
    console.log(
      `\n${mode === 'workspace' ? 'Workspace list (GET /faceless/plans)' : 'Fallback (GET /faceless/plans → 404; per-project lists)'}:`,
    );
    console.log(
      `  time to first row      median ${ms(firstRow)}, p95 ${ms(p95((run) => run.firstRowMs))}  (goal ≤ ${ms(goal)}) ${firstRow <= goal ? 'PASS' : 'MISSED'}`,
    );
    console.log(
      `  app start before it    median ${ms(median((run) => run.requestAt))} (navigation → the queue's first request)`,
    );
    console.log(
      `  whole queue read       median ${ms(median((run) => run.wholeMs))}, p95 ${ms(p95((run) => run.wholeMs))}`,
    );
    console.log(
      `  main thread            LoAF ${median((run) => run.loafCount)} frames, longest ${ms(Math.max(...runs.map((r) => r.loafMaxMs)))}, blocking ${ms(median((run) => run.loafBlockingMs))} (medians over the reading); longest rAF gap ${ms(Math.max(...runs.map((r) => r.maxFrameGapMs)))}`,
    );
    console.log(
      `  rows                   ${runs.map((run) => run.rows).join(', ')} (the API lists ${expected} waiting, counted once the seeded runs had finished: ${ms(settledAfterMs)} after sign-in)`,
    );
    if (firstRow > goal) failures.push(`${mode}: time to first row ${ms(firstRow)} > ${ms(goal)}`);
    if (runs.some((run) => run.rows !== expected)) {
      failures.push(
        `${mode}: the queue showed ${runs.map((r) => r.rows).join('/')} rows, the API lists ${expected}`,
      );
    }
    if (runs.some((run) => run.notice !== (mode === 'fallback'))) {
      failures.push(
        `${mode}: the fallback notice was ${mode === 'fallback' ? 'missing' : 'shown'}`,
      );
    }
    results[mode] = { expected, runs };
  }
  results.loadAfter = load();
  console.log(`\nload average after: ${load()}`);
  if (process.env.BENCH_JSON)
    await writeFile(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
  if (failures.length > 0) {
    console.log(`\nGOAL MISSED or check failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nAll goals met.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
