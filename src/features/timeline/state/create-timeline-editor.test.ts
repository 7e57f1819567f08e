/**
 * The timeline editor headless (no React, no DOM) over the simulator's real handlers (msw in
 * Node): gestures as one request each, undo/redo, conflicts, trims held for review, deletes.
 */
import { QueryClient } from '@tanstack/query-core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { API_BASE_URL } from '@/api/client.ts';
import { applyBatch } from '../api/timeline-api.ts';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { opsChange, type TimelineChange } from '../model/timeline-change.ts';
import { createTimelineEditor, type TimelineEditor } from './create-timeline-editor.ts';
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';

const simulator = createSimulator({ seed: 11 });
const server = setupServer(
  ...createHandlers(simulator, API_BASE_URL, { defaultApiKey: 'vcs_test_demo_paid' }),
);
const requests: string[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(
    `${request.method} ${new URL(request.url).pathname.replace(/^.*\/projects\/[^/]+/, '')}`,
  );
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let queryClient: QueryClient;
let editor: TimelineEditor;
let projectId: string;

async function open(name: string): Promise<Timeline> {
  const response = await fetch(`${API_BASE_URL}/projects?limit=50`);
  const { projects } = (await response.json()) as { projects: Array<{ id: string; name: string }> };
  projectId = projects.find((project) => project.name === name)!.id;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  editor = createTimelineEditor({ projectId, queryClient });
  const timeline = await queryClient.fetchQuery(timelineQueryOptions(projectId));
  requests.length = 0;
  return timeline;
}

const cached = () => queryClient.getQueryData<Timeline>(timelineQueryOptions(projectId).queryKey)!;
const itemOf = (timeline: Timeline, id: string) =>
  timeline.layers.flatMap((layer) => layer.items).find((item) => item.id === id);
async function server_(): Promise<Timeline> {
  const response = await fetch(`${API_BASE_URL}/projects/${projectId}/timeline`);
  return (await response.json()) as Timeline;
}
const lastItems = (timeline: Timeline): TimelineItem[] =>
  timeline.layers
    .filter((layer) => !layer.locked && layer.items.length > 0)
    .map((layer) => [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds).at(-1)!);
const moveRight = (items: TimelineItem[], by: number) =>
  opsChange(
    items.map((item) => ({
      kind: 'move' as const,
      itemId: item.id,
      fromStart: item.start_seconds,
      fromLayer: item.layer_index,
      toStart: item.start_seconds + by,
      toLayer: item.layer_index,
    })),
  );

const opsOf = (change: TimelineChange) => (change.kind === 'ops' ? change.ops : []);

beforeEach(() => {
  requests.length = 0;
});
afterEach(() => queryClient?.clear());

describe('the timeline editor', () => {
  it('commits a group move as one request and one undo step; undo is one request too', async () => {
    const timeline = await open('Product launch teaser');
    const items = lastItems(timeline);
    const outcome = await editor.commit('Move items', moveRight(items, 2));
    expect(outcome.status).toBe('applied');
    expect(requests).toEqual(['POST /timeline/operations/batch']);
    expect(cached().revision).toBe(timeline.revision + 1);
    expect(itemOf(cached(), items[0]!.id)!.start_seconds).toBeCloseTo(
      items[0]!.start_seconds + 2,
      3,
    );
    expect(editor.getState().history.past).toHaveLength(1);
    requests.length = 0;
    await editor.undo();
    expect(requests).toEqual(['POST /timeline/operations/batch']);
    const after = await server_();
    expect(itemOf(after, items[0]!.id)!.start_seconds).toBe(items[0]!.start_seconds);
    expect(cached()).toEqual(after);
  });

  it('a 409 fetches the timeline once and re-applies a change that still applies', async () => {
    const timeline = await open('Founder story - episode 3');
    const [mine, theirs] = lastItems(timeline);
    // Someone else moves another item first.
    await applyBatch(projectId, opsOf(moveRight([theirs!], 1)), timeline.revision);
    const outcome = await editor.commit('Move 1 item', moveRight([mine!], 1));
    expect(outcome.status).toBe('applied');
    expect(requests.filter((request) => request === 'GET /timeline')).toHaveLength(1);
    expect(editor.getState().conflict).toMatchObject({ reapplied: true });
    expect(editor.getState().conflict!.changes).toContain(theirs!.name);
    expect(cached()).toEqual(await server_());
  });

  it('never overwrites an item someone else changed', async () => {
    const timeline = await open('Podcast highlights #41');
    const [mine] = lastItems(timeline);
    const change = moveRight([mine!], 3);
    await applyBatch(projectId, opsOf(moveRight([mine!], 1)), timeline.revision);
    const outcome = await editor.commit('Move 1 item', change);
    expect(outcome.status).toBe('not-applied');
    expect(editor.getState().conflict!.outcome).toMatch(/changed by someone else/);
    expect(itemOf(await server_(), mine!.id)!.start_seconds).toBeCloseTo(
      mine!.start_seconds + 1,
      3,
    );
    expect(cached()).toEqual(await server_());
  });

  it('refuses a whole gesture when one move would overlap, naming the item', async () => {
    const timeline = await open('Product launch teaser');
    const layer = timeline.layers.find(
      (candidate) => !candidate.locked && candidate.items.length > 2,
    )!;
    const [first, second] = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds);
    const others = lastItems(timeline).filter((item) => item.layer_index !== layer.index);
    const change = moveRight(others, 1);
    if (change.kind === 'ops')
      change.ops.push({
        kind: 'move',
        itemId: first!.id,
        fromStart: first!.start_seconds,
        fromLayer: layer.index,
        toStart: second!.start_seconds,
        toLayer: layer.index,
      });
    const outcome = await editor.commit('Move items', change);
    expect(outcome.status).toBe('failed');
    expect(editor.getState().notice?.detail).toContain(`“${first!.name}”`);
    expect(editor.getState().notice?.detail).toMatch(/Nothing changed/);
    expect(cached().revision).toBe(timeline.revision);
    expect(itemOf(cached(), others[0]!.id)!.start_seconds).toBe(others[0]!.start_seconds);
  });

  it('holds a destructive trim for review with the dry run in the mutation cache, fetches once after', async () => {
    const timeline = await open('Product launch teaser');
    const caption = timeline.layers.find((layer) => layer.kind === 'caption')!.items[0]!;
    const change = opsChange([
      {
        kind: 'trim',
        itemId: caption.id,
        startDelta: 0,
        endDelta: -Math.round(((caption.end_seconds - caption.start_seconds) / 2) * 30) / 30,
      },
    ]);
    const held = await editor.submit('Trim 1 item', change);
    expect(held.status).toBe('held');
    expect(requests).toEqual(['POST /timeline/operations/batch']);
    expect(editor.pendingReview()?.answer).toMatchObject({ dry_run: true, destructive: true });
    expect((await server_()).revision).toBe(timeline.revision);
    requests.length = 0;
    const applied = await editor.resolveReview(true);
    expect(applied?.status).toBe('applied');
    expect(requests).toEqual(['POST /timeline/operations/batch', 'GET /timeline']);
    expect(editor.pendingReview()).toBeNull();
    expect(cached()).toEqual(await server_());
  });

  it('settles a trim the service applied as sent from its answer, without fetching the timeline', async () => {
    const timeline = await open('Product launch teaser');
    const layer = timeline.layers.find(
      (candidate) => !candidate.locked && candidate.kind === 'video',
    )!;
    const item = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds)[0]!;
    const outcome = await editor.submit(
      'Trim 1 item',
      opsChange([{ kind: 'trim', itemId: item.id, startDelta: 0, endDelta: -0.5 }]),
    );
    expect(outcome.status).toBe('applied');
    // The dry run, then the commit: no read of the whole timeline after it.
    expect(requests).toEqual([
      'POST /timeline/operations/batch',
      'POST /timeline/operations/batch',
    ]);
    const after = await server_();
    expect(itemOf(after, item.id)!.end_seconds).toBeCloseTo(item.end_seconds - 0.5, 3);
    expect(cached()).toEqual(after);
  });

  it('settles the start trim of a video and of an image (a still: source from 0 s) as the service keeps them', async () => {
    const response = await fetch(`${API_BASE_URL}/projects?limit=50`);
    const { projects } = (await response.json()) as { projects: Array<{ name: string }> };
    const trimmed: string[] = [];
    for (const { name } of projects) {
      const timeline = await open(name);
      const items = timeline.layers
        .filter((layer) => !layer.locked)
        .flatMap((layer) => layer.items);
      const image = items.find(
        (item) => item.type === 'image' && item.end_seconds - item.start_seconds > 1,
      );
      if (!image) continue;
      const video = items.find(
        (item) => item.type === 'video' && item.end_seconds - item.start_seconds > 1,
      )!;
      for (const item of [video, image]) {
        requests.length = 0;
        const outcome = await editor.submit(
          'Trim 1 item',
          opsChange([{ kind: 'trim', itemId: item.id, startDelta: 0.5, endDelta: 0 }]),
        );
        expect(outcome.status).toBe('applied');
        expect(requests).not.toContain('GET /timeline');
        expect(cached()).toEqual(await server_());
        trimmed.push(item.type);
      }
      break;
    }
    expect(trimmed).toEqual(['video', 'image']);
  });

  it('fetches the timeline once after a trim the service clamped', async () => {
    const timeline = await open('Product launch teaser');
    const layer = timeline.layers.find(
      (candidate) => !candidate.locked && candidate.kind === 'video' && candidate.items.length > 1,
    )!;
    const [first, second] = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds);
    // Past the next item's start: the service stops the end at it (and says so).
    const endDelta = second!.start_seconds - first!.end_seconds + 1;
    const held = await editor.submit(
      'Trim 1 item',
      opsChange([{ kind: 'trim', itemId: first!.id, startDelta: 0, endDelta }]),
    );
    expect(held.status).toBe('held');
    requests.length = 0;
    const applied = await editor.resolveReview(true);
    expect(applied?.status).toBe('applied');
    expect(requests).toEqual(['POST /timeline/operations/batch', 'GET /timeline']);
    const after = await server_();
    expect(itemOf(after, first!.id)!.end_seconds).toBe(second!.start_seconds);
    expect(cached()).toEqual(after);
  });

  it('adds an effect, undoes it by its id, redoes it and undoes the new one', async () => {
    const timeline = await open('Podcast highlights #41');
    const item = timeline.layers.find((layer) => layer.kind === 'video')!.items[0]!;
    const before = item.effects.length;
    await editor.commit(
      'Add zoom effect',
      opsChange([{ kind: 'add-effect', itemId: item.id, effectType: 'zoom', zoomScale: 1.5 }]),
    );
    expect(itemOf(cached(), item.id)!.effects).toHaveLength(before + 1);
    expect(itemOf(cached(), item.id)!.effects.at(-1)!.effect_id).toMatch(/^fx_/);
    await editor.undo();
    expect(itemOf(await server_(), item.id)!.effects).toHaveLength(before);
    await editor.redo();
    expect(itemOf(await server_(), item.id)!.effects).toHaveLength(before + 1);
    const undone = await editor.undo();
    expect(undone?.status).toBe('applied');
    expect(itemOf(await server_(), item.id)!.effects).toHaveLength(before);
  });

  it('selects the part after the playhead once a split is stored, and one undo joins it again', async () => {
    const timeline = await open('Dashboard tour short');
    const clip = timeline.layers
      .find((layer) => layer.kind === 'video')!
      .items.find((item) => item.end_seconds - item.start_seconds > 1.5)!;
    editor.setState({ selection: new Set([clip.id]) });
    const at = Math.round((clip.start_seconds + 1) * 30) / 30;
    const outcome = await editor.commit(
      'Split',
      opsChange([{ kind: 'split', itemId: clip.id, at, newId: 'itm_split_after' }]),
    );
    expect(outcome.status).toBe('applied');
    expect([...editor.getState().selection]).toEqual(['itm_split_after']);
    expect(itemOf(await server_(), 'itm_split_after')).toMatchObject({
      end_seconds: clip.end_seconds,
    });
    await editor.undo();
    expect(itemOf(await server_(), 'itm_split_after')).toBeUndefined();
    expect(itemOf(await server_(), clip.id)).toMatchObject({ end_seconds: clip.end_seconds });
  });

  it('deletes with per-item failures kept, selection updated and the result in the mutation cache', async () => {
    const timeline = await open('Customer testimonial - Lena');
    const locked = timeline.layers.find((layer) => layer.locked)!.items[0]!;
    const [gone] = lastItems(timeline);
    editor.setState({ selection: new Set([locked.id, gone!.id]) });
    const outcome = await editor.commit('Delete 2 items', {
      kind: 'delete',
      ids: [locked.id, gone!.id],
      pack: false,
    });
    expect(outcome.status).toBe('applied');
    expect(outcome.status === 'applied' && outcome.result).toMatchObject({
      kind: 'delete',
      result: { deleted_count: 1, failed_count: 1 },
    });
    expect([...editor.getState().selection]).toEqual([locked.id]);
    expect(itemOf(cached(), locked.id)).toBeDefined();
    expect(itemOf(cached(), gone!.id)).toBeUndefined();
    expect(cached()).toEqual(await server_());
    expect(editor.getState().notice).toBeNull();
  });
});
