import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error.ts';
import { applyEditOps, removeItems, type EditOp } from '../model/edit-ops.ts';
import { buildTimelineIndex } from '../model/timeline-index.ts';
import { moveOp as move, smallTimeline } from '../model/synthetic-timeline.ts';
import type { Timeline, TimelineOperationPreview } from '../model/timeline-types.ts';
import { createEditorStore } from '../state/editor-store.ts';
import { performDelete, performEdit, redoNext, submitEdit, undoLast } from './timeline-actions.ts';
import type { TimelineApi } from './timeline-api.ts';
import { timelineKeys } from './timeline-queries.ts';

const conflict = () => new ApiError({ status: 409, code: 'revision_conflict', message: 'stale' });

/** An in-memory service with the contract's revision rule and scripted failures. */
function fakeApi(
  options: {
    failOn?: (op: EditOp) => Error | null;
    preview?: (op: EditOp) => Partial<TimelineOperationPreview>;
    lockedIds?: string[];
  } = {},
) {
  const server = { timeline: smallTimeline(), calls: [] as string[] };
  let queryClient: QueryClient;
  const api: TimelineApi = {
    async apply(op, expected) {
      server.calls.push(`${op.kind}:${op.itemId}@${expected}`);
      if (expected !== server.timeline.revision) throw conflict();
      const failure = options.failOn?.(op);
      if (failure) throw failure;
      server.timeline = {
        ...applyEditOps(server.timeline, [op]),
        revision: server.timeline.revision + 1,
      };
      return {
        revision: server.timeline.revision,
        ...(op.kind === 'add-effect' ? { effectId: 'fx-1' } : {}),
      };
    },
    async currentRevision() {
      return server.timeline.revision;
    },
    async preview(op, expected) {
      server.calls.push(`preview:${op.itemId}@${expected}`);
      if (expected !== server.timeline.revision) throw conflict();
      return {
        operation_id: 'timeline.item.trim',
        project_id: 'p1',
        current_revision: expected,
        destructive: false,
        warnings: [],
        ...options.preview?.(op),
      };
    },
    async batchDelete(ids, expected) {
      if (expected !== server.timeline.revision) throw conflict();
      const locked = new Set(options.lockedIds);
      const deletable = ids.filter((id) => !locked.has(id));
      server.timeline = {
        ...removeItems(server.timeline, new Set(deletable)),
        revision: server.timeline.revision + 1,
      };
      return {
        success: locked.size === 0,
        deleted_count: deletable.length,
        failed_count: ids.length - deletable.length,
        deleted_items: deletable.map((id) => ({ id, name: id, type: 'video' })),
        failed_items: ids
          .filter((id) => locked.has(id))
          .map((id) => ({ timeline_item_id: id, error: 'locked_layer', retryable: false })),
      };
    },
    async fetchTimeline() {
      queryClient.setQueryData(timelineKeys.detail('p1'), server.timeline);
      return server.timeline;
    },
  };
  const setup = () => {
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(timelineKeys.detail('p1'), server.timeline);
    const store = createEditorStore();
    return { deps: { queryClient, projectId: 'p1', api, store }, store, queryClient };
  };
  return { server, api, setup };
}

const cached = (queryClient: QueryClient) =>
  queryClient.getQueryData<Timeline>(timelineKeys.detail('p1'))!;
const startOf = (timeline: Timeline, id: string) =>
  buildTimelineIndex(timeline).byId.get(id)?.item.start_seconds;
describe('performEdit', () => {
  it('applies a group move as one history step with chained revisions', async () => {
    const { server, setup } = fakeApi();
    const { deps, store, queryClient } = setup();
    await performEdit(deps, 'Move 2 items', [move('a', 0, 0.5), move('b', 4, 4.5)]);
    // Right moves go right-most first.
    expect(server.calls).toEqual(['move:b@7', 'move:a@8']);
    expect(cached(queryClient).revision).toBe(9);
    expect(startOf(cached(queryClient), 'b')).toBe(4.5);
    expect(store.getState().history.past).toHaveLength(1);
    expect(store.getState().announcement).toBe('Move 2 items done.');
    expect(store.getState().busy).toBe(false);
  });

  it('rolls a partly failed group move back and says so', async () => {
    const { server, setup } = fakeApi({
      failOn: (op) =>
        op.itemId === 'a' && op.kind === 'move' && op.toStart === 0.5
          ? new ApiError({ status: 400, code: 'invalid_request', message: 'Layer 0 is locked.' })
          : null,
    });
    const { deps, store, queryClient } = setup();
    await performEdit(deps, 'Move 2 items', [move('a', 0, 0.5), move('b', 4, 4.5)]);
    expect(server.calls).toEqual(['move:b@7', 'move:a@8', 'move:b@8']);
    expect(startOf(server.timeline, 'b')).toBe(4);
    expect(startOf(cached(queryClient), 'b')).toBe(4);
    expect(store.getState().notice).toMatchObject({
      tone: 'error',
      title: 'Move 2 items failed on “a”',
    });
    expect(store.getState().notice!.detail).toMatch(/reversed, so nothing changed/);
    expect(store.getState().history.past).toHaveLength(0);
  });

  it('re-applies the pending change after a 409 when it still applies', async () => {
    const { server, setup } = fakeApi();
    const { deps, store, queryClient } = setup();
    // Someone else moves m (not ours) meanwhile.
    server.timeline = { ...applyEditOps(server.timeline, [move('m', 0, 0.2, 3)]), revision: 8 };
    await performEdit(deps, 'Move 1 item', [move('a', 0, 0.5)]);
    expect(server.calls).toEqual(['move:a@7', 'move:a@8']);
    expect(startOf(server.timeline, 'a')).toBe(0.5);
    expect(store.getState().conflict).toMatchObject({ reapplied: true, changes: '“m” moved.' });
    expect(cached(queryClient).revision).toBe(9);
  });

  it('does not re-apply after a 409 when the same item changed', async () => {
    const { server, setup } = fakeApi();
    const { deps, store, queryClient } = setup();
    server.timeline = { ...applyEditOps(server.timeline, [move('a', 0, 2.5, 0, 1)]), revision: 8 };
    await performEdit(deps, 'Move 1 item', [move('a', 0, 0.5)]);
    expect(server.calls).toEqual(['move:a@7']);
    expect(store.getState().conflict).toMatchObject({ reapplied: false });
    expect(store.getState().conflict!.outcome).toMatch(/changed by someone else/);
    expect(startOf(cached(queryClient), 'a')).toBe(2.5);
  });

  it('treats a 404 (the item was deleted elsewhere) like a conflict: refetch and explain', async () => {
    const { server, setup } = fakeApi({
      failOn: (op) =>
        op.itemId === 'b'
          ? new ApiError({ status: 404, code: 'not_found', message: 'No timeline item b.' })
          : null,
    });
    const { deps, store, queryClient } = setup();
    server.timeline = removeItems(server.timeline, new Set(['b']));
    await performEdit(deps, 'Move 1 item', [move('b', 4, 4.5)]);
    expect(store.getState().conflict).toMatchObject({ reapplied: false, changes: '“b” removed.' });
    expect(store.getState().conflict!.outcome).toMatch(/“b” was deleted/);
    expect(buildTimelineIndex(cached(queryClient)).byId.has('b')).toBe(false);
  });

  it('undoes and redoes with inverse operations', async () => {
    const { server, setup } = fakeApi();
    const { deps, store } = setup();
    await performEdit(deps, 'Move 1 item', [move('a', 0, 0.5)]);
    await undoLast(deps);
    expect(startOf(server.timeline, 'a')).toBe(0);
    expect(store.getState().history.future).toHaveLength(1);
    await redoNext(deps);
    expect(startOf(server.timeline, 'a')).toBe(0.5);
    expect(store.getState().history.past).toHaveLength(1);
    expect(server.calls.map((call) => call.split('@')[1])).toEqual(['7', '8', '9']);
  });

  it('adds an effect as one undo step; undo removes it by its effect id', async () => {
    const { server, setup } = fakeApi();
    const { deps, store, queryClient } = setup();
    await performEdit(deps, 'Move 1 item', [move('a', 0, 0.5)]);
    await performEdit(deps, 'Add zoom effect', [
      { kind: 'add-effect', itemId: 'b', effectType: 'zoom', zoomScale: 1.5 },
    ]);
    expect(buildTimelineIndex(cached(queryClient)).byId.get('b')!.item.effects).toHaveLength(1);
    expect(store.getState().history.past.map((entry) => entry.label)).toEqual([
      'Move 1 item',
      'Add zoom effect',
    ]);
    await undoLast(deps);
    expect(server.calls.at(-1)).toBe('remove-effect:b@9');
    expect(store.getState().history.past.map((entry) => entry.label)).toEqual(['Move 1 item']);
    expect(store.getState().history.future).toHaveLength(1);
  });

  it('names undo failures as undo', async () => {
    const { server, setup } = fakeApi();
    const { deps, store } = setup();
    await performEdit(deps, 'Move 1 item', [move('a', 0, 0.5)]);
    server.timeline = {
      ...removeItems(server.timeline, new Set(['a'])),
      revision: server.timeline.revision + 1,
    };
    await undoLast(deps);
    expect(store.getState().conflict!.outcome).toMatch(
      /^Your change \(Undo “Move 1 item”\) was not applied: “a” was deleted\./,
    );
    expect(store.getState().history.past).toHaveLength(0);
  });
});

describe('trims', () => {
  it('applies a clean trim directly', async () => {
    const { server, setup } = fakeApi();
    const { deps, store } = setup();
    await submitEdit(deps, 'Trim 1 item', [
      { kind: 'trim', itemId: 'b', startDelta: 0, endDelta: -1 },
    ]);
    expect(server.calls).toEqual(['preview:b@7', 'trim:b@7']);
    expect(store.getState().trimReview).toBeNull();
    expect(store.getState().history.past[0]!.inverse).toEqual([
      { kind: 'trim', itemId: 'b', startDelta: 0, endDelta: 1 },
    ]);
  });

  it('asks for review when the preview is destructive', async () => {
    const { server, setup } = fakeApi({
      preview: () => ({
        destructive: true,
        would_delete_timeline_item_ids: ['b'],
        warnings: ['gone'],
      }),
    });
    const { deps, store } = setup();
    await submitEdit(deps, 'Trim 1 item', [
      { kind: 'trim', itemId: 'b', startDelta: 0, endDelta: -1 },
    ]);
    expect(server.calls).toEqual(['preview:b@7']);
    expect(store.getState().trimReview).toMatchObject({
      label: 'Trim 1 item',
      preview: { destructive: true },
    });
  });
});

describe('performDelete', () => {
  it('puts back the items that failed and reports the result', async () => {
    const { setup } = fakeApi({ lockedIds: ['m'] });
    const { deps, store, queryClient } = setup();
    store.getState().setSelection(['a', 'm']);
    await performDelete(deps, ['a', 'm']);
    const index = buildTimelineIndex(cached(queryClient));
    expect(index.byId.has('a')).toBe(false);
    expect(index.byId.has('m')).toBe(true);
    expect(store.getState().deleteResult).toMatchObject({ deleted_count: 1, failed_count: 1 });
    expect([...store.getState().selection]).toEqual(['m']);
  });

  it('sends pack and drops undo steps about items on the layers it closed gaps on', async () => {
    const { api, setup } = fakeApi();
    const { deps, store } = setup();
    let sentPack: boolean | undefined;
    const original = api.batchDelete;
    api.batchDelete = async (ids, expected, options) => {
      sentPack = options?.pack;
      return { ...(await original(ids, expected, options)), packed: true, clips_shifted: 1 };
    };
    await performEdit(deps, 'Move b', [move('b', 4, 4.5)]);
    await performEdit(deps, 'Move t', [move('t', 1, 1.5, 2)]);
    await performDelete(deps, ['a'], { pack: true });
    expect(sentPack).toBe(true);
    // b shared a's layer (it may have shifted): its step is gone; t's layer was untouched.
    expect(store.getState().history.past.map((entry) => entry.label)).toEqual(['Move t']);
  });

  it('restores everything when the request fails', async () => {
    const { api, setup } = fakeApi();
    const { deps, store, queryClient } = setup();
    api.batchDelete = async () => {
      throw new ApiError({ status: 500, code: 'internal', message: 'boom' });
    };
    await performDelete(deps, ['a']);
    expect(buildTimelineIndex(cached(queryClient)).byId.has('a')).toBe(true);
    expect(store.getState().notice).toMatchObject({ tone: 'error', title: 'Delete 1 item failed' });
  });
});

describe('rate limits', () => {
  it('retries a write answered 429 and gives up after a few attempts', async () => {
    const { retryRateLimited } = await import('./timeline-api.ts');
    let calls = 0;
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    const result = await retryRateLimited(async () => {
      calls += 1;
      if (calls < 3)
        throw new ApiError({
          status: 429,
          code: 'rate_limited',
          message: 'slow down',
          retryAfterMs: 100,
        });
      return 'ok';
    }, wait);
    expect(result).toBe('ok');
    expect(waits.every((ms) => ms >= 100)).toBe(true);
    await expect(
      retryRateLimited(async () => {
        throw new ApiError({ status: 400, code: 'invalid_request', message: 'no' });
      }, wait),
    ).rejects.toMatchObject({ status: 400 });
    let always = 0;
    await expect(
      retryRateLimited(async () => {
        always += 1;
        throw new ApiError({ status: 429, code: 'rate_limited', message: 'slow down' });
      }, wait),
    ).rejects.toMatchObject({ status: 429 });
    expect(always).toBe(6);
  });
});
