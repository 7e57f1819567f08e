/**
 * The caption preview: the shared caption painter on a 9:16 canvas, exactly as the video plays.
 * Paused, it shows the page of the selected word at rest (or the page at the playhead); playing,
 * the project's transport moves the playhead every frame and the page and the active word are
 * painted for each (React renders only when the spoken word changes). Between captions (and at 0 s, before
 * the first) it shows the page nearest the playhead, dimmed, never an empty frame. A Look hovered
 * in the gallery is tried here before it is applied. A click on a word selects it.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { Button } from '@/editor-kit/controls/button.tsx';
import {
  activeWordAt,
  nearestPageIndex,
  pageIndexAt,
  pageOfWord,
  type CaptionPage,
} from '@/caption-painter/caption-pages.ts';
import {
  paintPage,
  TextMeasureCache,
  wordAt,
  type PageLayout,
} from '@/caption-painter/caption-painter.ts';
import type { CaptionSettings, CaptionWord } from '@/api/schema.gen.ts';
import { withCurrentWords, wordById } from '../model/caption-doc.ts';
import { selectCommand } from '../model/commands.ts';
import { settingsWithLook } from '../model/looks.ts';
import { formatTime, snapToFrame } from '../model/timing.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';
import type { PlaybackStore } from '../state/playback-store.ts';
import { notePreviewPaint } from './preview-paints.ts';

/** The selected words' outline in the preview (amber: apart from any caption colour test). */
const SELECTION_OUTLINE = '#f59e0b';

/** Backing pixels of the preview (CSS size is half: sharp on 2× screens). */
export const PREVIEW_FRAME = { width: 540, height: 960 };

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
  pages,
  order,
  duration,
  fps,
  words,
  settings,
}: {
  editor: CaptionsEditor;
  playback: PlaybackStore;
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
      dimmed: shown.dimmed,
      settings: current,
      selection: isPlaying ? null : chosen,
      canvas,
    };
    if (!isPlaying && samePaint(paintedRef.current, painted)) return;
    paintedRef.current = painted;
    paintBackdrop(ctx, canvas.width, canvas.height);
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
    const spoken = shown.seconds >= 0 ? activeWordAt(shown.page, shown.seconds) : null;
    if ((spoken?.id ?? null) !== playback.getState().spokenId)
      playback.setState({ spokenId: spoken?.id ?? null });
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
    <section aria-labelledby="caption-preview-heading" className="flex flex-col items-center gap-3">
      <h2 id="caption-preview-heading" className="self-start text-base font-semibold">
        Preview
      </h2>
      <canvas
        ref={canvasRef}
        width={PREVIEW_FRAME.width}
        height={PREVIEW_FRAME.height}
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
        className="h-[480px] w-[270px] rounded-lg shadow-md"
      />
      <p id="caption-preview-description" className="sr-only">
        No caption at this time.
      </p>
      <div className="flex w-[270px] flex-col gap-2">
        <div className="flex items-center gap-2">
          <Button variant="primary" onClick={play} aria-pressed={playing}>
            {playing ? 'Pause' : 'Play'}
          </Button>
          <PlayheadTime playback={playback} duration={duration} />
        </div>
        <Scrubber
          playback={playback}
          duration={duration}
          fps={fps}
          onScrub={() => {
            if (editor.getState().focusWord) editor.setState({ focusWord: null });
          }}
        />
        <SpokenWord playback={playback} words={words} />
      </div>
    </section>
  );
});

const NO_WORDS: readonly CaptionWord[] = [];

/** The inputs of the last paint while paused. */
interface Painted {
  page: CaptionPage | null;
  seconds: number;
  dimmed: boolean;
  settings: CaptionSettings;
  selection: ReadonlySet<string> | null;
  canvas: HTMLCanvasElement;
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
  // The same page at rest or at the same time, and the same words of it outlined.
  if (a.seconds !== b.seconds || a.dimmed !== b.dimmed) return false;
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

function PlayheadTime({ playback, duration }: { playback: PlaybackStore; duration: number }) {
  const playhead = useStore(playback, (state) => state.playhead);
  return (
    <span className="text-sm tabular-nums text-slate-700">
      {formatTime(playhead)} / {formatTime(duration)}
    </span>
  );
}

function Scrubber({
  playback,
  duration,
  fps,
  onScrub,
}: {
  playback: PlaybackStore;
  duration: number;
  fps: number;
  onScrub(): void;
}) {
  const playhead = useStore(playback, (state) => state.playhead);
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
      Playhead
      <input
        type="range"
        min={0}
        max={Math.max(duration, 1 / fps)}
        step={1 / fps}
        value={playhead}
        aria-valuetext={formatTime(playhead)}
        onChange={(event) => {
          onScrub();
          playback.setState({
            playhead: snapToFrame(Number(event.target.value), fps),
            playing: false,
          });
        }}
        className="accent-indigo-600"
      />
    </label>
  );
}

function SpokenWord({
  playback,
  words,
}: {
  playback: PlaybackStore;
  words: readonly CaptionWord[];
}) {
  const spokenId = useStore(playback, (state) => state.spokenId);
  const text = spokenId ? (wordById(words, spokenId)?.word ?? null) : null;
  return (
    <p className="text-sm text-slate-700" data-testid="spoken-word">
      {text ? (
        <>
          Spoken word: <span className="font-semibold">“{text}”</span>
        </>
      ) : (
        'No word is spoken at the playhead.'
      )}
    </p>
  );
}
