/**
 * The timeline editor screen: toolbar, canvas, inspector, preview, dialogs and banners. Commands
 * are the one way anything happens: the toolbar, the shortcuts and the inspector call `run`, the
 * canvas commits gestures as operations. Server state stays in React Query; the editor store holds
 * only what is ephemeral.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { Button } from '@/components/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import {
  performDelete,
  performEdit,
  redoNext,
  submitEdit,
  undoLast,
  type EditorDeps,
} from '../api/timeline-actions.ts';
import { createTimelineApi } from '../api/timeline-api.ts';
import { describeSelection } from '../model/announce.ts';
import { nextRedo, nextUndo } from '../model/command-history.ts';
import {
  clearSelection,
  deleteSelection,
  moveToLayer,
  nudge,
  redo,
  selectAll,
  selectNext,
  selectPrevious,
  undo,
  zoomIn,
  zoomOut,
  zoomToFit,
  type Command,
  type CommandContext,
  type CommandOutcome,
} from '../model/commands.ts';
import type { EditOp } from '../model/edit-ops.ts';
import { shortcutFor, type ShortcutAction } from '../model/keyboard.ts';
import { buildTimelineIndex } from '../model/timeline-index.ts';
import { RULER_HEIGHT, ROW_HEIGHT } from '../model/time-scale.ts';
import type { Timeline } from '../model/timeline-types.ts';
import { createEditorStore, viewportOf } from '../state/editor-store.ts';
import { PreviewPanel } from './preview-panel.tsx';
import { TimelineCanvas, TimelineLegend } from './timeline-canvas.tsx';
import { DeleteConfirmDialog, TrimReviewDialog } from './timeline-dialogs.tsx';
import { TimelineInspector } from './timeline-inspector.tsx';
import { ConflictBanner, DeleteResultPanel, NoticeBanner } from './timeline-panels.tsx';

const CANVAS_MAX_HEIGHT = 460;
/** Room for the horizontal scrollbar and borders below the last row. */
const CANVAS_CHROME = 18;
const HELP_ID = 'timeline-canvas-help';

const SHORTCUTS: Array<[string, string]> = [
  ['] / [', 'Select the next / previous item (Shift: add to the selection)'],
  ['Ctrl/Cmd + A', 'Select all'],
  ['← / →', 'Move the selection by one frame (Shift: one second)'],
  ['↑ / ↓', 'Move the selection to the previous / next layer that accepts it'],
  ['Delete', 'Delete the selection (asks first)'],
  ['Ctrl/Cmd + Z, Shift + Ctrl/Cmd + Z', 'Undo, redo'],
  ['+ / − / 0', 'Zoom in, zoom out, fit the project'],
  ['Escape', 'Cancel a drag, or clear the selection'],
  ['Alt while dragging', 'Do not snap to item edges or the playhead (the frame grid stays)'],
  ['Ctrl/Cmd + wheel', 'Zoom around the pointer'],
];

export function TimelineEditor({ projectId, timeline }: { projectId: string; timeline: Timeline }) {
  const queryClient = useQueryClient();
  const [store] = useState(() => createEditorStore());
  const deps = useMemo<EditorDeps>(
    () => ({ queryClient, projectId, api: createTimelineApi(projectId, queryClient), store }),
    [queryClient, projectId, store],
  );
  const index = useMemo(() => buildTimelineIndex(timeline), [timeline]);
  const selection = useStore(store, (state) => state.selection);
  const busy = useStore(store, (state) => state.busy);
  const history = useStore(store, (state) => state.history);
  const dragging = useStore(store, (state) => state.drag !== null);
  const notice = useStore(store, (state) => state.notice);
  const conflict = useStore(store, (state) => state.conflict);
  const trimReview = useStore(store, (state) => state.trimReview);
  const deleteRequest = useStore(store, (state) => state.deleteRequest);
  const deleteResult = useStore(store, (state) => state.deleteResult);
  const announcement = useStore(store, (state) => state.announcement);
  const pxPerSecond = useStore(store, (state) => state.pxPerSecond);
  const saving = useStore(store, (state) => state.saving);

  const context = useCallback((): CommandContext => {
    const state = store.getState();
    return {
      index,
      fps: timeline.fps,
      selection: state.selection,
      playhead: state.playhead,
      view: viewportOf(state),
      history: state.history,
    };
  }, [index, timeline.fps, store]);

  const run = useCallback(
    <A,>(command: Command<A>, args: A): CommandOutcome => {
      const outcome = command.perform(context(), args);
      const state = store.getState();
      switch (outcome.type) {
        case 'select':
          state.setSelection(outcome.selection);
          break;
        case 'view':
          state.setView({ pxPerSecond: outcome.pxPerSecond, scrollX: outcome.scrollX });
          break;
        case 'edit':
          void submitEdit(deps, outcome.label, outcome.ops);
          break;
        case 'confirm-delete':
          state.set({ deleteRequest: outcome.ids });
          break;
        case 'undo':
          void undoLast(deps);
          break;
        case 'redo':
          void redoNext(deps);
          break;
        case 'noop':
          state.set({ announcement: outcome.reason });
          break;
      }
      return outcome;
    },
    [context, deps, store],
  );

  const runShortcut = useCallback(
    (action: ShortcutAction) => {
      switch (action.command) {
        case 'nudge':
          return run(nudge, action.args);
        case 'moveToLayer':
          return run(moveToLayer, action.args);
        case 'selectNext':
          return run(selectNext, action.args);
        case 'selectPrevious':
          return run(selectPrevious, action.args);
        case 'selectAll':
          return run(selectAll, undefined);
        case 'clearSelection':
          return run(clearSelection, undefined);
        case 'deleteSelection':
          return run(deleteSelection, undefined);
        case 'undo':
          return run(undo, undefined);
        case 'redo':
          return run(redo, undefined);
        case 'zoomIn':
          return run(zoomIn, undefined);
        case 'zoomOut':
          return run(zoomOut, undefined);
        case 'zoomToFit':
          return run(zoomToFit, undefined);
        case 'cancelDrag':
          return null;
      }
    },
    [run],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const action = shortcutFor(event, false);
      if (!action) return;
      event.preventDefault();
      runShortcut(action);
    },
    [runShortcut],
  );

  const onCommit = useCallback(
    (label: string, ops: EditOp[]) => void submitEdit(deps, label, ops),
    [deps],
  );
  const onRefused = useCallback(
    (reason: string) =>
      store.getState().set({
        notice: { tone: 'info', title: 'Not moved', detail: reason },
        announcement: reason,
      }),
    [store],
  );

  const ctx = context();
  const undoEntry = nextUndo(history);
  const redoEntry = nextRedo(history);
  const nameOf = (id: string) => index.byId.get(id)?.item.name ?? id;
  const selectionText = dragging ? '' : describeSelection(index, selection);

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

  return (
    <div className="flex flex-col gap-4">
      <div role="toolbar" aria-label="Timeline tools" className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          onClick={() => run(undo, undefined)}
          disabled={busy || !undo.enabled(ctx)}
          title={undoEntry ? `Undo ${undoEntry.label} (Ctrl+Z)` : 'Nothing to undo'}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          Undo
        </Button>
        <Button
          variant="secondary"
          onClick={() => run(redo, undefined)}
          disabled={busy || !redo.enabled(ctx)}
          title={redoEntry ? `Redo ${redoEntry.label} (Shift+Ctrl+Z)` : 'Nothing to redo'}
          aria-keyshortcuts="Shift+Control+Z Shift+Meta+Z"
        >
          Redo
        </Button>
        <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />
        <Button variant="secondary" onClick={() => run(zoomOut, undefined)} aria-keyshortcuts="-">
          Zoom out
        </Button>
        <Button variant="secondary" onClick={() => run(zoomIn, undefined)} aria-keyshortcuts="+">
          Zoom in
        </Button>
        <Button variant="secondary" onClick={() => run(zoomToFit, undefined)} aria-keyshortcuts="0">
          Fit project
        </Button>
        <span className="text-xs tabular-nums text-slate-600">
          {pxPerSecond < 10 ? pxPerSecond.toFixed(2) : Math.round(pxPerSecond)} px/s
        </span>
        <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />
        <Button
          variant="secondary"
          onClick={() => run(selectAll, undefined)}
          aria-keyshortcuts="Control+A Meta+A"
        >
          Select all
        </Button>
        <Button
          variant="danger"
          onClick={() => run(deleteSelection, undefined)}
          disabled={busy || !deleteSelection.enabled(ctx)}
          aria-keyshortcuts="Delete"
        >
          Delete selected
        </Button>
        <span className="ml-auto text-sm text-slate-600" role="status">
          {busy
            ? saving
              ? `Saving ${saving.done.toLocaleString('en')} of ${saving.total.toLocaleString('en')}…`
              : 'Saving…'
            : `Revision ${timeline.revision}`}
        </span>
      </div>

      {conflict ? (
        <ConflictBanner
          conflict={conflict}
          onDismiss={() => store.getState().set({ conflict: null })}
        />
      ) : null}
      {notice ? (
        <NoticeBanner notice={notice} onDismiss={() => store.getState().set({ notice: null })} />
      ) : null}
      {deleteResult ? (
        <DeleteResultPanel
          result={deleteResult}
          nameOf={nameOf}
          onRetry={(ids) => {
            store.getState().set({ deleteResult: null });
            void performDelete(deps, ids, { pack: deleteResult.packed === true });
          }}
          onDismiss={() => store.getState().set({ deleteResult: null })}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="flex min-w-0 flex-col gap-2">
          <TimelineCanvas
            timeline={timeline}
            store={store}
            ariaLabel={`Timeline canvas: ${index.rows.length} layers, ${index.itemCount} items`}
            describedBy={HELP_ID}
            canEdit={!busy}
            height={Math.min(
              CANVAS_MAX_HEIGHT,
              RULER_HEIGHT + index.rows.length * ROW_HEIGHT + CANVAS_CHROME,
            )}
            onCommit={onCommit}
            onRefused={onRefused}
            onKeyDown={onKeyDown}
          />
          <div className="flex flex-wrap items-start justify-between gap-3">
            <TimelineLegend />
            <p id={HELP_ID} className="text-xs text-slate-600">
              Drag items to move them, drag their ends to trim. Keyboard: <kbd>]</kbd> selects the
              next item, arrows move it, <kbd>Delete</kbd> deletes, <kbd>Ctrl+Z</kbd> undoes.
            </p>
          </div>
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer font-medium">Keyboard shortcuts</summary>
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
              {SHORTCUTS.map(([keys, what]) => (
                <div key={keys} className="contents">
                  <dt>
                    <kbd>{keys}</kbd>
                  </dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </details>
        </div>
        <div className="flex flex-col gap-4">
          <TimelineInspector index={index} selection={selection} busy={busy} run={run} />
          <PreviewPanel
            projectId={projectId}
            revision={timeline.revision}
            fps={timeline.fps}
            store={store}
          />
        </div>
      </div>

      <div role="status" aria-label="Selection" className="sr-only">
        {selectionText}
      </div>
      <div role="status" aria-label="Last action" className="sr-only">
        {announcement}
      </div>

      {trimReview ? (
        <TrimReviewDialog
          review={trimReview}
          index={index}
          onCancel={() =>
            store
              .getState()
              .set({ trimReview: null, announcement: `${trimReview.label} cancelled.` })
          }
          onApply={() => {
            store.getState().set({ trimReview: null });
            void performEdit(deps, trimReview.label, trimReview.ops);
          }}
        />
      ) : null}
      {deleteRequest ? (
        <DeleteConfirmDialog
          ids={deleteRequest}
          index={index}
          onCancel={() => store.getState().set({ deleteRequest: null })}
          onConfirm={(options) => void performDelete(deps, deleteRequest, options)}
        />
      ) : null}
    </div>
  );
}
