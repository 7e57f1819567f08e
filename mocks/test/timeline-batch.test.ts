/**
 * The assumed atomic batch (`POST /projects/{id}/timeline/operations/batch`) over real HTTP: all
 * operations under one new revision or none (with per-operation reasons), dry runs, idempotent
 * replays, effects, and the speed of a 1,000-item group move.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Schema } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, errorOf, projectPath, startTestServer, timelineAt } from './harness.ts';
import type { Project, Timeline, TimelineItem } from '@/api/schema.gen.ts';

type Result = Schema<'TimelineBatchApplyResult'>;

let server: SimulatorServer;
let api: Client;

beforeEach(async () => {
  server = await startTestServer();
  api = client(server);
});
afterEach(async () => {
  await server.close();
});

const projectBase = (name: string) => projectPath(api, name);
const timelineOf = (base: string) => timelineAt(api, base);
const unlocked = (t: Timeline) => t.layers.filter((layer) => !layer.locked);
const byId = (t: Timeline) =>
  new Map(t.layers.flatMap((layer) => layer.items.map((item) => [item.id, item] as const)));
const moveOp = (item: TimelineItem, start: number, layer?: number) => ({
  operation_id: 'timeline.item.move',
  timeline_item_id: item.id,
  new_start_seconds: start,
  ...(layer === undefined ? {} : { new_layer_index: layer }),
});

describe('timeline operation batch', () => {
  it('moves a group under one new revision; members may pass through each other', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const layer = unlocked(t).find((candidate) => candidate.items.length >= 3)!;
    const items = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds);
    // The first item goes where the second is, the others move far right: one at a time, the
    // first move would overlap; the batch checks overlaps after the whole move.
    const far = t.duration_seconds + 10;
    const operations = [
      moveOp(items[0]!, items[1]!.start_seconds),
      ...items.slice(1).map((item) => moveOp(item, item.start_seconds + far)),
    ];
    const answer = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      applied: true,
      previous_revision: t.revision,
      revision: t.revision + 1,
      failed_operations: [],
    });
    expect(answer.body.results).toHaveLength(items.length);
    const after = byId(await timelineOf(base));
    expect(after.get(items[0]!.id)!.start_seconds).toBe(items[1]!.start_seconds);
    for (const item of items.slice(1))
      expect(after.get(item.id)!.start_seconds).toBeCloseTo(item.start_seconds + far, 3);
  });

  it('applies nothing when one operation is refused, and says which and why', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const layer = unlocked(t).find((candidate) => candidate.items.length >= 2)!;
    const [first, second] = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds);
    const locked = t.layers.find((candidate) => candidate.locked)!.items[0]!;
    const answer = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [
        moveOp(first!, t.duration_seconds + 10),
        moveOp(locked, 5),
        moveOp(second!, first!.start_seconds),
        { operation_id: 'timeline.item.move', timeline_item_id: 'ti_nope', new_start_seconds: 1 },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, applied: false, revision: t.revision });
    expect(answer.body.failed_operations.map((failure) => [failure.index, failure.code])).toEqual([
      [1, 'locked_layer'],
      [3, 'not_found'],
    ]);
    const after = await timelineOf(base);
    expect(after.revision).toBe(t.revision);
    expect(byId(after).get(first!.id)!.start_seconds).toBe(first!.start_seconds);
  });

  it('refuses a move that lands on an item that stays, after the batch', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const layer = unlocked(t).find((candidate) => candidate.items.length >= 2)!;
    const [first, second] = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds);
    const answer = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [moveOp(first!, second!.start_seconds)],
    });
    expect(answer.body.failed_operations).toEqual([
      expect.objectContaining({
        index: 0,
        code: 'overlap',
        param: 'operations[0].new_start_seconds',
      }),
    ]);
  });

  it('answers 409 to a stale revision and 400 naming the field to a bad body', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const item = unlocked(t)[0]!.items[0]!;
    const stale = await api.post(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision - 1,
      operations: [moveOp(item, item.start_seconds)],
    });
    expect(stale.status).toBe(409);
    const negative = await api.post(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [moveOp(item, item.start_seconds), moveOp(item, -1)],
    });
    expect(negative.status).toBe(400);
    expect(errorOf(negative).param).toBe('operations[1].new_start_seconds');
    const empty = await api.post(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [],
    });
    expect(errorOf(empty).param).toBe('operations');
  });

  it('previews a group trim in one dry run without applying it', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const captions = t.layers.find((layer) => layer.kind === 'caption')!.items.slice(0, 2);
    const answer = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      dry_run: true,
      operations: captions.map((item) => ({
        operation_id: 'timeline.item.trim',
        timeline_item_id: item.id,
        trim_end_delta_seconds: -(item.end_seconds - item.start_seconds) / 2,
        snap_to_frame: true,
      })),
    });
    expect(answer.body).toMatchObject({ success: true, applied: false, dry_run: true });
    expect(answer.body.destructive).toBe(true);
    expect(answer.body.warnings.join(' ')).toMatch(/caption word\(s\) would be removed/);
    expect((await timelineOf(base)).revision).toBe(t.revision);
  });

  it('warns about caption words only when the trimmed item is the captions’ own', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const music = t.layers.find((layer) => layer.name === 'Music')!.items[0]!;
    const answer = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      dry_run: true,
      operations: [
        {
          operation_id: 'timeline.item.trim',
          timeline_item_id: music.id,
          trim_end_delta_seconds: -(music.end_seconds - music.start_seconds) / 2,
        },
      ],
    });
    expect(answer.body.success).toBe(true);
    expect(answer.body.destructive).toBe(false);
    expect(answer.body.warnings.join(' ')).not.toMatch(/caption/i);
  });

  it('adds and removes effects, and replays an Idempotency-Key instead of applying twice', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const item = unlocked(t).find((layer) => layer.kind === 'video')!.items[0]!;
    const body = {
      expected_revision: t.revision,
      operations: [
        {
          operation_id: 'timeline.item.effect.add',
          timeline_item_id: item.id,
          effect_type: 'zoom',
          zoom_scale: 1.5,
        },
      ],
    };
    const key = { 'idempotency-key': 'batch-test-key-1' };
    const added = await api.post<Result>(`${base}/timeline/operations/batch`, body, key);
    const replay = await api.post<Result>(`${base}/timeline/operations/batch`, body, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(added.body);
    const effectId = added.body.results[0]!.effect_id!;
    const afterAdd = await timelineOf(base);
    expect(afterAdd.revision).toBe(t.revision + 1);
    expect(
      byId(afterAdd)
        .get(item.id)!
        .effects.map((e) => e.effect_id),
    ).toContain(effectId);
    const removed = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: afterAdd.revision,
      operations: [
        {
          operation_id: 'timeline.item.effect.remove',
          timeline_item_id: item.id,
          effect_id: effectId,
        },
      ],
    });
    expect(removed.body.applied).toBe(true);
    expect(
      byId(await timelineOf(base))
        .get(item.id)!
        .effects.map((e) => e.effect_id),
    ).not.toContain(effectId);
  });

  it('moves the 1,000-item project as one group and back, well inside half a second each', async () => {
    const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
    const sizes = await Promise.all(
      projects.map(async (project) => {
        const t = await timelineOf(`/projects/${project.id}`);
        return { project, t, count: t.layers.reduce((sum, layer) => sum + layer.items.length, 0) };
      }),
    );
    const { project, t } = sizes.sort((a, b) => b.count - a.count)[0]!;
    const base = `/projects/${project.id}`;
    const items = unlocked(t).flatMap((layer) => layer.items);
    expect(items.length).toBeGreaterThanOrEqual(950);
    const started = performance.now();
    const forward = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: items.map((item) => moveOp(item, item.start_seconds + 2)),
    });
    const back = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision + 1,
      operations: items.map((item) => moveOp(item, item.start_seconds)),
    });
    const elapsed = performance.now() - started;
    expect(forward.body.applied).toBe(true);
    expect(back.body.applied).toBe(true);
    expect(byId(await timelineOf(base)).get(items[0]!.id)!.start_seconds).toBe(
      items[0]!.start_seconds,
    );
    // Not a benchmark (bench:timeline measures the real route); a guard against quadratic work.
    expect(elapsed).toBeLessThan(5000);
  });
});
