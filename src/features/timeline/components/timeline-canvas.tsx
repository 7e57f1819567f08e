/**
 * The Konva timeline canvas. Konva's performance advice, applied:
 * - the ruler and the items (rows, grid and only the visible items, level of detail by width) on
 *   opaque canvas tiles, a band wider than the view placed in the scroll content (a scroll moves it
 *   natively), and a Konva stage the size of the view, kept in view by sticky positioning, with
 *   the overlay layer (trims, what a selection box selects), a chunk of its own loaded in idle
 *   time and mounted when the pointer or focus comes to the canvas: the items are drawn without
 *   waiting for Konva;
 * - no layer listens: hit testing is the pure index, not Konva's hit graph;
 * - a trim or a selection box redraws only the overlay; a move drag lays its ghosts out once, as
 *   DOM boxes in a layer that it then only moves; items are written to the server once, on release;
 * - a native scroll container; the stage and the DOM pieces over it follow it.
 * The imperative work lives in CanvasController; this component renders the DOM once per data change.
 */
import type Konva from 'konva';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { nextTask } from '@/lib/next-task.ts';
import { useRestingSize } from '@/lib/use-resting-size.ts';
import { whenIdle } from '@/lib/when-idle.ts';
import { useEditorState } from '@/editor-kit/react.tsx';
import { toggleLayerMute, toggleLayerSolo } from '../model/audio-commands.ts';
import { timelineIndexOf } from '../model/timeline-index.ts';
import { RULER_HEIGHT, ROW_HEIGHT } from '../model/time-scale.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import { CanvasController } from './canvas/canvas-controller.ts';
import type { Timeline } from '@/api/schema.gen.ts';
import { PendingCutBand } from './pending-cut-band.tsx';

const HEADER_WIDTH = 168;
/** The overlay stage's size is the view's rounded up to this (CSS px). */
const STAGE_STEP = 256;
const stepUp = (px: number) => Math.ceil(px / STAGE_STEP) * STAGE_STEP;
/** At the latest this long after the items are drawn, the overlay's chunk loads even if busy. */
const OVERLAY_IDLE_TIMEOUT_MS = 2000;

// Konva's node base, then the rest of its core, then react-konva and its reconciler: each module
// evaluation in a task of its own (together they were one ~20 ms task, 80 ms on a phone at a
// quarter of the speed; Konva's core alone still took ~13 ms).
const loadOverlay = async () => {
  await import('konva/lib/Node');
  await nextTask();
  await import('konva/lib/Core');
  await nextTask();
  return import('./timeline-overlay.tsx');
};
const TimelineOverlay = lazy(() =>
  loadOverlay().then((module) => ({ default: module.TimelineOverlay })),
);

export interface TimelineCanvasProps {
  timeline: Timeline;
  editor: TimelineEditor;
  ariaLabel: string;
  describedBy?: string;
  /** CSS pixels; without it the canvas fills the height it is given (a studio's panel). */
  height?: number;
  /** In the corner above the layer names, beside the ruler (the zoom); "Layers" otherwise. */
  corner?: ReactNode;
}

export const TimelineCanvas = memo(function TimelineCanvas(props: TimelineCanvasProps) {
  const { timeline, editor, height } = props;
  const index = timelineIndexOf(timeline);
  const [controller] = useState(() => new CanvasController(editor));
  // The Konva overlay's chunk loads in idle time after the items' first draw; its stage mounts
  // when the pointer or focus comes to the canvas (before a trim or a selection box can need it),
  // not while the page starts.
  const [overlayWanted, setOverlayWanted] = useState(false);
  const wantOverlay = useCallback(() => setOverlayWanted(true), []);
  const scrollRef = useRef<HTMLDivElement>(null);
  const spacerRef = useRef<HTMLDivElement>(null);
  const bandRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const headersRef = useRef<HTMLUListElement>(null);
  const playheadRef = useRef<HTMLDivElement>(null);
  const ghostsRef = useRef<HTMLDivElement>(null);
  const ghostLabelRef = useRef<HTMLDivElement>(null);
  const snapLineRef = useRef<HTMLDivElement>(null);
  const marqueeBoxRef = useRef<HTMLDivElement>(null);
  const ghostClipRef = useRef<HTMLDivElement>(null);
  // The view's own layer follows the view's size while a split is dragged in steps (styles only):
  // the scroll box clips what is past the view, and each new height repaints the layer, the
  // playhead and the snap line, on every frame of the drag if it followed each pixel. The Konva
  // stage takes the size once the drag rests (a stage resized reallocates its canvases), and the
  // layer the exact size with it.
  const { size, follow } = useRestingSize((live, drawn) => {
    const px = (value: number) => `${Math.max(0, value)}px`;
    const height = live.height === drawn.height ? live.height : stepUp(live.height);
    if (hostRef.current) {
      hostRef.current.style.width = px(live.width);
      hostRef.current.style.height = px(height);
    }
    if (playheadRef.current) playheadRef.current.style.height = px(height);
    if (snapLineRef.current) snapLineRef.current.style.height = px(height);
    if (ghostClipRef.current) {
      ghostClipRef.current.style.width = px(live.width);
      ghostClipRef.current.style.height = px(height - RULER_HEIGHT);
    }
  });
  const overlayLayerRef = useCallback(
    (layer: Konva.Layer | null) => controller.setOverlayLayer(layer),
    [controller],
  );

  useLayoutEffect(() => {
    controller.setData(index, timeline.fps);
  }, [controller, index, timeline.fps]);

  useEffect(() => {
    const scroll = scrollRef.current;
    const spacer = spacerRef.current;
    const host = hostRef.current;
    if (!scroll || !spacer || !host) return;
    return controller.mount(
      {
        scroll,
        spacer,
        band: bandRef.current,
        host,
        headers: headersRef.current,
        playhead: playheadRef.current,
        ghosts: ghostsRef.current,
        ghostLabel: ghostLabelRef.current,
        snapLine: snapLineRef.current,
        marqueeBox: marqueeBoxRef.current,
      },
      follow,
    );
  }, [controller, follow]);

  // Under automation only (browser tests, benchmarks): the canvas's test hooks, from a chunk of
  // their own that a user's browser never loads.
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.webdriver) return;
    let uninstall: (() => void) | null = null;
    let gone = false;
    void import('./canvas/canvas-test-hooks.ts').then(({ installCanvasTestHooks }) => {
      if (!gone) uninstall = installCanvasTestHooks(controller);
    });
    return () => {
      gone = true;
      uninstall?.();
    };
  }, [controller]);

  const drawnOnce = useRef(false);
  const measured = size.width > 0;
  const stageWidth = stepUp(size.width);
  const stageHeight = stepUp(size.height);
  useEffect(() => {
    // Not before the first measure (it fits the project to the view): a draw at the default zoom
    // would be thrown away. Later sizes draw the band as the view follows them (the store's
    // viewport); a new stage size clears the overlay's canvas.
    if (!measured) return;
    if (drawnOnce.current) {
      controller.drawOverlay();
      return;
    }
    // The first draw in a task of its own: the first measure re-renders the editor around the
    // canvas (the fitted zoom) in one task already, and a slow phone would add the two up.
    const timer = setTimeout(() => {
      drawnOnce.current = true;
      controller.drawAll();
    }, 0);
    return () => clearTimeout(timer);
  }, [controller, measured, stageWidth, stageHeight]);

  useEffect(() => {
    if (overlayWanted || !measured) return;
    return whenIdle(() => void loadOverlay().catch(() => undefined), OVERLAY_IDLE_TIMEOUT_MS);
  }, [overlayWanted, measured]);

  return (
    <div
      className={`flex overflow-hidden rounded-lg border border-slate-700 bg-slate-900 ${height === undefined ? 'min-h-0 flex-1' : ''}`}
      style={height === undefined ? undefined : { height }}
    >
      <div
        className="relative shrink-0 overflow-hidden border-r border-slate-700 bg-slate-950"
        style={{ width: HEADER_WIDTH }}
      >
        {props.corner ? (
          <div className="flex items-center gap-0.5 px-1" style={{ height: RULER_HEIGHT }}>
            {props.corner}
          </div>
        ) : (
          <div
            className="flex items-center px-3 text-xs font-semibold uppercase tracking-wide text-slate-300"
            style={{ height: RULER_HEIGHT }}
            aria-hidden="true"
          >
            Layers
          </div>
        )}
        <div className="absolute inset-x-0 bottom-0 overflow-hidden" style={{ top: RULER_HEIGHT }}>
          <ul ref={headersRef} aria-label="Layers" className="will-change-transform">
            {index.rows.map((row) => (
              <li
                key={row.layer.index}
                className="flex items-center gap-1 border-b border-slate-800 pl-3 pr-1"
                style={{ height: ROW_HEIGHT }}
              >
                <div className="flex min-w-0 flex-1 flex-col justify-center">
                  <span className="truncate text-sm font-medium text-slate-100">
                    {row.layer.name}
                  </span>
                  <span className="truncate text-xs text-slate-300">
                    {row.layer.kind} · {row.items.length}{' '}
                    {row.items.length === 1 ? 'item' : 'items'}
                    {row.layer.locked ? ' · locked' : ''}
                  </span>
                </div>
                <LayerToggles editor={editor} layerIndex={row.layer.index} name={row.layer.name} />
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
        // Strict containment: a zoom changes the scroll content's width on every frame; laying it
        // out stays inside this box instead of laying out the page.
        style={{ touchAction: 'none', contain: 'strict' }}
        data-ruler-height={RULER_HEIGHT}
        data-row-height={ROW_HEIGHT}
        data-item-count={index.itemCount}
        onScroll={controller.onScroll}
        onPointerEnter={overlayWanted ? undefined : wantOverlay}
        onFocus={overlayWanted ? undefined : wantOverlay}
        onPointerDown={controller.onPointerDown}
        onPointerMove={controller.onPointerMove}
        onPointerUp={controller.onPointerUp}
        onPointerCancel={controller.cancelDrag}
        onLostPointerCapture={controller.onLostPointerCapture}
        onKeyDown={controller.onKeyDown}
      >
        {/* `overflow: clip`, not hidden: the spacer clips the band without becoming the scroll
            container of the sticky layer below. */}
        <div ref={spacerRef} className="relative" style={{ overflow: 'clip' }}>
          <div
            ref={bandRef}
            aria-hidden="true"
            className="pointer-events-none absolute left-0 top-0 origin-top-left will-change-transform"
            // Unscaled (tiles at whole pixels), nearest and smooth sampling draw the same; a zoom
            // sweep's stretch (and its draft) is drawn nearest: cheaper for the
            // display compositor in software, and the stretch lasts only until the sweep settles.
            style={{ imageRendering: 'pixelated' }}
          />
          {/* The playhead: in the scroll content (a scroll moves it natively). */}
          <div
            ref={playheadRef}
            aria-hidden="true"
            className="pointer-events-none absolute left-0 top-0 z-10 will-change-transform"
            style={{ height: size.height }}
          >
            <div className="absolute -left-1.5 top-4 h-0 w-0 border-x-[6px] border-t-8 border-x-transparent border-t-red-500" />
            <div className="absolute left-0 top-5 bottom-0 w-px bg-red-500" />
          </div>
          <PendingCutBand editor={editor} projectId={timeline.project_id} />
          {/* The view's own layer (overlay stage, ghosts, labels) stays in view by sticky
              positioning: a scroll writes nothing to the page, so the compositor scrolls alone. */}
          <div
            ref={hostRef}
            className="sticky left-0 top-0"
            style={{ width: size.width, height: size.height }}
          >
            {measured && overlayWanted ? (
              // The stage is a step larger than the view, clipped to it: a view resized within
              // the step keeps the stage's canvases (a new size reallocates them).
              <div className="absolute inset-0 overflow-hidden">
                <Suspense fallback={null}>
                  <TimelineOverlay
                    width={stageWidth}
                    height={stageHeight}
                    layerRef={overlayLayerRef}
                    sceneFunc={controller.sceneOverlay}
                  />
                </Suspense>
              </div>
            ) : null}
            <div
              ref={ghostClipRef}
              aria-hidden="true"
              className="pointer-events-none absolute left-0 overflow-hidden"
              style={{
                top: RULER_HEIGHT,
                width: size.width,
                height: Math.max(0, size.height - RULER_HEIGHT),
              }}
            >
              <div
                ref={ghostsRef}
                className="absolute left-0 top-0 will-change-transform"
                style={{ display: 'none' }}
              />
            </div>
            <div
              ref={snapLineRef}
              aria-hidden="true"
              className="pointer-events-none absolute left-0 top-0 whitespace-nowrap border-l border-dashed border-cyan-400 pl-[3px] text-[10px] leading-none text-cyan-400 will-change-transform"
              style={{ display: 'none', height: size.height, paddingTop: RULER_HEIGHT + 2 }}
            />
            <div
              ref={marqueeBoxRef}
              aria-hidden="true"
              className="pointer-events-none absolute left-0 top-0 border border-yellow-400 bg-yellow-400/[0.12] will-change-transform"
              style={{ display: 'none' }}
            />
            <div
              ref={ghostLabelRef}
              aria-hidden="true"
              className="pointer-events-none absolute left-0 top-0 h-[14px] w-16 overflow-hidden whitespace-nowrap bg-slate-950 pl-[3px] text-[10px] leading-[14px] text-white will-change-transform data-[blocked=true]:bg-red-600"
              style={{ display: 'none' }}
            />
          </div>
        </div>
      </div>
    </div>
  );
});

/** Mute and solo of a layer for playback (the preview plays the other layers). */
function LayerToggles({
  editor,
  layerIndex,
  name,
}: {
  editor: TimelineEditor;
  layerIndex: number;
  name: string;
}) {
  const muted = useEditorState(editor, (state) => state.mutedLayers.has(layerIndex));
  const solo = useEditorState(editor, (state) => state.soloLayers.has(layerIndex));
  const toggle =
    'h-5 w-5 rounded text-[10px] font-bold leading-5 focus-visible:ring-2 focus-visible:ring-amber-400';
  return (
    <div className="flex shrink-0 flex-col gap-0.5">
      <button
        type="button"
        aria-pressed={muted}
        aria-label={`Mute “${name}” in playback`}
        title={`Mute “${name}” in playback`}
        onClick={() => editor.run(toggleLayerMute, { layerIndex })}
        className={`${toggle} ${muted ? 'bg-red-500 text-white' : 'bg-slate-800 text-slate-300 hover:bg-slate-700'}`}
      >
        M
      </button>
      <button
        type="button"
        aria-pressed={solo}
        aria-label={`Solo “${name}” in playback`}
        title={`Solo “${name}” in playback (only soloed layers play)`}
        onClick={() => editor.run(toggleLayerSolo, { layerIndex })}
        className={`${toggle} ${solo ? 'bg-amber-400 text-slate-950' : 'bg-slate-800 text-slate-300 hover:bg-slate-700'}`}
      >
        S
      </button>
    </div>
  );
}
