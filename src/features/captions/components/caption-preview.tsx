/**
 * The caption preview: the shared caption painter on a 9:16 canvas, exactly as the video plays.
 * Paused, it shows the page of the selected word at rest (or the page at the playhead); playing,
 * the project's transport moves the playhead every frame and the page and the active word are
 * painted for each (React renders only when the spoken word changes). Between captions (and at 0 s, before
 * the first) it shows the page nearest the playhead, dimmed, never an empty frame. A Look hovered
 * in the gallery is tried here before it is applied. A click on a word selects it.
 */
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { InlineError } from '@/components/error-state.tsx';
import { SoundControls, SoundMeter } from '@/components/sound-controls.tsx';
import { FullFrameToggle } from '@/components/studio-layout.tsx';
import { deviceStorage, loadStored, saveStored } from '@/lib/device-storage.ts';
import type { ProjectFrame } from '@/lib/project-frame.ts';
import { useFittedBox } from '@/lib/use-fitted-box.ts';
import { useSound } from '@/playback/use-sound.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import {
  activeWordAt,
  nearestPageIndex,
  pageIndexAt,
  pageOfWord,
  pageStillKey,
  type CaptionPage,
} from '@/caption-painter/caption-pages.ts';
import {
  paintPage,
  TextMeasureCache,
  wordAt,
  type PageLayout,
} from '@/caption-painter/caption-painter.ts';
import type { CaptionSettings, CaptionWord } from '@/api/schema.gen.ts';
import { withCurrentWords } from '../model/caption-doc.ts';
import { selectCommand } from '../model/commands.ts';
import { settingsWithLook } from '../model/looks.ts';
import { formatTime } from '../model/timing.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';
import type { PlaybackStore } from '../state/playback-store.ts';
import { BACKDROP_KEY, BackdropSwitch, type Backdrop } from './backdrop-switch.tsx';
import { notePreviewPaint } from './preview-paints.ts';
import { PlayheadTime, Scrubber, SpokenWord } from './preview-playback-row.tsx';
import { useVideoFrame } from './use-video-frame.ts';

/** The selected words' outline in the preview (amber: apart from any caption colour test). */
const SELECTION_OUTLINE = '#f59e0b';

/** The sound meter beside the frame, and the gap before it. */
const METER_ROOM = 14;

export function paintBackdrop(ctx: CanvasRenderingContext2D, width: number, height: number) {
  const gradient = ctx.createLinearGradient(0, 0, 0, height);
  gradient.addColorStop(0, '#334155');
  gradient.addColorStop(1, '#0f172a');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
}

interface Shown {
  page: CaptionPage | null;
  /** The time painted: outside the page's time when it is shown at rest. */
  seconds: number;
  /** Not spoken at the playhead: the page nearest it, shown faded. */
  dimmed: boolean;
}

function pageToShow(
  pages: readonly CaptionPage[],
  playhead: number,
  playing: boolean,
  focusWord: string | null,
): Shown {
  if (!playing && focusWord) {
    const index = pageOfWord(pages, focusWord);
    if (index >= 0) {
      const page = pages[index]!;
      const inside = playhead >= page.startSeconds && playhead < page.endSeconds;
      return { page, seconds: inside ? playhead : -1, dimmed: false };
    }
  }
  const index = pageIndexAt(pages, playhead);
  if (index >= 0) return { page: pages[index]!, seconds: playhead, dimmed: false };
  // Between captions: the nearest page, at rest and faded, rather than an empty frame.
  const near = nearestPageIndex(pages, playhead);
  return near >= 0
    ? { page: pages[near]!, seconds: -1, dimmed: true }
    : { page: null, seconds: playhead, dimmed: false };
}

/**
 * The preview paints the editor's document, selection and focus as they are now, straight from
 * the editor's store: a change is painted in the task that made it, before React renders
 * anything, while the rest of the screen (list, inspector, toolbar) follows in a deferred render.
 * `pages`, `order` and `duration` follow the words' structure (timing, captions), which a style
 * change leaves as it is; `words` and `settings` (from that deferred render) are for the controls
 * around the canvas.
 */
export const CaptionPreview = memo(function CaptionPreview({
  editor,
  playback,
  projectId,
  frame,
  pages,
  order,
  duration,
  fps,
  words,
  settings,
}: {
  editor: CaptionsEditor;
  playback: PlaybackStore;
  /** The project whose frames the words are painted over (the transport's playhead's). */
  projectId: string;
  /** The project's frame: the preview is the largest box of its shape in the room given. */
  frame: ProjectFrame;
  /** Pages of the words' structure; painted with the words as they are now. */
  pages: readonly CaptionPage[];
  order: string[];
  duration: number;
  fps: number;
  words: readonly CaptionWord[];
  settings: CaptionSettings | undefined;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const cache = useMemo(() => new TextMeasureCache(), []);
  // The frame fills the room it is given at its shape; the canvas has a pixel per screen pixel
  // once a split's drag rests (stretched meanwhile), and the painter draws text at the frame's
  // proportions at any size.
  const { size: box, areaRef, boxRef, besideRef } = useFittedBox(frame, { room: METER_ROOM });
  const ratio = typeof devicePixelRatio === 'number' ? devicePixelRatio : 1;
  const pixels = { width: Math.round(box.width * ratio), height: Math.round(box.height * ratio) };
  const [backdrop, setBackdrop] = useState<Backdrop>(
    () =>
      loadStored(deviceStorage(), BACKDROP_KEY, (value) =>
        value === 'plain' || value === 'frame' ? value : null,
      ) ?? 'frame',
  );
  const backdropRef = useRef(backdrop);
  useLayoutEffect(() => {
    backdropRef.current = backdrop;
  });
  /** New pictures of the frame so far: a paint after one draws it (see `samePaint`). */
  const framePictures = useRef(0);
  const [frameCanvas, { shown: frameShown, error: frameError }] = useVideoFrame(
    projectId,
    backdrop === 'frame',
    pixels,
    () => {
      framePictures.current += 1;
      const { playhead, playing: isPlaying } = playback.getState();
      paint(playhead, isPlaying);
    },
  );
  const frameRef = useRef<HTMLCanvasElement | null>(null);
  useLayoutEffect(() => {
    frameRef.current = frameShown ? frameCanvas : null;
  });
  // Under automation only (browser tests, benchmarks): the preview's test hooks, from a chunk of
  // their own that a user's browser never loads.
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.webdriver) return;
    void import('./preview-test-hooks.ts').then(({ installPreviewTestHooks }) =>
      installPreviewTestHooks(),
    );
  }, []);
  const layoutRef = useRef<PageLayout | null>(null);
  const shownRef = useRef<string>('');
  /** What the canvas shows now: the same inputs are not painted twice. */
  const paintedRef = useRef<Painted | null>(null);
  const latest = useRef({ pages });
  useLayoutEffect(() => {
    latest.current = { pages };
  });
  const playing = useStore(playback, (state) => state.playing);
  // What is heard is the service's mix of the timeline at its revision (the frames' query).
  const timeline = useQuery(timelineQueryOptions(projectId)).data;
  const sound = useSound(projectId, timeline?.revision ?? null, null);

  const paint = (seconds: number, isPlaying: boolean) => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    const list = latest.current.pages;
    // The editor's document and state as they are now (not as last rendered).
    const doc = editor.document();
    const now = doc?.words.words ?? NO_WORDS;
    const { focusWord: focus, selection: chosen, lookPreview } = editor.getState();
    const current = doc && settingsWithLook(doc.style.settings, lookPreview);
    if (!canvas || !ctx || !current) return;
    const found = pageToShow(list, seconds, isPlaying, focus);
    const shown = found.page ? { ...found, page: withCurrentWords(found.page, now) } : found;
    // A render that changed nothing on this page (another page's word, a save's bookkeeping)
    // keeps the canvas as it is: one paint per change.
    const painted: Painted = {
      page: shown.page,
      seconds: shown.seconds,
      // Playing, a page at rest (no word revealed or animated) looks the same from frame to frame.
      still: isPlaying && shown.page ? pageStillKey(shown.page, current, shown.seconds) : null,
      dimmed: shown.dimmed,
      settings: current,
      selection: isPlaying ? null : chosen,
      frame: backdropRef.current === 'frame' && frameRef.current ? framePictures.current : null,
      canvas,
      width: canvas.width,
      height: canvas.height,
      backdrop: backdropRef.current,
    };
    const spoken = shown.seconds >= 0 ? activeWordAt(shown.page, shown.seconds) : null;
    if ((spoken?.id ?? null) !== playback.getState().spokenId)
      playback.setState({ spokenId: spoken?.id ?? null });
    if ((!isPlaying || painted.still !== null) && samePaint(paintedRef.current, painted)) return;
    paintedRef.current = painted;
    // The words over the video's frame (the stage's gradient shows until it comes), or over the
    // gradient.
    if (backdropRef.current === 'frame') {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      const frameShownNow = frameRef.current;
      if (frameShownNow && frameShownNow.width > 0)
        ctx.drawImage(frameShownNow, 0, 0, canvas.width, canvas.height);
    } else paintBackdrop(ctx, canvas.width, canvas.height);
    layoutRef.current = shown.page
      ? paintPage(ctx, shown.page, {
          settings: current,
          frame: { width: canvas.width, height: canvas.height },
          seconds: shown.seconds,
          cache,
          dimmed: shown.dimmed,
        })
      : null;
    // For people: what the canvas shows, described below it.
    const text = layoutRef.current?.words.map((placed) => placed.text).join(' ') ?? '';
    const said = text
      ? `Shows the caption “${text}”${shown.dimmed ? ', faded: the playhead is between captions' : ''}${lookPreview ? `, with the Look “${lookPreview.name}” tried` : ''}.`
      : 'No caption at this time.';
    canvas.dataset.dimmed = String(shown.dimmed);
    if (said !== shownRef.current) {
      shownRef.current = said;
      const description = document.getElementById('caption-preview-description');
      if (description) description.textContent = said;
    }
    if (!isPlaying && layoutRef.current && chosen.size > 0)
      outlineSelected(ctx, layoutRef.current, chosen, canvas.width);
    notePreviewPaint();
  };

  // Any change to the pages, settings or focus is painted before the browser paints.
  useLayoutEffect(() => {
    if (!playback.getState().playing) paint(playback.getState().playhead, false);
  });

  // A change in the editor (a style, the selection, the focus) is painted at once, in the task
  // that made it; the render that follows finds it painted (see `samePaint`).
  useEffect(
    () =>
      editor.store.subscribe(() => {
        if (!playback.getState().playing) paint(playback.getState().playhead, false);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- paint reads the latest props from a ref
    [editor, playback],
  );

  // The playhead moving (playback's frames, a scrub, a seek from another view) paints the page
  // under it; the transport (src/playback/) moves it.
  useEffect(
    () =>
      playback.subscribe((state, previous) => {
        if (state.playhead !== previous.playhead || state.playing !== previous.playing)
          paint(state.playhead, state.playing);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- paint reads the latest props from a ref
    [playback],
  );

  const play = () => {
    if (playing) {
      playback.setState({ playing: false });
      return;
    }
    let from = playback.getState().playhead;
    const focus = editor.getState().focusWord;
    if (focus) {
      const page = pages[pageOfWord(pages, focus)];
      if (page && (from < page.startSeconds || from >= page.endSeconds)) from = page.startSeconds;
      editor.setState({ focusWord: null });
    }
    if (from >= duration) from = 0;
    playback.setState({ playhead: from, playing: true });
  };

  if (!settings) return null;
  return (
    <section
      aria-labelledby="caption-preview-heading"
      className="flex h-full min-h-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-1.5"
    >
      <div className="flex shrink-0 items-center gap-3 px-1">
        <h2
          id="caption-preview-heading"
          className="text-xs font-semibold uppercase tracking-wide text-slate-600"
        >
          Preview
        </h2>
        <BackdropSwitch
          value={backdrop}
          onChange={(next) => {
            setBackdrop(next);
            saveStored(deviceStorage(), BACKDROP_KEY, next);
          }}
        />
        <div className="ml-auto min-w-0">
          <SoundControls engine={sound} clip={{ timeline, layers: null, formatTime }} />
        </div>
      </div>
      <div
        ref={areaRef}
        className="flex min-h-0 min-w-0 flex-1 items-center justify-center gap-1.5"
      >
        <div
          ref={boxRef}
          className="relative overflow-hidden rounded-lg bg-gradient-to-b from-slate-700 to-slate-900 shadow-md"
          style={{ width: box.width, height: box.height }}
          data-backdrop={backdrop}
          data-frame-shown={frameShown || undefined}
        >
          <canvas
            ref={canvasRef}
            width={pixels.width || 1}
            height={pixels.height || 1}
            role="img"
            aria-label="Caption preview"
            aria-describedby="caption-preview-description"
            onClick={(event) => {
              const layout = layoutRef.current;
              const canvas = canvasRef.current;
              if (!layout || !canvas) return;
              const rect = canvas.getBoundingClientRect();
              const x = ((event.clientX - rect.left) / rect.width) * canvas.width;
              const y = ((event.clientY - rect.top) / rect.height) * canvas.height;
              const hit = wordAt(layout, x, y);
              if (hit)
                editor.run(selectCommand, {
                  id: hit.word.id,
                  mode: event.shiftKey
                    ? 'range'
                    : event.ctrlKey || event.metaKey
                      ? 'toggle'
                      : 'replace',
                  order,
                });
            }}
            className="absolute inset-0 h-full w-full"
          />
        </div>
        <div ref={besideRef} className="shrink-0" style={{ height: box.height }}>
          <SoundMeter engine={sound} />
        </div>
      </div>
      {backdrop === 'frame' && frameError ? <InlineError error={frameError} /> : null}
      <p id="caption-preview-description" className="sr-only">
        No caption at this time.
      </p>
      {/* One row under the frame: play, the time, the scrubber, the word spoken. */}
      <div className="flex shrink-0 items-center gap-3 px-1">
        <Button variant="primary" size="sm" onClick={play} aria-pressed={playing}>
          {playing ? 'Pause' : 'Play'}
        </Button>
        <PlayheadTime playback={playback} duration={duration} />
        <Scrubber
          playback={playback}
          duration={duration}
          fps={fps}
          onScrub={(seconds) => {
            if (editor.getState().focusWord) editor.setState({ focusWord: null });
            // A grain of the sound under the scrubber, as the timeline's ruler plays.
            sound.scrub(seconds);
          }}
        />
        <SpokenWord playback={playback} words={words} />
        <div className="ml-auto shrink-0">
          <FullFrameToggle />
        </div>
      </div>
    </section>
  );
});

const NO_WORDS: readonly CaptionWord[] = [];

/** The inputs of the last paint while paused. */
interface Painted {
  page: CaptionPage | null;
  seconds: number;
  /** Playing: the page's look while nothing on it moves (pageStillKey), or null. */
  still: string | null;
  dimmed: boolean;
  settings: CaptionSettings;
  selection: ReadonlySet<string> | null;
  /** The video frame's picture under the words (its count), or null without one. */
  frame: number | null;
  canvas: HTMLCanvasElement;
  /** The canvas's size when painted: a new size clears it. */
  width: number;
  height: number;
  backdrop: Backdrop;
}

/** The same page with the same words (a page is rebuilt with the current words at each paint). */
function samePage(a: CaptionPage | null, b: CaptionPage | null): boolean {
  if (a === b) return true;
  if (
    !a ||
    !b ||
    a.startSeconds !== b.startSeconds ||
    a.endSeconds !== b.endSeconds ||
    a.lines.length !== b.lines.length
  )
    return false;
  return a.lines.every((line, i) => {
    const other = b.lines[i]!;
    return line.length === other.length && line.every((word, j) => word === other[j]);
  });
}

function samePaint(a: Painted | null, b: Painted): boolean {
  if (!a) return false;
  if (!samePage(a.page, b.page) || a.settings !== b.settings || a.canvas !== b.canvas) return false;
  if (a.width !== b.width || a.height !== b.height || a.backdrop !== b.backdrop) return false;
  if (a.frame !== b.frame) return false;
  // The same page at rest or at the same time, and the same words of it outlined.
  if (a.dimmed !== b.dimmed) return false;
  if (a.seconds !== b.seconds && (b.still === null || a.still !== b.still)) return false;
  if (a.selection === b.selection) return true;
  if (!a.selection || !b.selection || !b.page) return false;
  return b.page.lines.every((line) =>
    line.every((word) => a.selection!.has(word.id) === b.selection!.has(word.id)),
  );
}

/** A dashed box around each selected word of the page shown. */
function outlineSelected(
  ctx: CanvasRenderingContext2D,
  layout: PageLayout,
  selection: ReadonlySet<string>,
  width: number,
) {
  ctx.save();
  ctx.strokeStyle = SELECTION_OUTLINE;
  ctx.lineWidth = Math.max(1, width / 270);
  ctx.setLineDash([4, 3]);
  for (const placed of layout.words) {
    if (!selection.has(placed.word.id)) continue;
    const pad = placed.height * 0.12;
    ctx.strokeRect(
      placed.x - placed.width / 2 - pad,
      placed.y - placed.height / 2 - pad,
      placed.width + pad * 2,
      placed.height + pad * 2,
    );
  }
  ctx.restore();
}
