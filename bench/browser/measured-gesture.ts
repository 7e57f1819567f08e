/**
 * A gesture measured in the page: requestAnimationFrame gaps and Long Animation Frames (main-thread
 * work; rAF gaps alone floor at 16.7 ms) over the gesture's window, shared by the browser benches.
 */
import type { Page } from 'playwright-core';
import { percentile } from './percentile.ts';

export interface Frames {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  loafs: number;
  longestLoaf: number;
}

/** A long animation frame's parts (BENCH_DEBUG prints those over 50 ms). */
interface LoafDetail {
  start: number;
  duration: number;
  renderMs: number;
  styleMs: number;
  scripts: string[];
}

/**
 * Runs `gesture` in the page while recording rAF gaps and LoAFs; returns both and its result.
 * BENCH_DEBUG prints each long animation frame over 50 ms with its scripts.
 */
export async function measured<T>(
  page: Page,
  gesture: string,
  arg: Record<string, unknown>,
): Promise<{ frames: Frames; result: T }> {
  const raw = await page.evaluate(
    async ({ body, arg: input }) => {
      const loafs: LoafDetail[] = [];
      // The entry's type is newer than the DOM library TypeScript has here.
      type Loaf = PerformanceEntry & {
        renderStart: number;
        styleAndLayoutStart: number;
        scripts: Array<{ invoker: string; sourceURL: string; duration: number }>;
      };
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Loaf[]) {
          const end = entry.startTime + entry.duration;
          loafs.push({
            start: entry.startTime,
            duration: entry.duration,
            renderMs: entry.renderStart ? end - entry.renderStart : 0,
            styleMs: entry.styleAndLayoutStart ? end - entry.styleAndLayoutStart : 0,
            scripts: entry.scripts.map(
              (script) =>
                `${Math.round(script.duration)} ms ${script.invoker} ${script.sourceURL.split('/').pop() ?? ''}`,
            ),
          });
        }
      });
      observer.observe({ type: 'long-animation-frame', buffered: false });
      const deltas: number[] = [];
      let running = true;
      let last = performance.now();
      const tick = (now: number) => {
        deltas.push(now - last);
        last = now;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const started = performance.now();
      // The gesture is the bench's own code, passed as text (functions do not cross evaluate).
      const run = new Function('input', `return (async () => { ${body} })();`) as (
        value: unknown,
      ) => Promise<unknown>;
      const result = await run(input);
      const ended = performance.now();
      running = false;
      await new Promise((resolve) => setTimeout(resolve, 100));
      observer.disconnect();
      const inWindow = loafs.filter((loaf) => loaf.start >= started && loaf.start <= ended);
      return {
        deltas: deltas.slice(1),
        loafs: inWindow.map((loaf) => ({ ...loaf, start: loaf.start - started })),
        result,
      };
    },
    { body: gesture, arg },
  );
  if (process.env.BENCH_DEBUG)
    for (const loaf of raw.loafs.filter((entry) => entry.duration > 50))
      console.log(
        `  LoAF ${loaf.duration.toFixed(1)} ms at +${loaf.start.toFixed(0)} ms (render ${loaf.renderMs.toFixed(1)}, style+layout ${loaf.styleMs.toFixed(1)}) ${loaf.scripts.join(' | ')}`,
      );
  return {
    frames: {
      frames: raw.deltas.length,
      p50: percentile(raw.deltas, 50),
      p95: percentile(raw.deltas, 95),
      max: raw.deltas.length ? Math.max(...raw.deltas) : 0,
      loafs: raw.loafs.length,
      longestLoaf: raw.loafs.length ? Math.max(...raw.loafs.map((loaf) => loaf.duration)) : 0,
    },
    result: raw.result as T,
  };
}
