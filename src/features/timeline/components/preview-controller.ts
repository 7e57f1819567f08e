/**
 * The preview's imperative parts for its component: the painter (created when the canvas is
 * there), the pointer gestures, and the data both read (the timeline, the caption style), kept
 * here so that React renders never carry them.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PainterContext } from '@/caption-painter/caption-painter.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import type { TimelineEditorState } from '../state/timeline-state.ts';
import { PreviewGestures } from './preview-gestures.ts';
import { PreviewPainter } from './preview-painter.ts';
import type { CaptionSettings, Timeline } from '@/api/schema.gen.ts';

export class PreviewController {
  readonly gestures: PreviewGestures;
  private painter: PreviewPainter | null = null;
  private timeline: Timeline;
  private settings: Partial<CaptionSettings> | null = null;

  constructor(
    private readonly editor: TimelineEditor,
    private readonly queryClient: QueryClient,
    private readonly projectId: string,
    timeline: Timeline,
    measure: PainterContext,
  ) {
    this.timeline = timeline;
    this.gestures = new PreviewGestures(
      editor,
      () => this.painter,
      measure,
      () => this.timeline,
    );
  }

  /** Paints into `canvas` until the returned function is called. */
  attach(
    canvas: HTMLCanvasElement,
    onPainted: (state: TimelineEditorState, timeline: Timeline) => void,
    onError: (error: unknown) => void,
  ): () => void {
    const painter = new PreviewPainter(
      canvas,
      this.editor,
      this.queryClient,
      this.projectId,
      this.timeline,
      (state) => {
        onPainted(state, this.timeline);
        onError(painter.frames.error);
      },
    );
    painter.update(this.timeline, this.settings);
    this.painter = painter;
    painter.start();
    return () => {
      painter.stop();
      if (this.painter === painter) this.painter = null;
    };
  }

  setData(timeline: Timeline, settings: Partial<CaptionSettings> | null): void {
    this.timeline = timeline;
    this.settings = settings;
    this.painter?.update(timeline, settings);
  }

  /** The frame's size on screen (CSS pixels) and the screen's pixel ratio. */
  resize(width: number, height: number, ratio: number): void {
    this.gestures.scale = width / this.editor.getState().frame.width;
    if (width > 0) this.painter?.resize(Math.round(width * ratio), Math.round(height * ratio));
  }
}
