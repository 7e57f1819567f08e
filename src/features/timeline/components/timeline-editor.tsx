/**
 * The timeline editor screen: toolbar, canvas, inspector, preview, dialogs and banners, all on
 * one `Editor` of the editor kit. The toolbar, the shortcut help and the inspector fields are
 * derived from the command table; the canvas controller receives the editor. "Saving…" comes
 * from React Query's mutation state, the trim preview and the delete result from the mutation
 * cache; the editor's store holds only what is ephemeral.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { brandContextQueryOptions } from '@/api/brand-context.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { ConflictBanner, NoticeBanner } from '@/components/editor-banners.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { nextRedo, nextUndo } from '@/editor-kit/history.ts';
import { useStagedMount } from '@/lib/use-staged-mount.ts';
import { transportFor } from '@/playback/transport.ts';
import {
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
const OverlayPicker = lazy(() =>
  import('./overlay-picker.tsx').then((module) => ({ default: module.OverlayPicker })),
);

/** Borders and the horizontal scrollbar below the last row. */
const CANVAS_CHROME = 20;
const MIN_CANVAS_HEIGHT = 160;
/** The toolbar above the canvas and the help line below it. */
const AROUND_CANVAS = 84;
/** The preview's transport, playhead and safe-area controls under its frame. */
const PREVIEW_CONTROLS = 170;
const MIN_PREVIEW_WIDTH = 200;
const MAX_PREVIEW_WIDTH = 420;
/** The preview's column takes at most this share of the editor's width. */
const MAX_PREVIEW_SHARE = 0.24;
/** Space kept under the editor (the page's bottom padding). */
const BOTTOM_ROOM = 12;
const MIN_EDITOR_HEIGHT = 480;
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
];

/**
 * The editor fills the window below its top (the page does not scroll): its height follows the
 * window's, from where the editor starts; its width is its own.
 */
function useEditorSize(root: React.RefObject<HTMLElement | null>): {
  height: number;
  width: number;
} {
  const [size, setSize] = useState(() =>
    typeof window === 'undefined'
      ? { height: 800, width: 1400 }
      : { height: window.innerHeight - 200, width: window.innerWidth - 32 },
  );
  useLayoutEffect(() => {
    const measure = () => {
      const box = root.current?.getBoundingClientRect();
      const top = box ? box.top + window.scrollY : 200;
      const height = Math.max(
        MIN_EDITOR_HEIGHT,
        Math.floor(window.innerHeight - top - BOTTOM_ROOM),
      );
      const width = Math.floor(box?.width ?? window.innerWidth - 32);
      setSize((old) => (old.height === height && old.width === width ? old : { height, width }));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [root]);
  return size;
}

/** The canvas is as tall as its rows, up to the room beside the preview; it scrolls beyond. */
function canvasHeightFor(rowCount: number, editorHeight: number): number {
  const content = RULER_HEIGHT + rowCount * ROW_HEIGHT + CANVAS_CHROME;
  return Math.min(content, Math.max(MIN_CANVAS_HEIGHT, editorHeight - AROUND_CANVAS));
}

/**
 * The preview's column: the 9:16 frame as tall as the editor leaves it, above its controls, and
 * at most a share of the editor's width (a narrow, tall window keeps room for the timeline).
 */
function previewWidthFor(editorHeight: number, editorWidth: number): number {
  const frameHeight = editorHeight - AROUND_CANVAS - PREVIEW_CONTROLS;
  return Math.max(
    MIN_PREVIEW_WIDTH,
    Math.min(
      MAX_PREVIEW_WIDTH,
      Math.floor((frameHeight * 9) / 16),
      Math.floor(editorWidth * MAX_PREVIEW_SHARE),
    ),
  );
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
function CanvasPlaceholder({ height }: { height: number }) {
  return (
    <div
      className="rounded-lg border border-slate-700 bg-slate-900"
      style={{ height }}
      aria-hidden="true"
    />
  );
}

function Zoom({ editor }: { editor: Editor }) {
  const pxPerSecond = useEditorState(editor, (state) => state.pxPerSecond);
  return (
    <span className="text-xs tabular-nums text-slate-600">
      {pxPerSecond < 10 ? pxPerSecond.toFixed(2) : Math.round(pxPerSecond)} px/s
    </span>
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

export function TimelineEditor({ projectId, timeline }: { projectId: string; timeline: Timeline }) {
  const queryClient = useQueryClient();
  const [editor] = useState(() => createTimelineEditor({ projectId, queryClient }));
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
  const rootRef = useRef<HTMLDivElement>(null);
  const { height: editorHeight, width: editorWidth } = useEditorSize(rootRef);
  const canvasHeight = canvasHeightFor(index.rows.length, editorHeight);
  const previewWidth = previewWidthFor(editorHeight, editorWidth);
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

  return (
    <div ref={rootRef} className="flex min-h-0 flex-col gap-2" style={{ height: editorHeight }}>
      <EditorToolbar
        editor={editor}
        label="Timeline tools"
        ctx={ctx}
        saving={busy}
        variants={{ deleteSelection: 'danger' }}
        titles={{
          undo: undoEntry ? `Undo ${undoEntry.label} (Ctrl/⌘ + Z)` : 'Nothing to undo',
          redo: redoEntry ? `Redo ${redoEntry.label} (Ctrl/⌘ + Shift + Z)` : 'Nothing to redo',
        }}
      >
        <Button variant="secondary" disabled={busy} onClick={() => setPicking(true)}>
          Add overlay…
        </Button>
        <Zoom editor={editor} />
        <span className="ml-auto text-sm text-slate-600" role="status">
          {busy ? (saving ? 'Saving…' : 'Checking…') : `Revision ${timeline.revision}`}
        </span>
      </EditorToolbar>

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
              void editor.commit(`Delete ${ids.length === 1 ? '1 item' : `${ids.length} items`}`, {
                kind: 'delete',
                ids,
                pack: deleteResult.packed === true,
              });
            }}
            onDismiss={deleted.dismiss}
          />
        </Suspense>
      ) : null}

      <div className="flex min-h-0 flex-1 gap-3">
        <div className="min-h-0 shrink-0" style={{ width: previewWidth }}>
          {stage >= 2 ? (
            <Suspense fallback={null}>
              <PreviewPanel projectId={projectId} timeline={timeline} editor={editor} />
            </Suspense>
          ) : null}
        </div>
        <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-1">
          <Suspense fallback={<CanvasPlaceholder height={canvasHeight} />}>
            {stage >= 1 ? (
              <TimelineCanvas
                timeline={timeline}
                editor={editor}
                ariaLabel={`Timeline canvas: ${index.rows.length} layers, ${index.itemCount} items`}
                describedBy={HELP_ID}
                height={canvasHeight}
              />
            ) : (
              <CanvasPlaceholder height={canvasHeight} />
            )}
          </Suspense>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p id={HELP_ID} className="text-xs text-slate-600">
              Drag items to move them, drag their ends to trim. Keyboard: <kbd>Space</kbd> plays,{' '}
              <kbd>]</kbd> selects the next item, arrows move it, <kbd>S</kbd> splits at the
              playhead, <kbd>Delete</kbd> deletes, <kbd>Ctrl+Z</kbd> undoes.
            </p>
            <TimelineLegend />
          </div>
        </div>
        <aside
          aria-label="Inspector and help"
          className="flex w-80 shrink-0 flex-col gap-3 overflow-y-auto"
        >
          {ctx ? <TimelineInspector editor={editor} ctx={ctx} busy={busy} /> : null}
          <ShortcutHelp editor={editor} extra={POINTER_HELP} />
        </aside>
      </div>

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
    </div>
  );
}
