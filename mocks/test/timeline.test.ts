import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { layerAccepts } from '@/shared-rules/timeline-layer-rules.ts';
import type { SimulatorServer } from '../http-server.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer } from './harness.ts';
import type {
  CaptionWord,
  Project,
  Timeline,
  TimelineBatchDeleteResult,
  TimelineItem,
  TimelineMoveResult,
  TimelineOperationPreview,
  TimelineOperationResult,
} from '@/api/schema.gen.ts';

let server: SimulatorServer;
let api: Client;
let project: Project;
let base: string;

beforeEach(async () => {
  server = await startTestServer();
  api = client(server);
  const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
  project = projects.find((candidate) => candidate.name === 'Product launch teaser') as Project;
  base = `/projects/${project.id}`;
});
afterEach(async () => {
  await server.close();
});

const timeline = async (): Promise<Timeline> => (await api.get<Timeline>(`${base}/timeline`)).body;
const layerOf = (t: Timeline, name: string) => t.layers.find((layer) => layer.name === name);
const words = async (query = ''): Promise<CaptionWord[]> =>
  (await api.get<{ words: CaptionWord[] }>(`${base}/captions/words?limit=500${query}`)).body.words;

describe('timeline shape', () => {
  it('has several layers of non-overlapping, frame-aligned items at 30 fps', async () => {
    const t = await timeline();
    expect(t.fps).toBe(30);
    expect(t.revision).toBe(1);
    const kinds = new Set(t.layers.map((layer) => layer.kind));
    expect([...kinds].sort()).toEqual(['audio', 'caption', 'overlay', 'text', 'video']);
    const items = t.layers.flatMap((layer) => layer.items);
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(items.length).toBeLessThanOrEqual(200);
    for (const layer of t.layers) {
      const sorted = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds);
      for (let i = 1; i < sorted.length; i += 1) {
        expect(sorted[i]?.start_seconds).toBeGreaterThanOrEqual(sorted[i - 1]?.end_seconds ?? 0);
      }
      for (const item of layer.items) {
        expect(item.end_seconds).toBeGreaterThan(item.start_seconds);
        expect(
          Math.abs(item.start_seconds * 30 - Math.round(item.start_seconds * 30)),
        ).toBeLessThan(0.05);
      }
    }
  });
});

describe('move', () => {
  it('moves an item and bumps the revision', async () => {
    const t = await timeline();
    const layer = layerOf(t, 'Titles');
    const item = layer?.items.at(-1) as TimelineItem;
    const answer = await api.post<TimelineMoveResult>(`${base}/timeline/move`, {
      timeline_item_id: item.id,
      new_start_seconds: t.duration_seconds + 5,
      expected_revision: 1,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      timeline_item_id: item.id,
      previous_start_seconds: item.start_seconds,
      new_start_seconds: t.duration_seconds + 5,
    });
    expect((await timeline()).revision).toBe(2);
  });

  it('rejects a negative start with 400 new_start_seconds', async () => {
    const item = layerOf(await timeline(), 'Titles')?.items[0] as TimelineItem;
    const answer = await api.post(`${base}/timeline/move`, {
      timeline_item_id: item.id,
      new_start_seconds: -1,
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).param).toBe('new_start_seconds');
    const viaOperation = await api.post(`${base}/timeline/operations`, {
      operation: {
        operation_id: 'timeline.item.move',
        timeline_item_id: item.id,
        new_start_seconds: -0.5,
      },
      expected_revision: 1,
    });
    expect(viaOperation.status).toBe(400);
    expect(errorOf(viaOperation).param).toBe('operation.new_start_seconds');
    expect((await timeline()).revision).toBe(1);
  });

  it('answers 409 revision_conflict with the current revision on a stale expected_revision', async () => {
    const item = layerOf(await timeline(), 'Titles')?.items[0] as TimelineItem;
    const answer = await api.post(`${base}/timeline/move`, {
      timeline_item_id: item.id,
      new_start_seconds: item.start_seconds,
      expected_revision: 7,
    });
    expect(answer.status).toBe(409);
    expect(errorOf(answer).code).toBe('revision_conflict');
    expect(errorOf(answer).message).toContain('current timeline revision is 1');
    const operation = await api.post(`${base}/timeline/operations/preview`, {
      operation: {
        operation_id: 'timeline.item.trim',
        timeline_item_id: item.id,
        trim_end_delta_seconds: -0.1,
      },
      expected_revision: 0,
    });
    expect(operation.status).toBe(409);
  });

  it('rejects moves onto an occupied spot and off a locked layer', async () => {
    const t = await timeline();
    const titles = layerOf(t, 'Titles')?.items ?? [];
    const clash = await api.post(`${base}/timeline/move`, {
      timeline_item_id: titles[0]?.id,
      new_start_seconds: titles[1]?.start_seconds,
    });
    expect(clash.status).toBe(400);
    const locked = layerOf(t, 'Brand watermark (locked)')?.items[0] as TimelineItem;
    const lockedMove = await api.post(`${base}/timeline/move`, {
      timeline_item_id: locked.id,
      new_start_seconds: 1,
    });
    expect(lockedMove.status).toBe(400);
    expect(errorOf(lockedMove).param).toBe('timeline_item_id');
    const missing = await api.post(`${base}/timeline/move`, {
      timeline_item_id: 'ti_missing',
      new_start_seconds: 1,
    });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).param).toBe('timeline_item_id');
  });

  it('refuses a move onto a layer whose kind does not take the item (the shared layer rule)', async () => {
    const t = await timeline();
    const title = layerOf(t, 'Titles')?.items[0] as TimelineItem;
    const audio = t.layers.find((layer) => layer.kind === 'audio' && !layer.locked);
    const overlay = t.layers.find((layer) => layer.kind === 'overlay' && !layer.locked);
    expect(layerAccepts('audio', title.type)).toBe(false);
    const refused = await api.post(`${base}/timeline/move`, {
      timeline_item_id: title.id,
      new_start_seconds: t.duration_seconds + 5,
      new_layer_index: audio?.index,
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).param).toBe('new_layer_index');
    expect(layerAccepts('overlay', title.type)).toBe(true);
    const accepted = await api.post(`${base}/timeline/move`, {
      timeline_item_id: title.id,
      new_start_seconds: t.duration_seconds + 5,
      new_layer_index: overlay?.index,
    });
    expect(accepted.status).toBe(200);
  });
});

describe('trim', () => {
  it('previews a trim to zero length as destructive deletion', async () => {
    const item = layerOf(await timeline(), 'Titles')?.items[0] as TimelineItem;
    const answer = await api.post<TimelineOperationPreview>(`${base}/timeline/operations/preview`, {
      operation: {
        operation_id: 'timeline.item.trim',
        timeline_item_id: item.id,
        trim_start_delta_seconds: 0,
        trim_end_delta_seconds: -(item.end_seconds - item.start_seconds),
        snap_to_frame: true,
      },
      expected_revision: 1,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      operation_id: 'timeline.item.trim',
      project_id: project.id,
      current_revision: 1,
      expected_revision: 1,
      destructive: true,
      would_delete_timeline_item_ids: [item.id],
    });
    expect((await timeline()).revision).toBe(1);
  });

  it('previews a trim cutting caption words as destructive and a small one as not', async () => {
    const t = await timeline();
    const caption = layerOf(t, 'Captions')?.items[0] as TimelineItem;
    const span = caption.end_seconds - caption.start_seconds;
    const cut = await api.post<TimelineOperationPreview>(`${base}/timeline/operations/preview`, {
      operation: {
        operation_id: 'timeline.item.trim',
        timeline_item_id: caption.id,
        trim_end_delta_seconds: -span / 2,
      },
      expected_revision: 1,
    });
    expect(cut.body.destructive).toBe(true);
    expect(cut.body.would_delete_timeline_item_ids).toEqual([]);
    const video = layerOf(t, 'Main camera')?.items[1] as TimelineItem;
    const small = await api.post<TimelineOperationPreview>(`${base}/timeline/operations/preview`, {
      operation: {
        operation_id: 'timeline.item.trim',
        timeline_item_id: video.id,
        trim_end_delta_seconds: -0.1,
      },
      expected_revision: 1,
    });
    expect(small.body.destructive).toBe(false);
  });

  it('clamps a trim past the source start with a warning', async () => {
    const t = await timeline();
    const video = layerOf(t, 'Main camera')?.items.find(
      (item) => item.source_start_seconds !== null && item.source_start_seconds < 5,
    );
    const target = video ?? (layerOf(t, 'Main camera')?.items[0] as TimelineItem);
    const answer = await api.post<TimelineOperationPreview>(`${base}/timeline/operations/preview`, {
      operation: {
        operation_id: 'timeline.item.trim',
        timeline_item_id: target.id,
        trim_start_delta_seconds: -((target.source_start_seconds ?? 0) + 1000),
      },
      expected_revision: 1,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.warnings?.some((warning) => /clamped/i.test(warning))).toBe(true);
  });

  it('applies a trim atomically and bumps the revision', async () => {
    const item = layerOf(await timeline(), 'Main camera')?.items[2] as TimelineItem;
    const answer = await api.post<TimelineOperationResult>(`${base}/timeline/operations`, {
      operation: {
        operation_id: 'timeline.item.trim',
        timeline_item_id: item.id,
        trim_end_delta_seconds: -0.5,
      },
      expected_revision: 1,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, previous_revision: 1, revision: 2 });
    const after = layerOf(await timeline(), 'Main camera')?.items.find(
      (other) => other.id === item.id,
    );
    expect(after?.end_seconds).toBeCloseTo(item.end_seconds - 0.5, 2);
    const stale = await api.post(`${base}/timeline/operations`, {
      operation: {
        operation_id: 'timeline.item.trim',
        timeline_item_id: item.id,
        trim_end_delta_seconds: -0.5,
      },
      expected_revision: 1,
    });
    expect(stale.status).toBe(409);
    const bad = await api.post(`${base}/timeline/operations`, {
      operation: { operation_id: 'timeline.item.reverse', timeline_item_id: item.id },
      expected_revision: 2,
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).param).toBe('operation.operation_id');
  });
});

describe('batch delete', () => {
  it('reports unknown and locked items per item and removes caption words', async () => {
    const t = await timeline();
    const captions = layerOf(t, 'Captions')?.items.slice(0, 2) ?? [];
    const locked = layerOf(t, 'Brand watermark (locked)')?.items[0] as TimelineItem;
    const captionWords = (await words()).filter((word) =>
      captions.some((item) => item.id === word.timelineItemId),
    );
    expect(captionWords.length).toBeGreaterThan(0);
    const answer = await api.post<TimelineBatchDeleteResult>(`${base}/timeline/batch-delete`, {
      timeline_item_ids: [...captions.map((item) => item.id), 'ti_missing', locked.id],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: false,
      deleted_count: 2,
      failed_count: 2,
      captions_removed: captionWords.length,
      packed: false,
      clips_shifted: 0,
    });
    expect(answer.body.deleted_items?.map((item) => item.id)).toEqual(
      captions.map((item) => item.id),
    );
    const failures = answer.body.failed_items ?? [];
    expect(failures.map((failure) => failure.timeline_item_id)).toEqual(['ti_missing', locked.id]);
    for (const failure of failures) {
      expect(failure.error_code).toBe('validation_error');
      expect(failure.retryable).toBe(false);
      expect(failure.error_details?.reason).toBeTruthy();
    }
    expect(failures[1]?.error_details?.reason).toBe('locked_layer');
    const after = await timeline();
    expect(after.revision).toBe(2);
    expect(layerOf(after, 'Captions')?.items.some((item) => item.id === captions[0]?.id)).toBe(
      false,
    );
    const remaining = await words();
    expect(remaining.some((word) => captions.some((item) => item.id === word.timelineItemId))).toBe(
      false,
    );
  });

  it('packs the layer when asked (ripple delete)', async () => {
    const t = await timeline();
    const titles = layerOf(t, 'Titles')?.items ?? [];
    const first = titles[0] as TimelineItem;
    const answer = await api.post<TimelineBatchDeleteResult>(`${base}/timeline/batch-delete`, {
      timeline_item_ids: [first.id],
      pack: true,
      expected_revision: 1,
    });
    expect(answer.body.packed).toBe(true);
    expect(answer.body.clips_shifted).toBe(titles.length - 1);
    const shifted = layerOf(await timeline(), 'Titles')?.items[0];
    expect(shifted?.start_seconds).toBeCloseTo(
      (titles[1]?.start_seconds ?? 0) - (first.end_seconds - first.start_seconds),
      2,
    );
  });

  it('validates the id list', async () => {
    const empty = await api.post(`${base}/timeline/batch-delete`, { timeline_item_ids: [] });
    expect(errorOf(empty).param).toBe('timeline_item_ids');
    const stale = await api.post(`${base}/timeline/batch-delete`, {
      timeline_item_ids: ['x'],
      expected_revision: 9,
    });
    expect(stale.status).toBe(409);
  });
});

describe('preview frame', () => {
  it('draws what is on screen as SVG', async () => {
    const t = await timeline();
    const title = layerOf(t, 'Titles')?.items[0] as TimelineItem;
    const at = (title.start_seconds + title.end_seconds) / 2;
    const response = await api.raw(`${base}/preview-frame?at_seconds=${at}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await response.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain(title.id);
    const bad = await api.get(`${base}/preview-frame?at_seconds=-1`);
    expect(errorOf(bad).param).toBe('at_seconds');
  });

  it('draws a JPEG at the height asked for when the request accepts one, the same picture', async () => {
    const t = await timeline();
    const video = t.layers.flatMap((layer) => layer.items).find((item) => item.type === 'video')!;
    const at = (video.start_seconds + video.end_seconds) / 2;
    const accept = { headers: { accept: 'image/jpeg, image/png;q=0.9, image/svg+xml;q=0.5' } };
    const response = await api.raw(`${base}/preview-frame?at_seconds=${at}&height=640`, accept);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-timeline-revision')).toBe(String(t.revision));
    const picture = await pixels(await response.arrayBuffer());
    expect([picture.width, picture.height]).toEqual([360, 640]);
    // The video fills the frame: its colour, as the SVG answer paints it, is at the centre.
    const svg = await (await api.raw(`${base}/preview-frame?at_seconds=${at}`)).text();
    const fill = new RegExp(`data-item-id="${video.id}"[^]*?fill="(#[0-9a-f]{6})"`).exec(svg)![1]!;
    expect(picture.at(180, 320)).toEqual(rgb(fill));

    const alone = await api.raw(
      `${base}/preview-frame?at_seconds=${at}&only_item_ids=${video.id}&height=320`,
      accept,
    );
    expect(alone.headers.get('content-type')).toBe('image/png');
    const aloneBody = await alone.arrayBuffer();
    expect((await pixels(aloneBody)).height).toBe(320);

    const tooTall = await api.get(`${base}/preview-frame?at_seconds=${at}&height=4000`);
    expect(errorOf(tooTall).param).toBe('height');
  });
});

/** A JPEG or PNG's size and its colour at a point (#rrggbb channels within JPEG's error). */
async function pixels(body: ArrayBuffer) {
  const { createCanvas, Image } = await import('@napi-rs/canvas');
  const image = new Image();
  image.src = Buffer.from(body);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    at: (x: number, y: number) =>
      [...context.getImageData(x, y, 1, 1).data.slice(0, 3)].map((v) => Math.round(v / 8)),
  };
}

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) / 8));

describe('effects', () => {
  it('adds a zoom effect and removes it again, each bumping the revision (assumed DELETE)', async () => {
    const before = await timeline();
    const item = before.layers.filter((layer) => !layer.locked).flatMap((l) => l.items)[0]!;
    const added = await api.post<{ effect_id: string }>(`${base}/effects/mask`, {
      timeline_item_id: item.id,
      effect_type: 'zoom',
      zoom_scale: 1.5,
      expected_revision: before.revision,
    });
    expect(added.status).toBe(200);
    const stale = await api.delete(
      `${base}/effects/${added.body.effect_id}?expected_revision=${before.revision}`,
    );
    expect(stale.status).toBe(409);
    const removed = await api.delete<{ revision: number; timeline_item_id: string }>(
      `${base}/effects/${added.body.effect_id}?expected_revision=${before.revision + 1}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      revision: before.revision + 2,
      timeline_item_id: item.id,
    });
    const after = await timeline();
    const again = after.layers.flatMap((l) => l.items).find((i) => i.id === item.id)!;
    expect(again.effects).toEqual(item.effects);
    const missing = await api.delete(`${base}/effects/${added.body.effect_id}`);
    expect(missing.status).toBe(404);
    expect(errorOf(missing).param).toBe('effectId');
  });
});
