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

/** Runs `gesture` in the page while recording rAF gaps and LoAFs; returns both and its result. */
export async function measured<T>(
  page: Page,
  gesture: string,
  arg: Record<string, unknown>,
): Promise<{ frames: Frames; result: T }> {
  const raw = await page.evaluate(
    async ({ body, arg: input }) => {
      const loafs: Array<{ start: number; duration: number }> = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          loafs.push({ start: entry.startTime, duration: entry.duration });
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
      return { deltas: deltas.slice(1), loafs: inWindow.map((loaf) => loaf.duration), result };
    },
    { body: gesture, arg },
  );
  return {
    frames: {
      frames: raw.deltas.length,
      p50: percentile(raw.deltas, 50),
      p95: percentile(raw.deltas, 95),
      max: raw.deltas.length ? Math.max(...raw.deltas) : 0,
      loafs: raw.loafs.length,
      longestLoaf: raw.loafs.length ? Math.max(...raw.loafs) : 0,
    },
    result: raw.result as T,
  };
}
