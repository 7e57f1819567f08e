/**
 * The timeline editor screen: toolbar, canvas, inspector, preview, dialogs and banners, all on
 * one `Editor` of the editor kit. The toolbar, the shortcut help and the inspector fields are
 * derived from the command table; the canvas controller receives the editor. "Saving…" comes
 * from React Query's mutation state, the trim preview and the delete result from the mutation
 * cache; the editor's store holds only what is ephemeral.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ConflictBanner, NoticeBanner } from '@/components/editor-banners.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { nextRedo, nextUndo } from '@/editor-kit/history.ts';
import { bindEditorKeys } from '@/editor-kit/shortcut-guard.ts';
import { useStagedMount } from '@/lib/use-staged-mount.ts';
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

/** Borders and the horizontal scrollbar below the last row. */
const CANVAS_CHROME = 20;
/** Room kept for the page around the canvas when the viewport limits its height. */
const PAGE_AROUND_CANVAS = 240;
const MIN_CANVAS_HEIGHT = 240;
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
];

/** The canvas is as tall as its rows, up to what the viewport leaves for it; it scrolls beyond. */
function useCanvasHeight(rowCount: number): number {
  const [viewport, setViewport] = useState(() =>
    typeof window === 'undefined' ? 900 : window.innerHeight,
  );
  useEffect(() => {
    const onResize = () => setViewport(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const content = RULER_HEIGHT + rowCount * ROW_HEIGHT + CANVAS_CHROME;
  return Math.min(content, Math.max(MIN_CANVAS_HEIGHT, viewport - PAGE_AROUND_CANVAS));
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
  const canvasHeight = useCanvasHeight(index.rows.length);
  // The toolbar, help and inspector paint first; the canvas (1) and the preview (2) mount after.
  const stage = useStagedMount(2);
  // The editor's keys work anywhere on the screen (after a field's Enter the focus is on the page),
  // never a field's or a dialog's: the kit's rule (shortcut-guard.ts). The canvas takes its own
  // first.
  useEffect(() => bindEditorKeys(editor), [editor]);

  if (index.itemCount === 0) {
    return (
      <EmptyState title="This timeline has no items yet">
        <p>
          {index.rows.length > 0
            ? `It has ${index.rows.length} ${index.rows.length === 1 ? 'layer' : 'layers'} but nothing on them.`
            : 'It has no layers.'}{' '}
          Add clips, text or audio to the project, then come back to arrange them here.
        </p>
      </EmptyState>
    );
  }

  const undoEntry = nextUndo(history);
  const redoEntry = nextRedo(history);
  const nameOf = (id: string) => index.byId.get(id)?.item.name ?? id;
  const deleteResult =
    deleted?.outcome.result.kind === 'delete' ? deleted.outcome.result.result : null;

  return (
    <div className="flex flex-col gap-4">
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

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="flex min-w-0 flex-col gap-2">
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
          <div className="flex flex-wrap items-start justify-between gap-3">
            <TimelineLegend />
            <p id={HELP_ID} className="text-xs text-slate-600">
              Drag items to move them, drag their ends to trim. Keyboard: <kbd>]</kbd> selects the
              next item, arrows move it, <kbd>Delete</kbd> deletes, <kbd>Ctrl+Z</kbd> undoes.
            </p>
          </div>
          <ShortcutHelp editor={editor} extra={POINTER_HELP} />
        </div>
        <div className="flex flex-col gap-4">
          {ctx ? <TimelineInspector editor={editor} ctx={ctx} busy={busy} /> : null}
          {stage >= 2 ? (
            <Suspense fallback={null}>
              <PreviewPanel projectId={projectId} timeline={timeline} editor={editor} />
            </Suspense>
          ) : null}
        </div>
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
