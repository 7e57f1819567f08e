/**
 * The timeline editor screen: toolbar, canvas, inspector, preview, dialogs and banners, all on
 * one `Editor` of the editor kit. The toolbar, the shortcut help and the inspector fields are
 * derived from the command table; the canvas controller receives the editor. "Saving…" comes
 * from React Query's mutation state, the trim preview and the delete result from the mutation
 * cache; the editor's store holds only what is ephemeral.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { brandContextQueryOptions } from '@/api/brand-context.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { ConflictBanner, NoticeBanner } from '@/components/editor-banners.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { StudioLayout, type StudioPanel } from '@/components/studio-layout.tsx';
import { nextRedo, nextUndo } from '@/editor-kit/history.ts';
import type { ProjectFrame } from '@/lib/project-frame.ts';
import { useStagedMount } from '@/lib/use-staged-mount.ts';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { transportFor } from '@/playback/transport.ts';
import {
  CommandButton,
  EditorToolbar,
  ShortcutHelp,
  useBusy,
  useEditorContext,
  useEditorState,
  useLastCommit,
  usePendingReview,
  useSaving,
} from '@/editor-kit/react.tsx';
import { describeSelection } from '../model/announce.ts';
import type { CommandContext } from '../model/command-context.ts';
import { zoomIn, zoomOut, zoomToFit } from '../model/commands.ts';
import { timelineIndexOf, type TimelineIndex } from '../model/timeline-index.ts';
import { RULER_HEIGHT, ROW_HEIGHT } from '../model/time-scale.ts';
import {
  createTimelineEditor,
  type TimelineEditor as Editor,
} from '../state/create-timeline-editor.ts';
import type { TimelineEditorState } from '../state/timeline-state.ts';
import { isActivatable, isTypingTarget } from './keyboard-target.ts';
import { PlaybackController } from './playback-controller.ts';
import { TimelineLegend } from './timeline-legend.tsx';
import { TimelineInspector } from './timeline-inspector.tsx';
import type { Timeline, TimelineBatchApplyResult } from '@/api/schema.gen.ts';

// The canvas and the preview (the caption painter) are chunks of their own, requested when they
// mount, after the first paint: on a slow link the first paint (toolbar, help, inspector) does not
// share the bandwidth with them, and their work runs in tasks of its own after it.
const TimelineCanvas = lazy(() =>
  import('./timeline-canvas.tsx').then((module) => ({ default: module.TimelineCanvas })),
);
const PreviewPanel = lazy(() =>
  import('./preview-panel.tsx').then((module) => ({ default: module.PreviewPanel })),
);
// Shown only after an edit asks for them: loaded then.
const TrimReviewDialog = lazy(() =>
  import('./timeline-dialogs.tsx').then((module) => ({ default: module.TrimReviewDialog })),
);
const DeleteConfirmDialog = lazy(() =>
  import('./timeline-dialogs.tsx').then((module) => ({ default: module.DeleteConfirmDialog })),
);
const DeleteResultPanel = lazy(() =>
  import('./timeline-panels.tsx').then((module) => ({ default: module.DeleteResultPanel })),
);
const SafeAreaWarnings = lazy(() =>
  import('./safe-area-warnings.tsx').then((module) => ({ default: module.SafeAreaWarnings })),
);
const OverlayPicker = lazy(() =>
  import('./overlay-picker.tsx').then((module) => ({ default: module.OverlayPicker })),
);

/** Borders and the horizontal scrollbar below the last row. */
const CANVAS_CHROME = 20;
/** Layers the timeline shows when the studio first opens (fewer when the window is short). */
const FIRST_LAYERS = 4;
/** The timeline takes at most this share of the window's height when the studio first opens. */
const MAX_TIMELINE_SHARE = 0.31;
const HELP_ID = 'timeline-canvas-help';

const POINTER_HELP = [
  {
    shortcut: 'Alt while dragging',
    description: 'Do not snap to item edges or the playhead (the frame grid stays)',
  },
  {
    shortcut: 'Esc while dragging',
    description: 'Cancel the drag: everything goes back to how it was',
  },
  { shortcut: 'Ctrl/⌘ + wheel', description: 'Zoom around the pointer' },
  { shortcut: 'Drag on the ruler', description: 'Move the playhead (the preview follows)' },
  {
    shortcut: 'Arrows (preview focused)',
    description: 'Nudge the selected item on the frame by 1 px (Shift: 10 px)',
  },
  { shortcut: 'Double-click a title', description: 'Edit its text on the preview' },
  { shortcut: 'Shift while resizing', description: 'Keep the item’s aspect ratio' },
  { shortcut: 'F', description: 'Show the frame alone, as large as the window allows (Esc: back)' },
  { shortcut: 'F6 / Shift+F6', description: 'Move to the next / previous panel' },
];

/**
 * The timeline's height when the studio first opens: its first layers whole, within a share of
 * the window (the frame above takes the rest); the person's own split is remembered after that.
 */
function timelineHeightFor(rowCount: number): number {
  const rows = RULER_HEIGHT + Math.min(rowCount, FIRST_LAYERS) * ROW_HEIGHT + CANVAS_CHROME;
  const room = typeof window === 'undefined' ? 900 : window.innerHeight;
  return Math.round(Math.min(rows, room * MAX_TIMELINE_SHARE));
}

/**
 * Shortcuts wherever focus is in the page but in a field or a dialog (the canvas and the preview
 * handle their own keys first): Space on a button still presses it, and copy and paste leave
 * selected page text alone.
 */
function useEditorShortcuts(editor: Editor): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      if ((event.key === ' ' || event.key === 'Enter') && isActivatable(event.target)) return;
      const selectedText = window.getSelection()?.isCollapsed === false;
      if (selectedText && (event.ctrlKey || event.metaKey) && /^[cvx]$/i.test(event.key)) return;
      if (editor.handleKey(event)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [editor]);
}

/** The canvas's box while it loads: the same size, so nothing moves when it appears. */
function CanvasPlaceholder() {
  return (
    <div
      className="min-h-0 flex-1 rounded-lg border border-slate-700 bg-slate-900"
      aria-hidden="true"
    />
  );
}

const ZOOM_BUTTON =
  'h-6 min-w-6 !px-1 !py-0 !text-xs !bg-slate-800 !text-slate-100 hover:!bg-slate-700 disabled:!text-slate-500 focus-visible:ring-2 focus-visible:ring-amber-400';

/** The zoom, in the canvas's corner beside the ruler: out, in, the whole project, the scale. */
function ZoomControls({
  editor,
  ctx,
  busy,
}: {
  editor: Editor;
  ctx: CommandContext | null;
  busy: boolean;
}) {
  const pxPerSecond = useEditorState(editor, (state) => state.pxPerSecond);
  const shared = {
    editor,
    ctx,
    saving: busy,
    args: undefined,
    size: 'sm',
    variant: 'ghost',
  } as const;
  return (
    <div role="toolbar" aria-label="Timeline view" className="flex items-center gap-0.5">
      <CommandButton {...shared} command={zoomOut} icon="−" className={ZOOM_BUTTON} />
      <CommandButton {...shared} command={zoomIn} icon="+" className={ZOOM_BUTTON} />
      <CommandButton {...shared} command={zoomToFit} icon="Fit" className={ZOOM_BUTTON} />
      <span className="ml-1 whitespace-nowrap text-[10px] tabular-nums text-slate-300">
        {pxPerSecond < 10 ? pxPerSecond.toFixed(2) : Math.round(pxPerSecond)} px/s
      </span>
    </div>
  );
}

/** What falls under the chosen platform's interface (loaded when safe areas are first shown). */
function SafeAreaPanel({
  projectId,
  timeline,
  editor,
}: {
  projectId: string;
  timeline: Timeline;
  editor: Editor;
}) {
  const platform = useEditorState(editor, (state) => state.safeArea);
  const frame = useEditorState(editor, (state) => state.frame);
  const style = useQuery(captionStyleQueryOptions(projectId));
  // Made when safe areas are first shown: a canvas's first 2D context costs the page's first
  // render several milliseconds.
  const shown = platform !== null;
  const measure = useMemo(
    () =>
      shown
        ? (document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D)
        : null,
    [shown],
  );
  if (!platform || !measure) return null;
  return (
    <Suspense fallback={null}>
      <SafeAreaWarnings
        projectId={projectId}
        timeline={timeline}
        editor={editor}
        platform={platform}
        measure={measure}
        captionSettings={style.data?.settings ?? null}
        frame={frame}
      />
    </Suspense>
  );
}

/**
 * What is selected, for screen readers. It follows the editor's context, which a pointer gesture
 * holds: a marquee or a drag is announced once, when it ends, and keyboard selection at once.
 */
function SelectionStatus({
  index,
  selection,
}: {
  index: TimelineIndex;
  selection: ReadonlySet<string> | undefined;
}) {
  return (
    <div role="status" aria-label="Selection" className="sr-only">
      {selection ? describeSelection(index, selection) : ''}
    </div>
  );
}

// A drag changes the store every frame: views re-read the context only for what they show.
const watchContext = (state: TimelineEditorState) => [state.selection, state.history];
// During a pointer gesture (from its press) the views (toolbar, inspector, selection status) show
// what they showed before it and follow after the frame that ends it: a drop re-renders them
// anyway (the items moved, the history grew), and not in the drop's commit task (trace of
// 2026-11-25 10:13: an inspector mounting its fields there made the drop a long frame). Rendering them in the press's
// task started a drag with a long frame: the render, the style and layout it forced, the toolbar
// buttons' colour transitions and the JIT compiling React's render path on two cores (traces
// 01:03 and 2026-11-25 07:10).
const holdContext = (state: TimelineEditorState) => state.gesture !== null;

export function TimelineEditor({
  projectId,
  timeline,
  frame,
  heading,
  actions,
  panels = NO_PANELS,
}: {
  projectId: string;
  timeline: Timeline;
  /** The project's frame (its aspect ratio): fixed for the editor's life. */
  frame: ProjectFrame;
  /** The page's title, at the start of the toolbar's row. */
  heading: ReactNode;
  /** At the end of the toolbar's row (the route's: e.g. Export). */
  actions?: ReactNode;
  /** Panels beside the frame after the inspector (the route's slot: e.g. another feature's). */
  panels?: readonly StudioPanel[];
}) {
  const queryClient = useQueryClient();
  const [editor] = useState(() =>
    createTimelineEditor({ projectId, queryClient, initial: { frame } }),
  );
  const index = timelineIndexOf(timeline);
  const ctx = useEditorContext(editor, watchContext, holdContext);
  const busy = useBusy(editor);
  const saving = useSaving(editor);
  const history = useEditorState(editor, (state) => state.history);
  const notice = useEditorState(editor, (state) => state.notice);
  const conflict = useEditorState(editor, (state) => state.conflict);
  const deleteRequest = useEditorState(editor, (state) => state.deleteRequest);
  const announcement = useEditorState(editor, (state) => state.announcement);
  const deleted = useLastCommit(editor, (variables) => variables.change.kind === 'delete');
  const review = usePendingReview(editor);
  const [timelineHeight] = useState(() => timelineHeightFor(index.rows.length));
  const [picking, setPicking] = useState(false);
  // The toolbar, help and inspector paint first; the canvas (1) and the preview (2) mount after.
  const stage = useStagedMount(2);
  const brand = useQuery(brandContextQueryOptions);

  // The editor's playhead mirrors the project's transport (one playhead for every view of the
  // project in the tab) as long as the editor is mounted; the transport plays to the cut's end.
  const transport = transportFor(projectId);
  useEffect(() => new PlaybackController(editor, transport).start(), [editor, transport]);
  useEffect(() => transport.setDuration(index.durationSeconds), [transport, index.durationSeconds]);
  useEditorShortcuts(editor);
  // New text starts in the brand's first colour and font (onboarding's brand context).
  useEffect(() => {
    const context = brand.data;
    editor.setState({
      textDefaults: {
        color: context?.colors[0]?.hex.toUpperCase() ?? '#FFFFFF',
        fontFamily: context?.fonts[0] ?? null,
      },
    });
  }, [brand.data, editor]);

  if (index.rows.length === 0) {
    return (
      <EmptyState title="This timeline has no layers yet">
        <p>Add clips, text or audio to the project, then come back to arrange them here.</p>
      </EmptyState>
    );
  }

  const undoEntry = nextUndo(history);
  const redoEntry = nextRedo(history);
  const nameOf = (id: string) => index.byId.get(id)?.item.name ?? id;
  const deleteResult =
    deleted?.outcome.result.kind === 'delete' ? deleted.outcome.result.result : null;

  const toolbar = (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        {heading}
        <div className="min-w-0 flex-1">
          <EditorToolbar
            editor={editor}
            label="Timeline tools"
            ctx={ctx}
            saving={busy}
            compact
            exclude={VIEW_GROUPS}
            variants={{ deleteSelection: 'danger' }}
            titles={{
              undo: undoEntry ? `Undo ${undoEntry.label} (Ctrl/⌘ + Z)` : 'Nothing to undo',
              redo: redoEntry ? `Redo ${redoEntry.label} (Ctrl/⌘ + Shift + Z)` : 'Nothing to redo',
            }}
          >
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => setPicking(true)}>
              Add overlay…
            </Button>
            <span className="ml-auto whitespace-nowrap text-sm text-slate-600" role="status">
              {busy ? (saving ? 'Saving…' : 'Checking…') : `Revision ${timeline.revision}`}
            </span>
          </EditorToolbar>
        </div>
        {actions}
      </div>
      <div className="flex max-h-48 flex-col gap-1 overflow-y-auto empty:hidden">
        {conflict ? (
          <ConflictBanner
            conflict={conflict}
            what="this timeline"
            onDismiss={() => editor.setState({ conflict: null })}
          />
        ) : null}
        {notice ? (
          <NoticeBanner notice={notice} onDismiss={() => editor.setState({ notice: null })} />
        ) : null}
        {deleteResult && deleted ? (
          <Suspense fallback={null}>
            <DeleteResultPanel
              result={deleteResult}
              nameOf={nameOf}
              onRetry={(ids) => {
                deleted.dismiss();
                void editor.commit(
                  `Delete ${ids.length === 1 ? '1 item' : `${ids.length} items`}`,
                  { kind: 'delete', ids, pack: deleteResult.packed === true },
                );
              }}
              onDismiss={deleted.dismiss}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );

  const timelinePanel = (
    <Suspense fallback={<CanvasPlaceholder />}>
      {stage >= 1 ? (
        <TimelineCanvas
          timeline={timeline}
          editor={editor}
          ariaLabel={`Timeline canvas: ${index.rows.length} layers, ${index.itemCount} items`}
          describedBy={HELP_ID}
          corner={<ZoomControls editor={editor} ctx={ctx} busy={busy} />}
        />
      ) : (
        <CanvasPlaceholder />
      )}
    </Suspense>
  );

  return (
    <>
      <StudioLayout
        id="timeline"
        toolbar={toolbar}
        frameTitle="Preview"
        frame={
          stage >= 2 ? (
            <Suspense fallback={null}>
              <PreviewPanel projectId={projectId} timeline={timeline} editor={editor} />
            </Suspense>
          ) : null
        }
        bottom={{
          title: 'Timeline',
          content: timelinePanel,
          defaultHeight: timelineHeight,
          minHeight: RULER_HEIGHT + ROW_HEIGHT + CANVAS_CHROME,
        }}
        panels={[
          {
            id: 'inspector',
            title: 'Inspector',
            content: (
              <div className="flex flex-col gap-3">
                {ctx ? <TimelineInspector editor={editor} ctx={ctx} busy={busy} /> : null}
                <SafeAreaPanel projectId={projectId} timeline={timeline} editor={editor} />
                <TimelineLegend />
                <p id={HELP_ID} className="text-xs text-slate-600">
                  Drag items to move them, drag their ends to trim. Keyboard: <kbd>Space</kbd>{' '}
                  plays, <kbd>]</kbd> selects the next item, arrows move it, <kbd>S</kbd> splits at
                  the playhead, <kbd>Delete</kbd> deletes, <kbd>Ctrl+Z</kbd> undoes, <kbd>F</kbd>{' '}
                  shows the frame alone, <kbd>F6</kbd> moves between panels.
                </p>
                <ShortcutHelp editor={editor} extra={POINTER_HELP} />
              </div>
            ),
          },
          ...panels,
        ]}
      />

      <SelectionStatus index={index} selection={ctx?.selection} />
      <div role="status" aria-label="Last action" className="sr-only">
        {announcement}
      </div>

      <Suspense fallback={null}>
        {review ? (
          <TrimReviewDialog
            label={review.label}
            preview={review.answer as TimelineBatchApplyResult}
            index={index}
            onCancel={review.cancel}
            onApply={review.apply}
          />
        ) : null}
        {picking ? <OverlayPicker editor={editor} onClose={() => setPicking(false)} /> : null}
        {deleteRequest ? (
          <DeleteConfirmDialog
            ids={deleteRequest}
            index={index}
            onCancel={() => editor.setState({ deleteRequest: null })}
            onConfirm={({ pack }) => {
              editor.setState({ deleteRequest: null });
              void editor.commit(
                `Delete ${deleteRequest.length === 1 ? '1 item' : `${deleteRequest.length} items`}`,
                { kind: 'delete', ids: deleteRequest, pack },
              );
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}

const NO_PANELS: readonly StudioPanel[] = [];
/** The view's commands (zoom) sit on the timeline's own row, the rest in the page's toolbar. */
const VIEW_GROUPS = ['view'];
