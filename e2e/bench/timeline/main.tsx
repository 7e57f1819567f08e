/**
 * The benchmark page: `?lib=cutroom|peer&items=N` renders one timeline (20 layers) with the same
 * synthetic data and exposes `window.__bench` for the runner: readiness, view control and frame
 * recording. Built by e2e/bench/timeline-bench.ts with Vite; never part of the app.
 */
import { Timeline as PeerTimeline } from '@xzdarcy/react-timeline-editor';
import '@xzdarcy/react-timeline-editor/dist/react-timeline-editor.css';
import { StrictMode, useCallback, useEffect, useState, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import { TimelineCanvas } from '@/features/timeline/components/timeline-canvas.tsx';
import { applyEditOps, type EditOp } from '@/features/timeline/model/edit-ops.ts';
import { syntheticTimeline } from '@/features/timeline/model/synthetic-timeline.ts';
import { ROW_HEIGHT, zoomAt } from '@/features/timeline/model/time-scale.ts';
import type { Timeline } from '@/features/timeline/model/timeline-types.ts';
import { createEditorStore, viewportOf } from '@/features/timeline/state/editor-store.ts';
import './bench.css';

const params = new URLSearchParams(location.search);
const lib = params.get('lib') === 'peer' ? 'peer' : 'cutroom';
const itemCount = Number(params.get('items') ?? 2000);
const START_PX_PER_SECOND = 40;

type TimelineRow = ComponentProps<typeof PeerTimeline>['editorData'][number];
/** The editor's canvas height (timeline-editor.tsx caps it at 460 px); the peer gets the same. */
const HEIGHT = 460;

export interface BenchApi {
  lib: string;
  mountedAt: number;
  /** performance.now() of the first frame that showed items, or null until then. */
  firstDrawAt: number | null;
  /** Screen rectangle of an item (client coordinates). */
  itemRect(id: string): { x: number; y: number; width: number; height: number } | null;
  /** Sets the zoom (px per second) keeping the left edge's time in place. */
  setZoom(pxPerSecond: number): void;
  /** Zooms 40 → 4 → 40 px/s exponentially, one step per frame, over `ms`. */
  zoomSweep(ms: number): Promise<void>;
  startFrames(): void;
  stopFrames(): number[];
  itemIds: string[];
}

declare global {
  interface Window {
    __bench?: BenchApi;
  }
}

const timeline = syntheticTimeline({ itemCount, layerCount: 20 });
const frames: number[] = [];
let recording = false;
let last = 0;
const tick = (now: number) => {
  if (recording) {
    if (last) frames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  }
};

const bench: BenchApi = {
  lib,
  mountedAt: performance.now(),
  firstDrawAt: null,
  itemRect: () => null,
  setZoom: () => undefined,
  zoomSweep(ms) {
    return new Promise<void>((resolve) => {
      const start = performance.now();
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / ms);
        const level = t < 0.5 ? t * 2 : (1 - t) * 2; // 0 → 1 → 0
        bench.setZoom(START_PX_PER_SECOND * Math.pow(0.1, level));
        if (t < 1) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
  },
  startFrames() {
    frames.length = 0;
    last = 0;
    recording = true;
    requestAnimationFrame(tick);
  },
  stopFrames() {
    recording = false;
    return [...frames];
  },
  itemIds: timeline.layers.flatMap((layer) => layer.items.map((item) => item.id)),
};
window.__bench = bench;

/** The rendered timeline hands the runner its zoom and geometry. */
function installBenchControls(controls: Pick<BenchApi, 'setZoom' | 'itemRect'>): void {
  bench.setZoom = controls.setZoom;
  bench.itemRect = controls.itemRect;
}

/** Marks the first frame where items are on screen (checked once per frame after mount). */
function watchFirstDraw(ready: () => boolean): void {
  const check = () => {
    if (ready()) {
      // The frame after the one that found items: they have been painted.
      requestAnimationFrame(() => {
        bench.firstDrawAt = performance.now();
      });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

function CutroomBench() {
  const [store] = useState(() =>
    createEditorStore({ pxPerSecond: START_PX_PER_SECOND, fitted: true }),
  );
  const [data, setData] = useState<Timeline>(timeline);
  const onCommit = useCallback(
    (_label: string, ops: EditOp[]) => setData((current) => applyEditOps(current, ops)),
    [],
  );
  useEffect(() => {
    installBenchControls({
      setZoom: (pxPerSecond) => {
        const state = store.getState();
        const view = viewportOf(state);
        state.setView(
          zoomAt(view, pxPerSecond / view.pxPerSecond, 0, data.duration_seconds, data.fps),
        );
      },
      itemRect: (id) => window.__cutroomTimeline?.itemRect(id) ?? null,
    });
  }, [store, data]);
  return (
    <TimelineCanvas
      timeline={data}
      store={store}
      ariaLabel="Benchmark timeline"
      canEdit
      height={HEIGHT}
      onCommit={onCommit}
      onRefused={() => undefined}
    />
  );
}

const peerRows = (source: Timeline): TimelineRow[] =>
  source.layers.map((layer) => ({
    id: `layer-${layer.index}`,
    actions: layer.items.map((item) => ({
      id: item.id,
      start: item.start_seconds,
      end: item.end_seconds,
      effectId: item.type,
    })),
  }));

const PEER_EFFECTS = Object.fromEntries(
  ['video', 'audio', 'text', 'caption', 'image', 'overlay'].map((id) => [id, { id, name: id }]),
);
const names = new Map(
  timeline.layers.flatMap((layer) => layer.items.map((item) => [item.id, item.name] as const)),
);

function PeerBench() {
  const [rows, setRows] = useState(() => peerRows(timeline));
  const [pxPerSecond, setPxPerSecond] = useState(START_PX_PER_SECOND);
  useEffect(() => {
    installBenchControls({
      setZoom: setPxPerSecond,
      itemRect: (id) => {
        const element = document.querySelector(
          `[data-bench-id="${CSS.escape(id)}"]`,
        )?.parentElement;
        if (!element) return null;
        const rect = element.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      },
    });
  }, []);
  return (
    <PeerTimeline
      editorData={rows}
      effects={PEER_EFFECTS}
      onChange={setRows}
      scale={1}
      scaleWidth={pxPerSecond}
      startLeft={0}
      rowHeight={ROW_HEIGHT}
      autoScroll
      dragLine
      style={{ width: '100%', height: HEIGHT }}
      getActionRender={(action) => (
        <div data-bench-id={action.id} className="truncate px-1 text-xs text-white">
          {names.get(action.id)}
        </div>
      )}
    />
  );
}

watchFirstDraw(() =>
  lib === 'peer'
    ? document.querySelector('[data-bench-id]') !== null
    : (window.__cutroomTimeline?.drawCounts().items ?? 0) > 0,
);

bench.mountedAt = performance.now();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <div style={{ width: 1200, padding: 16 }}>
      {lib === 'peer' ? <PeerBench /> : <CutroomBench />}
    </div>
  </StrictMode>,
);
