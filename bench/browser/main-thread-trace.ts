/**
 * Where a page load's main-thread time goes, from a Chrome trace with CPU samples: the renderer's
 * main thread from the navigation to a moment (e.g. the first word of a list in the DOM), task by
 * task (their start, wall and thread time, what ran in them: script evaluation, compile, React's
 * scheduler callbacks, style, layout, paint, GC) and the CPU samples' self time by script file
 * and by function. Used by words-first-paint-trace.ts (TRACE_MAIN=1); figures to read, no goal.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { startTrace } from './frame-trace.ts';

/** The build's hidden source maps (vite.config.ts moves them here). */
const MAPS = fileURLToPath(new URL('../../build/sourcemaps/assets/', import.meta.url));
const consumers = new Map<string, SourceMapConsumer | null>();

/** The source file a built chunk's position comes from (node_modules shortened to the package). */
function sourceOf(file: string, line: number, column: number): string | null {
  if (!consumers.has(file)) {
    const path = `${MAPS}${file}.map`;
    consumers.set(
      file,
      existsSync(path)
        ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8')) as never)
        : null,
    );
  }
  const source = consumers.get(file)?.originalPositionFor({ line: line + 1, column }).source;
  if (!source) return null;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1]! : source.replace(/^.*?\/src\//, 'src/');
}

interface Event {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & {
    name?: string;
    data?: Record<string, unknown>;
  };
}

/** Starts the trace; the function it returns stops it and gives the events. */
export async function startMainThreadTrace(cdp: CDPSession): Promise<() => Promise<Event[]>> {
  const stop = await startTrace(cdp, { debug: true, full: true });
  return async () => (await stop()) as unknown as Event[];
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
}

const shortUrl = (url: unknown) =>
  typeof url === 'string' && url ? (url.split('/').pop() ?? url).split('?')[0] : '';

/** What a child event says of itself: its name, and the script or function it ran. */
function describe(event: Event): string {
  const data = event.args?.data ?? {};
  const url = shortUrl(data.url ?? data.fileName ?? event.args?.fileName);
  const fn = typeof data.functionName === 'string' && data.functionName ? data.functionName : '';
  return [event.name, url, fn].filter(Boolean).join(' ');
}

const NESTED = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compileModule',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'EventDispatch',
  'ResourceReceivedData',
  'ResourceFinish',
  'ParseAuthorStyleSheet',
  'HitTest',
  'IntersectionObserverController::computeIntersections',
]);

/**
 * Prints the main thread from `navigationUrl`'s last navigation start (plus `fromMs`: the
 * document's answer, say, when the page before it ran until then) to `untilMs` after it:
 * every task over `minTaskMs`, with its children over 1 ms, then the CPU samples' self time by
 * file and by function (the top `top`).
 */
export function printMainThread(
  events: Event[],
  navigationUrl: RegExp,
  untilMs: number,
  { fromMs = 0, minTaskMs = 2, top = 25 } = {},
): void {
  const navs = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      navigationUrl.test(String(e.args?.data?.documentLoaderURL ?? '')),
  );
  const nav = navs.at(-1);
  if (!nav) {
    console.log('  (no navigationStart in the trace)');
    return;
  }
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.pid === nav.pid &&
      e.tid === nav.tid &&
      e.args?.name === 'CrRendererMain',
  );
  const onMain = (e: Event) => e.pid === nav.pid && e.tid === (main?.tid ?? nav.tid);
  const to = nav.ts + untilMs * 1000;
  const at = (ts: number) => ((ts - nav.ts) / 1000).toFixed(1);
  // The page before runs until the new document is parsed (its unload, its last tasks): it is
  // summed on one line, and the window starts with the new document.
  const parsed = events
    .filter((e) => e.name === 'ParseHTML' && onMain(e) && e.ts >= nav.ts + fromMs * 1000)
    .sort((a, b) => a.ts - b.ts)[0];
  const from = parsed?.ts ?? nav.ts + fromMs * 1000;
  const before = events.filter(
    (e) => e.ph === 'X' && e.name === 'RunTask' && onMain(e) && e.ts >= nav.ts && e.ts < from,
  );
  console.log(
    `  before the new document is parsed (${at(from)} ms): ${before.length} tasks, ${(
      before.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000
    ).toFixed(0)} ms (cpu ${(before.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000).toFixed(
      0,
    )} ms), the longest ${(Math.max(0, ...before.map((e) => e.dur ?? 0)) / 1000).toFixed(0)} ms`,
  );
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && onMain(e) && e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts);
  const children = events
    .filter((e) => e.ph === 'X' && NESTED.has(e.name) && onMain(e) && e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts);
  let busy = 0;
  let busyCpu = 0;
  console.log(
    `  main thread, ${at(from)}–${untilMs.toFixed(0)} ms from navigation start (tasks ≥ ${minTaskMs} ms):`,
  );
  for (const task of tasks) {
    const dur = (task.dur ?? 0) / 1000;
    busy += dur;
    busyCpu += (task.tdur ?? 0) / 1000;
    if (dur < minTaskMs) continue;
    const end = task.ts + (task.dur ?? 0);
    const inside = children.filter((c) => c.ts >= task.ts && c.ts < end && (c.dur ?? 0) >= 1000);
    // Only the outermost children of each kind (a FunctionCall inside an EvaluateScript is not
    // counted twice).
    const outer = inside.filter(
      (c) =>
        !inside.some(
          (o) =>
            o !== c &&
            o.ts <= c.ts &&
            o.ts + (o.dur ?? 0) >= c.ts + (c.dur ?? 0) &&
            o.dur! > c.dur!,
        ),
    );
    console.log(
      `    ${at(task.ts).padStart(7)} ms  ${dur.toFixed(1).padStart(6)} ms (cpu ${((task.tdur ?? 0) / 1000).toFixed(1)}): ${outer
        .slice(0, 8)
        .map((c) => `${describe(c)} ${((c.dur ?? 0) / 1000).toFixed(1)}`)
        .join('; ')}`,
    );
  }
  console.log(
    `    busy ${busy.toFixed(0)} ms of ${((to - from) / 1000).toFixed(0)} (cpu ${busyCpu.toFixed(0)} ms) in ${tasks.length} tasks`,
  );

  // CPU samples: the page's profile whose samples fall in the window.
  const nodes = new Map<number, ProfileNode>();
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const bySource = new Map<string, number>();
  const beforeBySource = new Map<string, number>();
  // The main thread's profile (a worker's has its own): its chunks carry the profile's id.
  const profiles = new Map<string, number>();
  for (const e of events)
    if (e.name === 'Profile' && onMain(e) && e.id)
      profiles.set(e.id, Number((e.args?.data as { startTime?: number })?.startTime ?? e.ts));
  const chunks = events.filter(
    (e) => e.name === 'ProfileChunk' && e.pid === nav.pid && profiles.has(e.id ?? ''),
  );
  const clock = new Map<string, number>();
  for (const chunk of chunks) {
    const data = chunk.args?.data as
      | {
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
        }
      | undefined;
    const id = chunk.id ?? '';
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let t = clock.get(id) ?? profiles.get(id) ?? chunk.ts;
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i += 1) {
      const delta = deltas[i] ?? 0;
      t += delta;
      const next = deltas[i + 1] ?? 0;
      const pageBefore = t >= nav.ts && t < from;
      if (!pageBefore && (t < from || t > to)) continue;
      const node = nodes.get(samples[i]!);
      if (!node) continue;
      const fn = node.callFrame.functionName || '(anonymous)';
      if (fn === '(idle)' || fn === '(program)' || fn === '(root)') continue;
      const file = shortUrl(node.callFrame.url) || `(${fn})`;
      const ms = Math.max(0, next) / 1000;
      const source =
        node.callFrame.url && file.endsWith('.js')
          ? sourceOf(file, node.callFrame.lineNumber ?? 0, node.callFrame.columnNumber ?? 0)
          : null;
      const where = source ?? file;
      if (pageBefore) {
        beforeBySource.set(where, (beforeBySource.get(where) ?? 0) + ms);
        continue;
      }
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
      const key = `${fn} ${file}:${node.callFrame.lineNumber ?? 0}:${node.callFrame.columnNumber ?? 0}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
      bySource.set(where, (bySource.get(where) ?? 0) + ms);
    }
    clock.set(id, t);
  }
  const list = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(', ');
  console.log(`  the page before, CPU samples' self time by source (ms): ${list(beforeBySource)}`);
  console.log(`  CPU samples' self time by file (ms): ${list(byFile)}`);
  console.log(`  by function (ms): ${list(byFunction)}`);
  console.log(`  by source (the build's source maps; ms): ${list(bySource)}`);
}
