/**
 * The measuring window of a gesture on a canvas editor, shared by the benches that drive the
 * timeline (bench:timeline, bench:words): an in-page recorder (an init script: rAF gaps, Long
 * Animation Frames, pointer input, the toolbar's status texts), Chromium's frame trace over CDP for
 * the frames presented while the input moves, and the figures made of both.
 *
 * BENCH_PROFILE=<gesture>[,…] prints a CPU profile of those gestures, BENCH_TRACE=<gesture>[,…]
 * writes their whole trace, BENCH_DEBUG prints where each window's time went.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import type { FrameFigures } from '../../src/playback/preview-frames.ts';
import { fmt } from './fmt.ts';
import {
  frameCensus,
  framesBetween,
  printFrameCost,
  printMainThread,
  printThreads,
  startTrace,
} from './frame-trace.ts';
import { GESTURE_TIMEOUT_MS, GestureTimeout } from './gesture-input.ts';
import { percentile } from './percentile.ts';

export interface GestureFigures {
  /** rAF gaps over the whole window (press → release → commit). */
  frames: number;
  p50: number;
  p95: number;
  max: number;
  /** From the frame trace while the input moves (press → release). */
  presented: number;
  dropped: number;
  presentedPerSecond: number;
  loafCount: number;
  loafTotalMs: number;
  loafBlockingMs: number;
  longestLoafMs: number;
  windowMs: number;
  /** What the gesture did, in words (the check that it did something). */
  effect: string;
  ok: boolean;
  /** The editor was still handling the gesture's input after GESTURE_TIMEOUT_MS. */
  timedOut?: boolean;
  commitMs?: number;
  undoMs?: number;
  /** Long animation frames with the sound decoder's answer among their scripts. */
  decodeLoafs?: number;
  /** Playback with sound: Space to the first sound at the speakers, chunks late, lip-sync. */
  sound?: {
    startMs: number;
    underruns: number;
    scheduled: number;
    /** The video frame painted vs the sound heard then; and the moment asked for vs the sound. */
    lipSyncP95Ms: number;
    askedP95Ms: number;
    frames: number;
    /** The preview's frames meanwhile: fetched, cancelled, latency, frames a second asked for. */
    fetched: FrameFigures;
  };
}

export const NOT_MEASURED: GestureFigures = {
  frames: 0,
  p50: Number.NaN,
  p95: Number.NaN,
  max: Number.NaN,
  presented: 0,
  dropped: 0,
  presentedPerSecond: Number.NaN,
  loafCount: 0,
  loafTotalMs: Number.NaN,
  loafBlockingMs: Number.NaN,
  longestLoafMs: Number.NaN,
  windowMs: Number.NaN,
  effect: '',
  ok: false,
};

/**
 * The in-page recorder (an init script, so it is there before the app): rAF gaps and Long
 * Animation Frames between `start` and `stop`, the time of the last pointer release and key press,
 * and (Cutroom) each text the toolbar's status shows, with its time.
 */
export const RECORDER = `
(() => {
  window.__name = (fn) => fn; // tsx keeps function names with a helper the page does not have
  const loafs = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        loafs.push({
          start: e.startTime, duration: e.duration, blocking: e.blockingDuration ?? 0,
          render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          input: e.firstUIEventTimestamp ? e.firstUIEventTimestamp - e.startTime : null,
          scriptsMs: (e.scripts ?? []).reduce((sum, x) => sum + x.duration, 0),
          scripts: (e.scripts ?? []).map((x) => [Math.round(x.duration), x.invoker, x.sourceFunctionName, (x.sourceURL ?? '').split('/').pop()].join(' ')),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  const statuses = [];
  const rec = { lastPointerUp: 0, lastKeyDown: 0, statuses };
  addEventListener('pointerup', () => { rec.lastPointerUp = performance.now(); }, true);
  addEventListener('keydown', () => { rec.lastKeyDown = performance.now(); }, true);
  rec.watchStatus = (selector) => {
    let last = null;
    const check = () => {
      const text = document.querySelector(selector)?.textContent ?? null;
      if (text !== last) { last = text; statuses.push({ at: performance.now(), text }); }
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  };
  /**
   * Resolves true once a dialog titled to match the pattern is open, or false once a status text
   * matching done showed after since: checked on DOM changes only, and no longer once settled (a
   * Playwright locator wait went on querying the page's roles every 500 ms until its 60 s time-out,
   * into the gestures measured after it: work in the measured page that was the bench's own).
   */
  rec.dialogBefore = (pattern, since, done) => {
    const re = new RegExp(pattern);
    const doneRe = new RegExp(done);
    return new Promise((resolve) => {
      let observer = null;
      const check = () => {
        const open = [...document.querySelectorAll('[role="dialog"]')].some((d) =>
          re.test(document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent ?? d.getAttribute('aria-label') ?? ''));
        const finished = statuses.some((s) => s.at >= since && s.text !== null && doneRe.test(s.text));
        if (!open && !finished) return;
        observer?.disconnect();
        resolve(open);
      };
      observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
    });
  };
  /** The time a status text matching the pattern first showed after \`since\`. */
  rec.statusAfter = (since, pattern) => {
    const re = new RegExp(pattern);
    return new Promise((resolve) => {
      const find = () => statuses.find((s) => s.at >= since && s.text !== null && re.test(s.text));
      const poll = () => { const hit = find(); if (hit) resolve(hit.at); else setTimeout(poll, 5); };
      poll();
    });
  };
  let running = false, deltas = [], last = 0, started = 0, sampler = null, samples = [];
  // Pointer input as the page receives it: moves dispatched (Chromium coalesces a frame's moves
  // into one), the moves they carry, and animation frames that came with no move since the last.
  let moves = 0, coalesced = 0, movesAtFrame = 0, framesWithoutMove = 0, input = null;
  addEventListener('pointermove', (e) => {
    moves += 1;
    coalesced += e.getCoalescedEvents ? Math.max(1, e.getCoalescedEvents().length) : 1;
  }, true);
  const loop = (now) => {
    if (!running) return;
    if (moves === movesAtFrame) framesWithoutMove += 1;
    movesAtFrame = moves;
    deltas.push(now - last); last = now;
    if (sampler) samples.push(sampler());
    requestAnimationFrame(loop);
  };
  rec.start = (sample) => {
    deltas = []; samples = []; sampler = sample ? new Function('return (' + sample + ')')() : null;
    moves = 0; coalesced = 0; movesAtFrame = 0; framesWithoutMove = 0; input = null;
    performance.mark('bench:start');
    started = performance.now();
    return new Promise((resolve) => requestAnimationFrame((now) => {
      running = true; last = now; requestAnimationFrame(loop); resolve(started);
    }));
  };
  rec.motionEnd = () => {
    input = { moves, coalesced, frames: deltas.length, framesWithoutMove };
    performance.mark('bench:motion-end');
    return performance.now();
  };
  rec.stop = () => {
    running = false;
    performance.mark('bench:end');
    const ended = performance.now();
    const inWindow = loafs
      .filter((l) => l.start >= started && l.start <= ended)
      .map((l) => ({ ...l, at: l.start - started }));
    const releasedAt = rec.lastPointerUp >= started ? rec.lastPointerUp - started : null;
    return { deltas: deltas.slice(1), samples, windowMs: ended - started, loafs: inWindow, releasedAt, input };
  };
  window.__rec = rec;
})();
`;

export interface Recorded {
  deltas: number[];
  samples: unknown[];
  windowMs: number;
  loafs: Array<{
    start: number;
    /** Since the window's start (ms). */
    at: number;
    duration: number;
    blocking: number;
    render: number;
    layout: number;
    /** When its first input event was queued, since its start (ms); null without one. */
    input: number | null;
    /** Its scripts' time (those over 5 ms: the only ones reported). */
    scriptsMs: number;
    scripts: string[];
  }>;
  /** The last pointer release, since the window's start (ms); null without one. */
  releasedAt: number | null;
  /**
   * Pointer moves up to the motion's end: dispatched, carried (coalesced), and the animation
   * frames that had none; null when the gesture did not mark its motion's end.
   */
  input: { moves: number; coalesced: number; frames: number; framesWithoutMove: number } | null;
}

declare global {
  interface Window {
    __rec?: {
      start(sample?: string): Promise<number>;
      motionEnd(): number;
      stop(): Recorded;
      watchStatus(selector: string): void;
      statusAfter(since: number, pattern: string): Promise<number>;
      dialogBefore(pattern: string, since: number, done: string): Promise<boolean>;
      lastPointerUp: number;
      lastKeyDown: number;
    };
  }
}

/**
 * BENCH_PROFILE=<gesture>[,<gesture>…]: a CPU profile of each of those gestures, summarised by
 * self time.
 */
const PROFILE = new Set((process.env.BENCH_PROFILE ?? '').split(',').filter(Boolean));
/**
 * BENCH_TRACE=<gesture>[,<gesture>…]: Chromium's whole trace of each of those gestures (main
 * thread tasks with their JS, CPU samples, frames) written to BENCH_TRACE_DIR (default the temp
 * directory) as `timeline-<editor>-<gesture>-<time>.json`, for DevTools' Performance panel.
 * BENCH_TRACE_CATEGORIES adds trace categories to those traces (e.g. `v8,disabled-by-default-v8.gc`).
 */
const TRACE = new Set((process.env.BENCH_TRACE ?? '').split(',').filter(Boolean));
let currentGesture = '';
/** The gesture measured last (or being measured): the one a time-out stopped. */
export const lastGesture = () => currentGesture;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

function printProfile(
  lib: string,
  profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] },
): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (const [i, id] of samples.entries()) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`\nCPU profile of the ${currentGesture} (${lib}), self time in ms:`);
  for (const [name, ms] of top) console.log(`  ${ms.toFixed(1).padStart(8)}  ${name}`);
}

/**
 * Waits until no CSS animation or transition runs on the page (at most QUIET_TIMEOUT_MS). A running
 * one on the compositor (the jobs tray's pulse while the simulator's seeded exports render, up to
 * 60 s after it starts) makes Chromium present a frame every vsync whatever the editor does: a
 * drag measured then counted frames that had nothing new of its own (59.7 a second), the same drag
 * after the exports ended 53.6 (traces, 2026-11-25 04:00). The peer's and the trivial page have no
 * such animation: every page is measured quiet.
 */
export async function waitForQuietPage(page: Page): Promise<void> {
  const deadline = Date.now() + QUIET_TIMEOUT_MS;
  let running: string[] = [];
  while (Date.now() < deadline) {
    running = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          const name =
            animation instanceof CSSAnimation
              ? animation.animationName
              : animation instanceof CSSTransition
                ? animation.transitionProperty
                : 'animation';
          return `${name} on ${target ? `${target.tagName.toLowerCase()}.${[...target.classList].slice(0, 4).join('.')}` : '?'}`;
        }),
    );
    if (running.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `the page still runs ${running.join(', ')} after ${QUIET_TIMEOUT_MS / 1000} s: its frames would not be the editor's`,
  );
}

const QUIET_TIMEOUT_MS = 120_000;

/** An editor's page being measured. */
export interface MeasuredEditor {
  /** Its name in the output (Cutroom's is “cutroom”). */
  name: string;
  page: Page;
  cdp: CDPSession;
  /**
   * The longest animation frame the gesture may have, when it has such a goal: longer ones are
   * placed and attributed in the output (a miss says why).
   */
  longestLoafGoal?: (gesture: string) => number | undefined;
}

/**
 * Runs one gesture inside the measuring window and turns what was recorded into figures. The page
 * has RECORDER as an init script.
 */
export async function measure(
  lib: MeasuredEditor,
  name: string,
  gesture: (window: {
    /** The input stopped moving (frames presented are counted up to here). */
    motionEnd(): Promise<void>;
    /** The window closes (after the commit): what the gesture then checks is not measured. */
    done(): Promise<void>;
  }) => Promise<Partial<GestureFigures> & { effect: string; ok: boolean }>,
  sample?: string,
): Promise<GestureFigures & { samples: unknown[] }> {
  currentGesture = name;
  await waitForQuietPage(lib.page);
  const stopTrace = await startTrace(lib.cdp, {
    debug: Boolean(process.env.BENCH_DEBUG),
    full: TRACE.has(currentGesture),
  });
  const profiling = PROFILE.has(currentGesture);
  if (profiling) {
    await lib.cdp.send('Profiler.enable');
    await lib.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await lib.cdp.send('Profiler.start');
  }
  const draws = () => lib.page.evaluate(() => window.__cutroomTimeline?.drawCounts() ?? null);
  const drawsBefore = process.env.BENCH_DEBUG ? await draws() : null;
  await lib.page.evaluate((s) => window.__rec!.start(s), sample);
  let motionEnded = false;
  let recorded: Recorded | null = null;
  const motionEnd = async () => {
    if (motionEnded) return;
    motionEnded = true;
    await lib.page.evaluate(() => window.__rec!.motionEnd());
  };
  const done = async () => {
    if (recorded) return;
    await motionEnd();
    // Two more frames, so the last input's frame is in the window.
    await lib.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    recorded = await lib.page.evaluate(() => window.__rec!.stop());
    if (profiling) printProfile(lib.name, (await lib.cdp.send('Profiler.stop')).profile);
  };
  let result: Partial<GestureFigures> & { effect: string; ok: boolean };
  try {
    result = await gesture({ motionEnd, done });
  } catch (error) {
    if (!(error instanceof GestureTimeout)) throw error;
    error.figures = {
      ...NOT_MEASURED,
      timedOut: true,
      windowMs: GESTURE_TIMEOUT_MS,
      effect: `timed out: ${error.message}; its other gestures were not measured`,
    };
    throw error;
  }
  await done();
  const figures = recorded as unknown as Recorded;
  const events = await stopTrace();
  if (TRACE.has(name)) {
    const file = join(
      process.env.BENCH_TRACE_DIR ?? tmpdir(),
      `timeline-${lib.name.replace(/\W+/g, '-')}-${name.replace(/\W+/g, '-')}-${Date.now()}.json`,
    );
    await writeFile(file, JSON.stringify({ traceEvents: events }));
    console.log(`  trace of the ${lib.name} ${name}: ${file}`);
  }
  if (process.env.BENCH_DEBUG) {
    printMainThread(events, name);
    printThreads(events, `${lib.name} ${name}`);
    printFrameCost(events, `${lib.name} ${name}`);
    const drawsAfter = await draws();
    if (drawsBefore && drawsAfter)
      console.log(
        `  canvas draws during the ${name}: items ${drawsAfter.itemsDraws - drawsBefore.itemsDraws}, overlay ${drawsAfter.overlayDraws - drawsBefore.overlayDraws}, ghosts laid out ${drawsAfter.ghostDraws - drawsBefore.ghostDraws}; cold tile canvases ${drawsBefore.coldTiles ?? '–'} before, ${drawsAfter.coldTiles ?? '–'} after`,
      );
  }
  const frames = framesBetween(events, 'bench:start', 'bench:motion-end');
  const loafs = figures.loafs;
  const loafGoal = lib.longestLoafGoal?.(name);
  const overGoal = (duration: number) => loafGoal !== undefined && duration > loafGoal;
  for (const loaf of loafs)
    if (process.env.BENCH_DEBUG || overGoal(loaf.duration))
      console.log(
        `  LoAF ${lib.name} ${name}: ${fmt(loaf.duration)} ms at +${fmt(loaf.at, 0)} ms${figures.releasedAt === null ? '' : ` (release at +${fmt(figures.releasedAt, 0)})`} (render ${fmt(loaf.render)}, style+layout ${fmt(loaf.layout)}, scripts ${fmt(loaf.scriptsMs)}${loaf.input === null ? '' : `, first input queued at +${fmt(loaf.input)}`}) ${loaf.scripts.join(' | ')}`,
      );
  if (process.env.BENCH_DEBUG) {
    const census = frameCensus(events, 'bench:start', 'bench:motion-end');
    console.log(
      `  compositor frames during the ${name}'s motion (${lib.name}): ${census.reported} reported, ${census.noUpdate} with no update to show, ${census.compositorAnimation} with a compositor animation running`,
    );
  }
  const input = figures.input;
  if (process.env.BENCH_DEBUG && input && input.moves > 1)
    console.log(
      `  pointer input during the ${name}'s motion (${lib.name}): ${input.moves} moves dispatched carrying ${input.coalesced}; ${input.framesWithoutMove} of ${input.frames} animation frames had none`,
    );
  return {
    frames: figures.deltas.length,
    p50: percentile(figures.deltas, 50),
    p95: percentile(figures.deltas, 95),
    max: figures.deltas.length ? Math.max(...figures.deltas) : Number.NaN,
    presented: frames.presented,
    dropped: frames.dropped,
    presentedPerSecond: frames.seconds > 0 ? frames.presented / frames.seconds : Number.NaN,
    loafCount: loafs.length,
    loafTotalMs: loafs.reduce((sum, loaf) => sum + loaf.duration, 0),
    loafBlockingMs: loafs.reduce((sum, loaf) => sum + loaf.blocking, 0),
    longestLoafMs: loafs.reduce((max, loaf) => Math.max(max, loaf.duration), 0),
    // The decoder answers through its worker's message handler (its samples and peaks).
    decodeLoafs: loafs.filter((loaf) =>
      loaf.scripts.some((script) => /Worker\.onmessage/.test(script)),
    ).length,
    windowMs: figures.windowMs,
    samples: figures.samples,
    ...result,
  };
}

/** The column heads of figureCells. */
export const FIGURES_HEADER =
  'frames  p50    p95    max    presented/s  dropped  drop %  LoAF n  LoAF ms  blocking  commit ms  did';

/** A gesture's figures as table cells under FIGURES_HEADER, with what it did. */
export function figureCells(g: GestureFigures): string {
  const commit =
    g.commitMs !== undefined
      ? fmt(g.commitMs, 0)
      : g.undoMs !== undefined
        ? `undo ${fmt(g.undoMs, 0)}`
        : '';
  return [
    String(g.frames).padStart(6),
    fmt(g.p50).padStart(5),
    fmt(g.p95).padStart(6),
    fmt(g.max).padStart(6),
    fmt(g.presentedPerSecond).padStart(12),
    String(g.dropped).padStart(8),
    fmt((100 * g.dropped) / (g.presented + g.dropped), 0).padStart(7),
    String(g.loafCount).padStart(7),
    fmt(g.loafTotalMs, 0).padStart(8),
    fmt(g.loafBlockingMs, 0).padStart(9),
    commit.padStart(10),
    ` ${g.ok ? '' : 'NOT DONE: '}${g.effect}`,
  ].join(' ');
}
