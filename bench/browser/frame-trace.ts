/**
 * Chromium's frame trace over CDP, read for the browser benches that measure a gesture: frames
 * presented and dropped between two of the page's user-timing marks (`DrawFrame` /
 * `DroppedFrame`), the compositor's census of them, and (BENCH_DEBUG) where the main thread and
 * the compositor spent the window.
 */
import type { CDPSession } from 'playwright-core';
import { fmt } from './fmt.ts';

export interface TraceEvent {
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
export function printMainThread(events: TraceEvent[], gesture: string): void {
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
 * The gesture's motion (its `bench:start` and `bench:motion-end` marks) and the trace's thread
 * names by `pid:tid`; null without both marks.
 */
function motionWindow(
  events: TraceEvent[],
): { start: TraceEvent; end: TraceEvent; names: Map<string, string> } | null {
  const start = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'bench:start');
  const end = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'bench:motion-end');
  if (!start || !end) return null;
  const names = new Map<string, string>();
  for (const e of events as Array<TraceEvent & { args?: { name?: string } }>)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name)
      names.set(`${e.pid}:${e.tid}`, e.args.name);
  return { start, end, names };
}

/**
 * BENCH_DEBUG: CPU time (trace thread time, less sensitive to load than wall time) per presented
 * frame on each busy thread of the renderer and the display compositor, with the events that
 * took it (self thread time): where a frame's cost goes, main thread and compositor alike.
 */
export function printFrameCost(events: TraceEvent[], gesture: string): void {
  const motion = motionWindow(events);
  if (!motion) return;
  const { start, end, names } = motion;
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
export function printThreads(events: TraceEvent[], gesture: string): void {
  const motion = motionWindow(events);
  if (!motion) return;
  const { start, end, names } = motion;
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

/**
 * Starts tracing frames and user timing; `debug` adds the main thread's and compositor's events,
 * `full` the whole trace (JS, CPU samples) and BENCH_TRACE_CATEGORIES. Returns the function that
 * stops it and gives the events.
 */
export async function startTrace(
  cdp: CDPSession,
  options: { debug: boolean; full: boolean },
): Promise<() => Promise<TraceEvent[]>> {
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
        ...(options.debug || options.full
          ? ['devtools.timeline', 'toplevel', '__metadata', 'cc', 'viz', 'gpu', 'blink']
          : []),
        ...(options.full
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
export function between(
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
export function framesBetween(
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
 * The frames Chromium's compositor reported between two marks (PipelineReporter): how many, how
 * many had no update to show, and how many ran a compositor animation (the page was quiet when the
 * gesture began: any such frames come from the gesture, e.g. toolbar buttons it enables fading in).
 */
export function frameCensus(
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
