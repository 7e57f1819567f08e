/**
 * The Konva timeline canvas. Konva's performance advice, applied:
 * - three layers: a static one (background, rows, grid, ruler), the items (only what is visible,
 *   level of detail by width) and an overlay (playhead, drag ghosts, snap line, marquee);
 * - no layer listens: hit testing is the pure index, not Konva's hit graph;
 * - a drag redraws only the overlay; items are written to the server once, on release;
 * - scrolling uses a native scroll container with a viewport-sized stage that follows it.
 * Nothing here re-renders React while scrolling, zooming or dragging: the store is read at draw time.
 */
import type Konva from 'konva';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import type { EditOp } from '../model/edit-ops.ts';
import { hitTest, itemScreenRect } from '../model/hit-testing.ts';
import { pointerDown, pointerMove, pointerUp, type GestureContext, type Modifiers, type Pending } from '../model/pointer-gesture.ts';
import { buildTimelineIndex } from '../model/timeline-index.ts';
import {
  clampScroll,
  contentHeight,
  contentWidth,
  fitToProject,
  RULER_HEIGHT,
  ROW_HEIGHT,
  rowTop,
  timeToX,
  zoomAt,
} from '../model/time-scale.ts';
import type { Timeline } from '../model/timeline-types.ts';
import { viewportOf, type EditorState, type EditorStore } from '../state/editor-store.ts';
import { ThumbnailCache } from './thumbnail-cache.ts';
import { drawItems, drawOverlay, drawStatic, TYPE_STYLE } from './timeline-drawing.ts';

const HEADER_WIDTH = 168;
const AUTO_SCROLL_EDGE = 40;
const AUTO_SCROLL_MAX = 24;

/** Test hooks (only under automation): coordinates from the same maths the canvas draws with. */
export interface TimelineTestHooks {
  itemRect(itemId: string): { x: number; y: number; width: number; height: number } | null;
  timeToClientX(seconds: number): number;
  rowCenterClientY(layerIndex: number): number;
  view(): { pxPerSecond: number; scrollX: number; scrollY: number; width: number; height: number };
  drawCounts(): { items: number; overlay: number };
}

declare global {
  interface Window {
    __cutroomTimeline?: TimelineTestHooks;
  }
}

export interface TimelineCanvasProps {
  timeline: Timeline;
  store: EditorStore;
  ariaLabel: string;
  describedBy?: string;
  canEdit: boolean;
  height: number;
  onCommit(label: string, ops: EditOp[]): void;
  onRefused(reason: string): void;
  onKeyDown?(event: ReactKeyboardEvent<HTMLDivElement>): void;
}

const modifiersOf = (event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): Modifiers => ({
  shift: event.shiftKey,
  toggle: event.ctrlKey || event.metaKey,
  free: event.altKey,
});

function viewChanged(a: EditorState, b: EditorState): boolean {
  return (
    a.pxPerSecond !== b.pxPerSecond ||
    a.scrollX !== b.scrollX ||
    a.scrollY !== b.scrollY ||
    a.viewportWidth !== b.viewportWidth ||
    a.viewportHeight !== b.viewportHeight
  );
}

export const TimelineCanvas = memo(function TimelineCanvas(props: TimelineCanvasProps) {
  const { timeline, store, height } = props;
  const index = useMemo(() => buildTimelineIndex(timeline), [timeline]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const spacerRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const headersRef = useRef<HTMLUListElement>(null);
  const staticLayer = useRef<Konva.Layer>(null);
  const itemsLayer = useRef<Konva.Layer>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const [size, setSize] = useState({ width: 0, height });
  // Latest values for event handlers and draw functions (read at draw time, never re-rendered).
  const live = useRef({ index, fps: timeline.fps, props });
  const pending = useRef<Pending | null>(null);
  const blocked = useRef(false);
  const lastPointer = useRef<{ x: number; y: number; mods: Modifiers } | null>(null);
  const autoScrollFrame = useRef<number | null>(null);
  const counts = useRef({ items: 0, overlay: 0 });
  const thumbnails = useMemo(() => new ThumbnailCache(() => itemsLayer.current?.batchDraw()), []);

  useLayoutEffect(() => {
    live.current = { index, fps: timeline.fps, props };
  });

  const view = useCallback(() => viewportOf(store.getState()), [store]);

  /** Scroll content size, stage position and scroll offsets follow the store. */
  const syncDom = useCallback(
    (state: EditorState) => {
      const el = scrollRef.current;
      const spacer = spacerRef.current;
      const host = hostRef.current;
      if (!el || !spacer || !host) return;
      const { index: current } = live.current;
      host.style.transform = `translate(${state.scrollX}px, ${state.scrollY}px)`;
      spacer.style.width = `${contentWidth(current.durationSeconds, state.pxPerSecond, state.viewportWidth)}px`;
      spacer.style.height = `${contentHeight(current.rows.length, state.viewportHeight)}px`;
      if (Math.abs(el.scrollLeft - state.scrollX) > 0.5) el.scrollLeft = state.scrollX;
      if (Math.abs(el.scrollTop - state.scrollY) > 0.5) el.scrollTop = state.scrollY;
      if (headersRef.current) headersRef.current.style.transform = `translateY(${-state.scrollY}px)`;
      el.dataset.pxPerSecond = String(state.pxPerSecond);
      el.dataset.scrollX = String(Math.round(state.scrollX));
      el.dataset.scrollY = String(Math.round(state.scrollY));
    },
    [],
  );

  const drawAll = useCallback(() => {
    staticLayer.current?.draw();
    itemsLayer.current?.draw();
    overlayLayer.current?.draw();
  }, []);

  // Store → DOM and layers, without React renders.
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (viewChanged(state, previous)) {
          syncDom(state);
          // Synchronous draw: the stage moved with the scroll in this same frame.
          drawAll();
          return;
        }
        const moving = state.drag?.kind === 'move';
        if (state.selection !== previous.selection || moving !== (previous.drag?.kind === 'move')) {
          itemsLayer.current?.batchDraw();
        }
        if (state.drag !== previous.drag || state.playhead !== previous.playhead) overlayLayer.current?.batchDraw();
        if (state.drag?.kind === 'move' && scrollRef.current) scrollRef.current.style.cursor = 'grabbing';
      }),
    [store, syncDom, drawAll],
  );

  // New timeline data (an edit, a refetch): clamp the view and redraw everything.
  useEffect(() => {
    const state = store.getState();
    const clamped = clampScroll(viewportOf(state), index.durationSeconds, index.rows.length);
    if (clamped.scrollX !== state.scrollX || clamped.scrollY !== state.scrollY) state.setView(clamped);
    syncDom(store.getState());
    drawAll();
  }, [index, store, syncDom, drawAll]);

  // Viewport size; the first measurement fits the project to the width.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => {
      const width = el.clientWidth;
      const heightNow = el.clientHeight;
      if (width === 0) return;
      setSize((old) => (old.width === width && old.height === heightNow ? old : { width, height: heightNow }));
      const state = store.getState();
      const { index: current, fps } = live.current;
      state.setView({
        viewportWidth: width,
        viewportHeight: heightNow,
        ...(state.fitted ? {} : { ...fitToProject(current.durationSeconds, width, fps), fitted: true }),
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [store]);

  useEffect(() => {
    // The stage size changed (a React render): Konva cleared the canvases.
    drawAll();
  }, [size, drawAll]);

  const gestureContext = useCallback((): GestureContext => {
    const state = store.getState();
    return { index: live.current.index, fps: live.current.fps, selection: state.selection, playhead: state.playhead, view: viewportOf(state) };
  }, [store]);

  const localPoint = useCallback((event: { clientX: number; clientY: number }) => {
    const el = scrollRef.current!;
    const rect = el.getBoundingClientRect();
    return { x: event.clientX - rect.left - el.clientLeft, y: event.clientY - rect.top - el.clientTop };
  }, []);

  const stopAutoScroll = useCallback(() => {
    if (autoScrollFrame.current !== null) cancelAnimationFrame(autoScrollFrame.current);
    autoScrollFrame.current = null;
  }, []);

  const step = useCallback(
    (x: number, y: number, mods: Modifiers) => {
      const current = pending.current;
      if (!current) return;
      const result = pointerMove(gestureContext(), current, x, y, mods);
      const state = store.getState();
      blocked.current = result.blocked ?? false;
      if (result.selection) state.setSelection(result.selection);
      if (result.playhead !== undefined) state.setPlayhead(result.playhead);
      if (result.drag !== null || state.drag !== null) state.setDrag(result.drag);
    },
    [gestureContext, store],
  );

  const autoScrollTick = useCallback(() => {
    autoScrollFrame.current = null;
    const point = lastPointer.current;
    const current = pending.current;
    if (!point || !current || !current.started || current.kind === 'scrub') return;
    const state = store.getState();
    const speed = (distance: number) => Math.min(AUTO_SCROLL_MAX, Math.ceil(((AUTO_SCROLL_EDGE - distance) / AUTO_SCROLL_EDGE) * AUTO_SCROLL_MAX));
    let dx = 0;
    let dy = 0;
    if (point.x < AUTO_SCROLL_EDGE) dx = -speed(Math.max(0, point.x));
    else if (point.x > state.viewportWidth - AUTO_SCROLL_EDGE) dx = speed(Math.max(0, state.viewportWidth - point.x));
    if (current.kind !== 'trim') {
      if (point.y < RULER_HEIGHT + AUTO_SCROLL_EDGE / 2) dy = -speed(Math.max(0, point.y - RULER_HEIGHT) * 2);
      else if (point.y > state.viewportHeight - AUTO_SCROLL_EDGE / 2) dy = speed(Math.max(0, state.viewportHeight - point.y) * 2);
    }
    if (dx !== 0 || dy !== 0) {
      const next = clampScroll({ ...viewportOf(state), scrollX: state.scrollX + dx, scrollY: state.scrollY + dy }, live.current.index.durationSeconds, live.current.index.rows.length);
      if (next.scrollX !== state.scrollX || next.scrollY !== state.scrollY) {
        state.setView(next);
        step(point.x, point.y, point.mods);
      }
    }
    autoScrollFrame.current = requestAnimationFrame(autoScrollTick);
  }, [store, step]);

  const cancelDrag = useCallback(() => {
    const current = pending.current;
    pending.current = null;
    stopAutoScroll();
    const state = store.getState();
    if (current?.kind === 'marquee' && current.started) state.setSelection(current.base);
    state.setDrag(null);
    blocked.current = false;
    if (scrollRef.current) scrollRef.current.style.cursor = '';
  }, [store, stopAutoScroll]);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLDivElement>) => {
      const el = scrollRef.current;
      if (!el || event.button !== 0) return;
      const { x, y } = localPoint(event);
      if (x < 0 || y < 0 || x > el.clientWidth || y > el.clientHeight) return; // a scrollbar
      el.focus({ preventScroll: true });
      const context = gestureContext();
      const hit = hitTest(context.index, context.view, x, y);
      const result = pointerDown(context, hit, x, y, modifiersOf(event), live.current.props.canEdit);
      const state = store.getState();
      if (result.selection) state.setSelection(result.selection);
      if (result.playhead !== undefined) state.setPlayhead(result.playhead);
      pending.current = result.pending;
      lastPointer.current = { x, y, mods: modifiersOf(event) };
      if (result.pending) {
        el.setPointerCapture(event.pointerId);
        event.preventDefault();
      }
    },
    [gestureContext, localPoint, store],
  );

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLDivElement>) => {
      const el = scrollRef.current;
      if (!el) return;
      const { x, y } = localPoint(event);
      const mods = modifiersOf(event);
      lastPointer.current = { x, y, mods };
      const current = pending.current;
      if (!current) {
        const context = gestureContext();
        const hit = hitTest(context.index, context.view, x, y);
        const canEdit = live.current.props.canEdit;
        el.style.cursor =
          hit.kind === 'item' ? (hit.zone !== 'body' && canEdit ? 'ew-resize' : canEdit ? 'grab' : 'pointer') : hit.kind === 'ruler' ? 'pointer' : '';
        return;
      }
      step(x, y, mods);
      if (current.started && current.kind !== 'scrub' && autoScrollFrame.current === null) {
        autoScrollFrame.current = requestAnimationFrame(autoScrollTick);
      }
    },
    [autoScrollTick, gestureContext, localPoint, step],
  );

  const onPointerUp = useCallback(
    (event: ReactPointerEvent<HTMLDivElement>) => {
      const current = pending.current;
      if (!current) return;
      const el = scrollRef.current;
      if (el?.hasPointerCapture(event.pointerId)) el.releasePointerCapture(event.pointerId);
      const state = store.getState();
      const result = pointerUp(gestureContext(), current, state.drag);
      pending.current = null;
      stopAutoScroll();
      state.setDrag(null);
      blocked.current = false;
      if (el) el.style.cursor = '';
      if (result.type === 'none' && result.selection) state.setSelection(result.selection);
      if (result.type === 'commit') live.current.props.onCommit(result.label, result.ops);
      if (result.type === 'refused') live.current.props.onRefused(result.reason);
    },
    [gestureContext, stopAutoScroll, store],
  );

  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape' && pending.current) {
        event.preventDefault();
        event.stopPropagation();
        cancelDrag();
        return;
      }
      if (pending.current) return;
      live.current.props.onKeyDown?.(event);
    },
    [cancelDrag],
  );

  // Ctrl/Cmd + wheel zooms around the pointer (a non-passive listener, to keep the page still).
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      const { x } = localPoint(event);
      const state = store.getState();
      state.setView(zoomAt(viewportOf(state), Math.exp(-event.deltaY * 0.0015), x, live.current.index.durationSeconds, live.current.fps));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [localPoint, store]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const state = store.getState();
    if (el.scrollLeft !== state.scrollX || el.scrollTop !== state.scrollY) state.setView({ scrollX: el.scrollLeft, scrollY: el.scrollTop });
  }, [store]);

  useEffect(() => () => stopAutoScroll(), [stopAutoScroll]);

  // Test hooks under automation only (navigator.webdriver is set by Playwright).
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.webdriver) return;
    const origin = () => {
      const el = scrollRef.current!;
      const rect = el.getBoundingClientRect();
      return { left: rect.left + el.clientLeft, top: rect.top + el.clientTop };
    };
    window.__cutroomTimeline = {
      itemRect: (itemId) => {
        const rect = itemScreenRect(live.current.index, view(), itemId);
        if (!rect) return null;
        const o = origin();
        return { ...rect, x: rect.x + o.left, y: rect.y + o.top };
      },
      timeToClientX: (seconds) => origin().left + timeToX(seconds, view()),
      rowCenterClientY: (layerIndex) => {
        const row = live.current.index.rowOfLayer.get(layerIndex) ?? 0;
        return origin().top + rowTop(row, view()) + ROW_HEIGHT / 2;
      },
      view,
      drawCounts: () => ({ ...counts.current }),
    };
    return () => {
      delete window.__cutroomTimeline;
    };
  }, [view]);

  const sceneStatic = useCallback(
    (context: Konva.Context) => drawStatic(context._context, live.current.index, view(), live.current.fps),
    [view],
  );
  const sceneItems = useCallback(
    (context: Konva.Context) => {
      const state = store.getState();
      counts.current.items = drawItems(context._context, live.current.index, viewportOf(state), {
        selection: state.selection,
        moving: state.drag?.kind === 'move' ? new Set(state.drag.ids) : null,
        thumbnails,
      });
    },
    [store, thumbnails],
  );
  const sceneOverlay = useCallback(
    (context: Konva.Context) => {
      const state = store.getState();
      counts.current.overlay = drawOverlay(
        context._context,
        live.current.index,
        viewportOf(state),
        { playhead: state.playhead, drag: state.drag, blocked: blocked.current },
        live.current.fps,
      );
    },
    [store],
  );

  return (
    <div className="flex overflow-hidden rounded-lg border border-slate-700 bg-slate-900" style={{ height }}>
      <div className="relative shrink-0 overflow-hidden border-r border-slate-700 bg-slate-950" style={{ width: HEADER_WIDTH }}>
        <div className="flex items-center px-3 text-xs font-semibold uppercase tracking-wide text-slate-300" style={{ height: RULER_HEIGHT }}>
          Layers
        </div>
        <div className="absolute inset-x-0 bottom-0 overflow-hidden" style={{ top: RULER_HEIGHT }}>
          <ul ref={headersRef} aria-label="Layers" className="will-change-transform">
            {index.rows.map((row) => (
              <li
                key={row.layer.index}
                className="flex flex-col justify-center border-b border-slate-800 px-3"
                style={{ height: ROW_HEIGHT }}
              >
                <span className="truncate text-sm font-medium text-slate-100">{row.layer.name}</span>
                <span className="text-xs text-slate-300">
                  {row.layer.kind} · {row.items.length} {row.items.length === 1 ? 'item' : 'items'}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div
        ref={scrollRef}
        role="application"
        aria-roledescription="timeline canvas"
        aria-label={props.ariaLabel}
        aria-describedby={props.describedBy}
        tabIndex={0}
        className="relative min-w-0 flex-1 overflow-auto outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-amber-400"
        style={{ touchAction: 'none' }}
        data-ruler-height={RULER_HEIGHT}
        data-row-height={ROW_HEIGHT}
        data-item-count={index.itemCount}
        onScroll={onScroll}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={cancelDrag}
        onLostPointerCapture={() => {
          if (pending.current?.started) cancelDrag();
        }}
        onKeyDown={onKeyDown}
      >
        <div ref={spacerRef} className="relative overflow-hidden">
          <div ref={hostRef} className="absolute left-0 top-0 will-change-transform">
            {size.width > 0 ? (
              <Stage width={size.width} height={size.height} listening={false}>
                <Layer ref={staticLayer} listening={false}>
                  <Shape sceneFunc={sceneStatic} listening={false} perfectDrawEnabled={false} />
                </Layer>
                <Layer ref={itemsLayer} listening={false}>
                  <Shape sceneFunc={sceneItems} listening={false} perfectDrawEnabled={false} />
                </Layer>
                <Layer ref={overlayLayer} listening={false}>
                  <Shape sceneFunc={sceneOverlay} listening={false} perfectDrawEnabled={false} />
                </Layer>
              </Stage>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
});

/** The item colours as a legend (the canvas is not in the accessibility tree; this is). */
export function TimelineLegend() {
  return (
    <ul aria-label="Item types" className="flex flex-wrap gap-3 text-xs text-slate-700">
      {Object.entries(TYPE_STYLE).map(([type, style]) => (
        <li key={type} className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: style.fill }} />
          {style.label}
        </li>
      ))}
    </ul>
  );
}
