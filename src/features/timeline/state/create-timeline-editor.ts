/**
 * The timeline's `Editor` (the shared editor kit): its state, its command table, and how a
 * timeline change is shown, sent, settled, undone, re-checked after someone else's edit, and
 * previewed (a trim is checked with a dry run first; a destructive one waits for review).
 */
import type { QueryClient } from '@tanstack/query-core';
import { ApiError } from '@/api/api-error.ts';
import { afterPaint } from '@/lib/after-paint.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { withConflictRetry } from '@/editor-kit/conflict-retry.ts';
import { ChangeRejected } from '@/editor-kit/contract.ts';
import { createEditor, type Editor } from '@/editor-kit/editor.ts';
import { applyBatch, batchDelete, MAX_BATCH_OPERATIONS } from '../api/timeline-api.ts';
import { timelineQueryOptions } from '@/api/timeline.ts';
import type { CommandContext } from '../model/command-context.ts';
import { TIMELINE_COMMANDS } from '../model/commands.ts';
import { describeChanges, diffTimelines } from '../model/conflict.ts';
import { tooManyOperations } from '../model/edit-ops.ts';
import {
  applyChange,
  deletedItems,
  entryTouches,
  invertChange,
  itemsById,
  rebaseChange,
  settleChange,
  voidedItems,
  type TimelineChange,
  type TimelineResult,
} from '../model/timeline-change.ts';
import { timelineIndexOf } from '../model/timeline-index.ts';
import {
  initialTimelineState,
  MARKED_KEYS,
  viewportOf,
  type TimelineState,
} from './timeline-state.ts';
import type { Timeline, TimelineBatchApplyResult } from '@/api/schema.gen.ts';

export type TimelineEditor = Editor<
  TimelineState,
  Timeline,
  TimelineChange,
  TimelineResult,
  CommandContext
>;

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
const describeConflict = (base: Timeline, fresh: Timeline) =>
  describeChanges(diffTimelines(base, fresh));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A refused batch in words: which items, and why. */
function refusal(batch: TimelineBatchApplyResult, base: Timeline, total: number): ChangeRejected {
  const names = itemsById(base);
  const reasons = batch.failed_operations.map(
    (failure) =>
      `“${names.get(failure.timeline_item_id)?.name ?? failure.timeline_item_id}”: ${failure.message}`,
  );
  return new ChangeRejected(
    `Nothing was changed: ${plural(batch.failed_operations.length, 'operation')} of ${total} could not be applied.`,
    reasons,
  );
}

export function createTimelineEditor(options: {
  projectId: string;
  queryClient: QueryClient;
  initial?: Partial<TimelineState>;
}): TimelineEditor {
  const { projectId, queryClient } = options;
  const timelineQuery = timelineQueryOptions(projectId);
  const fetch = () => queryClient.fetchQuery({ ...timelineQuery, staleTime: 0 });
  const voided = new WeakMap<TimelineResult, Set<string>>();

  return createEditor<TimelineState, Timeline, TimelineChange, TimelineResult, CommandContext>({
    key: queryKeys.timeline.editor(projectId),
    queryClient,
    initialState: initialTimelineState(options.initial),
    markedKeys: MARKED_KEYS,
    commands: TIMELINE_COMMANDS,
    context: (timeline, state) => ({
      index: timelineIndexOf(timeline),
      fps: timeline.fps,
      selection: state.selection,
      playhead: state.playhead,
      view: viewportOf(state),
      history: state.history,
      playbackRate: state.playbackRate,
      clipboard: state.clipboard,
      mutedLayers: state.mutedLayers,
      soloLayers: state.soloLayers,
      textDefaults: state.textDefaults,
      frame: state.frame,
    }),

    // A trim is checked first (one dry-run batch); destructive or adjusted ones wait for review.
    async review({ change, base }) {
      if (change.kind !== 'ops' || !change.ops.some((op) => op.kind === 'trim'))
        return { action: 'commit', change };
      const checked = await withConflictRetry<Timeline, TimelineChange, TimelineBatchApplyResult>({
        base,
        change,
        send: (next, doc) =>
          applyBatch(projectId, next.kind === 'ops' ? next.ops : [], doc.revision, {
            dryRun: true,
          }),
        isConflict,
        refetch: fetch,
        rebase: rebaseChange,
        describe: describeConflict,
      });
      if (checked.status === 'failed') throw checked.error;
      if (checked.status === 'not-applied') return { action: 'drop', conflict: checked.conflict };
      const preview = checked.result;
      if (!preview.success) throw refusal(preview, checked.base, change.ops.length);
      const hold = preview.destructive || preview.warnings.length > 0;
      return hold
        ? { action: 'hold', change: checked.change, answer: preview, conflict: checked.conflict }
        : { action: 'commit', change: checked.change, conflict: checked.conflict };
    },

    afterCommit: ({ change, result, state }) => {
      // What an addition, a paste or a duplicate made is selected (to place it, edit it, undo it);
      // after a split, the part after the playhead (so S again further on splits it again).
      const created =
        change.kind === 'ops'
          ? change.ops.flatMap((op) =>
              op.kind === 'create' ? [op.itemId] : op.kind === 'split' ? [op.newId] : [],
            )
          : [];
      if (created.length > 0) return { selection: new Set(created) };
      const gone = deletedItems(change, result);
      return [...state.selection].some((id) => gone.has(id))
        ? { selection: new Set([...state.selection].filter((id) => !gone.has(id))) }
        : {};
    },

    document: {
      queryKey: timelineQuery.queryKey,
      fetch,
      apply: applyChange,
      async send(change, base, idempotencyKey) {
        if (change.kind === 'delete') {
          const { result, revision } = await batchDelete(projectId, change.ids, base.revision, {
            pack: change.pack,
          });
          return { kind: 'delete', result, revision };
        }
        if (change.ops.length > MAX_BATCH_OPERATIONS) {
          throw new ChangeRejected(tooManyOperations(change.ops.length, MAX_BATCH_OPERATIONS));
        }
        // A batch is serialised and sent after the frame that shows it applied: the optimistic
        // update, the editor's render and building a request of 1,000 operations were one task,
        // and with the frame after it a long animation frame. That frame is the second after the
        // render: a dropped drag's ghosts hold the band for one frame (canvas-controller's
        // endMove). Sent after only one, the request's task (13 ms) and the band's draw (28 ms)
        // were still one long animation frame. A one-item drop waits too: its request made the
        // service (on the same machine when simulated) busy during the drop's frames.
        await afterPaint({ frames: 2 });
        const batch = await applyBatch(projectId, change.ops, base.revision, { idempotencyKey });
        if (!batch.applied) throw refusal(batch, base, change.ops.length);
        return { kind: 'ops', batch };
      },
      settle: settleChange,
      invert: invertChange,
      isConflict,
      rebase: rebaseChange,
      describeConflict,
      warnings: (result) => (result.kind === 'ops' ? result.batch.warnings : []),
      // A delete shows its own result panel; a trim that deleted its item says so.
      notUndoable: (change, result) =>
        change.kind === 'delete' || result.kind !== 'ops'
          ? null
          : `It deleted ${plural(result.batch.deleted_timeline_item_ids.length, 'item')}, and deleted items cannot be restored.`,
      invalidates: (entry, change, result, base) => {
        let ids = voided.get(result);
        if (!ids) voided.set(result, (ids = voidedItems(change, result, base)));
        return entryTouches(entry, ids);
      },
    },
  });
}
