/**
 * The assumed item operations of the timeline batch over real HTTP: layout on the 9:16 frame,
 * sound, text content, text and overlay additions, split and join, duplicate and remove, each with
 * its refusals (400 naming the field for out-of-range values; per-operation reasons in a batch,
 * 400 naming the field alone), and the frame renderer honouring layouts and its filters.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Schema } from '../store/contract.ts';
import { shiftedTime } from '@/shared-rules/frame-time.ts';
import type { Client } from './harness.ts';
import { client, errorOf, projectPath, startTestServer, timelineAt } from './harness.ts';
import type { CaptionWord, MediaAsset, Timeline, TimelineItem } from '@/api/schema.gen.ts';

type Result = Schema<'TimelineBatchApplyResult'>;

let server: SimulatorServer;
let api: Client;
let base: string;

beforeEach(async () => {
  server = await startTestServer();
  api = client(server);
  base = await projectPath(api, 'Product launch teaser');
});
afterEach(async () => {
  await server.close();
});

const timeline = () => timelineAt(api, base);
const layerNamed = (t: Timeline, name: string) => t.layers.find((layer) => layer.name === name)!;
const itemById = (t: Timeline, id: string) =>
  t.layers.flatMap((layer) => layer.items).find((item) => item.id === id);
const batch = (t: Timeline, operations: unknown[]) =>
  api.post<Result>(`${base}/timeline/operations/batch`, {
    expected_revision: t.revision,
    operations,
  });
const single = (t: Timeline, operation: unknown) =>
  api.post(`${base}/timeline/operations`, { expected_revision: t.revision, operation });
const frame = async (query: string) => {
  const response = await api.raw(`${base}/preview-frame?${query}`);
  expect(response.status).toBe(200);
  return { svg: await response.text(), revision: response.headers.get('x-timeline-revision') };
};
/** A free span of `length` seconds on a layer, after its last item. */
const afterLast = (t: Timeline, name: string) => {
  const layer = layerNamed(t, name);
  const end = Math.max(0, ...layer.items.map((item) => item.end_seconds));
  return { layer, start: Math.ceil(end) + 1 };
};

describe('every item has its layout and sound', () => {
  it('visual items carry a layout, audio and video items a sound', async () => {
    const t = await timeline();
    for (const item of t.layers.flatMap((layer) => layer.items)) {
      const visual = ['video', 'image', 'overlay', 'text'].includes(item.type);
      expect(item.layout !== undefined, `${item.type} layout`).toBe(visual);
      expect(item.audio !== undefined, `${item.type} audio`).toBe(
        item.type === 'audio' || item.type === 'video',
      );
    }
    const camera = layerNamed(t, 'Main camera').items[0]!;
    expect(camera.layout).toMatchObject({
      x: 540,
      y: 960,
      scale_x: 1,
      scale_y: 1,
      width: 1080,
      height: 1920,
    });
    expect(camera.audio).toEqual({
      volume_percent: 100,
      muted: false,
      fade_in_seconds: 0,
      fade_out_seconds: 0,
    });
  });
});

describe('layout', () => {
  it('moves, scales and rotates an overlay; the frame draws it there', async () => {
    const t = await timeline();
    const overlay = layerNamed(t, 'Overlays').items[0]!;
    const at = (overlay.start_seconds + overlay.end_seconds) / 2;
    const before = await frame(`at_seconds=${at}`);
    const answer = await batch(t, [
      {
        operation_id: 'timeline.item.layout',
        timeline_item_id: overlay.id,
        x: 300,
        y: 500.25,
        scale_x: 0.5,
        scale_y: 0.75,
        rotation_deg: 15,
      },
    ]);
    expect(answer.body).toMatchObject({ applied: true, revision: t.revision + 1 });
    expect(answer.body.results[0]!.item!.layout).toMatchObject({
      x: 300,
      y: 500.25,
      scale_x: 0.5,
      scale_y: 0.75,
      rotation_deg: 15,
    });
    expect(itemById(await timeline(), overlay.id)!.layout).toMatchObject({ x: 300, scale_y: 0.75 });
    const after = await frame(`at_seconds=${at}`);
    expect(after.svg).not.toBe(before.svg);
    expect(after.svg).toContain('translate(300 500.25) rotate(15) scale(0.5 0.75)');
    expect(after.revision).toBe(String(t.revision + 1));
  });

  it('refuses a scale out of range (400), audio items and locked layers (per operation)', async () => {
    const t = await timeline();
    const overlay = layerNamed(t, 'Overlays').items[0]!;
    const music = layerNamed(t, 'Music').items[0]!;
    const logo = t.layers.find((layer) => layer.locked)!.items[0]!;
    const big = await batch(t, [
      { operation_id: 'timeline.item.layout', timeline_item_id: overlay.id, scale_x: 20 },
    ]);
    expect(big.status).toBe(400);
    expect(errorOf(big).param).toBe('operations[0].scale_x');
    const refused = await batch(t, [
      { operation_id: 'timeline.item.layout', timeline_item_id: music.id, x: 10 },
      { operation_id: 'timeline.item.layout', timeline_item_id: logo.id, x: 10 },
      {
        operation_id: 'timeline.item.layout',
        timeline_item_id: overlay.id,
        crop: { left: 0.5, right: 0.5, top: 0, bottom: 0 },
      },
    ]);
    expect(refused.body.applied).toBe(false);
    expect(refused.body.failed_operations.map((f) => [f.code, f.param])).toEqual([
      ['not_visual', 'operations[0].timeline_item_id'],
      ['locked_layer', 'operations[1].timeline_item_id'],
      ['invalid_crop', 'operations[2].crop.right'],
    ]);
    expect((await timeline()).revision).toBe(t.revision);
  });
});

describe('sound', () => {
  it('sets music to 40 % with a 2 s fade out; 250 % is a 400 naming the field', async () => {
    const t = await timeline();
    const music = layerNamed(t, 'Music').items[0]!;
    const applied = await batch(t, [
      {
        operation_id: 'timeline.item.audio',
        timeline_item_id: music.id,
        volume_percent: 40,
        fade_out_seconds: 2,
      },
    ]);
    expect(applied.body.applied).toBe(true);
    expect(itemById(await timeline(), music.id)!.audio).toEqual({
      volume_percent: 40,
      muted: false,
      fade_in_seconds: 0,
      fade_out_seconds: 2,
    });
    const fresh = await timeline();
    const loud = await batch(fresh, [
      { operation_id: 'timeline.item.audio', timeline_item_id: music.id, volume_percent: 250 },
    ]);
    expect(loud.status).toBe(400);
    expect(errorOf(loud)).toMatchObject({
      code: 'invalid_request',
      param: 'operations[0].volume_percent',
    });
    const alone = await single(fresh, {
      operation_id: 'timeline.item.audio',
      timeline_item_id: music.id,
      volume_percent: -1,
    });
    expect(errorOf(alone).param).toBe('operation.volume_percent');
  });

  it('refuses fades longer than the item and sound on a text item', async () => {
    const t = await timeline();
    const music = layerNamed(t, 'Music').items[0]!;
    const title = layerNamed(t, 'Titles').items[0]!;
    const length = music.end_seconds - music.start_seconds;
    const fades = await single(t, {
      operation_id: 'timeline.item.audio',
      timeline_item_id: music.id,
      fade_in_seconds: length,
      fade_out_seconds: 1,
    });
    expect(fades.status).toBe(400);
    expect(errorOf(fades).param).toBe('operation.fade_out_seconds');
    const text = await batch(t, [
      { operation_id: 'timeline.item.audio', timeline_item_id: title.id, muted: true },
    ]);
    expect(text.body.failed_operations[0]).toMatchObject({ code: 'no_audio' });
  });
});

describe('text', () => {
  it('adds a text item with the id asked for, edits its words and size', async () => {
    const t = await timeline();
    const { layer, start } = afterLast(t, 'Titles');
    const added = await batch(t, [
      {
        operation_id: 'timeline.text.add',
        timeline_item_id: 'ti_new_title',
        layer_index: layer.index,
        start_seconds: start,
        end_seconds: start + 2.01,
        text: 'Big news',
        color: '#1e40af',
        font_family: 'Inter',
        font_size: 96,
        layout: { y: 300 },
      },
    ]);
    expect(added.body.applied).toBe(true);
    expect(added.body.created_timeline_item_ids).toEqual(['ti_new_title']);
    const created = added.body.results[0]!.created_item!;
    expect(created).toMatchObject({
      id: 'ti_new_title',
      type: 'text',
      text: 'Big news',
      end_seconds: start + 2,
      text_style: { color: '#1E40AF', font_family: 'Inter', font_size: 96 },
      layout: { x: 540, y: 300 },
    });
    const next = await timeline();
    const taken = await batch(next, [
      {
        operation_id: 'timeline.text.add',
        timeline_item_id: 'ti_new_title',
        layer_index: layer.index,
        start_seconds: start + 10,
        end_seconds: start + 11,
        text: 'Again',
        color: '#FFFFFF',
      },
    ]);
    expect(taken.body.failed_operations[0]).toMatchObject({ code: 'id_taken' });
    const edited = await batch(next, [
      {
        operation_id: 'timeline.item.text.content',
        timeline_item_id: 'ti_new_title',
        text: 'Bigger news today',
      },
      {
        operation_id: 'timeline.item.text.style',
        timeline_item_id: 'ti_new_title',
        color: '#FFFFFF',
        font_size: 48,
      },
    ]);
    expect(edited.body.applied).toBe(true);
    const item = itemById(await timeline(), 'ti_new_title')!;
    expect(item.text).toBe('Bigger news today');
    expect(item.text_style).toEqual({ color: '#FFFFFF', font_family: 'Inter', font_size: 48 });
    // Its natural size follows its words and size.
    expect(item.layout!.width).not.toBe(created.layout!.width);
  });

  it('refuses text on an audio layer, on top of another title, and shorter than a frame', async () => {
    const t = await timeline();
    const title = layerNamed(t, 'Titles').items[0]!;
    const music = layerNamed(t, 'Music');
    const text = (layer: number, start: number, end: number) => ({
      operation_id: 'timeline.text.add',
      layer_index: layer,
      start_seconds: start,
      end_seconds: end,
      text: 'Hi',
      color: '#FFFFFF',
    });
    const refused = await batch(t, [
      text(music.index, 0, 1),
      text(title.layer_index, title.start_seconds, title.end_seconds),
      text(title.layer_index, 500, 500.01),
    ]);
    expect(refused.body.failed_operations.map((f) => [f.code, f.param])).toEqual([
      ['incompatible_layer', 'operations[0].layer_index'],
      ['overlap', 'operations[1].start_seconds'],
      ['invalid_span', 'operations[2].end_seconds'],
    ]);
  });
});

describe('overlays', () => {
  it('adds an image from the media library as an overlay; refuses audio and unknown assets', async () => {
    const t = await timeline();
    const assets = (await api.get<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=100'))
      .body.assets;
    const logo = assets.find((asset) => asset.name === 'Logo - primary.png')!;
    const song = assets.find((asset) => asset.kind === 'audio')!;
    const { layer, start } = afterLast(t, 'Overlays');
    const added = await batch(t, [
      {
        operation_id: 'timeline.overlay.add',
        layer_index: layer.index,
        asset_id: logo.id,
        start_seconds: start,
        end_seconds: start + 3,
        layout: { x: 900, y: 200, scale_x: 0.5, scale_y: 0.5 },
      },
    ]);
    expect(added.body.applied).toBe(true);
    const item = added.body.results[0]!.created_item!;
    expect(item).toMatchObject({
      type: 'overlay',
      name: 'Logo - primary',
      asset_id: logo.id,
      thumbnail_url: logo.thumbnail_url,
      layout: { x: 900, y: 200, scale_x: 0.5, width: 480, height: 480 },
    });
    expect(item.id).toMatch(/^ti_/);
    const svg = (await frame(`at_seconds=${start + 1}`)).svg;
    expect(svg).toContain(`data-item-id="${item.id}"`);
    const next = await timeline();
    const refused = await batch(next, [
      {
        operation_id: 'timeline.overlay.add',
        layer_index: layer.index,
        asset_id: song.id,
        start_seconds: start + 10,
        end_seconds: start + 11,
      },
      {
        operation_id: 'timeline.overlay.add',
        layer_index: layer.index,
        asset_id: '123e4567-e89b-42d3-a456-426614174000',
        start_seconds: start + 20,
        end_seconds: start + 21,
      },
    ]);
    expect(refused.body.failed_operations.map((f) => f.code)).toEqual(['not_visual', 'not_found']);
  });
});

describe('split and join', () => {
  it('splits a clip at a time into two parts that keep their source offsets; join undoes it', async () => {
    const t = await timeline();
    const clip = layerNamed(t, 'Main camera').items.find(
      (item) => item.end_seconds - item.start_seconds > 2,
    )!;
    const at = clip.start_seconds + 1;
    const answer = await batch(t, [
      {
        operation_id: 'timeline.item.split',
        timeline_item_id: clip.id,
        at_seconds: at,
        new_timeline_item_id: 'ti_second_half',
      },
    ]);
    expect(answer.body.applied).toBe(true);
    const after = await timeline();
    const left = itemById(after, clip.id)!;
    const right = itemById(after, 'ti_second_half')!;
    expect(left).toMatchObject({
      start_seconds: clip.start_seconds,
      end_seconds: at,
      source_start_seconds: clip.source_start_seconds,
      source_end_seconds: clip.source_start_seconds! + 1,
    });
    expect(right).toMatchObject({
      start_seconds: at,
      end_seconds: clip.end_seconds,
      source_start_seconds: clip.source_start_seconds! + 1,
      source_end_seconds: clip.source_end_seconds,
      asset_id: clip.asset_id,
      layout: clip.layout,
    });
    const joined = await batch(after, [
      {
        operation_id: 'timeline.item.join',
        timeline_item_id: clip.id,
        other_timeline_item_id: 'ti_second_half',
      },
    ]);
    expect(joined.body).toMatchObject({
      applied: true,
      deleted_timeline_item_ids: ['ti_second_half'],
    });
    expect(itemById(await timeline(), clip.id)).toEqual(clip);
  });

  it('moves a caption’s words with their part, and back on join', async () => {
    const t = await timeline();
    const caption = layerNamed(t, 'Captions').items[0]!;
    const words = async (id: string) =>
      (
        await api.get<{ words: CaptionWord[] }>(
          `${base}/captions/words?timeline_item_id=${id}&limit=500`,
        )
      ).body.words;
    const all = await words(caption.id);
    expect(all.length).toBeGreaterThan(2);
    const at = all[2]!.startSeconds!;
    const split = await batch(t, [
      { operation_id: 'timeline.item.split', timeline_item_id: caption.id, at_seconds: at },
    ]);
    const newId = split.body.created_timeline_item_ids![0]!;
    expect((await words(caption.id)).map((w) => w.word)).toEqual(
      all.slice(0, 2).map((w) => w.word),
    );
    expect((await words(newId)).map((w) => w.word)).toEqual(all.slice(2).map((w) => w.word));
    await batch(await timeline(), [
      {
        operation_id: 'timeline.item.join',
        timeline_item_id: caption.id,
        other_timeline_item_id: newId,
      },
    ]);
    expect((await words(caption.id)).map((w) => w.id)).toEqual(all.map((w) => w.id));
  });

  it('refuses a split outside the item (400 naming at_seconds) and on a locked layer', async () => {
    const t = await timeline();
    const clip = layerNamed(t, 'Main camera').items[0]!;
    const outside = await single(t, {
      operation_id: 'timeline.item.split',
      timeline_item_id: clip.id,
      at_seconds: clip.end_seconds + 5,
    });
    expect(outside.status).toBe(400);
    expect(errorOf(outside)).toMatchObject({
      code: 'invalid_request',
      param: 'operation.at_seconds',
    });
    const logo = t.layers.find((layer) => layer.locked)!.items[0]!;
    const locked = await single(t, {
      operation_id: 'timeline.item.split',
      timeline_item_id: logo.id,
      at_seconds: 1,
    });
    expect(errorOf(locked).param).toBe('operation.timeline_item_id');
    expect(errorOf(locked).message).toMatch(/locked/);
    expect((await timeline()).revision).toBe(t.revision);
  });
});

describe('duplicate and remove', () => {
  it('copies an item to a free spot (paste), refuses an occupied one, removes the copy again', async () => {
    const t = await timeline();
    const { layer, start } = afterLast(t, 'B-roll');
    const source = layer.items[0]!;
    const pasted = await batch(t, [
      {
        operation_id: 'timeline.item.duplicate',
        timeline_item_id: source.id,
        start_seconds: start,
        new_timeline_item_id: 'ti_pasted',
      },
    ]);
    expect(pasted.body.applied).toBe(true);
    const copy: TimelineItem = itemById(await timeline(), 'ti_pasted')!;
    expect(copy).toMatchObject({
      layer_index: layer.index,
      start_seconds: start,
      // Moved by whole frames: its length in frames is kept.
      end_seconds: shiftedTime(source.end_seconds, source.start_seconds, start, 30),
      source_start_seconds: source.source_start_seconds,
      source_end_seconds: source.source_end_seconds,
      asset_id: source.asset_id,
      name: source.name,
    });
    const next = await timeline();
    const occupied = await batch(next, [
      {
        operation_id: 'timeline.item.duplicate',
        timeline_item_id: source.id,
        start_seconds: source.start_seconds,
      },
    ]);
    expect(occupied.body.failed_operations[0]).toMatchObject({
      code: 'overlap',
      param: 'operations[0].start_seconds',
    });
    const removed = await batch(next, [
      { operation_id: 'timeline.item.remove', timeline_item_id: 'ti_pasted' },
    ]);
    expect(removed.body.deleted_timeline_item_ids).toEqual(['ti_pasted']);
    expect(itemById(await timeline(), 'ti_pasted')).toBeUndefined();
  });
});

describe('frame renderer', () => {
  it('changes with time, honours layers, item types and the dragged item alone', async () => {
    const t = await timeline();
    const clip = layerNamed(t, 'Main camera').items.find(
      (item) => item.end_seconds - item.start_seconds > 1,
    )!;
    const title = layerNamed(t, 'Titles').items[0]!;
    const at = clip.start_seconds + 0.2;
    const a = await frame(`at_seconds=${at}`);
    const b = await frame(`at_seconds=${at + 1 / 30}`);
    expect(a.svg).not.toBe(b.svg);
    const camera = layerNamed(t, 'Main camera').index;
    const soloed = await frame(`at_seconds=${at}&layers=${camera}`);
    expect(soloed.svg).toContain(clip.id);
    const muted = await frame(
      `at_seconds=${at}&${t.layers
        .filter((layer) => layer.index !== camera)
        .map((layer) => `layers=${layer.index}`)
        .join('&')}`,
    );
    expect(muted.svg).not.toContain(`data-item-id="${clip.id}"`);
    const titleAt = (title.start_seconds + title.end_seconds) / 2;
    expect((await frame(`at_seconds=${titleAt}`)).svg).toContain(title.id);
    expect((await frame(`at_seconds=${titleAt}&exclude_types=text`)).svg).not.toContain(title.id);
    const alone = await frame(`at_seconds=${titleAt}&only_item_ids=${title.id}`);
    expect(alone.svg).toContain(title.id);
    expect(alone.svg).not.toContain('fill="#111827"');
    const without = await frame(`at_seconds=${titleAt}&exclude_item_ids=${title.id}`);
    expect(without.svg).not.toContain(title.id);
  });
});
