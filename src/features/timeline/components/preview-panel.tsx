/**
 * The frame at the playhead, drawn in the browser as the composition shows it (preview-drawing.ts:
 * thumbnails, overlays, titles, and captions in the project's caption style by the shared caption
 * painter), scaled to the 9:16 frame. It repaints once per animation frame while the playhead
 * moves (drag on the ruler to scrub), without re-rendering React.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState } from 'react';
import { InlineError } from '@/components/error-state.tsx';
import { NumberField } from '@/editor-kit/controls/number-field.tsx';
import type { PaintableWord } from '@/caption-painter/caption-painter.ts';
import { useEditorState } from '@/editor-kit/react.tsx';
import { whenIdle } from '@/lib/when-idle.ts';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { captionItemWordsQueryOptions } from '../api/timeline-queries.ts';
import { formatTimecode } from '../model/ruler.ts';
import { snapToFrame } from '../model/time-scale.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import { paintFrame, type FrameContext } from './preview-drawing.ts';
import { ThumbnailCache } from './thumbnail-cache.ts';
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';

const CSS_WIDTH = 216;
/** The first frame is painted in idle time, and this long after mounting at the latest. */
const FIRST_PAINT_TIMEOUT_MS = 1000;
const CSS_HEIGHT = (CSS_WIDTH * 16) / 9;

/** Paints the canvas from the editor's playhead, the timeline and the caption data in the cache. */
class PreviewPainter {
  private frame: number | null = null;
  private timeline: Timeline;
  private settings: Parameters<typeof paintFrame>[4]['captionSettings'] = null;
  private painted = false;
  private readonly images: ThumbnailCache;
  readonly described: { text: string } = { text: '' };

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly editor: TimelineEditor,
    private readonly queryClient: QueryClient,
    private readonly projectId: string,
    timeline: Timeline,
    private readonly onDescribe: (text: string) => void,
  ) {
    this.timeline = timeline;
    this.images = new ThumbnailCache(() => this.schedule(), 60);
  }

  update(timeline: Timeline, settings: PreviewPainter['settings']): void {
    this.timeline = timeline;
    this.settings = settings;
    // Before the first frame (painted in an idle task of its own) there is nothing to repaint:
    // an animation frame now would paint it in the canvas's first draw's task.
    if (this.painted) this.schedule();
  }

  schedule = (): void => {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.paint();
    });
  };

  /** Paints at once, outside an animation frame (the first frame, in an idle task of its own). */
  paintNow = (): void => {
    this.stop();
    this.paint();
  };

  stop(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  private words(item: TimelineItem): readonly PaintableWord[] | null {
    const options = captionItemWordsQueryOptions(this.projectId, item);
    const words = this.queryClient.getQueryData(options.queryKey);
    if (words) return words;
    // Loaded in the background; painted from the caption's text meanwhile, then again.
    void this.queryClient.prefetchQuery(options).then(() => this.schedule());
    return null;
  }

  private paint(): void {
    const ctx = this.canvas.getContext('2d') as FrameContext | null;
    if (!ctx) return;
    this.painted = true;
    const ratio = typeof devicePixelRatio === 'number' ? devicePixelRatio : 1;
    const width = Math.round(CSS_WIDTH * ratio);
    const height = Math.round(CSS_HEIGHT * ratio);
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    const seconds = this.editor.getState().playhead;
    const shown = paintFrame(
      ctx,
      this.timeline,
      seconds,
      { width, height },
      {
        image: (url) => this.images.get(url),
        captionWords: (item) => this.words(item),
        captionSettings: this.settings,
      },
    );
    const text = `Frame at ${formatTimecode(seconds, this.timeline.fps, true)}: ${shown.length ? shown.join(', ') : 'nothing plays here'}.`;
    if (text !== this.described.text) {
      this.described.text = text;
      this.onDescribe(text);
    }
  }
}

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
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const painterRef = useRef<PreviewPainter | null>(null);
  const style = useQuery(captionStyleQueryOptions(projectId));
  const playhead = useEditorState(editor, (state) => state.playhead);
  const [description, setDescription] = useState('');
  const settled = useSettled(description, 200);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const painter = new PreviewPainter(
      canvas,
      editor,
      queryClient,
      projectId,
      timeline,
      setDescription,
    );
    painterRef.current = painter;
    const unsubscribe = editor.store.subscribe((state, previous) => {
      if (state.playhead !== previous.playhead) painter.schedule();
    });
    // The first frame waits for an idle moment: the canvas draws its items first, in a task of
    // its own (both come right after the page's first paint).
    const cancelFirst = whenIdle(painter.paintNow, FIRST_PAINT_TIMEOUT_MS);
    return () => {
      cancelFirst();
      unsubscribe();
      painter.stop();
      painterRef.current = null;
    };
    // The painter lives as long as the editor; data changes go through update() below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, queryClient, projectId]);

  useEffect(() => {
    painterRef.current?.update(timeline, style.data?.settings ?? null);
  }, [timeline, style.data]);

  return (
    <section
      aria-labelledby="timeline-preview-heading"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="timeline-preview-heading" className="text-base font-semibold">
        Preview
      </h2>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={settled || 'Frame at the playhead'}
        className="mx-auto rounded bg-black"
        style={{ width: CSS_WIDTH, height: CSS_HEIGHT }}
      />
      {style.isError ? (
        <InlineError error={style.error} />
      ) : style.isPending ? (
        <p className="text-xs text-slate-600" role="status">
          Loading the caption style…
        </p>
      ) : null}
      <NumberField
        label="Playhead (s)"
        value={playhead}
        min={0}
        commit={(seconds) => {
          if (seconds < 0) return 'The playhead cannot be before 0 s.';
          editor.setState({ playhead: snapToFrame(seconds, timeline.fps) });
          return null;
        }}
      />
      <p className="text-xs text-slate-600" aria-hidden="true">
        {formatTimecode(playhead, timeline.fps, true)}
      </p>
    </section>
  );
});

/** The value once it has rested for `ms` (the accessible description does not chatter). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
