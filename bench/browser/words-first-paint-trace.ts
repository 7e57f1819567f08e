/**
 * Where the Words view's time goes, beside bench:words (figures to read, no goal): on the
 * 10,000-word talk (the seed plug-in bench/seeds/words-talk.ts) through the BFF and the simulator
 * in headless Chromium at 1440×900,
 * - the first paragraph, TRACE_RUNS warm reloads of /projects/$id/words (each TRACE_SETTLE_MS
 *   after the previous one's first frame): the first word in the DOM and the frame after it, the
 *   document's answer and DOMContentLoaded, every request started before that frame (start, end,
 *   time to its first byte, bytes), long tasks, and the page's own user timing marks (add
 *   `performance.mark` calls to the app to split the render);
 * - TRACE_LINK_RUNS times, the same from the project page's "Edit by words" link, from the click;
 * - with TRACE_SCROLL=1, the transcript scrolled top to bottom as bench:words scrolls it, and each
 *   Long Animation Frame over 30 ms with its scripts (invoker, function, file, duration, forced
 *   style and layout).
 * - with TRACE_MAIN=1, one more warm reload under a Chrome trace with CPU samples: the main
 *   thread's tasks from the navigation to the first word, and the samples' self time by script
 *   file and function (main-thread-trace.ts; tracing slows the page: read the shares, not the sum).
 * Env: BENCH_WORDS (10000), TRACE_RUNS (5), TRACE_SETTLE_MS (300), TRACE_LINK_RUNS (0),
 * TRACE_SCROLL, TRACE_SCROLL_MS (5000), TRACE_MAIN, BENCH_PORT (an app already started with the seed: none is
 * started then), CHROMIUM_PATH.
 */
import { loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { freePort, startApp } from '../../e2e/app-server.ts';
import { BENCH_WORDS_PROJECT } from '../seeds/words-talk.ts';
import { seedPluginEnv } from '../seeds/seed-plugins.ts';
import { seededProjectId, signInWithDemo } from './demo-session.ts';
import { firstWordAfter, firstWordProbe, TRANSCRIPT_LIST } from './first-word-probe.ts';
import { printMainThread, startMainThreadTrace } from './main-thread-trace.ts';

const WORDS = Number(process.env.BENCH_WORDS ?? 10_000);
const RUNS = Number(process.env.TRACE_RUNS ?? 5);
const SETTLE_MS = Number(process.env.TRACE_SETTLE_MS ?? 300);
const LINK_RUNS = Number(process.env.TRACE_LINK_RUNS ?? 0);
const SCROLL_MS = Number(process.env.TRACE_SCROLL_MS ?? 5_000);
const LIST = TRANSCRIPT_LIST;

/** Before the app's code: every long task (the first word: first-word-probe.ts). */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });
`;

/** In the page: scrolls the transcript as bench:words does; answers the LoAFs over 30 ms. */
const SCROLL = `async (duration) => {
  const list = document.querySelector('${LIST}');
  const scroller = list.parentElement;
  scroller.scrollTop = 0;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const loafs = [];
  const observer = new PerformanceObserver((l) => { for (const e of l.getEntries()) loafs.push(e); });
  observer.observe({ type: 'long-animation-frame', buffered: false });
  const started = performance.now();
  let frames = 0;
  await new Promise((resolve) => {
    const step = (now) => {
      const progress = Math.min(1, (now - started) / duration);
      scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * progress;
      frames += 1;
      if (progress < 1) requestAnimationFrame(step); else resolve(null);
    };
    requestAnimationFrame(step);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  observer.disconnect();
  return {
    frames,
    seconds: (performance.now() - started) / 1000,
    loafs: loafs.filter((e) => e.duration > 30).map((e) => ({
      at: Math.round(e.startTime - started),
      duration: Math.round(e.duration),
      renderStart: Math.round(e.renderStart - e.startTime),
      styleAndLayoutStart: Math.round(e.styleAndLayoutStart - e.startTime),
      scripts: e.scripts.map((s) => s.invoker + ' ' + s.sourceFunctionName + '@' + s.sourceURL.split('/').pop() + ' ' + Math.round(s.duration) + ' ms' + (s.forcedStyleAndLayoutDuration >= 1 ? ' (forced layout ' + Math.round(s.forcedStyleAndLayoutDuration) + ' ms)' : '')),
    })),
  };
}`;

interface Seen {
  dom: number;
  frame: number;
  document: [number, number, number];
  requests: Array<[string, number, number, number, number]>;
  longTasks: Array<[number, number]>;
  marks: Array<[string, number]>;
}

declare global {
  interface Window {
    __longTasks?: Array<[number, number]>;
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Navigates (`navigate`), then what the page saw until the frame after its first word. */
async function seen(page: Page, navigate: () => Promise<unknown>): Promise<Seen> {
  await firstWordAfter(page, navigate);
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    return {
      dom: window.__wordsFirstWord!,
      frame: window.__wordsFirstFrame!,
      document: [
        nav?.responseStart ?? 0,
        nav?.responseEnd ?? 0,
        nav?.domContentLoadedEventEnd ?? 0,
      ],
      requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (e) =>
          [
            e.name.replace(location.origin, ''),
            e.startTime,
            e.responseStart,
            e.responseEnd,
            e.transferSize,
          ] as [string, number, number, number, number],
      ),
      longTasks: window.__longTasks ?? [],
      marks: performance
        .getEntriesByType('mark')
        .map((mark) => [mark.name, mark.startTime] as [string, number]),
    };
  });
}

function print(title: string, s: Seen, from: number): void {
  const at = (ms: number) => Math.round(ms - from);
  console.log(
    `\n${title} (load ${load()}): first word in the DOM ${at(s.dom)} ms, the frame after it ${at(s.frame)} ms; document answered ${at(s.document[0])}–${at(s.document[1])} ms, DOMContentLoaded ${at(s.document[2])} ms`,
  );
  for (const [name, start, first, end, bytes] of s.requests)
    if (start >= from && start < s.frame)
      console.log(
        `  ${String(at(start)).padStart(5)} → ${String(at(end)).padStart(5)} ms (first byte after ${String(Math.round(first - start)).padStart(4)} ms) ${String(bytes).padStart(7)} B ${name.slice(0, 100)}`,
      );
  const tasks = s.longTasks.filter(([start]) => start >= from && start < s.frame + 1000);
  console.log(`  long tasks (start, ms): ${JSON.stringify(tasks.map(([a, d]) => [at(a), d]))}`);
  const marks = s.marks.filter(([, t]) => t >= from && t <= s.frame + 50);
  if (marks.length)
    console.log(`  marks: ${marks.map(([name, t]) => `${name} ${at(t)}`).join(', ')}`);
}

async function main(): Promise<void> {
  const given = process.env.BENCH_PORT;
  const port = Number(given ?? (await freePort()));
  const base = `http://localhost:${port}`;
  const app = given
    ? null
    : await startApp(port, {
        ...(await seedPluginEnv(['words-talk'])),
        SIM_BENCH_WORDS: String(WORDS),
      });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript({ content: firstWordProbe() });
    await page.addInitScript({ content: LONG_TASKS });
    await signInWithDemo(page, base);
    const projectId = await seededProjectId(page, base, BENCH_WORDS_PROJECT(WORDS));
    for (let run = 0; run <= RUNS; run += 1) {
      const words = `${base}/projects/${projectId}/words`;
      const s = await seen(page, () => page.goto(words, { waitUntil: 'commit' }));
      print(run === 0 ? 'first load' : `warm reload ${run}`, s, 0);
      await page.waitForTimeout(SETTLE_MS);
    }
    if (process.env.TRACE_MAIN === '1') {
      const cdp = await page.context().newCDPSession(page);
      const stop = await startMainThreadTrace(cdp);
      const words = `${base}/projects/${projectId}/words`;
      const traced = await seen(page, () => page.goto(words, { waitUntil: 'commit' }));
      await page.waitForTimeout(200);
      const events = await stop();
      print('warm reload, traced', traced, 0);
      printMainThread(events, /\/words$/, traced.frame, { fromMs: traced.document[0] });
      await page.waitForTimeout(SETTLE_MS);
    }
    for (let run = 0; run < LINK_RUNS; run += 1) {
      await page.goto(`${base}/projects/${projectId}`);
      const link = page.getByRole('link', { name: 'Edit by words' }).first();
      await link.waitFor({ timeout: 60_000 });
      await page.waitForTimeout(SETTLE_MS);
      const clickedAt = await page.evaluate(() => performance.now());
      print(
        `from the project page's link ${run + 1}`,
        await seen(page, () => link.click()),
        clickedAt,
      );
    }
    if (process.env.TRACE_SCROLL === '1') {
      await page
        .locator('[role="listbox"][aria-label^="Transcript:"]')
        .waitFor({ timeout: 120_000 });
      await page.waitForTimeout(1_500);
      const scroll = (await page.evaluate(`(${SCROLL})(${SCROLL_MS})`)) as {
        frames: number;
        seconds: number;
        loafs: Array<{
          at: number;
          duration: number;
          renderStart: number;
          styleAndLayoutStart: number;
          scripts: string[];
        }>;
      };
      console.log(
        `\nscroll (load ${load()}): ${scroll.frames} frames in ${scroll.seconds.toFixed(2)} s; LoAFs over 30 ms:`,
      );
      for (const loaf of scroll.loafs)
        console.log(
          `  at ${loaf.at} ms: ${loaf.duration} ms (rendering from ${loaf.renderStart} ms, style and layout from ${loaf.styleAndLayoutStart} ms) ${loaf.scripts.join('; ')}`,
        );
    }
  } finally {
    await browser.close();
    app?.kill('SIGTERM');
  }
}

await main();
