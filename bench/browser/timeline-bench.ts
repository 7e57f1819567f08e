/**
 * `npm run bench:timeline` (tsx bench/browser/timeline-bench.ts): the timeline editor measured on its
 * real route, `/projects/$id/timeline`, through the BFF and the embedded simulator, against the
 * peer (@xzdarcy/react-timeline-editor) on the same data.
 *
 * - Starts the app as `npm start` does (`src/server/launch.mjs`; stale builds are rebuilt) on a free
 *   loopback port with the seed plug-in bench/seeds/timeline-projects.ts: the simulator then seeds
 *   the benchmark projects of 1,000 and 10,000 items over 20 layers. Signs in with the demo workspace in headless Chromium.
 * - The peer's page (bench/browser/timeline-peer/) is built with Vite and served on another free port with
 *   the timeline the BFF served for the same project; it gets the same pixels as Cutroom's time
 *   area, starts at Cutroom's zoom and scroll, its ruler scale follows the zoom, and it runs twice:
 *   `dragLine` on and off.
 * - Gestures, each with a fixed number of input events sent over CDP (at 120 Hz by default), and
 *   each checked to have done something: drag one item with Alt (and its commit until "Revision N"
 *   returns), trim, scroll, Ctrl+wheel zoom sweep, fit to project, and on Cutroom only the same item
 *   dragged back with snapping on, and (the peer has no multiple selection) a marquee over every item and select all → group drag → drop (commit time) → undo
 *   (undo time). At 10,000 items a group move is over the contract's 5,000 operations a request,
 *   so that drag ends with Escape (frames measured, nothing sent). A commit's revision and a trim's
 *   review dialog are watched in the page on DOM changes (a Playwright locator wait for the dialog
 *   went on querying the page's roles every 500 ms for 60 s, into the gestures measured next).
 * - Every page is measured quiet: a gesture starts once no CSS animation or transition runs on it
 *   (a compositor animation, such as the jobs tray's pulse, presents a frame every vsync whatever
 *   the editor does).
 * - During each gesture, press to release and for a commit until the revision returns: rAF gaps
 *   (p50/p95/max), Long Animation Frames (count, total, blocking), and from Chromium's frame trace
 *   (CDP tracing, `DrawFrame` / `DroppedFrame`) the frames presented and dropped while the input
 *   moves. Also: time from navigation to the first frame with items, JS heap after load (after a
 *   forced GC).
 * - The machine's ceiling, measured right after Cutroom at each size: a trivial page with a canvas
 *   of the time area's size at the same place, cleared and redrawn every frame, under the same
 *   drag, scroll, zoom and marquee input and the same measures (BASELINE_PAGE). Headless Chromium
 *   with --disable-gpu composites in software on a shared 2-core machine: when even that page
 *   presents fewer than 60 frames a second, the shortfall is the machine's, and the difference
 *   between it and Cutroom is Cutroom's cost. The goals stay the issue's absolute ones; the
 *   baseline is printed beside them (and beside each miss) so a reader can tell the two apart.
 * - Prints the figures and the ratios to the peer; exits 1 with the reasons when a goal is missed.
 *   A peer still handling a gesture's input after the time-out (BENCH_GESTURE_TIMEOUT_S) failed
 *   that gesture: that is the peer's result, printed apart as the peer's failure, and the cell
 *   counts as Cutroom ahead when Cutroom did the gesture; it is not a missed Cutroom goal (the
 *   goals are Cutroom's; the peer only sets the "ahead in every cell" bar, which it then cannot
 *   beat). Any other gesture that did not do its work still fails the run (figures not trusted).
 *
 * Env: BENCH_SIZES (default 1000,10000), BENCH_RUNS (default 1; the median run is reported),
 * BENCH_INPUT_HZ (default 120 input events a second), BENCH_POINTER_EVENTS (default two seconds'
 * worth a gesture), BENCH_PORT (default: a free port), CHROMIUM_PATH,
 * BENCH_JSON (also write the figures to this file), BENCH_PEER=0 (skip the peer),
 * BENCH_ONLY=sound (only playback with sound, at 1,000 items: no baseline, no peer),
 * BENCH_ONLY=studio (only the studio's split resize, at 1,000 items: no baseline, no peer),
 * BENCH_SOUND_SECONDS (default 60).
 */
import type { ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { seedPluginEnv } from '../seeds/seed-plugins.ts';
import { freePort, startApp } from '../../e2e/app-server.ts';
import { seededProjectIds, signInWithDemo } from './demo-session.ts';
import { percentile } from './percentile.ts';
import type { PeerBenchApi } from './timeline-peer/main.tsx';
import type { Timeline, TimelineItem } from '../../src/api/schema.gen.ts';
import type { FrameFigures } from '../../src/playback/preview-frames.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pageDir = fileURLToPath(new URL('./timeline-peer', import.meta.url));
/** BENCH_ONLY=sound: only playback with sound (its goals apply at 1,000 items). */
const SOUND_ONLY = process.env.BENCH_ONLY === 'sound';
/** BENCH_ONLY=studio: only the studio's split resize (issue 41), at 1,000 items. */
const STUDIO_ONLY = process.env.BENCH_ONLY === 'studio';
const ONE_GESTURE = SOUND_ONLY || STUDIO_ONLY;
const SIZES = (process.env.BENCH_SIZES ?? (ONE_GESTURE ? '1000' : '1000,10000'))
  .split(',')
  .map(Number);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const WITH_PEER = process.env.BENCH_PEER !== '0' && !ONE_GESTURE;
/**
 * Tall enough for all 20 rows beside the preview (the canvas is as tall as its rows, up to the
 * viewport).
 */
const VIEWPORT = { width: 1280, height: 1600 };
/**
 * Input events a second (BENCH_INPUT_HZ), as a pointing device reports them: USB mice report at
 * 125-1,000 Hz, trackpads at 90-120+. At 60 Hz, events sent from a timer beat against the
 * display's 60 Hz: 2-6 of every ~120 frames got no event and had nothing new to show (the
 * trivial page redraws every frame whatever comes), which capped an editor that draws on input
 * at 56-58 frames a second before it did any work (input census, 2026-11-25).
 */
const INPUT_HZ = Math.max(30, Number(process.env.BENCH_INPUT_HZ ?? 120));
/** Events a gesture (BENCH_POINTER_EVENTS): two seconds of input by default. */
const POINTER_EVENTS = Math.max(30, Number(process.env.BENCH_POINTER_EVENTS ?? INPUT_HZ * 2));
/** Wheel deltas are per event: scaled so that a gesture scrolls and zooms as far at any rate. */
const PER_EVENT = 60 / INPUT_HZ;
/** The scroll: right at 3,600 px a second for three quarters of it, then back left. */
const SCROLL_DELTAS = Array.from({ length: POINTER_EVENTS }, (_, i) => ({
  deltaX: (i < POINTER_EVENTS * 0.75 ? 60 : -60) * PER_EVENT,
  deltaY: 0,
}));
/** The Ctrl+wheel zoom sweep: out for half of it, then back in. */
const ZOOM_DELTAS = Array.from({ length: POINTER_EVENTS }, (_, i) => ({
  deltaX: 0,
  deltaY: (i < POINTER_EVENTS / 2 ? 40 : -40) * PER_EVENT,
}));
/** Display frames a gesture's input lasts. */
const GESTURE_FRAMES = (POINTER_EVENTS / INPUT_HZ) * 60;
/** CDP's modifier bit for Alt. */
const ALT = 1;
/** The one-item drag's path: straight legs through these offsets from the press (px). */
const DRAG_LEGS_PX = [0, 160, -20, 120, 40];
const PROJECT_NAME = (size: number) => `Benchmark: ${size.toLocaleString('en')} timeline items`;

/** One display frame: the floor of rAF gaps. */
const FRAME_MS = 1000 / 60;
/** The issue's goals. A rAF gap of one frame measures 16.7 ms ± timer jitter: 1 ms allowed. */
const JITTER_MS = 1;
interface FrameGoal {
  p95Ms: number;
  presentedPerSecond: number;
  longestLoafMs?: number;
}
const GOALS: {
  small: FrameGoal;
  large: FrameGoal;
  groupCommitMs: number;
  editSettleMs: number;
} = {
  small: { p95Ms: FRAME_MS, presentedPerSecond: 55, longestLoafMs: 50 },
  large: { p95Ms: 1000 / 30, presentedPerSecond: 30 },
  groupCommitMs: 500,
  // Adding, splitting and undoing settle ("Revision N") within 300 ms (at 1,000 items).
  editSettleMs: 300,
};
/** The gestures the frame goals apply to. */
const SMOOTH_GESTURES = new Set(['drag', 'marquee', 'zoom', 'scroll', 'group drag']);
/**
 * Gestures whose input leaves frames with nothing new to show (a drag holding on snaps): the rAF
 * p95 and long-animation-frame goals apply, not frames presented a second.
 */
const HELD_GESTURES = new Set(['snapped drag']);
/**
 * The editing gestures graded at 1,000 items only (the issue's goals): playback for ten seconds
 * and a drag on the preview against the small frame goals, and the edits' settle times.
 */
const EDITING_FRAME_GESTURES = new Set(['playback', 'preview drag', 'split resize']);
const EDITING_SETTLE_GESTURES = new Set(['add text', 'split', 'undo split']);
/** How long playback is measured. */
const PLAYBACK_MS = 10_000;
/** How long playback with sound is measured (BENCH_SOUND_SECONDS), at 1,000 items. */
const SOUND_PLAYBACK_MS = Math.max(5, Number(process.env.BENCH_SOUND_SECONDS ?? 60)) * 1000;
/**
 * Issue 43's goals for sound, at 1,000 items: sound starts within 150 ms of Space; no underrun
 * (every chunk handed to the audio context before it is due); no long animation frame from
 * decoding; the frame painted within 40 ms of the sound heard, at p95.
 */
const SOUND_GOALS = { startMs: 150, underruns: 0, decodeLoafs: 0, lipSyncP95Ms: 40 };

type LibName = 'cutroom' | 'peer (dragLine on)' | 'peer (dragLine off)' | typeof BASELINE;
/** The machine's ceiling, measured beside Cutroom: see BASELINE_PAGE. */
const BASELINE = 'baseline (trivial)';
const isPeer = (name: LibName) => name !== 'cutroom' && name !== BASELINE;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface GestureFigures {
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

const NOT_MEASURED: GestureFigures = {
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

interface CellResult {
  size: number;
  lib: LibName;
  firstDrawMs: number;
  heapMb: number;
  gestures: Record<string, GestureFigures>;
}

// ───────────────────────────── the app, the peer page, the browser ─────────────────────────────

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

async function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createHttpServer((request, response) => {
    const path = normalize(
      decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname),
    ).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) throw new Error('not a file');
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function buildPeerPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: pageDir,
    base: './',
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    resolve: { alias: { '@': join(root, 'src') } },
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 10_000 },
  });
}

/**
 * The in-page recorder (an init script, so it is there before the app): rAF gaps and Long
 * Animation Frames between `start` and `stop`, the time of the last pointer release and key press,
 * and (Cutroom) each text the toolbar's status shows, with its time.
 */
const RECORDER = `
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

interface Recorded {
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

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    frame_reporter?: { state?: string; has_compositor_animation?: boolean };
  };
}

/** BENCH_DEBUG: where the renderer's main thread spent the window, by trace event (self time). */
function printMainThread(events: TraceEvent[], gesture: string): void {
  const start = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'bench:start');
  const end = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'bench:motion-end');
  if (!start || !end) return;
  const main = events
    .filter((e) => e.ph === 'X' && e.pid === start.pid && e.tid === start.tid)
    .filter((e) => e.ts >= start.ts && e.ts <= end.ts && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Self time: an event's duration minus its direct children's.
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  const childTime = new Map<TraceEvent, number>();
  for (const event of main) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + event.dur!);
    stack.push(event);
  }
  for (const event of main)
    self.set(event.name, (self.get(event.name) ?? 0) + event.dur! - (childTime.get(event) ?? 0));
  const seconds = (end.ts - start.ts) / 1e6;
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log(
    `  main thread during the ${gesture} (${fmt(seconds, 2)} s): ${top.map(([name, us]) => `${name} ${fmt(us / 1000, 0)}`).join(', ')} ms`,
  );
}

/**
 * BENCH_DEBUG: CPU time (trace thread time, less sensitive to load than wall time) per presented
 * frame on each busy thread of the renderer and the display compositor, with the events that
 * took it (self thread time): where a frame's cost goes, main thread and compositor alike.
 */
function printFrameCost(events: TraceEvent[], gesture: string): void {
  const start = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'bench:start');
  const end = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'bench:motion-end');
  if (!start || !end) return;
  const names = new Map<string, string>();
  for (const e of events as Array<TraceEvent & { args?: { name?: string } }>)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name)
      names.set(`${e.pid}:${e.tid}`, e.args.name);
  const frames = framesBetween(events, 'bench:start', 'bench:motion-end').presented || 1;
  const byThread = new Map<string, Array<TraceEvent & { tdur?: number }>>();
  for (const e of events as Array<TraceEvent & { tdur?: number }>) {
    if (e.ph !== 'X' || e.dur === undefined || e.ts < start.ts || e.ts > end.ts) continue;
    const key = `${e.pid}:${e.tid}`;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  const rows: Array<[string, number, string]> = [];
  for (const [key, list] of byThread) {
    const name = names.get(key) ?? key;
    if (!/CrRendererMain|Compositor|ThreadPoolForegroundWorker|VizCompositorThread/.test(name))
      continue;
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const cost = (e: TraceEvent & { tdur?: number }) => e.tdur ?? e.dur!;
    const stack: typeof list = [];
    const child = new Map<TraceEvent, number>();
    let total = 0;
    for (const e of list) {
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) child.set(parent, (child.get(parent) ?? 0) + cost(e));
      else total += cost(e);
      stack.push(e);
    }
    const self = new Map<string, number>();
    for (const e of list)
      self.set(e.name, (self.get(e.name) ?? 0) + Math.max(0, cost(e) - (child.get(e) ?? 0)));
    const top = [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([n, us]) => `${n} ${fmt(us / 1000 / frames, 2)}`)
      .join(', ');
    rows.push([`${key.startsWith(`${start.pid}:`) ? 'renderer' : 'viz'} ${name}`, total, top]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`  CPU ms per presented frame (${frames} frames) during the ${gesture}:`);
  for (const [name, total, top] of rows.slice(0, 6))
    console.log(`    ${name}: ${fmt(total / 1000 / frames, 2)} ms/frame: ${top}`);
}

/** BENCH_DEBUG: how busy each browser thread was in the window (top-level tasks), by process. */
function printThreads(events: TraceEvent[], gesture: string): void {
  const start = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'bench:start');
  const end = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'bench:motion-end');
  if (!start || !end) return;
  const names = new Map<string, string>();
  for (const e of events as Array<TraceEvent & { args?: { name?: string } }>)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name)
      names.set(`${e.pid}:${e.tid}`, e.args.name);
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.cat === 'toplevel' && e.ph === 'X' && e.dur && e.ts >= start.ts && e.ts <= end.ts) {
      const key = `${e.pid === start.pid ? 'renderer' : `pid ${e.pid}`} ${names.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
      busy.set(key, (busy.get(key) ?? 0) + e.dur);
    }
  const seconds = (end.ts - start.ts) / 1e6;
  const top = [...busy].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    `  threads during the ${gesture}: ${top.map(([name, us]) => `${name} ${fmt(us / 1e4 / seconds, 0)} %`).join(', ')}`,
  );
}

async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  const onData = (event: { value: ReadonlyArray<Record<string, unknown>> }) => {
    events.push(...(event.value as unknown as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'disabled-by-default-devtools.timeline.frame',
        'blink.user_timing',
        ...(process.env.BENCH_DEBUG || TRACE.has(currentGesture)
          ? ['devtools.timeline', 'toplevel', '__metadata', 'cc', 'viz', 'gpu', 'blink']
          : []),
        ...(TRACE.has(currentGesture)
          ? [
              'disabled-by-default-devtools.timeline',
              'v8.execute',
              'disabled-by-default-v8.cpu_profiler',
              ...(process.env.BENCH_TRACE_CATEGORIES ?? '').split(',').filter(Boolean),
            ]
          : []),
      ],
    },
  });
  return async () => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', onData);
    return events;
  };
}

/** The page renderer's events between two of its marks (null without both marks). */
function between(
  events: TraceEvent[],
  from: string,
  to: string,
): { inWindow: (e: TraceEvent) => boolean; seconds: number } | null {
  const start = events.find((e) => e.cat === 'blink.user_timing' && e.name === from);
  const end = events.find((e) => e.cat === 'blink.user_timing' && e.name === to);
  if (!start || !end) return null;
  return {
    inWindow: (e) => e.pid === start.pid && e.ts >= start.ts && e.ts <= end.ts,
    seconds: (end.ts - start.ts) / 1e6,
  };
}

/** Frames presented and dropped by the page's renderer between two of its marks. */
function framesBetween(
  events: TraceEvent[],
  from: string,
  to: string,
): { presented: number; dropped: number; seconds: number } {
  const marked = between(events, from, to);
  if (!marked) return { presented: 0, dropped: 0, seconds: 0 };
  return {
    presented: events.filter((e) => e.name === 'DrawFrame' && marked.inWindow(e)).length,
    dropped: events.filter((e) => e.name === 'DroppedFrame' && marked.inWindow(e)).length,
    seconds: marked.seconds,
  };
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
/** The item count of the Cutroom cell being measured. */
let currentSize = 0;

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

// ───────────────────────────── input at a fixed rate ─────────────────────────────

/** Sends the events at INPUT_HZ without waiting for each acknowledgement (order is kept). */
async function paced(
  cdp: CDPSession,
  events: ReadonlyArray<Record<string, unknown>>,
  method: 'Input.dispatchMouseEvent' = 'Input.dispatchMouseEvent',
): Promise<void> {
  const started = Date.now();
  const sent: Array<Promise<unknown>> = [];
  for (const [i, event] of events.entries()) {
    const wait = started + (i * 1000) / INPUT_HZ - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(cdp.send(method, event as never));
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all(sent),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new GestureTimeout()), GESTURE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An editor still busy with a gesture's input after BENCH_GESTURE_TIMEOUT_S (default 60 s): the
 * gesture counts as not done and the editor's remaining gestures are not measured.
 */
const GESTURE_TIMEOUT_MS = Number(process.env.BENCH_GESTURE_TIMEOUT_S ?? 60) * 1000;

class GestureTimeout extends Error {
  figures: GestureFigures | null = null;
  constructor() {
    super(`still handling its input after ${GESTURE_TIMEOUT_MS / 1000} s`);
  }
}

/** Press at `from`, move along `path(t)` for t in (0, 1] in POINTER_EVENTS events, release. */
async function pointerGesture(
  lib: Lib,
  from: { x: number; y: number },
  path: (t: number) => { x: number; y: number },
  options: { beforeRelease?: () => Promise<void>; modifiers?: number } = {},
): Promise<void> {
  const modifiers = options.modifiers ?? 0;
  await lib.cdp.send('Input.dispatchMouseEvent', {
    type: 'mouseMoved',
    x: from.x,
    y: from.y,
    modifiers,
  });
  await lib.cdp.send('Input.dispatchMouseEvent', {
    type: 'mousePressed',
    x: from.x,
    y: from.y,
    button: 'left',
    buttons: 1,
    clickCount: 1,
    modifiers,
  });
  await paced(
    lib.cdp,
    Array.from({ length: POINTER_EVENTS }, (_, i) => {
      const point = path((i + 1) / POINTER_EVENTS);
      return {
        type: 'mouseMoved',
        x: point.x,
        y: point.y,
        button: 'left',
        buttons: 1,
        modifiers,
      };
    }),
  );
  await options.beforeRelease?.();
  const end = path(1);
  await lib.cdp.send('Input.dispatchMouseEvent', {
    type: 'mouseReleased',
    x: end.x,
    y: end.y,
    button: 'left',
    buttons: 0,
    clickCount: 1,
    modifiers,
  });
}

async function wheel(
  lib: Lib,
  at: { x: number; y: number },
  deltas: ReadonlyArray<{ deltaX: number; deltaY: number }>,
  ctrl = false,
): Promise<void> {
  await lib.cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: at.x, y: at.y });
  await paced(
    lib.cdp,
    deltas.map((delta) => ({
      type: 'mouseWheel',
      x: at.x,
      y: at.y,
      ...delta,
      modifiers: ctrl ? 2 : 0,
    })),
  );
}

async function press(lib: Lib, key: string, code: string, modifiers = 0): Promise<void> {
  const text = modifiers === 0 && key.length === 1 ? key : undefined;
  await lib.cdp.send('Input.dispatchKeyEvent', {
    type: 'keyDown',
    key,
    code,
    modifiers,
    ...(text ? { text } : {}),
    windowsVirtualKeyCode: key.length === 1 ? key.toUpperCase().charCodeAt(0) : 27,
  });
  await lib.cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, modifiers });
}

// ───────────────────────────── the two editors behind one interface ─────────────────────────────

type Item = Pick<
  TimelineItem,
  'id' | 'type' | 'name' | 'layer_index' | 'start_seconds' | 'end_seconds'
>;
type TimelineData = Pick<Timeline, 'revision' | 'layers' | 'fps'>;

interface Lib {
  name: LibName;
  page: Page;
  cdp: CDPSession;
  /** The time area (where items are), in client coordinates. */
  area: Rect;
  itemRect(id: string): Promise<Rect | null>;
  zoom(): Promise<number>;
  scroll(): Promise<{ left: number; top: number }>;
  setScroll(left: number): Promise<void>;
  /** Start and end of an item as the editor holds it now (Cutroom: on the server). */
  span(id: string): Promise<{ start: number; end: number } | null>;
  /** A page expression giving the zoom, sampled every frame by the recorder. */
  zoomSample: string;
}

async function cutroomLib(page: Page, cdp: CDPSession, projectId: string): Promise<Lib> {
  const canvas = page.getByRole('application', { name: /Timeline canvas/ });
  const box = (await canvas.boundingBox())!;
  const size = await canvas.evaluate((el) => ({ w: el.clientWidth, h: el.clientHeight }));
  return {
    name: 'cutroom',
    page,
    cdp,
    area: { x: box.x, y: box.y, width: size.w, height: size.h },
    itemRect: (id) => page.evaluate((item) => window.__cutroomTimeline!.itemRect(item), id),
    zoom: () => page.evaluate(() => window.__cutroomTimeline!.view().pxPerSecond),
    scroll: () =>
      page.evaluate(() => {
        const view = window.__cutroomTimeline!.view();
        return { left: view.scrollX, top: view.scrollY };
      }),
    setScroll: async (left) => {
      await canvas.evaluate((el, x) => {
        el.scrollLeft = x;
      }, left);
      await page.waitForTimeout(100);
    },
    // Read on the server, in the page (only the item crosses over).
    span: (id) =>
      page.evaluate(
        async ({ project, item }) => {
          const response = await fetch(`/api/v1/projects/${project}/timeline`);
          const timeline = (await response.json()) as TimelineData;
          for (const layer of timeline.layers)
            for (const candidate of layer.items)
              if (candidate.id === item)
                return { start: candidate.start_seconds, end: candidate.end_seconds };
          return null;
        },
        { project: projectId, item: id },
      ),
    zoomSample: '() => window.__cutroomTimeline.view().pxPerSecond',
  };
}

async function peerLib(page: Page, cdp: CDPSession, name: LibName): Promise<Lib> {
  const area = await page.evaluate(() => {
    const el = document.querySelector('.timeline-editor-edit-area')!.getBoundingClientRect();
    return { x: el.x, y: el.y, width: el.width, height: el.height };
  });
  return {
    name,
    page,
    cdp,
    area,
    itemRect: (id) => page.evaluate((item) => window.__peer!.itemRect(item), id),
    zoom: () => page.evaluate(() => window.__peer!.zoom()),
    scroll: () => page.evaluate(() => window.__peer!.scroll()),
    setScroll: async (left) => {
      await page.evaluate((x) => {
        const grid = document.querySelector<HTMLElement>(
          '.timeline-editor-edit-area .ReactVirtualized__Grid',
        );
        if (grid) grid.scrollLeft = x;
      }, left);
      await page.waitForTimeout(150);
    },
    span: (id) => page.evaluate((item) => window.__peer!.spanOf(item), id),
    zoomSample: '() => window.__peer.zoom()',
  };
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
    __peer?: PeerBenchApi;
  }
}

const STATUS_SELECTOR = '[role="toolbar"][aria-label="Timeline tools"] [role="status"]';

async function revisionShown(page: Page): Promise<number> {
  const text = (await page.locator(STATUS_SELECTOR).textContent()) ?? '';
  const match = /^Revision (\d+)$/.exec(text.trim());
  if (!match) throw new Error(`the toolbar says “${text}”, not a revision`);
  return Number(match[1]);
}

/** Time from the last pointer release (or key press) to the toolbar showing `Revision n`. */
async function commitTime(page: Page, revision: number, after: 'pointer' | 'key'): Promise<number> {
  return page.evaluate(
    async ({ revision: n, after: from }) => {
      const rec = window.__rec!;
      const since = from === 'pointer' ? rec.lastPointerUp : rec.lastKeyDown;
      const at = await Promise.race([
        rec.statusAfter(since, `^Revision ${n}$`),
        new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 60_000)),
      ]);
      return at - since;
    },
    { revision, after },
  );
}

/**
 * Waits until no CSS animation or transition runs on the page (at most QUIET_TIMEOUT_MS). A running
 * one on the compositor (the jobs tray's pulse while the simulator's seeded exports render, up to
 * 60 s after it starts) makes Chromium present a frame every vsync whatever the editor does: a
 * drag measured then counted frames that had nothing new of its own (59.7 a second), the same drag
 * after the exports ended 53.6 (traces, 2026-11-25 04:00). The peer's and the trivial page have no
 * such animation: every page is measured quiet.
 */
async function waitForQuietPage(page: Page): Promise<void> {
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

/**
 * The frames Chromium's compositor reported between two marks (PipelineReporter): how many, how
 * many had no update to show, and how many ran a compositor animation (the page was quiet when the
 * gesture began: any such frames come from the gesture, e.g. toolbar buttons it enables fading in).
 */
function frameCensus(
  events: TraceEvent[],
  from: string,
  to: string,
): { reported: number; noUpdate: number; compositorAnimation: number } {
  const marked = between(events, from, to);
  const reports = marked
    ? events.filter((e) => e.name === 'PipelineReporter' && e.ph === 'b' && marked.inWindow(e))
    : [];
  return {
    reported: reports.length,
    noUpdate: reports.filter((e) => e.args?.frame_reporter?.state === 'STATE_NO_UPDATE_DESIRED')
      .length,
    compositorAnimation: reports.filter((e) => e.args?.frame_reporter?.has_compositor_animation)
      .length,
  };
}

/** Runs one gesture inside the measuring window and turns what was recorded into figures. */
async function measure(
  lib: Lib,
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
  const stopTrace = await startTrace(lib.cdp);
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
  // Cutroom's long frames over a goal are always placed and attributed (a miss says why).
  const goal = currentSize >= 10_000 ? GOALS.large : GOALS.small;
  const overGoal = (duration: number) =>
    lib.name === 'cutroom' &&
    (SMOOTH_GESTURES.has(name) ||
      HELD_GESTURES.has(name) ||
      (EDITING_FRAME_GESTURES.has(name) && currentSize <= 1000)) &&
    goal.longestLoafMs !== undefined &&
    duration > goal.longestLoafMs;
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

// ───────────────────────────── picking what to touch ─────────────────────────────

/**
 * An item of `types` with room after it on its row (`roomSeconds`), long enough to grab, nearest
 * the middle of the project: the same item for every editor.
 */
function pickItem(
  timeline: TimelineData,
  types: readonly string[],
  minSeconds: number,
  roomSeconds: number,
  avoid: ReadonlySet<string> = new Set(),
): Item {
  const all = timeline.layers.flatMap((layer) => layer.items);
  const end = Math.max(...all.map((item) => item.end_seconds));
  let best: { item: Item; score: number } | null = null;
  for (const layer of timeline.layers) {
    const row = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds);
    for (const [i, item] of row.entries()) {
      if (!types.includes(item.type) || avoid.has(item.id)) continue;
      if (item.end_seconds - item.start_seconds < minSeconds) continue;
      const next = row[i + 1]?.start_seconds ?? Number.POSITIVE_INFINITY;
      if (next - item.end_seconds < roomSeconds) continue;
      const score = Math.abs(item.start_seconds - end * 0.4) + layer.index * 3;
      if (!best || score < best.score) best = { item, score };
    }
  }
  if (!best) throw new Error(`no ${types.join('/')} item with ${roomSeconds} s of room`);
  return best.item;
}

/**
 * Waits (outside any measuring window) until the editor's zoom and scroll have stopped changing:
 * on a loaded machine an editor may still be working through a gesture's input when its events
 * have all been sent, and the next gesture must start from where this one ended.
 */
async function settled(lib: Lib): Promise<void> {
  const read = async () => JSON.stringify([await lib.zoom(), await lib.scroll()]);
  let last = await read();
  let same = 0;
  for (let i = 0; i < 300 && same < 3; i += 1) {
    await lib.page.waitForTimeout(100);
    const now = await read();
    same = now === last ? same + 1 : 0;
    last = now;
  }
}

/** Scrolls so the item starts a third into the time area; returns its rectangle. */
async function bringIntoView(lib: Lib, item: Item): Promise<Rect> {
  const zoom = await lib.zoom();
  await lib.setScroll(Math.max(0, item.start_seconds * zoom - lib.area.width / 3));
  const rect = await lib.itemRect(item.id);
  if (!rect) throw new Error(`${lib.name}: item ${item.id} is not drawn after scrolling to it`);
  return rect;
}

const centre = (rect: Rect) => ({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });
const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

// ───────────────────────────── one cell: one editor, one size ─────────────────────────────

interface Setup {
  size: number;
  projectId: string;
  timeline: TimelineData;
  base: string;
  peerOrigin: string;
  /** Cutroom's time area (client coordinates) and working view, for the peer and the baseline. */
  view?: { x: number; y: number; width: number; height: number; zoom: number; scrollX: number };
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.addInitScript({ content: RECORDER });
  return { context, page };
}

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1024 / 1024;
}

/** The gestures both editors have: drag one item, trim, scroll, zoom sweep, fit. */
async function commonGestures(
  lib: Lib,
  setup: Setup,
  gestures: Record<string, GestureFigures>,
  commit: ((label: string) => Promise<number>) | null,
): Promise<void> {
  const zoom = await lib.zoom();

  // Drag one item out and back in straight legs, 0 → +160 → −20 → +120 → +40 px, dropped 40 px
  // right of where it was, with Alt (no snapping to other items' edges; the frame grid stays), so
  // that each display frame's input moves it by 2.7-6 px (2-5 frames of video at the working
  // zoom): each frame has something new to show. The damped sine used before, with snapping, held the item still
  // for 57-60 of its ~130 frames (edges of 1,000 items within 8 px everywhere at this zoom, and
  // sub-frame steps near its turning points): Chromium presented nothing new then, and the figure
  // said 27.7-29.2 a second whatever the editor did (frame census, 2026-11-25 04:20). The peer and
  // the trivial page get the same input.
  const dragged = pickItem(setup.timeline, ['video', 'image', 'text'], 60 / zoom, 80 / zoom);
  const rect = await bringIntoView(lib, dragged);
  const from = { x: rect.x + Math.min(rect.width / 2, 30), y: rect.y + rect.height / 2 };
  const before = await lib.span(dragged.id);
  gestures.drag = await measure(lib, 'drag', async (gesture) => {
    await pointerGesture(
      lib,
      from,
      (t) => ({ x: from.x + alongWaypoints(DRAG_LEGS_PX, t), y: from.y }),
      { modifiers: ALT },
    );
    await gesture.motionEnd();
    const commitMs = commit ? await commit('drag') : undefined;
    await gesture.done();
    const after = await lib.span(dragged.id);
    const moved = before && after ? after.start - before.start : 0;
    return {
      effect: `“${dragged.name}” moved ${fmt(moved, 2)} s`,
      // Cutroom's drag holds Alt (no snapping to edges): it ends right of where it began. The peer
      // has no such modifier, and its dragLine may snap the drop elsewhere (once 0.87 s left): it
      // did its work if the item moved at all.
      ok: commit ? moved > 0 : moved !== 0,
      ...(commitMs !== undefined ? { commitMs } : {}),
    };
  });

  // Cutroom only: the same item dragged back along the mirrored path without Alt, snapping to other
  // items' edges and the playhead as a drag does by default (the peer's snapping is its dragLine,
  // measured in that configuration's drag). At the working zoom the edges of 1,000 items lie within
  // the snap threshold almost everywhere, so the item holds on snaps and those frames have nothing
  // new to show: its frames presented a second are printed, not a goal; its rAF p95 and long
  // animation frames are (HELD_GESTURES).
  if (commit) {
    const snapRect = await bringIntoView(lib, dragged);
    const snapFrom = {
      x: snapRect.x + Math.min(snapRect.width / 2, 30),
      y: snapRect.y + snapRect.height / 2,
    };
    const snapBefore = await lib.span(dragged.id);
    gestures['snapped drag'] = await measure(lib, 'snapped drag', async (gesture) => {
      await pointerGesture(lib, snapFrom, (t) => ({
        x: snapFrom.x - alongWaypoints(DRAG_LEGS_PX, t),
        y: snapFrom.y,
      }));
      await gesture.motionEnd();
      const commitMs = await commit('snapped drag');
      await gesture.done();
      const after = await lib.span(dragged.id);
      const moved = snapBefore && after ? after.start - snapBefore.start : 0;
      return { effect: `“${dragged.name}” moved ${fmt(moved, 2)} s`, ok: moved < 0, commitMs };
    });
  }

  // Trim: the end handle of another item pulled 20 px left.
  const trimmed = pickItem(setup.timeline, ['video', 'image'], 50 / zoom, 0, new Set([dragged.id]));
  let trimRect = await bringIntoView(lib, trimmed);
  if (trimRect.x + trimRect.width > lib.area.x + lib.area.width - 10) {
    // A long item: its end two thirds into the time area (its handle in view).
    await lib.setScroll(Math.max(0, trimmed.end_seconds * zoom - (lib.area.width * 2) / 3));
    trimRect = (await lib.itemRect(trimmed.id)) ?? trimRect;
  }
  const edge = { x: trimRect.x + trimRect.width - 3, y: trimRect.y + trimRect.height / 2 };
  const trimBefore = await lib.span(trimmed.id);
  gestures.trim = await measure(lib, 'trim', async (gesture) => {
    await pointerGesture(lib, edge, (t) => ({ x: edge.x - 20 * t, y: edge.y }));
    await gesture.motionEnd();
    const commitMs = commit ? await commit('trim') : undefined;
    await gesture.done();
    const after = await lib.span(trimmed.id);
    const cut = trimBefore && after ? trimBefore.end - after.end : 0;
    return {
      effect: `“${trimmed.name}” ${fmt(cut, 2)} s shorter`,
      ok: cut > 0,
      ...(commitMs !== undefined ? { commitMs } : {}),
    };
  });

  // Scroll: the wheel over the time area, right then back left.
  await lib.setScroll(0);
  const middle = centre(lib.area);
  gestures.scroll = await measure(lib, 'scroll', async () => {
    const start = await lib.scroll();
    await wheel(lib, middle, SCROLL_DELTAS);
    await lib.page.waitForTimeout(50);
    const end = await lib.scroll();
    return {
      effect: `scrolled ${Math.round(end.left - start.left)} px`,
      ok: end.left > start.left,
    };
  });

  await settled(lib);

  // Ctrl+wheel zoom sweep around the pointer: out, then in.
  gestures.zoom = await measure(
    lib,
    'zoom',
    async () => {
      await wheel(lib, middle, ZOOM_DELTAS, true);
      return { effect: '', ok: true };
    },
    lib.zoomSample,
  );
  {
    const samples = (gestures.zoom as GestureFigures & { samples: number[] }).samples;
    const low = Math.min(...samples);
    const high = Math.max(...samples);
    gestures.zoom.effect = `zoom ${fmt(high)} → ${fmt(low, 2)} → ${fmt(samples.at(-1) ?? NaN)} px/s`;
    gestures.zoom.ok = high / low > 5;
  }

  await settled(lib);

  // Fit to project (the 0 key).
  gestures.fit = await measure(lib, 'fit', async () => {
    const start = await lib.zoom();
    await press(lib, '0', 'Digit0');
    await lib.page.waitForTimeout(400);
    const end = await lib.zoom();
    return { effect: `${fmt(start)} → ${fmt(end, 2)} px/s`, ok: end < start };
  });
}

async function measureCutroom(browser: Browser, setup: Setup): Promise<CellResult> {
  currentSize = setup.size;
  const { context, page } = await newPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await signInWithDemo(page, setup.base);
    await page.goto(`${setup.base}/projects/${setup.projectId}/timeline`);
    // The canvas's test hooks record when the first frame with items was drawn (performance.now()).
    await page.waitForFunction(() => window.__cutroomTimeline?.firstDrawAt() != null, undefined, {
      timeout: 120_000,
    });
    const firstDrawMs = await page.evaluate(() => window.__cutroomTimeline!.firstDrawAt()!);
    await page.waitForTimeout(1000);
    const heap = await heapMb(cdp);
    await page.evaluate((selector) => window.__rec!.watchStatus(selector), STATUS_SELECTOR);
    const canvas = page.getByRole('application', { name: /Timeline canvas/ });
    await canvas.focus();
    // Working zoom, not measured: ~40 px/s, as a person zooms in to edit.
    for (
      let i = 0;
      i < 40 && (await page.evaluate(() => window.__cutroomTimeline!.view().pxPerSecond)) < 32;
      i += 1
    ) {
      await page.keyboard.press('+');
    }
    const lib = await cutroomLib(page, cdp, setup.projectId);
    setup.view = {
      x: lib.area.x,
      y: lib.area.y,
      width: lib.area.width,
      height: lib.area.height,
      zoom: await lib.zoom(),
      scrollX: 0,
    };
    const gestures: Record<string, GestureFigures> = {};
    let revision = await revisionShown(page);
    /**
     * Time from the release to "Revision N+1". A trim is checked first (a dry run): when the
     * service warns, the review dialog opens and is applied, and the time runs from that click.
     */
    const commit = async (what: string): Promise<number> => {
      const target = revision + 1;
      const direct = commitTime(page, target, 'pointer');
      const reviewed = page.evaluate(
        (done) => window.__rec!.dialogBefore('^Review:', window.__rec!.lastPointerUp, done),
        `^Revision ${target}$`,
      );
      let ms: number;
      if (await Promise.race([reviewed, direct.then(() => false)])) {
        const dialog = page.getByRole('dialog', { name: /Review:/ });
        await dialog.getByRole('button', { name: 'Apply trim' }).click();
        ms = await commitTime(page, target, 'pointer');
      } else {
        ms = await direct;
      }
      if (!Number.isFinite(ms)) throw new Error(`cutroom: the ${what} was not committed in 60 s`);
      revision = target;
      return ms;
    };
    try {
      if (SOUND_ONLY) await onlySound(lib, setup, gestures);
      else if (STUDIO_ONLY) await splitResizeGesture(lib, gestures);
      else
        await cutroomGestures(
          lib,
          setup,
          gestures,
          commit,
          () => revision,
          (n) => {
            revision = n;
          },
        );
    } catch (error) {
      if (!(error instanceof GestureTimeout) || !error.figures) throw error;
      gestures[currentGesture] = error.figures;
    }
    return { size: setup.size, lib: 'cutroom', firstDrawMs, heapMb: heap, gestures };
  } finally {
    await context.close();
  }
}

/** Cutroom's gestures: the common ones, then the marquee, the group move and its undo. */
async function cutroomGestures(
  lib: Lib,
  setup: Setup,
  gestures: Record<string, GestureFigures>,
  commit: (what: string) => Promise<number>,
  getRevision: () => number,
  setRevision: (revision: number) => void,
): Promise<void> {
  const { page } = lib;
  const canvas = page.getByRole('application', { name: /Timeline canvas/ });
  await commonGestures(lib, setup, gestures, commit);

  // Marquee over every item (at fit zoom all 20 rows and the whole project are in view).
  const area = lib.area;
  const drawsBefore = await page.evaluate(() => window.__cutroomTimeline!.drawCounts());
  gestures.marquee = await measure(lib, 'marquee', async (gesture) => {
    // From the room fit leaves past the end (outside the auto-scroll edge) to the bottom-left.
    const from = { x: area.x + area.width - 48, y: area.y + 34 };
    const to = { x: area.x - 10, y: area.y + area.height - 24 };
    await pointerGesture(lib, from, (t) => ({
      x: from.x + (to.x - from.x) * t,
      y: from.y + (to.y - from.y) * Math.min(1, t * 1.5),
    }));
    // The selection status follows a pointer gesture after the frame that ends it: the window
    // stays open until it shows the selection, so its render is measured with the gesture.
    await gesture.motionEnd();
    const selectionStatus = page.getByRole('status', { name: 'Selection' });
    await selectionStatus
      .filter({ hasText: /items selected/ })
      .waitFor({ timeout: 2_000 })
      .catch(() => undefined);
    await gesture.done();
    const draws = await page.evaluate(() => window.__cutroomTimeline!.drawCounts());
    const status = await selectionStatus.textContent();
    const selected = Number(/^(\d+) items selected/.exec(status ?? '')?.[1] ?? 0);
    const itemsRedraws = draws.itemsDraws - drawsBefore.itemsDraws;
    const view = await page.evaluate(() => window.__cutroomTimeline!.view());
    return {
      effect: `${selected} items selected; items layer drawn ${itemsRedraws}×, overlay ${draws.overlayDraws - drawsBefore.overlayDraws}×${selected ? '' : ` (status “${status ?? ''}”, view ${fmt(view.pxPerSecond, 2)} px/s at ${Math.round(view.scrollX)}, ${Math.round(view.scrollY)})`}`,
      ok: selected >= Math.min(1000, setup.size) && itemsRedraws <= 2,
    };
  });

  // Select all, then drag the whole selection and drop it (or Escape at 10,000: over the cap).
  await canvas.focus();
  await press(lib, 'a', 'KeyA', 2);
  for (let i = 0; i < 40 && (await lib.zoom()) < 32; i += 1) await page.keyboard.press('+');
  const anchor = pickItem(setup.timeline, ['video', 'image', 'text'], 60 / (await lib.zoom()), 0);
  const anchorRect = await bringIntoView(lib, anchor);
  const grab = {
    x: anchorRect.x + Math.min(anchorRect.width / 2, 30),
    y: anchorRect.y + anchorRect.height / 2,
  };
  const all = setup.timeline.layers.flatMap((layer) => layer.items);
  const tooMany = all.length > 5000;
  const startsBefore = tooMany ? null : await serverStarts(page, setup.projectId);
  const ghostsBefore = await page.evaluate(() => window.__cutroomTimeline!.drawCounts());
  gestures['group drag'] = await measure(lib, 'group drag', async (gesture) => {
    // Out and back in straight legs, never left of the press: 0 → 150 → 10 → 150 → 40 px, so every
    // display frame's input moves the group by 3.7-5 px (over 3 frames of video at this zoom). The
    // selection holds the item at 0 s, so left of the press the group is clamped at the project's
    // start; the damped sine used before spent 28 of its 120 events there (and more near its turning
    // points moved it by less than a frame): nothing changed on screen, Chromium presented no
    // frame, and the figure was capped near 42 a second whatever the editor did (traces, 20:30).
    // Same event count, amplitude and drop point (+40 px).
    await pointerGesture(
      lib,
      grab,
      (t) => ({ x: grab.x + alongWaypoints([0, 150, 10, 150, 40], t), y: grab.y }),
      tooMany ? { beforeRelease: () => press(lib, 'Escape', 'Escape') } : {},
    );
    await gesture.motionEnd();
    if (tooMany) {
      const ghosts = await page.evaluate(() => window.__cutroomTimeline!.drawCounts());
      const moved = ghosts.ghostMoves - ghostsBefore.ghostMoves;
      return {
        effect: `${all.length} items dragged (ghosts drawn ${ghosts.ghostDraws - ghostsBefore.ghostDraws}×, moved ${moved}×), Escape: over the 5,000 a request`,
        ok: moved > GESTURE_FRAMES / 4,
      };
    }
    const commitMs = await commit('group move');
    await gesture.done();
    const after = await serverStarts(page, setup.projectId);
    // Every item moved by the same time (each start rounded to the millisecond on its own).
    const shifts = [...after].map(([id, start]) => start - startsBefore!.get(id)!);
    const shift = Math.min(...shifts);
    return {
      effect: `${after.size} items moved ${fmt(shift, 3)}–${fmt(Math.max(...shifts), 3)} s in one request`,
      ok: shift > 0 && Math.max(...shifts) - shift < 0.0015,
      commitMs,
    };
  });
  if (!tooMany) {
    // Undo of the group move, from the key press until the revision returns.
    const undo = await measure(lib, 'undo', async (gesture) => {
      await canvas.focus();
      await press(lib, 'z', 'KeyZ', 2);
      const ms = await commitTime(page, getRevision() + 1, 'key');
      setRevision(getRevision() + 1);
      await gesture.done();
      const after = await serverStarts(page, setup.projectId);
      const back = [...after].every(([id, start]) => start === startsBefore!.get(id));
      return { effect: `${after.size} items back where they were`, ok: back, undoMs: ms };
    });
    gestures['group drag']!.undoMs = undo.undoMs;
    gestures.undo = undo;
  }
  await editingGestures(lib, setup, gestures, getRevision, setRevision);
}

/**
 * Playback with sound (issue 43): paused where playback starts a moment first (as a person is),
 * then Space and a minute of playback; the sound's figures from the page's sound engine
 * (window.__cutroomSound), lip-sync measured each animation frame.
 */
async function soundGesture(
  lib: Lib,
  gestures: Record<string, GestureFigures>,
  at: { from: number; fps: number; playheadTo: (seconds: number) => Promise<void> },
): Promise<void> {
  const { page } = lib;
  const { from, fps, playheadTo } = at;
  const timecode = page.getByRole('status', { name: 'Playhead' });
  await playheadTo(from);
  await page.waitForTimeout(1000);
  type Figures = { underruns: number; scheduled: number; starts: Array<{ audibleAt: number }> };
  const figuresNow = () =>
    page.evaluate(() => window.__cutroomSound?.figures() ?? null) as Promise<Figures | null>;
  const before = await figuresNow();
  if (!before) throw new Error('cutroom: the preview has no sound engine (window.__cutroomSound)');
  gestures['playback with sound'] = await measure(lib, 'playback with sound', async (gesture) => {
    const lipSync = page.evaluate((ms) => window.__cutroomSound!.lipSync(ms), SOUND_PLAYBACK_MS);
    const start = parseTimecode((await timecode.textContent()) ?? '', fps);
    await press(lib, ' ', 'Space');
    const pressedAt = await page.evaluate(() => window.__rec!.lastKeyDown);
    const sync = await lipSync;
    const offsets = sync.shown.map((offset) => Math.abs(offset) * 1000);
    const asked = sync.asked.map((offset) => Math.abs(offset) * 1000);
    await gesture.motionEnd();
    await press(lib, 'k', 'KeyK');
    await gesture.done();
    const end = parseTimecode((await timecode.textContent()) ?? '', fps);
    const after = (await figuresNow())!;
    const first = after.starts[before.starts.length];
    const sound = {
      startMs: first ? first.audibleAt - pressedAt : Number.NaN,
      underruns: after.underruns - before.underruns,
      scheduled: after.scheduled - before.scheduled,
      lipSyncP95Ms: percentile(offsets, 95),
      askedP95Ms: percentile(asked, 95),
      frames: offsets.length,
      fetched: sync.frames,
    };
    return {
      effect: `played ${fmt(start, 2)} → ${fmt(end, 2)} s with ${sound.scheduled} chunks of sound`,
      ok: end - start > (SOUND_PLAYBACK_MS / 1000) * 0.8 && sound.scheduled > 0,
      sound,
    };
  });
}

/** BENCH_ONLY=sound: playback with sound alone, from a third into the project. */
async function onlySound(
  lib: Lib,
  setup: Setup,
  gestures: Record<string, GestureFigures>,
): Promise<void> {
  const { page } = lib;
  const canvas = page.getByRole('application', { name: /Timeline canvas/ });
  const timeline = setup.timeline;
  const all = timeline.layers.flatMap((layer) => layer.items);
  const from = Math.round(Math.max(...all.map((item) => item.end_seconds)) / 3);
  await soundGesture(lib, gestures, {
    from,
    fps: timeline.fps,
    playheadTo: async (seconds) => {
      const field = page.getByLabel('Playhead (s)');
      await field.fill(String(seconds));
      await field.press('Enter');
      await canvas.focus();
      await page.waitForTimeout(500);
    },
  });
}

/** `m:ss:ff` (or `h:mm:ss:ff`), as the transport shows the playhead, in seconds. */
function parseTimecode(text: string, fps: number): number {
  const parts = text.trim().split(':').map(Number);
  const frames = parts.pop() ?? 0;
  return parts.reduce((sum, part) => sum * 60 + part, 0) + frames / fps;
}

/**
 * The editing gestures of issue 32, on Cutroom only: playback for ten seconds (frames from the
 * simulator's renderer, fetched ahead), a drag on the preview (Alt: no snapping, so every frame
 * has something new to show) and its commit, and the settle times of adding a text item (T),
 * splitting at the playhead (S) and undoing the split, from the key press to "Revision N".
 */
async function editingGestures(
  lib: Lib,
  setup: Setup,
  gestures: Record<string, GestureFigures>,
  getRevision: () => number,
  setRevision: (revision: number) => void,
): Promise<void> {
  const { page } = lib;
  const canvas = page.getByRole('application', { name: /Timeline canvas/ });
  const preview = page.getByRole('application', { name: /^Frame at/ });
  const timecode = page.getByRole('status', { name: 'Playhead' });
  // The timeline as the gestures before left it (moved, trimmed).
  const timeline = await page.evaluate(
    async (id) => (await (await fetch(`/api/v1/projects/${id}/timeline`)).json()) as Timeline,
    setup.projectId,
  );
  const fps = timeline.fps;
  const playheadTo = async (seconds: number) => {
    const field = page.getByLabel('Playhead (s)');
    await field.fill(String(seconds));
    await field.press('Enter');
    await canvas.focus();
    await page.waitForTimeout(500);
  };
  const settle = async (what: string) => {
    const target = getRevision() + 1;
    const ms = await commitTime(page, target, 'key');
    if (!Number.isFinite(ms)) throw new Error(`cutroom: the ${what} was not committed in 60 s`);
    setRevision(target);
    return ms;
  };
  // Nothing selected (the group move selected everything).
  await canvas.focus();
  await press(lib, 'Escape', 'Escape');

  // Playback: ten seconds from a third into the project, frames fetched ahead as it plays.
  const all = timeline.layers.flatMap((layer) => layer.items);
  const duration = Math.max(...all.map((item) => item.end_seconds));
  const from = Math.round(duration / 3);
  await playheadTo(from);
  let framesFetched = 0;
  const countFrames = (response: { url(): string }) => {
    if (response.url().includes('/preview-frame')) framesFetched += 1;
  };
  gestures.playback = await measure(lib, 'playback', async (gesture) => {
    page.on('response', countFrames);
    const start = parseTimecode((await timecode.textContent()) ?? '', fps);
    await press(lib, ' ', 'Space');
    await page.waitForTimeout(PLAYBACK_MS);
    await gesture.motionEnd();
    await press(lib, 'k', 'KeyK');
    await gesture.done();
    page.off('response', countFrames);
    const end = parseTimecode((await timecode.textContent()) ?? '', fps);
    return {
      effect: `played ${fmt(start, 2)} → ${fmt(end, 2)} s; ${framesFetched} frames fetched from the service`,
      ok: end - start > (PLAYBACK_MS / 1000) * 0.8 && framesFetched >= 10,
    };
  });

  // Playback with sound (issue 43), at 1,000 items.
  if (currentSize <= 1000) await soundGesture(lib, gestures, { from, fps, playheadTo });

  // A drag on the preview: the top visual item (not text: its pixels are the service's) at a time.
  const at = from + 1;
  await playheadTo(at);
  const onFrame = [...timeline.layers]
    .sort((a, b) => a.index - b.index)
    .flatMap((layer) =>
      layer.items.filter(
        (item) => item.start_seconds <= at && at < item.end_seconds && item.layout,
      ),
    );
  const target = [...onFrame].reverse().find((item) => item.type !== 'text');
  if (!target) throw new Error(`no visual item on the frame at ${at} s`);
  const box = (await preview.boundingBox())!;
  const k = box.width / 1080;
  const layout = target.layout!;
  const grab = { x: box.x + layout.x * k, y: box.y + layout.y * k };
  const layoutsBefore = await serverLayouts(page, setup.projectId);
  gestures['preview drag'] = await measure(lib, 'preview drag', async (gesture) => {
    await pointerGesture(
      lib,
      grab,
      (t) => ({
        x: grab.x + alongWaypoints([0, 60, -20, 50, 20], t),
        y: grab.y + alongWaypoints([0, 40, -30, 30, 15], t),
      }),
      { modifiers: ALT },
    );
    await gesture.motionEnd();
    const commitMs = await commitTime(page, getRevision() + 1, 'pointer');
    setRevision(getRevision() + 1);
    await gesture.done();
    const layoutsAfter = await serverLayouts(page, setup.projectId);
    const moved = [...layoutsAfter].filter(([id, l]) => {
      const before = layoutsBefore.get(id);
      return before && (before.x !== l.x || before.y !== l.y);
    });
    const [id, after] = moved[0] ?? [];
    const name = all.find((item) => item.id === id)?.name ?? '';
    const before = id ? layoutsBefore.get(id) : undefined;
    return {
      effect: moved.length
        ? `“${name}” moved ${fmt(after!.x - before!.x, 0)}, ${fmt(after!.y - before!.y, 0)} px on the frame`
        : 'nothing moved on the frame',
      ok: moved.length === 1,
      commitMs,
    };
  });

  // Add a text item at the playhead (T): the first time with a text layer free for 3 s.
  const textLayers = timeline.layers.filter((layer) => layer.kind === 'text');
  const freeAt = (layerItems: Item[], time: number) =>
    layerItems.every((item) => item.end_seconds <= time || item.start_seconds >= time + 3);
  let addAt: number | null = null;
  for (let time = Math.round(duration / 2); time < duration - 3 && addAt === null; time += 1)
    if (textLayers.some((layer) => freeAt(layer.items, time))) addAt = time;
  if (addAt === null) throw new Error('no text layer with 3 s free after the middle');
  await playheadTo(addAt);
  const before = await serverLayouts(page, setup.projectId);
  gestures['add text'] = await measure(lib, 'add text', async (gesture) => {
    await press(lib, 't', 'KeyT');
    const commitMs = await settle('text addition');
    await gesture.done();
    const after = await serverLayouts(page, setup.projectId);
    const added = [...after.keys()].filter((id) => !before.has(id));
    return {
      effect: `${added.length} text item added at ${addAt} s`,
      ok: added.length === 1,
      commitMs,
    };
  });

  // Split at the playhead (S): the added text item is selected, the playhead a second into it.
  await playheadTo(addAt + 1);
  const beforeSplit = await serverLayouts(page, setup.projectId);
  gestures.split = await measure(lib, 'split', async (gesture) => {
    await press(lib, 's', 'KeyS');
    const commitMs = await settle('split');
    await gesture.done();
    const after = await serverLayouts(page, setup.projectId);
    return {
      effect: `${after.size - beforeSplit.size} item more after the split`,
      ok: after.size === beforeSplit.size + 1,
      commitMs,
    };
  });
  gestures['undo split'] = await measure(lib, 'undo split', async (gesture) => {
    await press(lib, 'z', 'KeyZ', 2);
    const commitMs = await settle('undo of the split');
    await gesture.done();
    const after = await serverLayouts(page, setup.projectId);
    return {
      effect: `${after.size === beforeSplit.size ? 'joined again' : 'not joined'}`,
      ok: after.size === beforeSplit.size,
      commitMs,
    };
  });

  await splitResizeGesture(lib, gestures);
}

/**
 * The studio's split between the frame and the timeline dragged up and down (issue 41): the
 * preview refits its frame and the canvas its rows on every step. Pressed on the bar's middle;
 * it ends 60 px above where it started, so the frame is smaller afterwards.
 */
async function splitResizeGesture(
  lib: Lib,
  gestures: Record<string, GestureFigures>,
): Promise<void> {
  const { page } = lib;
  const preview = page.getByRole('application', { name: /^Frame at/ });
  const split = page.getByRole('separator', { name: 'Resize the frame and the timeline' });
  const bar = (await split.boundingBox())!;
  const grip = { x: bar.x + bar.width / 2, y: bar.y + bar.height / 2 };
  const frameBefore = (await preview.boundingBox())!.height;
  gestures['split resize'] = await measure(lib, 'split resize', async (gesture) => {
    await pointerGesture(lib, grip, (t) => ({
      x: grip.x,
      y: grip.y + alongWaypoints([0, -160, 40, -120, -60], t),
    }));
    await gesture.motionEnd();
    await gesture.done();
    const frameAfter = (await preview.boundingBox())!.height;
    return {
      effect: `the frame went from ${fmt(frameBefore, 0)} to ${fmt(frameAfter, 0)} px tall`,
      ok: frameAfter < frameBefore - 30,
    };
  });
}

/** Every visual item's place on the frame, on the server. */
async function serverLayouts(
  page: Page,
  projectId: string,
): Promise<Map<string, { x: number; y: number }>> {
  const entries = await page.evaluate(async (id) => {
    const timeline = (await (await fetch(`/api/v1/projects/${id}/timeline`)).json()) as Timeline;
    return timeline.layers.flatMap((layer) =>
      layer.items.map(
        (item) =>
          [item.id, { x: item.layout?.x ?? 0, y: item.layout?.y ?? 0 }] as [
            string,
            { x: number; y: number },
          ],
      ),
    );
  }, projectId);
  return new Map(entries);
}

/** The value at `t` (0-1) of straight legs through `points`, evenly spaced in time. */
function alongWaypoints(points: number[], t: number): number {
  const legs = points.length - 1;
  const at = Math.min(Math.max(t, 0), 1) * legs;
  const leg = Math.min(Math.floor(at), legs - 1);
  const from = points[leg] as number;
  const to = points[leg + 1] as number;
  return from + (to - from) * (at - leg);
}

async function serverStarts(page: Page, projectId: string): Promise<Map<string, number>> {
  const entries = await page.evaluate(async (id) => {
    const timeline = (await (await fetch(`/api/v1/projects/${id}/timeline`)).json()) as {
      layers: Array<{ items: Array<{ id: string; start_seconds: number }> }>;
    };
    return timeline.layers.flatMap((layer) =>
      layer.items.map((item) => [item.id, item.start_seconds] as [string, number]),
    );
  }, projectId);
  return new Map(entries);
}

async function measurePeer(browser: Browser, setup: Setup, name: LibName): Promise<CellResult> {
  const { context, page } = await newPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    const view = setup.view!;
    const query = new URLSearchParams({
      data: `data-${setup.size}.json`,
      dragLine: name === 'peer (dragLine on)' ? '1' : '0',
      width: String(view.width),
      height: String(view.height),
      zoom: String(view.zoom),
      scrollX: String(view.scrollX),
    });
    await page.goto(`${setup.peerOrigin}/index.html?${query}`);
    await page.waitForFunction(() => window.__peer?.firstDrawAt != null, null, {
      timeout: 180_000,
    });
    const firstDrawMs = await page.evaluate(() => window.__peer!.firstDrawAt!);
    await page.waitForTimeout(1000);
    const heap = await heapMb(cdp);
    const lib = await peerLib(page, cdp, name);
    const gestures: Record<string, GestureFigures> = {};
    try {
      await commonGestures(lib, setup, gestures, null);
    } catch (error) {
      if (!(error instanceof GestureTimeout) || !error.figures) throw error;
      gestures[currentGesture] = error.figures;
    }
    return { size: setup.size, lib: name, firstDrawMs, heapMb: heap, gestures };
  } finally {
    await context.close();
  }
}

// ───────────────────────────── the machine's ceiling ─────────────────────────────

/**
 * A trivial page with Cutroom's time area: a native scroll container of the same size at the same
 * place in the same viewport, holding a canvas of that size that follows the scroll (as Cutroom's
 * stage does) and is cleared and redrawn with five rectangles on every animation frame. Whatever it
 * cannot present with the same input at the same moment is this headless, software-rendered
 * Chromium's (and the loaded machine's) limit, not Cutroom's cost.
 */
const BASELINE_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Baseline</title></head>
<body style="margin:0;background:#fff;font:14px sans-serif">
<div id="area" tabindex="0" style="position:absolute;overflow:auto;background:#0f172a"></div>
<script>
  const q = new URLSearchParams(location.search);
  const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => Number(q.get(k)));
  const area = document.getElementById('area');
  Object.assign(area.style, { left: x + 'px', top: y + 'px', width: w + 'px', height: h + 'px' });
  area.innerHTML = '<div id="spacer" style="position:relative;overflow:hidden;height:' + h +
    'px;width:' + w * 20 + 'px"><div id="host" style="position:absolute;left:0;top:0;will-change:transform">' +
    '<canvas id="c" width="' + w + '" height="' + h + '"></canvas></div></div>';
  const host = document.getElementById('host');
  const g = document.getElementById('c').getContext('2d');
  const state = { px: 0, py: 0, zoom: 37, draws: 0 };
  addEventListener('pointermove', (e) => { state.px = e.clientX - x; state.py = e.clientY - y; });
  area.addEventListener('scroll', () => {
    host.style.transform = 'translate(' + area.scrollLeft + 'px,' + area.scrollTop + 'px)';
  });
  area.addEventListener('wheel', (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    state.zoom = Math.min(400, Math.max(0.05, state.zoom * Math.exp(-e.deltaY * 0.0015)));
  }, { passive: false });
  const draw = () => {
    g.clearRect(0, 0, w, h);
    const shift = (area.scrollLeft + state.draws * 2) % w;
    for (let i = 0; i < 5; i += 1) {
      g.fillStyle = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626'][i];
      g.fillRect((state.px + shift + i * 97) % w, 30 + i * 56, 40 + state.zoom % 60, 48);
    }
    state.draws += 1;
    requestAnimationFrame(draw);
  };
  requestAnimationFrame(draw);
  window.__baseline = { draws: () => state.draws, zoom: () => state.zoom,
    scroll: () => ({ left: area.scrollLeft, top: area.scrollTop }) };
</script></body></html>`;

declare global {
  interface Window {
    __baseline?: {
      draws(): number;
      zoom(): number;
      scroll(): { left: number; top: number };
    };
  }
}

/** The trivial page under the same input as Cutroom's smooth gestures, right after Cutroom's run. */
async function measureBaseline(browser: Browser, setup: Setup): Promise<CellResult> {
  const { context, page } = await newPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    const view = setup.view!;
    const query = new URLSearchParams({
      x: String(view.x),
      y: String(view.y),
      width: String(view.width),
      height: String(view.height),
    });
    await page.goto(`${setup.peerOrigin}/baseline.html?${query}`);
    await page.waitForFunction(() => (window.__baseline?.draws() ?? 0) > 10);
    const area: Rect = { x: view.x, y: view.y, width: view.width, height: view.height };
    const lib: Lib = {
      name: BASELINE,
      page,
      cdp,
      area,
      itemRect: async () => null,
      zoom: () => page.evaluate(() => window.__baseline!.zoom()),
      scroll: () => page.evaluate(() => window.__baseline!.scroll()),
      setScroll: async () => {},
      span: async () => null,
      zoomSample: '() => window.__baseline.zoom()',
    };
    const redraws = (gesture: () => Promise<void>) => async () => {
      const before = await page.evaluate(() => window.__baseline!.draws());
      await gesture();
      const drawn = (await page.evaluate(() => window.__baseline!.draws())) - before;
      return { effect: `redrawn ${drawn}×`, ok: drawn >= GESTURE_FRAMES / 2 };
    };
    const middle = centre(area);
    const gestures: Record<string, GestureFigures> = {};
    // The same pointer paths and wheel deltas as Cutroom's drag, scroll, zoom and marquee.
    gestures.drag = await measure(
      lib,
      'drag',
      redraws(() =>
        pointerGesture(
          lib,
          middle,
          (t) => ({ x: middle.x + alongWaypoints(DRAG_LEGS_PX, t), y: middle.y }),
          { modifiers: ALT },
        ),
      ),
    );
    gestures.scroll = await measure(lib, 'scroll', async () => {
      await wheel(lib, middle, SCROLL_DELTAS);
      await page.waitForTimeout(50);
      const end = await lib.scroll();
      return { effect: `scrolled ${Math.round(end.left)} px`, ok: end.left > 0 };
    });
    gestures.zoom = await measure(
      lib,
      'zoom',
      redraws(() => wheel(lib, middle, ZOOM_DELTAS, true)),
    );
    const from = { x: area.x + area.width - 48, y: area.y + 34 };
    const to = { x: area.x - 10, y: area.y + area.height - 24 };
    gestures.marquee = await measure(
      lib,
      'marquee',
      redraws(() =>
        pointerGesture(lib, from, (t) => ({
          x: from.x + (to.x - from.x) * t,
          y: from.y + (to.y - from.y) * Math.min(1, t * 1.5),
        })),
      ),
    );
    return {
      size: setup.size,
      lib: BASELINE,
      firstDrawMs: Number.NaN,
      heapMb: Number.NaN,
      gestures,
    };
  } finally {
    await context.close();
  }
}

// ───────────────────────────── report ─────────────────────────────

function medianCell(runs: CellResult[]): CellResult {
  // The run with the median worst p95 over the smooth gestures stands for the cell.
  const worst = (cell: CellResult) =>
    Math.max(
      ...Object.entries(cell.gestures)
        .filter(([name]) => SMOOTH_GESTURES.has(name))
        .map(([, g]) => g.p95),
    );
  const sorted = [...runs].sort((a, b) => worst(a) - worst(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

function printCells(results: CellResult[]): void {
  console.log(
    '\nPer gesture: rAF gaps over the whole window (press → release → commit), frames presented and dropped while the input moves (Chromium frame trace; drop % = dropped ÷ (presented + dropped): a frame with nothing new to show, e.g. while a drag holds on a snap, is neither), Long Animation Frames (count / total / blocking ms), and the check that it did something.',
  );
  const header =
    'items   editor               gesture       frames  p50    p95    max    presented/s  dropped  drop %  LoAF n  LoAF ms  blocking  commit ms  did';
  for (const size of SIZES) {
    console.log(`\n${header}`);
    for (const cell of results.filter((result) => result.size === size)) {
      for (const [name, g] of Object.entries(cell.gestures)) {
        const commit =
          g.commitMs !== undefined
            ? fmt(g.commitMs, 0)
            : g.undoMs !== undefined
              ? `undo ${fmt(g.undoMs, 0)}`
              : '';
        console.log(
          [
            size.toLocaleString('en').padEnd(7),
            cell.lib.padEnd(20),
            name.padEnd(12),
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
          ].join(' '),
        );
      }
    }
  }
  for (const cell of results.filter((result) => result.lib === 'cutroom')) {
    const g = cell.gestures['playback with sound'];
    if (!g?.sound) continue;
    console.log(
      `\nSound at ${cell.size.toLocaleString('en')} items, ${fmt(SOUND_PLAYBACK_MS / 1000, 0)} s of playback: Space → first sound at the speakers ${fmt(g.sound.startMs, 0)} ms (goal ≤ ${SOUND_GOALS.startMs}); ${g.sound.underruns} chunks late of ${g.sound.scheduled} handed to the audio context (goal ${SOUND_GOALS.underruns}); ${g.decodeLoafs ?? 0} long animation frames from decoding of ${g.loafCount} (goal ${SOUND_GOALS.decodeLoafs}); video frame painted vs sound heard p95 ${fmt(g.sound.lipSyncP95Ms)} ms over ${g.sound.frames} paints (goal ≤ ${SOUND_GOALS.lipSyncP95Ms}); the moment each paint asked for vs the sound p95 ${fmt(g.sound.askedP95Ms)} ms (the difference: video frames still on their way from the service). Video frames: ${g.sound.fetched.fetched} fetched, ${g.sound.fetched.cancelled} cancelled as playback left them, latency (asked → decoded, moving average) ${fmt(g.sound.fetched.latencyMs ?? Number.NaN, 0)} ms, ${g.sound.fetched.perSecond} frames a second asked for at the end${g.sound.fetched.paces.length ? ` (changed to ${g.sound.fetched.paces.map((pace) => pace.perSecond).join(' → ')})` : ''}.`,
    );
  }
  console.log('\nLoad: first draw (navigation → first frame with items) and JS heap after load.');
  for (const cell of results.filter((result) => result.lib !== BASELINE))
    console.log(
      `  ${cell.size.toLocaleString('en').padEnd(7)} ${cell.lib.padEnd(20)} first draw ${fmt(cell.firstDrawMs, 0).padStart(6)} ms   heap ${fmt(cell.heapMb).padStart(6)} MB`,
    );
}

function printRatios(results: CellResult[]): string[] {
  const behind: string[] = [];
  console.log(
    '\nRatios, peer ÷ Cutroom for times, Cutroom ÷ peer for frames presented (above 1: Cutroom is ahead).',
  );
  for (const size of SIZES) {
    const ours = results.find((r) => r.size === size && r.lib === 'cutroom');
    if (!ours) continue;
    for (const peer of results.filter((r) => r.size === size && isPeer(r.lib))) {
      const cells: string[] = [];
      const compare = (label: string, theirs: number, mine: number, lowerIsBetter = true) => {
        const ratio = lowerIsBetter ? theirs / mine : mine / theirs;
        cells.push(`${label} ${fmt(ratio, 2)}`);
        if (Number.isFinite(ratio) && ratio < 1)
          behind.push(
            `${size.toLocaleString('en')} items vs ${peer.lib}: ${label} (${fmt(ratio, 2)})`,
          );
      };
      compare('first draw', peer.firstDrawMs, ours.firstDrawMs);
      compare('heap', peer.heapMb, ours.heapMb);
      const peerTimedOut = Object.values(peer.gestures).some((g) => g.timedOut);
      for (const name of ['drag', 'trim', 'scroll', 'zoom', 'fit']) {
        const a = ours.gestures[name];
        const b = peer.gestures[name];
        if (a?.ok && b?.timedOut) {
          cells.push(`${name}: the peer timed out (Cutroom ahead)`);
          continue;
        }
        if (a?.ok && !b && peerTimedOut) {
          cells.push(`${name}: not measured (the peer timed out before it)`);
          continue;
        }
        if (!a || !b) continue;
        // rAF gaps floor at one display frame: with both p95s within the jitter of that floor
        // (the goal's own allowance), neither editor can be lower, and 16.78 vs 16.80 ms is timer
        // noise, not a lead; the cell's other figures (frames presented, long frames) still count.
        const atFloor = (p95: number) => p95 <= FRAME_MS + JITTER_MS;
        if (atFloor(a.p95) && atFloor(b.p95)) cells.push(`${name} p95 both at the frame floor`);
        else compare(`${name} p95`, b.p95, a.p95);
        if (name !== 'fit')
          compare(`${name} presented/s`, b.presentedPerSecond, a.presentedPerSecond, false);
        // LoAF time: both zero is a tie, not a loss.
        if (a.loafTotalMs > 0 || b.loafTotalMs > 0)
          compare(`${name} LoAF ms`, Math.max(b.loafTotalMs, 0.1), Math.max(a.loafTotalMs, 0.1));
      }
      console.log(`  ${size.toLocaleString('en').padEnd(7)} vs ${peer.lib}: ${cells.join(' · ')}`);
    }
  }
  return behind;
}

/**
 * A peer still busy with its input after the time-out is the peer's result (it failed that
 * gesture; Cutroom, which did it, is ahead there), printed apart and not a missed Cutroom goal.
 * Any other gesture that did not do its work (Cutroom's, the baseline's, or a peer's that ended)
 * means the figures cannot be trusted: that is a miss.
 */
function peerFailures(results: CellResult[]): string[] {
  const failures: string[] = [];
  for (const cell of results.filter((result) => isPeer(result.lib)))
    for (const [name, g] of Object.entries(cell.gestures))
      if (g.timedOut) {
        const ours = results.find((r) => r.size === cell.size && r.lib === 'cutroom');
        failures.push(
          `${cell.lib} at ${cell.size.toLocaleString('en')} items: the ${name} ${g.effect}` +
            (ours?.gestures[name]?.ok ? ' (Cutroom did it: Cutroom ahead in that cell)' : ''),
        );
      }
  return failures;
}

/** The trivial page's figures beside Cutroom's, gesture by gesture: the app's cost vs the machine's. */
function printBaseline(results: CellResult[]): void {
  console.log(
    `\nBaseline, this machine's ceiling: a trivial page (${BASELINE}) with a canvas the size of Cutroom's time area, cleared and redrawn with five rectangles every frame, under the same input, measured right after Cutroom at each size. Cutroom's share of what that page presents:`,
  );
  for (const size of SIZES) {
    const ours = results.find((r) => r.size === size && r.lib === 'cutroom');
    const base = results.find((r) => r.size === size && r.lib === BASELINE);
    if (!ours || !base) continue;
    const parts = [...SMOOTH_GESTURES].map((name) => {
      const a = ours.gestures[name];
      const b = base.gestures[name === 'group drag' ? 'drag' : name];
      if (!a || !b) return `${name} –`;
      return `${name} ${fmt(a.presentedPerSecond)}/s vs ${fmt(b.presentedPerSecond)}/s (${fmt((100 * a.presentedPerSecond) / b.presentedPerSecond, 0)} %), p95 ${fmt(a.p95)} vs ${fmt(b.p95)} ms`;
    });
    console.log(`  ${size.toLocaleString('en').padEnd(7)} ${parts.join(' · ')}`);
  }
}

function goalMisses(results: CellResult[]): string[] {
  const misses: string[] = [];
  for (const cell of results) {
    for (const [name, g] of Object.entries(cell.gestures))
      if (!g.ok && !(isPeer(cell.lib) && g.timedOut))
        misses.push(`${cell.lib} at ${cell.size}: the ${name} did not do its work (${g.effect})`);
    if (cell.lib !== 'cutroom') continue;
    const baseline = results.find((r) => r.size === cell.size && r.lib === BASELINE)?.gestures;
    const ceiling = (name: string) => {
      const b = baseline?.[name] ?? baseline?.[name.endsWith(' drag') ? 'drag' : ''];
      return b
        ? ` [trivial page, same input: ${fmt(b.presentedPerSecond)}/s, p95 ${fmt(b.p95)} ms]`
        : '';
    };
    const goal = cell.size >= 10_000 ? GOALS.large : GOALS.small;
    for (const [name, g] of Object.entries(cell.gestures)) {
      const held = HELD_GESTURES.has(name);
      const where = `${cell.size.toLocaleString('en')} items, ${name}`;
      if (
        EDITING_SETTLE_GESTURES.has(name) &&
        cell.size <= 1000 &&
        !(g.commitMs! <= GOALS.editSettleMs)
      )
        misses.push(
          `${where}: settled in ${fmt(g.commitMs!, 0)} ms (goal ≤ ${GOALS.editSettleMs})`,
        );
      const editing = EDITING_FRAME_GESTURES.has(name) && cell.size <= 1000;
      if (!SMOOTH_GESTURES.has(name) && !held && !editing) continue;
      // The editing gestures' goals are the issue's, at 1,000 items: playback has no p95 goal
      // (a frame of video lasts two display frames: the rAF gaps are the page's, not the goal).
      if (name !== 'playback' && g.p95 > goal.p95Ms + JITTER_MS)
        misses.push(
          `${where}: p95 frame ${fmt(g.p95)} ms (goal ≤ ${fmt(goal.p95Ms)} + ${JITTER_MS} ms jitter)${ceiling(name)}`,
        );
      if (!held && !(g.presentedPerSecond >= goal.presentedPerSecond))
        misses.push(
          `${where}: ${fmt(g.presentedPerSecond)} frames presented a second (goal ≥ ${goal.presentedPerSecond})${ceiling(name)}`,
        );
      if (goal.longestLoafMs !== undefined && g.longestLoafMs > goal.longestLoafMs)
        misses.push(
          `${where}: a long animation frame of ${fmt(g.longestLoafMs)} ms (goal: none over ${goal.longestLoafMs} ms)`,
        );
    }
    const sound = cell.gestures['playback with sound'];
    // Issue 43's goals are graded at 1,000 items: a run that did not measure them misses them.
    if (cell.size <= 1000 && !sound?.sound && !STUDIO_ONLY)
      misses.push(`${cell.size.toLocaleString('en')} items: playback with sound was not measured`);
    if (sound?.sound) {
      const where = `${cell.size.toLocaleString('en')} items, playback with sound`;
      if (!(sound.sound.startMs <= SOUND_GOALS.startMs))
        misses.push(
          `${where}: sound started ${fmt(sound.sound.startMs, 0)} ms after Space (goal ≤ ${SOUND_GOALS.startMs})`,
        );
      if (sound.sound.underruns > SOUND_GOALS.underruns)
        misses.push(
          `${where}: ${sound.sound.underruns} chunks of sound late (goal ${SOUND_GOALS.underruns})`,
        );
      if ((sound.decodeLoafs ?? 0) > SOUND_GOALS.decodeLoafs)
        misses.push(
          `${where}: ${sound.decodeLoafs} long animation frames from decoding (goal ${SOUND_GOALS.decodeLoafs})`,
        );
      if (!(sound.sound.lipSyncP95Ms <= SOUND_GOALS.lipSyncP95Ms))
        misses.push(
          `${where}: frames ${fmt(sound.sound.lipSyncP95Ms)} ms from the sound at p95 (goal ≤ ${SOUND_GOALS.lipSyncP95Ms})`,
        );
    }
    const group = cell.gestures['group drag'];
    if (cell.size <= 1000 && group) {
      if (!(group.commitMs! <= GOALS.groupCommitMs))
        misses.push(
          `${cell.size} items: the group move committed in ${fmt(group.commitMs!, 0)} ms (goal ≤ ${GOALS.groupCommitMs})`,
        );
      if (!(group.undoMs! <= GOALS.groupCommitMs))
        misses.push(
          `${cell.size} items: its undo committed in ${fmt(group.undoMs!, 0)} ms (goal ≤ ${GOALS.groupCommitMs})`,
        );
    }
  }
  return misses;
}

// ───────────────────────────── main ─────────────────────────────

async function projectsAndData(
  browser: Browser,
  base: string,
  outDir: string,
): Promise<Map<number, { projectId: string; timeline: TimelineData }>> {
  const { context, page } = await newPage(browser);
  try {
    await signInWithDemo(page, base);
    const projectIds = await seededProjectIds(page, base);
    const found = new Map<number, { projectId: string; timeline: TimelineData }>();
    for (const size of SIZES) {
      const projectId = projectIds.get(PROJECT_NAME(size));
      if (!projectId)
        throw new Error(
          `no seeded project “${PROJECT_NAME(size)}” (seed plug-in timeline-projects?)`,
        );
      const response = await page.request.get(`${base}/api/v1/projects/${projectId}/timeline`);
      const body = await response.text();
      await writeFile(join(outDir, `data-${size}.json`), body);
      found.set(size, { projectId, timeline: JSON.parse(body) as TimelineData });
    }
    return found;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const base = `http://localhost:${port}`;
  const outDir = await mkdtemp(join(tmpdir(), 'cutroom-timeline-bench-'));
  let app: ChildProcess | undefined;
  let peerServer: Server | undefined;
  let browser: Browser | undefined;
  const results: CellResult[] = [];
  try {
    console.log(`bench:timeline: starting the app on ${base} (seed plug-in timeline-projects) …`);
    app = await startApp(port, await seedPluginEnv(['timeline-projects']));
    if (WITH_PEER) {
      console.log('bench:timeline: building the peer’s page …');
      await buildPeerPage(outDir);
    }
    await writeFile(join(outDir, 'baseline.html'), BASELINE_PAGE);
    const served = await serve(outDir);
    peerServer = served.server;
    browser = await chromium.launch(chromiumLaunchOptions);
    const [one, five, fifteen] = loadavg();
    console.log(
      `Chromium ${browser.version()}, headless, software rendering; ${availableParallelism()} CPU(s), load average ${fmt(one!, 2)} ${fmt(five!, 2)} ${fmt(fifteen!, 2)}; sizes ${SIZES.join(', ')}; ${POINTER_EVENTS} input events a gesture at ${INPUT_HZ} Hz; median of ${RUNS} run(s).`,
    );
    const data = await projectsAndData(browser, base, outDir);
    for (const size of SIZES) {
      const { projectId, timeline } = data.get(size)!;
      const setup: Setup = { size, projectId, timeline, base, peerOrigin: served.origin };
      const runs = new Map<LibName, CellResult[]>();
      const add = (result: CellResult) =>
        runs.set(result.lib, [...(runs.get(result.lib) ?? []), result]);
      for (let run = 0; run < RUNS; run += 1) {
        add(await measureCutroom(browser, setup));
        console.log(`  ${size} items, run ${run + 1}: cutroom measured`);
        if (ONE_GESTURE) continue;
        add(await measureBaseline(browser, setup));
        console.log(`  ${size} items, run ${run + 1}: ${BASELINE} measured`);
        if (!WITH_PEER) continue;
        for (const name of ['peer (dragLine on)', 'peer (dragLine off)'] as const) {
          add(await measurePeer(browser, setup, name));
          console.log(`  ${size} items, run ${run + 1}: ${name} measured`);
        }
      }
      for (const cells of runs.values()) results.push(medianCell(cells));
    }
  } finally {
    await browser?.close();
    peerServer?.close();
    app?.kill('SIGTERM');
    await rm(outDir, { recursive: true, force: true });
  }

  printCells(results);
  printBaseline(results);
  const behind = WITH_PEER ? printRatios(results) : [];
  const peerFailed = peerFailures(results);
  if (peerFailed.length > 0)
    console.log(
      `\nThe peer's failures (its results, not Cutroom goals):\n  ${peerFailed.join('\n  ')}`,
    );
  const misses = [...goalMisses(results), ...behind.map((cell) => `behind the peer: ${cell}`)];
  const [one, five, fifteen] = loadavg();
  console.log(`\nLoad average at the end: ${fmt(one!, 2)} ${fmt(five!, 2)} ${fmt(fifteen!, 2)}.`);
  if (process.env.BENCH_JSON)
    await writeFile(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
  if (misses.length > 0) {
    console.log(`\nGoals missed (${misses.length}):\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll goals met.');
  }
}

await main();
