/**
 * `npm run bench:clips`: the clip library on the real stack. Builds the client (measuring the
 * clip list route's JavaScript), starts `npm start`'s server (BFF + simulator seeded with 2,000
 * extra clips: the seed plug-in bench/seeds/clips.ts, SIM_BENCH_CLIPS) on a free port, signs in through the demo login in headless
 * Chromium and measures on the real /clips route:
 *
 * 1. Status filter switch: from "every status", tick one status (cold: that page was never
 *    loaded, so it goes through the BFF to the simulator) and untick it; then tick it again
 *    (warm: React Query has the page). Time = the click's event timestamp → the first frame
 *    painted after the list shows that filter's fresh page (checked: every card has the status).
 * 2. Source view of a 3-hour source with 200 clips (asset filter): switching from cards to the
 *    source view with its data loaded, and switching its order (position ↔ score). Time = click
 *    → first frame painted after the 200 rows and 200 marks are in the DOM.
 * 3. The list route's chunk: gzip of what navigating to /clips downloads beyond the first route.
 *
 * Main-thread work is measured with Long Animation Frames (LoAF entries overlapping each
 * gesture: count, total blocking time, longest frame) besides the wall time, and the longest
 * requestAnimationFrame gap. Goals (medians of the runs; p95 printed): cold ≤ 300 ms, warm ≤ 100
 * ms, source view ≤ 50 ms, chunk ≤ 40 KB gzip. Exits non-zero when one is missed.
 *
 * Env: BENCH_RUNS (statuses measured, default 8, max 11), CHROMIUM_PATH, BENCH_JSON (write the
 * results to this file), BENCH_SKIP_BUILD=1 (use the existing dist/ and skip the chunk goal).
 */
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildChunks, staticClosure } from '../server/build-chunks.ts';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { seedPluginEnv } from '../seeds/seed-plugins.ts';
import { freePort, startApp } from '../../e2e/app-server.ts';
import { percentile } from './percentile.ts';

const GOALS = { coldMs: 300, warmMs: 100, sourceMs: 50, chunkBytes: 40 * 1024 };
const RUNS = Math.min(11, Math.max(1, Number(process.env.BENCH_RUNS ?? 8)));
const BENCH_CLIPS = 2000;
const LONG_SOURCE = 'Livestream - 3 hour marathon.mp4';
const STATUS_LABELS: Record<string, string> = {
  failed: 'Failed',
  ready: 'Ready',
  exported: 'Exported',
  needs_repair: 'Needs repair',
  assembling: 'Assembling',
  qa_running: 'Quality check',
  exporting: 'Exporting',
  preparing_source: 'Preparing source',
  awaiting_suggestions: 'Finding moments',
  selecting_clip: 'Selecting',
  needs_reselection: 'Needs another moment',
};

interface Sample {
  ms: number;
  loafCount: number;
  loafBlockingMs: number;
  loafMaxMs: number;
  maxFrameGapMs: number;
}

declare global {
  interface Window {
    __clipsBench?: {
      loaf: Array<{ start: number; duration: number; blocking: number }>;
      arm: (selector: string, check: string) => void;
      result: () => Promise<Sample>;
    };
  }
}

// ─── 1. The list route's chunk ───────────────────────────────────────────────────────────────

async function measureChunk(): Promise<{ own: number; onNavigation: number; files: string[] }> {
  const chunks = await buildChunks();
  const closure = (file: string, seen?: Set<string>) => staticClosure(chunks, file, seen);
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  // The first route a signed-in visit loads: the entry plus the app layout's chunk.
  const first = closure(entry?.fileName ?? '');
  for (const chunk of chunks.values()) {
    if (/src\/routes\/_app\.tsx/.test(chunk.facade ?? '')) closure(chunk.fileName, first);
  }
  const route = [...chunks.values()].find((chunk) =>
    /src\/routes\/_app\/clips\/index\.tsx\?tsr-split=component/.test(chunk.facade ?? ''),
  );
  if (!route) throw new Error('No lazy chunk for the /clips route component was built.');
  const extra = [...closure(route.fileName)].filter((file) => !first.has(file));
  const sum = (files: string[]) => files.reduce((t, f) => t + (chunks.get(f)?.gzip ?? 0), 0);
  return { own: route.gzip, onNavigation: sum(extra), files: extra };
}

// ─── 2. In-page measurement ──────────────────────────────────────────────────────────────────

/**
 * Installed in the page: LoAF entries, and a probe armed before a click that records the
 * click's event timestamp, waits (MutationObserver) until `selector` matches and `check` (a
 * function body over the matched element) holds, then takes the time after the next frame
 * was painted (rAF, then a task), with the rAF gaps in between.
 */
function installProbe(): void {
  const bench = {
    loaf: [] as Array<{ start: number; duration: number; blocking: number }>,
    arm: (_selector: string, _check: string) => undefined as void,
    result: () => Promise.resolve({} as Sample),
  };
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries as Array<PerformanceEntry & { blockingDuration?: number }>) {
      bench.loaf.push({
        start: entry.startTime,
        duration: entry.duration,
        blocking: entry.blockingDuration ?? 0,
      });
    }
  };
  let loafObserver: PerformanceObserver | null = null;
  try {
    loafObserver = new PerformanceObserver((list) => record(list.getEntries()));
    loafObserver.observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No LoAF in this browser: the LoAF columns stay 0.
  }
  bench.arm = (selector: string, checkBody: string) => {
    const check = new Function('el', checkBody) as (el: Element) => boolean;
    let clickAt = 0;
    const frames: number[] = [];
    let resolveDone: (sample: Sample) => void = () => undefined;
    const done = new Promise<Sample>((resolve) => (resolveDone = resolve));
    let rafId = 0;
    const tick = (t: number) => {
      frames.push(t);
      rafId = requestAnimationFrame(tick);
    };
    const onInput = (event: Event) => {
      document.removeEventListener('click', onInput, true);
      document.removeEventListener('change', onInput, true);
      clickAt = event.timeStamp;
      rafId = requestAnimationFrame(tick);
      setTimeout(test, 0);
    };
    document.addEventListener('click', onInput, true);
    document.addEventListener('change', onInput, true);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      observer.disconnect();
      requestAnimationFrame(() => {
        // The frame with the new content is painted right after this rAF's callbacks.
        setTimeout(async () => {
          const end = performance.now();
          cancelAnimationFrame(rafId);
          // The frame that painted the result reports its LoAF entry after it ends: wait a
          // little, then take what the observer has not delivered yet.
          await new Promise((resolve) => setTimeout(resolve, 150));
          if (loafObserver) record(loafObserver.takeRecords());
          const inWindow = bench.loaf.filter(
            (entry) => entry.start + entry.duration > clickAt && entry.start < end,
          );
          let gap = 0;
          for (let i = 1; i < frames.length; i += 1) {
            gap = Math.max(gap, (frames[i] ?? 0) - (frames[i - 1] ?? 0));
          }
          resolveDone({
            ms: end - clickAt,
            loafCount: inWindow.length,
            loafBlockingMs: inWindow.reduce((sum, entry) => sum + entry.blocking, 0),
            loafMaxMs: Math.max(0, ...inWindow.map((entry) => entry.duration)),
            maxFrameGapMs: gap,
          });
        }, 0);
      });
    };
    const test = () => {
      if (!clickAt) return;
      const el = document.querySelector(selector);
      if (el && check(el)) finish();
    };
    const observer = new MutationObserver(test);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    bench.result = () => done;
  };
  window.__clipsBench = bench;
}

async function measure(
  page: Page,
  selector: string,
  check: string,
  gesture: () => Promise<void>,
): Promise<Sample> {
  await page.evaluate(([s, c]) => window.__clipsBench!.arm(s!, c!), [selector, check]);
  await gesture();
  // A gesture that never shows its result is a failure of the bench, not a hang.
  return page.evaluate(() =>
    Promise.race([
      window.__clipsBench!.result(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the gesture did not show its result in 30 s')), 30_000),
      ),
    ]),
  );
}

/**
 * Main-thread CPU time of a gesture (the renderer main thread's tasks' thread time in a Chrome
 * trace), which a loaded machine inflates far less than wall time. Traced separately from the
 * wall-time runs, since tracing has a cost of its own.
 */
async function cpuOf(
  browser: Browser,
  page: Page,
  selector: string,
  check: string,
  gesture: () => Promise<void>,
): Promise<number> {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  try {
    await measure(page, selector, check, gesture);
  } finally {
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: Array<{
        name: string;
        ph: string;
        pid: number;
        tid: number;
        tdur?: number;
        args?: { name?: string };
      }>;
    };
    const mains = trace.traceEvents.filter(
      (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
    );
    let best = 0;
    for (const main of mains) {
      const cpu = trace.traceEvents
        .filter(
          (event) =>
            event.name === 'RunTask' &&
            event.ph === 'X' &&
            event.pid === main.pid &&
            event.tid === main.tid,
        )
        .reduce((sum, event) => sum + (event.tdur ?? 0), 0);
      best = Math.max(best, cpu / 1000);
    }
    lastCpu = best;
  }
  return lastCpu;
}
let lastCpu = 0;

const listSelector = (filter: string) =>
  `ul[aria-label="Clips"][data-filter="${filter}"][data-fresh="true"]`;

/** The list shows only clips of `label` (and at least one). */
const onlyStatus = (label: string) =>
  `const cards = el.querySelectorAll('article');
   return cards.length > 0 && [...cards].every((card) => card.textContent.includes(${JSON.stringify(label)}));`;

async function waitForList(page: Page, filter: string): Promise<void> {
  await page.locator(listSelector(filter)).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(150);
}

// ─── 3. The run ──────────────────────────────────────────────────────────────────────────────

function stats(samples: Sample[]) {
  const ms = samples.map((s) => s.ms);
  return {
    n: samples.length,
    median: percentile(ms, 50),
    p95: percentile(ms, 95),
    loafCount: samples.reduce((t, s) => t + s.loafCount, 0),
    loafBlockingMs: percentile(
      samples.map((s) => s.loafBlockingMs),
      50,
    ),
    loafMaxMs: Math.max(...samples.map((s) => s.loafMaxMs)),
    maxFrameGapMs: Math.max(...samples.map((s) => s.maxFrameGapMs)),
  };
}

async function main(): Promise<void> {
  const load = loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
  console.log(`Clip library benchmark · load average ${load} · ${RUNS} statuses`);
  const skipBuild = process.env.BENCH_SKIP_BUILD === '1';
  const chunk = skipBuild ? null : await measureChunk();
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const server = await startApp(port, {
    ...(await seedPluginEnv(['clips'])),
    SIM_BENCH_CLIPS: String(BENCH_CLIPS),
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results: Record<string, unknown> = { loadavg: load };
  let ok = true;
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: 1,
    });
    // tsx compiles functions with its `__name` helper; give the page a no-op one.
    await context.addInitScript({
      content: `var __name = (target) => target; (${installProbe.toString()})();`,
    });
    const page = await context.newPage();
    const origin = `http://127.0.0.1:${port}`;
    await page.goto(`${origin}/clips`);
    await page.getByRole('button', { name: 'Use demo workspace' }).click();
    await waitForList(page, '||');
    const total = await page
      .getByRole('status')
      .filter({ hasText: /clips in every status/ })
      .textContent();
    console.log(`Signed in; the library holds ${total?.match(/\d+/)?.[0] ?? '?'} clips.`);

    // Status filter switches: cold (first time that page is asked for), then warm.
    const statuses = Object.keys(STATUS_LABELS).slice(0, RUNS);
    const cold: Sample[] = [];
    const warm: Sample[] = [];
    const checkbox = (status: string) =>
      page.getByRole('checkbox', { name: new RegExp(`^${STATUS_LABELS[status]} \\(`) });
    for (const status of statuses) {
      const label = STATUS_LABELS[status]!;
      cold.push(
        await measure(page, listSelector(`${status}||`), onlyStatus(label), () =>
          checkbox(status).click(),
        ),
      );
      // Back to every status (cached): a warm switch too.
      warm.push(
        await measure(page, listSelector('||'), 'return true;', () => checkbox(status).click()),
      );
    }
    for (const status of statuses) {
      const label = STATUS_LABELS[status]!;
      warm.push(
        await measure(page, listSelector(`${status}||`), onlyStatus(label), () =>
          checkbox(status).click(),
        ),
      );
      await checkbox(status).click();
      await waitForList(page, '||');
    }

    // Source view of the 3-hour source with 200 clips.
    const assets = (await page.evaluate(async () => {
      const response = await fetch('/api/v1/workspace/media/assets?limit=100');
      return (await response.json()) as { assets: Array<{ id: string; name: string }> };
    })) as { assets: Array<{ id: string; name: string }> };
    const long = assets.assets.find((asset) => asset.name === LONG_SOURCE);
    if (!long)
      throw new Error('The bench seed has no 3-hour source (the clips seed plug-in not applied?)');
    const filter = `||${long.id}`;
    // Clips without a window yet (still finding their moment) are listed but not drawn.
    const windows = await page.evaluate(async (assetId) => {
      let drawn = 0;
      let listed = 0;
      for (let offset = 0; offset < 1000; offset += 50) {
        const response = await fetch(`/api/v1/clips?asset_id=${assetId}&limit=50&offset=${offset}`);
        const body = (await response.json()) as {
          clips: Array<{ clip_window?: { start_seconds?: number; end_seconds?: number } }>;
          bounds: { has_more: boolean };
        };
        listed += body.clips.length;
        drawn += body.clips.filter(
          (clip) => (clip.clip_window?.end_seconds ?? 0) > (clip.clip_window?.start_seconds ?? 0),
        ).length;
        if (!body.bounds.has_more) break;
      }
      return { drawn, listed };
    }, long.id);
    console.log(
      `3-hour source: ${windows.listed} clips, ${windows.drawn} of them with a window to draw.`,
    );
    // Every clip drawn on the bar; the list (windowed from 60 rows) says it holds all of them
    // and shows the rows on screen.
    const sourceReady = (order: string) =>
      `const list = el.querySelector('ol[aria-label*="${order}"][data-count="${windows.listed}"]');
       const rows = list ? list.querySelectorAll(':scope > li').length : 0;
       const marks = el.querySelectorAll('[role="img"] [data-clip-id]');
       return rows >= Math.min(${windows.listed}, 15) && marks.length === ${windows.drawn};`;
    const sourceSel = `div[data-filter="${filter}"][data-fresh="true"]`;
    await page.goto(`${origin}/clips?asset=${long.id}&view=sources`);
    await page.locator(sourceSel).waitFor({ timeout: 60_000 });
    const sourceSwitch: Sample[] = [];
    const sortSwitch: Sample[] = [];
    for (let run = 0; run < Math.max(3, Math.ceil(RUNS / 2)); run += 1) {
      await page.getByRole('button', { name: 'Cards' }).click();
      await waitForList(page, filter);
      sourceSwitch.push(
        await measure(page, sourceSel, sourceReady('in the order they occur'), () =>
          page.getByRole('button', { name: 'By source' }).click(),
        ),
      );
      sortSwitch.push(
        await measure(page, sourceSel, sourceReady('by score, best first'), async () => {
          await page.getByRole('combobox', { name: 'Order clips by' }).selectOption('score');
        }),
      );
      sortSwitch.push(
        await measure(page, sourceSel, sourceReady('in the order they occur'), async () => {
          await page.getByRole('combobox', { name: 'Order clips by' }).selectOption('position');
        }),
      );
    }

    // CPU pass (traced): warm status switches, source view, order switch; 3 of each.
    const cpu = {
      cold: [] as number[],
      warm: [] as number[],
      source: [] as number[],
      sort: [] as number[],
    };
    for (let run = 0; run < 3; run += 1) {
      await page.getByRole('button', { name: 'Cards' }).click();
      await waitForList(page, filter);
      cpu.source.push(
        await cpuOf(browser, page, sourceSel, sourceReady('in the order they occur'), () =>
          page.getByRole('button', { name: 'By source' }).click(),
        ),
      );
      cpu.sort.push(
        await cpuOf(browser, page, sourceSel, sourceReady('by score, best first'), async () => {
          await page.getByRole('combobox', { name: 'Order clips by' }).selectOption('score');
        }),
      );
      await page.getByRole('combobox', { name: 'Order clips by' }).selectOption('position');
    }
    await page.goto(`${origin}/clips`);
    await waitForList(page, '||');
    for (const status of statuses.slice(0, 3)) {
      const label = STATUS_LABELS[status]!;
      await checkbox(status).click();
      await waitForList(page, `${status}||`);
      cpu.warm.push(
        await cpuOf(browser, page, listSelector('||'), 'return true;', () =>
          checkbox(status).click(),
        ),
      );
      cpu.warm.push(
        await cpuOf(browser, page, listSelector(`${status}||`), onlyStatus(label), () =>
          checkbox(status).click(),
        ),
      );
      await checkbox(status).click();
      await waitForList(page, '||');
    }
    const cpuMedian = (values: number[]) => (values.length ? percentile(values, 50) : Number.NaN);

    const rows = [
      ['status switch, cold (BFF + simulator)', stats(cold), GOALS.coldMs],
      ['status switch, warm (cached page)', stats(warm), GOALS.warmMs],
      ['source view, 3 h source, 200 clips', stats(sourceSwitch), GOALS.sourceMs],
      ['source view, order position ↔ score', stats(sortSwitch), GOALS.sourceMs],
    ] as const;
    console.log(
      '\nClick → first frame painted with the new content (ms; goal on the median). CPU: main-\n' +
        'thread CPU time of the gesture in a Chrome trace (median of 3; less inflated by load;\n' +
        'not traced for cold switches, as each status page is cold only once).\n' +
        'LoAF: long animation frames overlapping the gestures (count over all runs, median\n' +
        'blocking per gesture, longest frame); rAF gap: longest frame interval seen.\n',
    );
    const pad = (text: string | number, width: number) => String(text).padStart(width);
    console.log(
      `${'gesture'.padEnd(40)} ${pad('n', 3)} ${pad('median', 8)} ${pad('p95', 8)} ${pad('goal', 6)} ${pad('CPU', 6)} ${pad('LoAF n', 7)} ${pad('block', 7)} ${pad('LoAF max', 9)} ${pad('rAF gap', 8)}  result`,
    );
    const cpuOfRow = [cpu.cold, cpu.warm, cpu.source, cpu.sort];
    for (const [index, [name, s, goal]] of rows.entries()) {
      const cpuMs = cpuMedian(cpuOfRow[index] ?? []);
      const pass = s.median <= goal;
      ok &&= pass;
      console.log(
        `${name.padEnd(40)} ${pad(s.n, 3)} ${pad(s.median.toFixed(1), 8)} ${pad(s.p95.toFixed(1), 8)} ${pad(goal, 6)} ${pad(Number.isFinite(cpuMs) ? cpuMs.toFixed(0) : '–', 6)} ${pad(s.loafCount, 7)} ${pad(s.loafBlockingMs.toFixed(0), 7)} ${pad(s.loafMaxMs.toFixed(0), 9)} ${pad(s.maxFrameGapMs.toFixed(1), 8)}  ${pass ? 'PASS' : 'FAIL'}`,
      );
      results[name] = { ...s, cpuMs, goal, pass };
    }
    if (chunk) {
      const pass = chunk.onNavigation <= GOALS.chunkBytes;
      ok &&= pass;
      console.log(
        `\n/clips route JavaScript: ${(chunk.own / 1024).toFixed(1)} KB gzip own chunk, ` +
          `${(chunk.onNavigation / 1024).toFixed(1)} KB gzip downloaded on navigation ` +
          `(${chunk.files.join(', ')}); goal ≤ ${GOALS.chunkBytes / 1024} KB: ${pass ? 'PASS' : 'FAIL'}`,
      );
      results.chunk = { ...chunk, goal: GOALS.chunkBytes, pass };
    } else {
      console.log('\n/clips route JavaScript: not measured (BENCH_SKIP_BUILD=1).');
    }
    console.log(
      `\nload average at the end: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
    if (process.env.BENCH_JSON)
      await writeFile(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
