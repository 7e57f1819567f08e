/**
 * Diagnosis (not a benchmark): traces the word list's scroll of `npm run bench:captions` with CDP
 * (main thread, compositor, GC) and prints, per frame, what the renderer's main thread did, plus
 * each Long Animation Frame with its script attribution. Writes the raw trace to TRACE_OUT
 * (default /tmp/captions-scroll-trace.json) for chrome://tracing or the DevTools Performance panel.
 * Env: BENCH_WORDS (10000), BENCH_SCROLL_MS (10000), TRACE_OUT, TRACE_STEP_PX (scroll by a fixed
 * step per frame instead of the bench's steady speed, so the work per frame does not depend on load;
 * 0 = the bench's speed), TRACE_CPU_PROFILE=1 (also a JS CPU profile), TRACE_CATEGORIES (comma-separated, to trace less).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { seedPluginEnv } from '../seeds/seed-plugins.ts';
import { freePort, startApp } from '../../e2e/app-server.ts';
import { seededProjectId, signInWithDemo } from './demo-session.ts';
import { percentile } from './percentile.ts';

const WORDS = Number(process.env.BENCH_WORDS ?? 10_000);
const SCROLL_MS = Number(process.env.BENCH_SCROLL_MS ?? 10_000);
const STEP_PX = Number(process.env.TRACE_STEP_PX ?? 0);
const OUT = process.env.TRACE_OUT ?? '/tmp/captions-scroll-trace.json';
const PROJECT = `Benchmark: ${WORDS.toLocaleString('en')} caption words`;

/** The bench's scroll (captions-bench.ts), with LoAF attribution kept. */
const SCROLL = async ({ duration, stepPx }: { duration: number; stepPx: number }) => {
  const scroller = document.querySelector<HTMLElement>('[data-testid="word-list-scroller"]')!;
  scroller.scrollTop = 0;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const loafs: unknown[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const loaf = entry as PerformanceEntry & {
        blockingDuration: number;
        renderStart: number;
        styleAndLayoutStart: number;
        scripts: Array<{
          invoker: string;
          sourceFunctionName: string;
          sourceURL: string;
          sourceCharPosition: number;
          duration: number;
          startTime: number;
          forcedStyleAndLayoutDuration: number;
        }>;
      };
      loafs.push({
        start: Math.round(loaf.startTime),
        duration: Math.round(loaf.duration),
        renderStart: Math.round(loaf.renderStart - loaf.startTime),
        styleAndLayoutStart: Math.round(loaf.styleAndLayoutStart - loaf.startTime),
        scripts: loaf.scripts.map((s) => ({
          invoker: s.invoker,
          fn: `${s.sourceFunctionName}@${s.sourceURL.split('/').pop()}:${s.sourceCharPosition}`,
          at: Math.round(s.startTime - loaf.startTime),
          ms: Math.round(s.duration),
          forced: Math.round(s.forcedStyleAndLayoutDuration),
        })),
      });
    }
  });
  observer.observe({ type: 'long-animation-frame', buffered: false });
  const deltas: number[] = [];
  let blank = 0;
  const started = performance.now();
  performance.mark('scroll-start');
  let last = started;
  await new Promise<void>((resolve) => {
    const step = (now: number) => {
      deltas.push(now - last);
      last = now;
      const end = scroller.scrollHeight - scroller.clientHeight;
      // A fixed step per frame (TRACE_STEP_PX) keeps the work per frame the same under any load.
      const progress = stepPx
        ? Math.min(1, (scroller.scrollTop + stepPx) / end)
        : Math.min(1, (now - started) / duration);
      scroller.scrollTop = end * progress;
      const rows = scroller.querySelectorAll('[data-word-id]');
      const view = scroller.getBoundingClientRect();
      const shown = [...rows].some((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      });
      if (!shown) {
        blank += 1;
        performance.mark(`blank-${Math.round(now - started)}`);
      }
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
  performance.mark('scroll-end');
  await new Promise((resolve) => setTimeout(resolve, 200));
  observer.disconnect();
  return { deltas: deltas.slice(1), blank, loafs };
};

const port = await freePort();
const app = await startApp(port, {
  ...(await seedPluginEnv(['captions'])),
  SIM_BENCH_CAPTIONS: String(WORDS),
});
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const base = `http://localhost:${port}`;
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await signInWithDemo(page, base);
  const projectId = await seededProjectId(page, base, PROJECT);
  await page.goto(`${base}/projects/${projectId}/captions`);
  await page.getByRole('list', { name: 'Caption words' }).waitFor({ timeout: 120_000 });
  await page.waitForTimeout(1500);

  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('Tracing.dataCollected', (event: { value: unknown[] }) => {
    for (const e of event.value) chunks.push(JSON.stringify(e));
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: process.env.TRACE_CATEGORIES?.split(',') ?? [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'blink.user_timing',
        'v8.execute',
        'v8',
        'disabled-by-default-v8.gc',
        'cc',
        'viz',
        'gpu',
        'benchmark',
        'input',
      ],
    },
  });
  const profile = process.env.TRACE_CPU_PROFILE === '1';
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const result = await page.evaluate(SCROLL, { duration: SCROLL_MS, stepPx: STEP_PX });
  if (profile) {
    const { profile: cpu } = await cdp.send('Profiler.stop');
    writeFileSync(`${OUT}.cpuprofile`, JSON.stringify(cpu));
  }
  await cdp.send('Tracing.end');
  await done;
  writeFileSync(OUT, `[${chunks.join(',\n')}]`);
  console.log(
    `load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(
        ' ',
      )}; frames ${result.deltas.length}, p50 ${percentile(result.deltas, 50).toFixed(1)}, p95 ${percentile(result.deltas, 95).toFixed(1)}, max ${Math.max(...result.deltas).toFixed(1)}, blank ${result.blank}, LoAFs ${result.loafs.length}`,
  );
  writeFileSync(`${OUT}.loafs.json`, JSON.stringify(result.loafs, null, 1));
  console.log(`trace: ${OUT}; LoAFs: ${OUT}.loafs.json`);
} finally {
  await browser.close();
  app.kill('SIGTERM');
}
