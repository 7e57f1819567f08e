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
import { fmt } from './fmt.ts';
import {
  ALT,
  alongWaypoints,
  DRAG_LEGS_PX,
  GESTURE_FRAMES,
  GestureTimeout,
  INPUT_HZ,
  POINTER_EVENTS,
  pointerGesture,
  press,
  SCROLL_DELTAS,
  wheel,
  ZOOM_DELTAS,
} from './gesture-input.ts';
import {
  figureCells,
  FIGURES_HEADER,
  type GestureFigures,
  lastGesture,
  measure,
  RECORDER,
} from './gesture-window.ts';
import { percentile } from './percentile.ts';
import {
  EDITING_FRAME_GESTURES,
  EDITING_SETTLE_GESTURES,
  FRAME_MS,
  frameGoalAt,
  frameGoalMisses,
  GOALS,
  groupCommitMisses,
  HELD_GESTURES,
  JITTER_MS,
  SMOOTH_GESTURES,
} from './timeline-goals.ts';
import {
  bringIntoView,
  centre,
  commitTime,
  type Commits,
  dragGesture,
  fitGesture,
  groupDragGesture,
  heapMb,
  type Item,
  type Lib,
  marqueeGesture,
  openCutroomTimeline,
  pickItem,
  type Rect,
  revisionCommits,
  scrollGesture,
  settled,
  type TimelineData,
  zoomGesture,
} from './timeline-gestures.ts';
import type { PeerBenchApi } from './timeline-peer/main.tsx';
import type { Timeline } from '../../src/api/schema.gen.ts';

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
const PROJECT_NAME = (size: number) => `Benchmark: ${size.toLocaleString('en')} timeline items`;

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

/** The item count of the Cutroom cell being measured. */
let currentSize = 0;

// ───────────────────────────── the peer behind the editors' interface ─────────────────────────────

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
    __peer?: PeerBenchApi;
  }
}

// ───────────────────────────── picking what to touch ─────────────────────────────

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

/** The gestures both editors have: drag one item, trim, scroll, zoom sweep, fit. */
async function commonGestures(
  lib: Lib,
  setup: Setup,
  gestures: Record<string, GestureFigures>,
  commit: ((label: string) => Promise<number>) | null,
): Promise<void> {
  const zoom = await lib.zoom();

  const { figures: drag, item: dragged } = await dragGesture(lib, setup.timeline, commit);
  gestures.drag = drag;

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

  gestures.scroll = await scrollGesture(lib);
  await settled(lib);
  gestures.zoom = await zoomGesture(lib);
  await settled(lib);
  gestures.fit = await fitGesture(lib);
}
async function measureCutroom(browser: Browser, setup: Setup): Promise<CellResult> {
  currentSize = setup.size;
  const { context, page } = await newPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await signInWithDemo(page, setup.base);
    const opened = await openCutroomTimeline(page, cdp, setup.base, setup.projectId, setup.size);
    const { lib, firstDrawMs } = opened;
    setup.view = {
      x: lib.area.x,
      y: lib.area.y,
      width: lib.area.width,
      height: lib.area.height,
      zoom: await lib.zoom(),
      scrollX: 0,
    };
    const gestures: Record<string, GestureFigures> = {};
    const commits = await revisionCommits(page);
    try {
      if (SOUND_ONLY) await onlySound(lib, setup, gestures);
      else if (STUDIO_ONLY) await splitResizeGesture(lib, gestures);
      else await cutroomGestures(lib, setup, gestures, commits);
    } catch (error) {
      if (!(error instanceof GestureTimeout) || !error.figures) throw error;
      gestures[lastGesture()] = error.figures;
    }
    return { size: setup.size, lib: 'cutroom', firstDrawMs, heapMb: opened.heapMb, gestures };
  } finally {
    await context.close();
  }
}

/** Cutroom's gestures: the common ones, then the marquee, the group move and its undo. */
async function cutroomGestures(
  lib: Lib,
  setup: Setup,
  gestures: Record<string, GestureFigures>,
  commits: Commits,
): Promise<void> {
  await commonGestures(lib, setup, gestures, commits.commit);
  // At fit zoom all 20 rows and the whole project are in view.
  gestures.marquee = await marqueeGesture(lib, Math.min(1000, setup.size));
  const group = await groupDragGesture(lib, setup.timeline, setup.projectId, commits);
  gestures['group drag'] = group.drag;
  if (group.undo) gestures.undo = group.undo;
  await editingGestures(lib, setup, gestures, commits.revision, commits.setRevision);
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
      gestures[lastGesture()] = error.figures;
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
  const header = `items   editor               gesture       ${FIGURES_HEADER}`;
  for (const size of SIZES) {
    console.log(`\n${header}`);
    for (const cell of results.filter((result) => result.size === size)) {
      for (const [name, g] of Object.entries(cell.gestures)) {
        console.log(
          [
            size.toLocaleString('en').padEnd(7),
            cell.lib.padEnd(20),
            name.padEnd(12),
            figureCells(g),
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
    const goal = frameGoalAt(cell.size);
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
      misses.push(
        ...frameGoalMisses(where, g, goal, {
          p95: name !== 'playback',
          presented: !held,
          ceiling: ceiling(name),
        }),
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
    misses.push(...groupCommitMisses(cell.size, cell.gestures['group drag']));
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
