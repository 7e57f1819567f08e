/**
 * `npm run bench:storyboard` (tsx bench/browser/storyboard-bench.ts): scrolling the 200-scene
 * storyboard of the plan review, on the real route through the BFF and the embedded simulator.
 *
 * Starts the app as `npm start` does (`src/server/launch.mjs`; stale builds are rebuilt) on a free
 * loopback port, signs in with the demo workspace in headless Chromium, opens the storyboard of
 * "Faceless: Two Hundred Nights" and scrolls its scene list from the first to the last scene
 * with a steady per-frame scroll (BENCH_SCROLL_MS, default 6 s for ~66,000 px), then back up.
 * During each gesture it records requestAnimationFrame gaps and Long Animation Frames (main-thread
 * work; rAF gaps alone floor at 16.7 ms), and checks the gesture did something: the list reached
 * its end (scene 200 rendered), nearly every scene was mounted on the way, and no more than a
 * screenful of cards was in the DOM at once. Prints the figures; exits 1 when a goal is missed.
 *
 * Env: BENCH_PORT (default: a free port), CHROMIUM_PATH, BENCH_SCROLL_MS, BENCH_RUNS (default 3,
 * the median run is reported).
 */
import { loadavg, availableParallelism } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { freePort, startApp } from '../../e2e/app-server.ts';
import { seededProjectId, signInWithDemo } from './demo-session.ts';
import { percentile } from './percentile.ts';

const SCROLL_MS = Number(process.env.BENCH_SCROLL_MS ?? 6000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const FRAME_MS = 1000 / 60;

/** Goals: what "scrolls smoothly" means here. */
const GOALS = {
  /** 95th percentile gap between frames. */
  p95FrameMs: 34,
  /** Share of frames dropped over the gesture. */
  droppedShare: 0.1,
  /** The longest Long Animation Frame. */
  longestLoafMs: 100,
  /** Main-thread blocking (sum of LoAF time beyond 50 ms) per second of scrolling. */
  blockingMsPerSecond: 100,
  /** Cards in the DOM at once (virtualised). */
  maxMountedCards: 20,
};

interface GestureFigures {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  droppedShare: number;
  loafCount: number;
  longestLoafMs: number;
  blockingMs: number;
  blockingMsPerSecond: number;
  distinctScenes: number;
  maxMountedCards: number;
  reachedEnd: boolean;
  /** Of the LoAF time: script, and style + layout (the rest is rendering and idle waits). */
  loafScriptMs: number;
  loafLayoutMs: number;
}

/** One scroll of the scene list from its current end to the other, measured in the page. */
async function scrollGesture(page: Page, direction: 'down' | 'up'): Promise<GestureFigures> {
  const raw = await page.evaluate(
    async ({ duration, direction }) => {
      const region = document.querySelector<HTMLElement>('[role="region"][aria-label="Scenes"]');
      if (!region) throw new Error('no scene list');
      const loafs: Array<{ start: number; duration: number; script: number; layout: number }> = [];
      const invokers = new Map<string, number>();
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          // LoAF attribution: script time, and style + layout time at the end of the frame.
          const loaf = entry as PerformanceEntry & {
            styleAndLayoutStart?: number;
            scripts?: Array<{ duration: number; invoker?: string; sourceFunctionName?: string }>;
          };
          for (const script of loaf.scripts ?? []) {
            const key = `${script.invoker ?? '?'} ${script.sourceFunctionName ?? ''}`;
            invokers.set(key, (invokers.get(key) ?? 0) + script.duration);
          }
          loafs.push({
            start: entry.startTime,
            duration: entry.duration,
            script: (loaf.scripts ?? []).reduce((sum, script) => sum + script.duration, 0),
            layout: loaf.styleAndLayoutStart
              ? entry.startTime + entry.duration - loaf.styleAndLayoutStart
              : 0,
          });
        }
      });
      observer.observe({ type: 'long-animation-frame', buffered: false });
      const seen = new Set<string>();
      let maxMounted = 0;
      const sample = () => {
        const cards = region.querySelectorAll('article h3');
        maxMounted = Math.max(maxMounted, cards.length);
        for (const heading of cards) seen.add(heading.textContent ?? '');
      };
      const from = direction === 'down' ? 0 : region.scrollHeight - region.clientHeight;
      region.scrollTop = from;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const deltas: number[] = [];
      const started = performance.now();
      let last = started;
      await new Promise<void>((resolve) => {
        const step = (now: number) => {
          deltas.push(now - last);
          last = now;
          const progress = Math.min(1, (now - started) / duration);
          // The total height grows as cards are measured: aim at the current end each frame.
          const end = direction === 'down' ? region.scrollHeight - region.clientHeight : 0;
          region.scrollTop = from + (end - from) * progress;
          sample();
          if (progress < 1) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame(step);
      });
      const ended = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 100));
      observer.disconnect();
      const inWindow = loafs.filter((loaf) => loaf.start >= started && loaf.start <= ended);
      const lastScene = direction === 'down' ? 'Scene 200: Night 200' : 'Scene 1: Night 1';
      return {
        deltas: deltas.slice(1),
        loafs: inWindow.map((loaf) => loaf.duration),
        invokers: [...invokers].sort((a, b) => b[1] - a[1]).slice(0, 6),
        loafScriptMs: inWindow.reduce((sum, loaf) => sum + loaf.script, 0),
        loafLayoutMs: inWindow.reduce((sum, loaf) => sum + loaf.layout, 0),
        seconds: (ended - started) / 1000,
        distinctScenes: seen.size,
        maxMounted,
        reachedEnd: [...region.querySelectorAll('article h3')].some(
          (h) => h.textContent === lastScene,
        ),
      };
    },
    { duration: SCROLL_MS, direction },
  );
  if (process.env.BENCH_DEBUG) console.log(direction, raw.invokers);
  const dropped = raw.deltas.reduce(
    (sum, delta) => sum + Math.max(0, Math.round(delta / FRAME_MS) - 1),
    0,
  );
  const blockingMs = raw.loafs.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);
  return {
    frames: raw.deltas.length,
    p50: percentile(raw.deltas, 50),
    p95: percentile(raw.deltas, 95),
    max: Math.max(...raw.deltas),
    droppedShare: dropped / (raw.deltas.length + dropped),
    loafCount: raw.loafs.length,
    longestLoafMs: raw.loafs.length ? Math.max(...raw.loafs) : 0,
    blockingMs,
    blockingMsPerSecond: blockingMs / raw.seconds,
    distinctScenes: raw.distinctScenes,
    maxMountedCards: raw.maxMounted,
    reachedEnd: raw.reachedEnd,
    loafScriptMs: raw.loafScriptMs,
    loafLayoutMs: raw.loafLayoutMs,
  };
}

async function openStoryboard(page: Page, base: string): Promise<void> {
  await signInWithDemo(page, base);
  const projectId = await seededProjectId(page, base, 'Faceless: Two Hundred Nights');
  const { revisions } = (await (
    await page.request.get(`${base}/api/v1/projects/${projectId}/faceless/plans`)
  ).json()) as { revisions: Array<{ id: string }> };
  const revision = revisions[revisions.length - 1];
  await page.goto(`${base}/projects/${projectId}/plans/${revision?.id ?? ''}?tab=storyboard`);
  await page.getByRole('article', { name: 'Scene 1: Night 1' }).waitFor();
}

const fmt = (value: number) => value.toFixed(1);

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const base = `http://localhost:${port}`;
  console.log(`bench:storyboard: starting the app on ${base} …`);
  const app = await startApp(port);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results: Array<{ down: GestureFigures; up: GestureFigures }> = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with a `__name` helper that the page does not have.
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await openStoryboard(page, base);
    // Warm-up pass: keyframe images load and cache, as they would for a reviewer's second look.
    await scrollGesture(page, 'down');
    await scrollGesture(page, 'up');
    for (let run = 0; run < RUNS; run += 1) {
      results.push({
        down: await scrollGesture(page, 'down'),
        up: await scrollGesture(page, 'up'),
      });
    }
  } finally {
    await browser.close();
    app.kill('SIGTERM');
  }

  const median = (pick: (r: { down: GestureFigures; up: GestureFigures }) => GestureFigures) => {
    const sorted = results.map(pick).sort((a, b) => a.p95 - b.p95);
    return sorted[Math.floor(sorted.length / 2)] as GestureFigures;
  };
  const rows = { 'scroll down': median((r) => r.down), 'scroll up': median((r) => r.up) };
  const [one, five, fifteen] = loadavg();
  console.log(
    `\nStoryboard of 200 scenes, ${SCROLL_MS / 1000} s per gesture, median of ${RUNS} runs (load average ${fmt(one ?? 0)} ${fmt(five ?? 0)} ${fmt(fifteen ?? 0)} on ${availableParallelism()} cores)`,
  );
  console.log(
    'gesture      frames  p50 ms  p95 ms  max ms  dropped  LoAFs  longest LoAF ms  blocking ms/s  LoAF script/layout ms  scenes seen  max cards  reached end',
  );
  const misses: string[] = [];
  for (const [name, figures] of Object.entries(rows)) {
    console.log(
      `${name.padEnd(12)} ${String(figures.frames).padStart(6)}  ${fmt(figures.p50).padStart(6)}  ${fmt(figures.p95).padStart(6)}  ${fmt(figures.max).padStart(6)}  ${(figures.droppedShare * 100).toFixed(1).padStart(6)}%  ${String(figures.loafCount).padStart(5)}  ${fmt(figures.longestLoafMs).padStart(15)}  ${fmt(figures.blockingMsPerSecond).padStart(13)}  ${`${fmt(figures.loafScriptMs)}/${fmt(figures.loafLayoutMs)}`.padStart(21)}  ${String(figures.distinctScenes).padStart(11)}  ${String(figures.maxMountedCards).padStart(9)}  ${figures.reachedEnd ? 'yes' : 'NO'}`,
    );
    if (!figures.reachedEnd) misses.push(`${name}: did not reach the end of the list`);
    if (figures.distinctScenes < 190)
      misses.push(`${name}: only ${figures.distinctScenes} scenes mounted on the way`);
    if (figures.maxMountedCards > GOALS.maxMountedCards)
      misses.push(
        `${name}: ${figures.maxMountedCards} cards in the DOM at once (goal ≤ ${GOALS.maxMountedCards})`,
      );
    if (figures.p95 > GOALS.p95FrameMs)
      misses.push(`${name}: p95 frame ${fmt(figures.p95)} ms (goal ≤ ${GOALS.p95FrameMs})`);
    if (figures.droppedShare > GOALS.droppedShare)
      misses.push(
        `${name}: ${(figures.droppedShare * 100).toFixed(1)}% frames dropped (goal ≤ ${GOALS.droppedShare * 100}%)`,
      );
    if (figures.longestLoafMs > GOALS.longestLoafMs)
      misses.push(
        `${name}: longest LoAF ${fmt(figures.longestLoafMs)} ms (goal ≤ ${GOALS.longestLoafMs})`,
      );
    if (figures.blockingMsPerSecond > GOALS.blockingMsPerSecond)
      misses.push(
        `${name}: ${fmt(figures.blockingMsPerSecond)} ms/s blocking (goal ≤ ${GOALS.blockingMsPerSecond})`,
      );
  }
  if (misses.length) {
    console.log(`\nGoals missed:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll goals met.');
  }
}

await main();
