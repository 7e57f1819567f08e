/**
 * The peer's benchmark page (@xzdarcy/react-timeline-editor), on the same data as Cutroom's real
 * route: `?data=<url>` is the timeline the BFF served for the seeded project (the runner saves it
 * beside this page); `&dragLine=0|1`; `&width=` and `&height=` the size of Cutroom's time area
 * (the peer gets the same pixels); `&zoom=` and `&scrollX=` Cutroom's view when the run starts.
 *
 * Configured fairly:
 * - its `scale` (seconds per ruler mark) follows the zoom so the ruler keeps one mark per ~120 px,
 *   as Cutroom's does (a fixed scale of 1 s would draw thousands of marks zoomed out), and
 *   `minScaleCount` covers the whole timeline;
 * - rows are as tall as Cutroom's; each action shows the item's name, as Cutroom does;
 * - the peer has no zoom gesture of its own: Ctrl+wheel zooms around the pointer with Cutroom's
 *   formula (factor e^(−deltaY·0.0015)), and the `0` key fits the project with Cutroom's fit, so
 *   both get the same input for the same result.
 * Exposes `window.__peer` to the runner. Built by bench/browser/timeline-bench.ts with Vite; never
 * part of the app.
 */
import { Timeline as PeerTimeline, type TimelineState } from '@xzdarcy/react-timeline-editor';
import '@xzdarcy/react-timeline-editor/dist/react-timeline-editor.css';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import './bench.css';

type Row = ComponentProps<typeof PeerTimeline>['editorData'][number];

interface BenchTimeline {
  layers: Array<{
    index: number;
    items: Array<{
      id: string;
      name: string;
      type: string;
      start_seconds: number;
      end_seconds: number;
    }>;
  }>;
}

export interface PeerBenchApi {
  /** performance.now() of the first frame that showed items, or null until then. */
  firstDrawAt: number | null;
  itemCount: number;
  itemRect(id: string): { x: number; y: number; width: number; height: number } | null;
  zoom(): number;
  /** Start and end of an item as the peer holds them (to check a gesture changed it). */
  spanOf(id: string): { start: number; end: number } | null;
  scroll(): { left: number; top: number };
}

declare global {
  interface Window {
    __peer?: PeerBenchApi;
  }
}

/** Cutroom's row height (time-scale.ts), so both show the same rows. */
const ROW_HEIGHT = 56;
const MIN_PX_PER_SECOND = 0.05;
const MAX_PX_PER_SECOND = 1200;
const params = new URLSearchParams(location.search);
const dragLine = params.get('dragLine') !== '0';
const width = Number(params.get('width') ?? 800);
const height = Number(params.get('height') ?? 600);
const startZoom = Number(params.get('zoom') ?? 40);
const startScrollX = Number(params.get('scrollX') ?? 0);

/** Seconds per ruler mark for a zoom: 1-2-5 steps, one mark per ~120 px. */
export function markSeconds(pxPerSecond: number): number {
  const wanted = 120 / pxPerSecond;
  const power = 10 ** Math.floor(Math.log10(wanted));
  for (const step of [1, 2, 5, 10]) if (step * power >= wanted) return step * power;
  return 10 * power;
}

const rowsOf = (timeline: BenchTimeline): Row[] =>
  timeline.layers.map((layer) => ({
    id: `layer-${layer.index}`,
    actions: layer.items.map((item) => ({
      id: item.id,
      start: item.start_seconds,
      end: item.end_seconds,
      effectId: item.type,
    })),
  }));

const EFFECTS = Object.fromEntries(
  ['video', 'audio', 'text', 'caption', 'image', 'overlay'].map((id) => [id, { id, name: id }]),
);

const clampZoom = (value: number) =>
  Math.min(MAX_PX_PER_SECOND, Math.max(MIN_PX_PER_SECOND, value));

const scrollArea = () =>
  document.querySelector<HTMLElement>('.timeline-editor-edit-area .ReactVirtualized__Grid');

const state = {
  rows: [] as Row[],
  pxPerSecond: startZoom,
};

const api: PeerBenchApi = {
  firstDrawAt: null,
  itemCount: 0,
  itemRect: (id) => {
    const element = document.querySelector(`[data-bench-id="${CSS.escape(id)}"]`)?.parentElement;
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  },
  zoom: () => state.pxPerSecond,
  spanOf: (id) => {
    for (const row of state.rows)
      for (const action of row.actions)
        if (action.id === id) return { start: action.start, end: action.end };
    return null;
  },
  scroll: () => ({ left: scrollArea()?.scrollLeft ?? 0, top: scrollArea()?.scrollTop ?? 0 }),
};
window.__peer = api;

function Bench({ timeline }: { timeline: BenchTimeline }) {
  const [rows, setRows] = useState(() => rowsOf(timeline));
  const [pxPerSecond, setPxPerSecond] = useState(startZoom);
  const [names] = useState(
    () => new Map(timeline.layers.flatMap((l) => l.items.map((i) => [i.id, i.name] as const))),
  );
  const peer = useRef<TimelineState>(null);
  const host = useRef<HTMLDivElement>(null);
  const duration = Math.max(
    1,
    ...timeline.layers.flatMap((layer) => layer.items.map((item) => item.end_seconds)),
  );
  const pending = useRef<number | null>(null);

  useEffect(() => {
    state.rows = rows;
    state.pxPerSecond = pxPerSecond;
    if (pending.current !== null) {
      peer.current?.setScrollLeft(pending.current);
      pending.current = null;
    }
  }, [rows, pxPerSecond]);

  useEffect(() => {
    peer.current?.setScrollLeft(startScrollX);
    const element = host.current;
    if (!element) return;
    // Cutroom's Ctrl+wheel zoom around the pointer, and its fit (the `0` key).
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      const area = scrollArea();
      const anchor = event.clientX - (area?.getBoundingClientRect().left ?? 0);
      const before = state.pxPerSecond;
      const next = clampZoom(before * Math.exp(-event.deltaY * 0.0015));
      const time = ((area?.scrollLeft ?? 0) + anchor) / before;
      pending.current = Math.max(0, time * next - anchor);
      state.pxPerSecond = next;
      setPxPerSecond(next);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '0') return;
      const next = clampZoom(Math.max(1, width - 56) / duration);
      pending.current = 0;
      state.pxPerSecond = next;
      setPxPerSecond(next);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKey);
    };
  }, [duration]);

  const scale = markSeconds(pxPerSecond);
  return (
    <div ref={host} style={{ width, height }}>
      <PeerTimeline
        ref={peer}
        editorData={rows}
        effects={EFFECTS}
        onChange={setRows}
        scale={scale}
        scaleWidth={scale * pxPerSecond}
        minScaleCount={Math.ceil(duration / scale) + 1}
        startLeft={0}
        rowHeight={ROW_HEIGHT}
        autoScroll
        dragLine={dragLine}
        style={{ width, height }}
        getActionRender={(action) => (
          <div data-bench-id={action.id} className="truncate px-1 text-xs text-white">
            {names.get(action.id)}
          </div>
        )}
      />
    </div>
  );
}

function watchFirstDraw(): void {
  const check = () => {
    // The frame in which the first items are in the DOM is the frame that paints them.
    if (document.querySelector('[data-bench-id]')) api.firstDrawAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function start(): Promise<void> {
  const timeline = (await (await fetch(params.get('data') ?? 'data.json')).json()) as BenchTimeline;
  api.itemCount = timeline.layers.reduce((sum, layer) => sum + layer.items.length, 0);
  watchFirstDraw();
  createRoot(document.getElementById('root')!).render(<Bench timeline={timeline} />);
}

void start();
