/**
 * The preview: the service's frame at the playhead with text and captions drawn by the caption
 * painter on top (preview-painter.ts), the Konva stage over it to select, move, resize and rotate
 * items on the frame (preview-stage.tsx, preview-gestures.ts), text edited in place, the transport
 * (play, shuttle, start and end, the playhead), and the platform safe areas with what falls under
 * them. Sized to the space it is given at the project's shape (9:16, 16:9, …); it repaints without
 * re-rendering React.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  memo,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { InlineError } from '@/components/error-state.tsx';
import { SoundControls, SoundMeter } from '@/components/sound-controls.tsx';
import { FullFrameToggle } from '@/components/studio-layout.tsx';
import { NumberField } from '@/editor-kit/controls/number-field.tsx';
import { findBinding } from '@/editor-kit/command.ts';
import { CommandButton, useEditorContext, useEditorState } from '@/editor-kit/react.tsx';
import { whenIdle } from '@/lib/when-idle.ts';
import { useFittedBox, type BoxSize } from '@/lib/use-fitted-box.ts';
import { useSound } from '@/playback/use-sound.ts';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { playingLayers } from '../model/audio-commands.ts';
import { layoutMatrix } from '../model/frame-layout.ts';
import { editText } from '../model/item-commands.ts';
import { PREVIEW_COMMANDS } from '../model/layout-commands.ts';
import { describeRate } from '../model/playback-clock.ts';
import {
  goToEnd,
  goToStart,
  playPause,
  shuttleBackward,
  shuttleForward,
} from '../model/playback-commands.ts';
import { formatTimecode } from '../model/ruler.ts';
import { platformsFor, type SafeAreaPlatform } from '../model/safe-areas.ts';
import { snapToFrame } from '../model/time-scale.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import type { TimelineEditorState } from '../state/timeline-state.ts';
import { isTypingTarget } from './keyboard-target.ts';
import { describeFrame } from './preview-drawing.ts';
import { PreviewController } from './preview-controller.ts';
import type { StageTarget } from './preview-stage.tsx';
import { textSettings } from './text-item-drawing.ts';
import { setText } from '@/lib/set-text.ts';
import type { Timeline } from '@/api/schema.gen.ts';

// Konva's core, its Rect and Transformer and react-konva: loaded after the preview's first frame.
const PreviewStage = lazy(() =>
  import('./preview-stage.tsx').then((module) => ({ default: module.PreviewStage })),
);

const HELP_ID = 'timeline-preview-help';
/** The sound meter beside the frame, and the gap before it. */
const METER_ROOM = 14;
const DESCRIBE_MS = 200;

/**
 * The Konva stage scaled to the box's size while it follows a split (see `useFittedBox`); with
 * nothing on it (no item selected on the frame) it is hidden meanwhile: its canvas is as large as
 * the frame and transparent, and a software compositor blends all of it over the frame on every
 * frame of the drag.
 */
function scaleStage(
  wrapper: HTMLDivElement | null,
  live: BoxSize,
  size: BoxSize,
  empty: boolean,
): void {
  if (!wrapper) return;
  const stretched = live.width !== size.width && size.width !== 0;
  const transform = stretched ? `scale(${live.width / size.width})` : '';
  if (wrapper.style.transform !== transform) wrapper.style.transform = transform;
  const visibility = stretched && empty ? 'hidden' : '';
  if (wrapper.style.visibility !== visibility) wrapper.style.visibility = visibility;
}

const selectedOnFrame = (timeline: Timeline) => (state: TimelineEditorState) => {
  if (state.selection.size !== 1) return null;
  const [id] = state.selection;
  for (const layer of timeline.layers) {
    const item = layer.items.find((candidate) => candidate.id === id);
    if (!item) continue;
    const playing =
      item.start_seconds <= state.playhead &&
      state.playhead < item.end_seconds &&
      playingLayers([layer.index], state.mutedLayers, state.soloLayers).length > 0;
    return item.layout && playing ? item.id : null;
  }
  return null;
};

/** Memoised: its props change only with new data, not with the editor's selection or history. */
export const PreviewPanel = memo(function PreviewPanel({
  projectId,
  timeline,
  editor,
}: {
  projectId: string;
  timeline: Timeline;
  editor: TimelineEditor;
}) {
  const queryClient = useQueryClient();
  const stageWrapRef = useRef<HTMLDivElement>(null);
  /** Whether the stage shows anything (an item selected on the frame): see `scaleStage`. */
  const stageShowsRef = useRef(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const timecodeRef = useRef<HTMLSpanElement>(null);
  const style = useQuery(captionStyleQueryOptions(projectId));
  const [description, setDescription] = useState('');
  const [frameError, setFrameError] = useState<unknown>(null);
  const [stageWanted, setStageWanted] = useState(false);
  const rate = useEditorState(editor, (state) => state.playbackRate);
  const safeArea = useEditorState(editor, (state) => state.safeArea);
  const textEditing = useEditorState(editor, (state) => state.textEditing);
  const frame = useEditorState(editor, (state) => state.frame);
  // The frame fills the space it is given, at the project's shape; painted at its size once a
  // split's drag rests (the canvas and the stage are stretched meanwhile).
  const {
    size,
    areaRef,
    boxRef: frameRef,
    besideRef,
  } = useFittedBox(frame, {
    room: METER_ROOM,
    onLive: (live, painted) =>
      scaleStage(stageWrapRef.current, live, painted, !stageShowsRef.current),
  });
  const platforms = platformsFor(frame);
  const selectedId = useEditorState(
    editor,
    useMemo(() => selectedOnFrame(timeline), [timeline]),
  );
  const ctx = useEditorContext(editor, (state) => [state.playbackRate, state.history]);
  // What every transport button shares (none of them saves anything).
  const transport = { editor, ctx, saving: false, size: 'sm' } as const;
  const [measure] = useState(
    () => document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D,
  );
  const [controller] = useState(
    () => new PreviewController(editor, queryClient, projectId, timeline, measure),
  );
  const { gestures } = controller;
  const mutedLayers = useEditorState(editor, (state) => state.mutedLayers);
  const soloLayers = useEditorState(editor, (state) => state.soloLayers);
  const soundLayers = useMemo(
    () =>
      mutedLayers.size || soloLayers.size
        ? playingLayers(
            timeline.layers.map((layer) => layer.index),
            mutedLayers,
            soloLayers,
          )
        : null,
    [timeline.layers, mutedLayers, soloLayers],
  );
  // The preview plays the service's mix of the timeline at this revision, of the layers playing.
  const sound = useSound(projectId, timeline.revision, soundLayers);
  // The ruler's scrub plays a grain of the sound under the pointer.
  useEffect(
    () =>
      editor.store.subscribe((next, previous) => {
        if (next.drag?.kind === 'scrub' && next.playhead !== previous.playhead)
          sound.scrub(next.playhead);
      }),
    [editor, sound],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let described = '';
    let timer: ReturnType<typeof setTimeout> | null = null;
    const detach = controller.attach(
      canvas,
      (state, current) => {
        if (timecodeRef.current)
          setText(timecodeRef.current, formatTimecode(state.playhead, current.fps, true));
        const playing =
          state.mutedLayers.size || state.soloLayers.size
            ? new Set(
                playingLayers(
                  current.layers.map((layer) => layer.index),
                  state.mutedLayers,
                  state.soloLayers,
                ),
              )
            : null;
        const shown = describeFrame(current, state.playhead, playing);
        const text = `Frame at ${formatTimecode(state.playhead, current.fps, true)}: ${shown.length ? shown.join(', ') : 'nothing plays here'}.`;
        if (text === described) return;
        described = text;
        // The accessible description follows once the frame rests (it does not chatter).
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => setDescription(text), DESCRIBE_MS);
      },
      setFrameError,
    );
    const cancelStage = whenIdle(() => setStageWanted(true), 1500);
    return () => {
      cancelStage();
      if (timer) clearTimeout(timer);
      detach();
    };
  }, [controller]);

  useEffect(() => {
    controller.setData(timeline, style.data?.settings ?? null);
  }, [controller, timeline, style.data]);

  useEffect(() => {
    controller.resize(
      size.width,
      size.height,
      typeof devicePixelRatio === 'number' ? devicePixelRatio : 1,
    );
  }, [controller, size]);

  const target = useMemo((): StageTarget | null => {
    if (!selectedId) return null;
    for (const layer of timeline.layers) {
      const item = layer.items.find((candidate) => candidate.id === selectedId);
      if (item?.layout)
        return { itemId: item.id, layout: gestures.layoutOf(item), locked: layer.locked === true };
    }
    return null;
  }, [selectedId, timeline, gestures]);
  useLayoutEffect(() => {
    stageShowsRef.current = target !== null;
  }, [target]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTypingTarget(event.target)) return;
    if (event.key === 'Enter' && target && !target.locked) {
      const item = timeline.layers
        .flatMap((layer) => layer.items)
        .find((i) => i.id === target.itemId);
      if (item?.type === 'text') {
        event.preventDefault();
        editor.setState({ textEditing: item.id });
        return;
      }
    }
    const found = findBinding(PREVIEW_COMMANDS, event);
    const used = found ? (editor.run(found.command, found.args), true) : editor.handleKey(event);
    if (used) event.preventDefault();
  };

  const editing = textEditing
    ? timeline.layers.flatMap((layer) => layer.items).find((item) => item.id === textEditing)
    : undefined;

  return (
    <section
      aria-labelledby="timeline-preview-heading"
      className="flex h-full min-h-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-1.5"
    >
      <div
        ref={areaRef}
        className="relative flex min-h-0 min-w-0 flex-1 items-center justify-center gap-1.5"
      >
        <div
          ref={frameRef}
          role="application"
          aria-roledescription="preview"
          data-studio-focus
          aria-label={description || 'Frame at the playhead'}
          aria-describedby={HELP_ID}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={() => {
            if (!stageWanted) setStageWanted(true);
            frameRef.current?.focus({ preventScroll: true });
          }}
          onFocus={() => setStageWanted(true)}
          className="relative overflow-hidden rounded bg-black outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
          style={{ width: size.width, height: size.height, touchAction: 'none' }}
        >
          <canvas ref={canvasRef} aria-hidden="true" className="absolute inset-0 h-full w-full" />
          {stageWanted && size.width > 0 ? (
            <Suspense fallback={null}>
              <div ref={stageWrapRef} className="absolute left-0 top-0 origin-top-left">
                <PreviewStage
                  editor={editor}
                  width={size.width}
                  height={size.height}
                  frame={frame}
                  target={target}
                  onPress={(point, event) => gestures.pressAt(point, event)}
                  onMove={(point, event) => gestures.moveTo(point, event)}
                  onRelease={() => gestures.release()}
                  onDoubleClick={(point) => gestures.doubleClickAt(point)}
                  onTransformStart={() => target && gestures.transformStarted(target.itemId)}
                  onTransform={(layout) => gestures.transformed(layout)}
                  onTransformEnd={(layout) => gestures.transformEnded(layout)}
                />
              </div>
            </Suspense>
          ) : null}
          {editing?.layout ? (
            <TextInPlace
              key={editing.id}
              editor={editor}
              text={editing.text ?? ''}
              itemId={editing.id}
              fontSize={(editing.text_style?.font_size ?? 72) * (size.width / frame.width)}
              fontFamily={textSettings(editing).fontFamily ?? 'system-ui'}
              color={editing.text_style?.color ?? '#FFFFFF'}
              matrix={layoutMatrix(gestures.layoutOf(editing))}
              scale={size.width / frame.width}
              onKeyboardClose={() => frameRef.current?.focus({ preventScroll: true })}
            />
          ) : null}
        </div>
        <div ref={besideRef} className="shrink-0" style={{ height: size.height }}>
          <SoundMeter engine={sound} />
        </div>
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        <h2 id="timeline-preview-heading" className="sr-only">
          Preview
        </h2>
        <p id={HELP_ID} className="sr-only">
          Click an item to select it, drag to move it, drag a corner to resize (Shift keeps its
          shape), drag the handle above to rotate, double-click a title to edit its text. With the
          preview focused, arrow keys nudge the selected item by 1 pixel (Shift: 10) and Enter edits
          a selected title's text; the inspector sets position, size, rotation and crop as numbers.
        </p>
        {/* One row under the frame: the transport, the playhead and the safe areas. */}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <div role="toolbar" aria-label="Playback" className="flex items-center gap-0.5">
            <CommandButton
              {...transport}
              command={goToStart}
              args={undefined}
              label="Start"
              title="Go to start (Home)"
              variant="ghost"
            />
            <CommandButton
              {...transport}
              command={shuttleBackward}
              args={undefined}
              label="◀◀ Back"
              title="Play backward, faster each press (J)"
              variant="ghost"
            />
            <CommandButton
              {...transport}
              command={playPause}
              args={{ pause: false }}
              label={rate === 0 ? 'Play' : 'Pause'}
              title={`${rate === 0 ? 'Play' : 'Pause'} (Space, K pauses)`}
              variant="primary"
            />
            <CommandButton
              {...transport}
              command={shuttleForward}
              args={undefined}
              label="Forward ▶▶"
              title="Play forward, faster each press (L)"
              variant="ghost"
            />
            <CommandButton
              {...transport}
              command={goToEnd}
              args={undefined}
              label="End"
              title="Go to end (End)"
              variant="ghost"
            />
            <output
              aria-label="Playhead"
              className="ml-2 font-mono text-xs leading-4 tabular-nums text-slate-700"
            >
              {/* Its own size (the project's longest time) and layout: a new time each frame of
                  playback lays out only this box (a flex item cannot bound a layout). */}
              <span
                ref={timecodeRef}
                className="block h-4 overflow-hidden whitespace-nowrap [contain:strict]"
                style={{
                  width: `${formatTimecode(timeline.duration_seconds, timeline.fps, true).length}ch`,
                }}
              >
                {formatTimecode(0, timeline.fps, true)}
              </span>
            </output>
            <span
              className="ml-2 whitespace-nowrap text-xs text-slate-600"
              role="status"
              aria-label="Playback state"
            >
              {describeRate(rate)}
            </span>
          </div>
          <SoundControls
            engine={sound}
            clip={{
              timeline,
              layers: soundLayers,
              formatTime: (seconds) => formatTimecode(seconds, timeline.fps, true),
            }}
          />
          <PlayheadField editor={editor} fps={timeline.fps} />
          <label className="flex items-center gap-1 whitespace-nowrap text-xs font-medium text-slate-700">
            Safe areas
            <select
              value={safeArea ?? ''}
              onChange={(event) =>
                editor.setState({
                  safeArea: (event.target.value || null) as SafeAreaPlatform | null,
                })
              }
              className="rounded-md border border-slate-300 px-1 py-0.5 text-xs"
            >
              <option value="">Off</option>
              {platforms.map((platform) => (
                <option key={platform.id} value={platform.id}>
                  {platform.label}
                </option>
              ))}
            </select>
          </label>
          <div className="ml-auto">
            <FullFrameToggle />
          </div>
        </div>
        {frameError ? <InlineError error={frameError} /> : null}
        {style.isError ? <InlineError error={style.error} /> : null}
      </div>
    </section>
  );
});

/** The playhead in seconds (follows it only while paused: playback does not re-render React). */
function PlayheadField({ editor, fps }: { editor: TimelineEditor; fps: number }) {
  const playhead = useEditorState(editor, (state) =>
    state.playbackRate === 0 ? state.playhead : null,
  );
  return (
    <div className="w-44">
      <NumberField
        inline
        label="Playhead (s)"
        value={playhead}
        min={0}
        commit={(seconds) => {
          if (seconds < 0) return 'The playhead cannot be before 0 s.';
          editor.setState({ playhead: snapToFrame(seconds, fps) });
          return null;
        }}
      />
    </div>
  );
}

/** A title's words edited where they are: Enter saves (Shift+Enter: a new line), Escape cancels. */
function TextInPlace({
  editor,
  itemId,
  text,
  fontSize,
  fontFamily,
  color,
  matrix,
  scale,
  onKeyboardClose,
}: {
  editor: TimelineEditor;
  onKeyboardClose: () => void;
  itemId: string;
  text: string;
  fontSize: number;
  fontFamily: string;
  color: string;
  matrix: readonly number[];
  scale: number;
}) {
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  // Closed once: the blur that follows a keyboard close (the focus goes back to the frame) is not
  // a second save.
  const closed = useRef(false);
  const close = () => {
    closed.current = true;
    editor.setState({ textEditing: null });
  };
  /** Saves and closes; false when refused (the editor stays, with the reason). */
  const save = (): boolean => {
    if (closed.current) return true;
    if (draft === text) {
      close();
      return true;
    }
    const outcome = editor.run(editText, { text: draft, itemId });
    if (outcome.type === 'refused') {
      setError(outcome.reason);
      return false;
    }
    close();
    return true;
  };
  const [a, b, c, d, e, f] = matrix;
  return (
    <div
      className="absolute left-0 top-0 z-10"
      style={{
        transform: `matrix(${a! * scale}, ${b! * scale}, ${c! * scale}, ${d! * scale}, ${e! * scale}, ${f! * scale})`,
        transformOrigin: '0 0',
      }}
    >
      <textarea
        ref={ref}
        aria-label="Text of the title"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${itemId}-text-error` : undefined}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          event.stopPropagation();
          // Closed from the keyboard, the keyboard goes back to the frame (a click away keeps
          // the focus where it went).
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
            onKeyboardClose();
          } else if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            if (save()) onKeyboardClose();
          }
        }}
        onBlur={() => save()}
        rows={Math.max(1, draft.split('\n').length)}
        className="block -translate-x-1/2 -translate-y-1/2 resize-none rounded border-2 border-amber-400 bg-black/60 text-center font-extrabold outline-none"
        style={{
          fontSize: fontSize / scale,
          fontFamily,
          color,
          width: Math.max(200, draft.length * (fontSize / scale) * 0.6) + 40,
          lineHeight: 1.2,
        }}
      />
      {error ? (
        <p
          id={`${itemId}-text-error`}
          role="alert"
          className="mt-1 -translate-x-1/2 rounded bg-red-700 px-2 py-1 text-xs text-white"
          style={{ fontSize: 12 / scale }}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
