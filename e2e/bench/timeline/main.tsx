/**
 * The peer's benchmark page (@xzdarcy/react-timeline-editor), on the same data as Cutroom's real
 * route: `?data=<json>` is the timeline the BFF served for the seeded project (the runner saves it
 * beside this page), `&dragLine=0|1`, `&height=<px>` the height of Cutroom's canvas.
 *
 * Configured fairly: its `scale` (seconds per ruler mark) follows the zoom so the ruler keeps one
 * mark per ~120 px, as Cutroom's does (a fixed scale of 1 s would draw thousands of marks zoomed
 * out); `minScaleCount` covers the whole timeline; rows are as tall as Cutroom's; each action shows
 * the item's name as Cutroom does. Exposes `window.__bench` to the runner. Built by
 * e2e/bench/timeline-bench.ts with Vite; never part of the app.
 */
import { Timeline as PeerTimeline } from '@xzdarcy/react-timeline-editor';
import '@xzdarcy/react-timeline-editor/dist/react-timeline-editor.css';
import { useEffect, useState, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import './bench.css';

type Row = ComponentProps<typeof PeerTimeline>['editorData'][number];

interface BenchTimeline {
  duration_seconds: number;
  layers: Array<{
    index: number;
    name: string;
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
  /** Ids of the items rendered now (the peer virtualises rows). */
  visibleIds(): string[];
  setZoom(pxPerSecond: number): void;
  zoom(): number;
  /** Start of an item as the peer holds it (to check a drag moved it). */
  startOf(id: string): number | null;
  /** Left scroll offset of the peer's time area. */
  scrollLeft(): number;
}

declare global {
  interface Window {
    __peer?: PeerBenchApi;
  }
}

const ROW_HEIGHT = 56;
const params = new URLSearchParams(location.search);
const dragLine = params.get('dragLine') !== '0';
const height = Number(params.get('height') ?? 460);
const startZoom = Number(params.get('zoom') ?? 40);

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

const api: PeerBenchApi = {
  firstDrawAt: null,
  itemCount: 0,
  itemRect: (id) => {
    const element = document.querySelector(`[data-bench-id="${CSS.escape(id)}"]`)?.parentElement;
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  },
  visibleIds: () =>
    [...document.querySelectorAll<HTMLElement>('[data-bench-id]')].map(
      (element) => element.dataset.benchId!,
    ),
  setZoom: () => undefined,
  zoom: () => startZoom,
  startOf: () => null,
  scrollLeft: () =>
    document.querySelector<HTMLElement>('.timeline-editor-edit-area .ReactVirtualized__Grid')
      ?.scrollLeft ?? 0,
};
window.__peer = api;

function Bench({ timeline }: { timeline: BenchTimeline }) {
  const [rows, setRows] = useState(() => rowsOf(timeline));
  const [pxPerSecond, setPxPerSecond] = useState(startZoom);
  const names = useState(
    () => new Map(timeline.layers.flatMap((l) => l.items.map((i) => [i.id, i.name] as const))),
  )[0];
  useEffect(() => {
    api.setZoom = setPxPerSecond;
  }, []);
  useEffect(() => {
    api.zoom = () => pxPerSecond;
  }, [pxPerSecond]);
  useEffect(() => {
    api.startOf = (id) => {
      for (const row of rows)
        for (const action of row.actions) if (action.id === id) return action.start;
      return null;
    };
  }, [rows]);
  const scale = markSeconds(pxPerSecond);
  return (
    <PeerTimeline
      editorData={rows}
      effects={EFFECTS}
      onChange={setRows}
      scale={scale}
      scaleWidth={scale * pxPerSecond}
      minScaleCount={Math.ceil(timeline.duration_seconds / scale) + 1}
      startLeft={0}
      rowHeight={ROW_HEIGHT}
      autoScroll
      dragLine={dragLine}
      style={{ width: '100%', height }}
      getActionRender={(action) => (
        <div data-bench-id={action.id} className="truncate px-1 text-xs text-white">
          {names.get(action.id)}
        </div>
      )}
    />
  );
}

function watchFirstDraw(): void {
  const check = () => {
    if (document.querySelector('[data-bench-id]')) {
      requestAnimationFrame(() => {
        api.firstDrawAt = performance.now();
      });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function start(): Promise<void> {
  const timeline = (await (await fetch(params.get('data') ?? 'data.json')).json()) as BenchTimeline;
  api.itemCount = timeline.layers.reduce((sum, layer) => sum + layer.items.length, 0);
  watchFirstDraw();
  createRoot(document.getElementById('root')!).render(
    <div style={{ width: 1280 - 300 - 168 - 48, padding: 0 }}>
      <Bench timeline={timeline} />
    </div>,
  );
}

void start();
