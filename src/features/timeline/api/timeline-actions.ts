/**
 * What the editor does with a command's outcome when it writes: optimistic update → requests →
 * history, with rollback, 409 handling and words for every result. Plain async functions over a
 * QueryClient, the timeline API and the editor store (unit-tested with a fake API).
 *
 * Optimistic pattern (house style): cancel → snapshot → apply → on failure roll back → invalidate.
 */
import type { QueryClient } from '@tanstack/react-query';
import { describeError } from '@/api/api-error.ts';
import {
  createEntry,
  dropEntry,
  nextRedo,
  nextUndo,
  pruneDeleted,
  record,
  redone,
  undone,
  type HistoryEntry,
} from '../model/command-history.ts';
import { describeChanges, diffTimelines, stillApplies } from '../model/conflict.ts';
import {
  applyEditOps,
  invertGesture,
  orderForApply,
  removeItems,
  restoreItems,
  type AppliedOp,
  type EditOp,
} from '../model/edit-ops.ts';
import { runOps, type RunResult } from '../model/gesture-runner.ts';
import { roundMs } from '../model/time-scale.ts';
import type {
  Timeline,
  TimelineBatchDeleteResult,
  TimelineItem,
  TimelineOperationPreview,
} from '../model/timeline-types.ts';
import { combinePreviews, needsReview } from '../model/trim-review.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { CAN_REMOVE_EFFECTS, isConflict, isGone, type TimelineApi } from './timeline-api.ts';
import { timelineKeys } from './timeline-queries.ts';

export interface EditorDeps {
  queryClient: QueryClient;
  projectId: string;
  api: TimelineApi;
  store: EditorStore;
}

type Mode =
  { kind: 'do' } | { kind: 'undo'; entry: HistoryEntry } | { kind: 'redo'; entry: HistoryEntry };

function items(timeline: Timeline): Map<string, TimelineItem> {
  const map = new Map<string, TimelineItem>();
  for (const layer of timeline.layers) for (const item of layer.items) map.set(item.id, item);
  return map;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The service may clamp a trim (neighbours, source bounds) or snap a move: undo must invert what
 * happened, so trims are re-read from the refetched timeline.
 */
function actualOps(applied: readonly AppliedOp[], base: Timeline, fresh: Timeline): AppliedOp[] {
  const before = items(base);
  const after = items(fresh);
  return applied.map((step) => {
    if (step.op.kind !== 'trim') return step;
    const then = before.get(step.op.itemId);
    const now = after.get(step.op.itemId);
    if (!then || !now) return step;
    return {
      ...step,
      op: {
        ...step.op,
        startDelta: roundMs(now.start_seconds - then.start_seconds),
        endDelta: roundMs(now.end_seconds - then.end_seconds),
      },
    };
  });
}

async function withBusy<T>(store: EditorStore, work: () => Promise<T>): Promise<T | undefined> {
  if (store.getState().busy) {
    store.getState().set({
      notice: {
        tone: 'info',
        title: 'One moment',
        detail: 'The previous change is still being saved.',
      },
    });
    return undefined;
  }
  store.getState().set({ busy: true, notice: null });
  try {
    return await work();
  } finally {
    store.getState().set({ busy: false, saving: null });
  }
}

/** Every item on the layers that held any of `ids`. */
function itemsOnLayersOf(timeline: Timeline, ids: ReadonlySet<string>): Set<string> {
  const result = new Set<string>();
  for (const layer of timeline.layers) {
    if (layer.items.some((item) => ids.has(item.id)))
      for (const item of layer.items) result.add(item.id);
  }
  return result;
}

/** Runs one gesture (or the undo/redo of one) as one request batch and one history step. */
export function performEdit(
  deps: EditorDeps,
  label: string,
  ops: readonly EditOp[],
  mode: Mode = { kind: 'do' },
): Promise<void> {
  return withBusy(deps.store, () => runEdit(deps, label, ops, mode)).then(() => undefined);
}

async function runEdit(
  deps: EditorDeps,
  label: string,
  requested: readonly EditOp[],
  mode: Mode,
): Promise<void> {
  const { queryClient, projectId, api, store } = deps;
  const key = timelineKeys.detail(projectId);
  await queryClient.cancelQueries({ queryKey: key });
  const base = queryClient.getQueryData<Timeline>(key);
  if (!base || requested.length === 0) return;
  const ops = orderForApply(requested);
  // Words for messages: “Move 2 items”, or “Undo “Move 2 items””.
  const title = mode.kind === 'do' ? label : `${mode.kind === 'undo' ? 'Undo' : 'Redo'} “${label}”`;
  let reference = base;
  queryClient.setQueryData(key, applyEditOps(base, ops));
  try {
    const progress = (done: number, total: number) => {
      if (total > 1) store.getState().set({ saving: { done, total } });
    };
    let result: RunResult = await runOps(ops, base.revision, api, isConflict, progress);

    // A stale revision, or an item someone else deleted: refetch and show what changed.
    if (result.status === 'rolled-back' && (isConflict(result.error) || isGone(result.error))) {
      const fresh = await api.fetchTimeline();
      const changes = describeChanges(diffTimelines(base, fresh));
      const check = stillApplies(ops, base, fresh);
      if (!check.applies) {
        if (mode.kind !== 'do')
          store.getState().set({ history: dropEntry(store.getState().history, mode.entry.id) });
        store.getState().set({
          conflict: {
            changes,
            reapplied: false,
            outcome: `Your change (${title}) was not applied: ${check.reason}${mode.kind !== 'do' ? ' It was removed from the undo history.' : ''}`,
          },
          announcement: `${title} was not applied because the timeline changed.`,
        });
        return;
      }
      reference = fresh;
      queryClient.setQueryData(key, applyEditOps(fresh, ops));
      result = await runOps(ops, fresh.revision, api, isConflict, progress);
      store.getState().set({
        conflict: {
          changes,
          reapplied: result.status === 'applied',
          outcome:
            result.status === 'applied'
              ? `Your change (${title}) still applied, so it was re-applied on top of theirs.`
              : `Your change (${title}) could not be re-applied.`,
        },
      });
    }

    if (result.status === 'applied') {
      const hasTrim = ops.some((op) => op.kind === 'trim');
      const fresh = hasTrim ? await api.fetchTimeline() : null;
      if (!fresh)
        queryClient.setQueryData<Timeline>(key, (current) =>
          current ? { ...current, revision: result.revision } : current,
        );
      const applied = fresh ? actualOps(result.applied, reference, fresh) : result.applied;
      const deleted = applied.flatMap((step) => step.deletedIds ?? []);
      const history = store.getState().history;
      const warnings = result.warnings.length ? ` Warnings: ${result.warnings.join(' ')}` : '';
      if (mode.kind === 'undo')
        store.getState().set({ history: undone(history), announcement: `Undid ${label}.` });
      else if (mode.kind === 'redo')
        store.getState().set({ history: redone(history), announcement: `Redid ${label}.` });
      else {
        const inverse = deleted.length ? null : undoableInverse(applied);
        store.getState().set({
          history: inverse
            ? record(
                history,
                createEntry(
                  label,
                  applied.map((step) => step.op),
                  inverse,
                ),
              )
            : pruneDeleted(history, new Set(deleted)),
          announcement: `${label} done.${warnings}`,
          selection: deleted.length
            ? new Set([...store.getState().selection].filter((id) => !deleted.includes(id)))
            : store.getState().selection,
        });
        if (!inverse) {
          store.getState().set({
            notice: {
              tone: 'info',
              title: `${label} cannot be undone`,
              detail: deleted.length
                ? `It deleted ${plural(deleted.length, 'item')}, and deleted items cannot be restored.`
                : 'The service has no endpoint to remove an effect, so adding one cannot be reversed. The rest of your history is kept.',
            },
          });
        }
      }
      if (warnings && !store.getState().notice) {
        store.getState().set({
          notice: {
            tone: 'info',
            title: `${label}: the service adjusted it`,
            detail: result.warnings.join(' '),
          },
        });
      }
      return;
    }

    if (result.status === 'rolled-back') {
      queryClient.setQueryData(key, reference);
      const { title: errorTitle, detail } = describeError(result.error);
      const failedName =
        items(reference).get(result.failedOp.itemId)?.name ?? result.failedOp.itemId;
      const movedBack =
        result.rolledBack > 0
          ? ` The ${plural(result.rolledBack, 'change')} already made were reversed, so nothing changed.`
          : ' Nothing changed.';
      if (mode.kind !== 'do')
        store.getState().set({ history: dropEntry(store.getState().history, mode.entry.id) });
      store.getState().set({
        notice: {
          tone: 'error',
          title: `${title} failed on “${failedName}”`,
          detail: `${errorTitle}: ${detail}${movedBack}${mode.kind !== 'do' ? ' This step was removed from the undo history.' : ''}`,
        },
        announcement: `${title} failed.`,
      });
      return;
    }

    // Partly applied and the rollback failed too: keep what the server has and say exactly that.
    const { detail } = describeError(result.rollbackError);
    const names = result.applied.map(
      (step) => items(reference).get(step.op.itemId)?.name ?? step.op.itemId,
    );
    const inverse = undoableInverse(result.applied);
    if (mode.kind === 'do' && inverse) {
      store.getState().set({
        history: record(
          store.getState().history,
          createEntry(
            `${label} (partial)`,
            result.applied.map((step) => step.op),
            inverse,
          ),
        ),
      });
    }
    store.getState().set({
      notice: {
        tone: 'error',
        title: `${title} was only partly applied`,
        detail: `${plural(result.applied.length, 'change')} of ${ops.length} went through (${names.slice(0, 5).join(', ')}${names.length > 5 ? '…' : ''}) and could not be reversed: ${detail} The timeline shows what the service now has${inverse && mode.kind === 'do' ? '; Undo reverses the part that went through' : ''}.`,
      },
      announcement: `${title} was only partly applied.`,
    });
  } catch (error) {
    queryClient.setQueryData(key, reference);
    const { title: errorTitle, detail } = describeError(error);
    store.getState().set({
      notice: { tone: 'error', title: `${title} failed`, detail: `${errorTitle}: ${detail}` },
    });
  } finally {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** The gesture's inverse, or null when it cannot be undone with the endpoints the contract has. */
function undoableInverse(applied: readonly AppliedOp[]): EditOp[] | null {
  const inverse = invertGesture(applied);
  if (!inverse) return null;
  return !CAN_REMOVE_EFFECTS && inverse.some((op) => op.kind === 'remove-effect') ? null : inverse;
}

export function undoLast(deps: EditorDeps): Promise<void> {
  const entry = nextUndo(deps.store.getState().history);
  if (!entry) return Promise.resolve();
  return performEdit(deps, entry.label, entry.inverse, { kind: 'undo', entry });
}

export function redoNext(deps: EditorDeps): Promise<void> {
  const entry = nextRedo(deps.store.getState().history);
  if (!entry) return Promise.resolve();
  return performEdit(deps, entry.label, entry.forward, { kind: 'redo', entry });
}

async function previewAll(
  api: TimelineApi,
  ops: readonly EditOp[],
  revision: number,
): Promise<TimelineOperationPreview | null> {
  const previews: TimelineOperationPreview[] = [];
  // A few at a time: a group trim of hundreds of items must not flood the service.
  for (let start = 0; start < ops.length; start += 6) {
    previews.push(
      ...(await Promise.all(ops.slice(start, start + 6).map((op) => api.preview(op, revision)))),
    );
  }
  return combinePreviews(previews);
}

/**
 * Trims are previewed with `expected_revision` first; a destructive preview or one with warnings
 * opens the review popover, otherwise the trim applies at once.
 */
export async function reviewTrim(
  deps: EditorDeps,
  label: string,
  ops: readonly EditOp[],
): Promise<void> {
  const { queryClient, projectId, api, store } = deps;
  if (store.getState().busy) return;
  const base = queryClient.getQueryData<Timeline>(timelineKeys.detail(projectId));
  if (!base) return;
  store.getState().set({ busy: true, notice: null });
  let preview: TimelineOperationPreview | null;
  try {
    try {
      preview = await previewAll(api, ops, base.revision);
    } catch (error) {
      if (!isConflict(error)) throw error;
      const fresh = await api.fetchTimeline();
      const changes = describeChanges(diffTimelines(base, fresh));
      const check = stillApplies(ops, base, fresh);
      store.getState().set({
        conflict: {
          changes,
          reapplied: check.applies,
          outcome: check.applies
            ? `Your change “${label}” still applies and was checked again.`
            : `Your change “${label}” was not applied: ${check.reason}`,
        },
      });
      if (!check.applies) return;
      preview = await previewAll(api, ops, fresh.revision);
    }
  } catch (error) {
    const { title, detail } = describeError(error);
    store.getState().set({
      notice: {
        tone: 'error',
        title: `${label} could not be checked`,
        detail: `${title}: ${detail} Nothing changed.`,
      },
    });
    return;
  } finally {
    store.getState().set({ busy: false });
  }
  if (preview && needsReview(preview)) {
    store.getState().set({
      trimReview: { label, ops: [...ops], preview },
      announcement: `${label} needs your review.`,
    });
    return;
  }
  await performEdit(deps, label, ops);
}

/** Sends one gesture: trims go through the preview, everything else applies directly. */
export function submitEdit(deps: EditorDeps, label: string, ops: readonly EditOp[]): Promise<void> {
  return ops.some((op) => op.kind === 'trim')
    ? reviewTrim(deps, label, ops)
    : performEdit(deps, label, ops);
}

/**
 * Batch delete: optimistic removal, then items the service could not delete are put back from
 * the snapshot and the result (deleted, per-item failures, captions, shifts) is shown.
 */
export function performDelete(
  deps: EditorDeps,
  ids: readonly string[],
  options: { pack?: boolean } = {},
): Promise<void> {
  return withBusy(deps.store, () => runDelete(deps, ids, options)).then(() => undefined);
}

async function runDelete(
  deps: EditorDeps,
  ids: readonly string[],
  options: { pack?: boolean },
): Promise<void> {
  const { queryClient, projectId, api, store } = deps;
  const key = timelineKeys.detail(projectId);
  store.getState().set({ deleteRequest: null });
  await queryClient.cancelQueries({ queryKey: key });
  const base = queryClient.getQueryData<Timeline>(key);
  if (!base || ids.length === 0) return;
  const idSet = new Set(ids);
  let reference = base;
  queryClient.setQueryData(key, removeItems(base, idSet));
  const label = `Delete ${plural(ids.length, 'item')}`;
  try {
    let result: TimelineBatchDeleteResult;
    try {
      result = await api.batchDelete(ids, base.revision, options);
    } catch (error) {
      if (!isConflict(error)) throw error;
      const fresh = await api.fetchTimeline();
      const changes = describeChanges(diffTimelines(base, fresh));
      const present = items(fresh);
      const missing = ids.filter((id) => !present.has(id));
      if (missing.length > 0) {
        store.getState().set({
          conflict: {
            changes,
            reapplied: false,
            outcome: `Your delete was not applied: ${plural(missing.length, 'selected item')} no longer exist.`,
          },
        });
        return;
      }
      reference = fresh;
      queryClient.setQueryData(key, removeItems(fresh, idSet));
      result = await api.batchDelete(ids, fresh.revision, options);
      store.getState().set({
        conflict: {
          changes,
          reapplied: true,
          outcome: 'Your delete still applied, so it was re-applied.',
        },
      });
    }
    const failed = new Set((result.failed_items ?? []).map((failure) => failure.timeline_item_id));
    queryClient.setQueryData<Timeline>(key, (current) =>
      current ? restoreItems(current, reference, failed) : current,
    );
    const deleted = new Set(ids.filter((id) => !failed.has(id)));
    const state = store.getState();
    // Closing the gaps moves later items on the same layers: undo steps about them no longer hold.
    const shifted =
      result.packed && (result.clips_shifted ?? 0) > 0
        ? itemsOnLayersOf(reference, deleted)
        : new Set<string>();
    state.set({
      deleteResult: result,
      selection: new Set([...state.selection].filter((id) => !deleted.has(id))),
      history: pruneDeleted(state.history, new Set([...deleted, ...shifted])),
      announcement: `${label}: ${result.deleted_count} deleted, ${result.failed_count} failed.`,
    });
  } catch (error) {
    queryClient.setQueryData(key, reference);
    const { title, detail } = describeError(error);
    store.getState().set({
      notice: {
        tone: 'error',
        title: `${label} failed`,
        detail: `${title}: ${detail} Nothing was deleted.`,
      },
    });
  } finally {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}
