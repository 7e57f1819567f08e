/**
 * `timeline.item.restore` over real HTTP: an item removed earlier comes back as it was (its id and
 * its words' ids when free, source offsets, layout, sound, effects, words with their own styles,
 * listed where they were), a cut made of split, trim, remove and move is undone exactly by one
 * batch, and the refusals name their field.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Schema } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, projectPath, startTestServer, timelineAt } from './harness.ts';
import type { CaptionWord, Timeline, TimelineItem } from '@/api/schema.gen.ts';

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
const batch = (t: Timeline, operations: unknown[], dryRun = false) =>
  api.post<Result>(`${base}/timeline/operations/batch`, {
    expected_revision: t.revision,
    operations,
    dry_run: dryRun,
  });
/** Every word of the project, in the order the service lists them (revisions left out). */
const allWords = async (): Promise<Array<Omit<CaptionWord, 'revision'>>> => {
  const words: CaptionWord[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await api.get<{ words: CaptionWord[]; pagination: { hasMore: boolean } }>(
      `${base}/captions/words?limit=500&offset=${offset}`,
    );
    words.push(...page.body.words);
    if (!page.body.pagination.hasMore) break;
  }
  return words.map(({ revision: _revision, ...word }) => word);
};
const wordsOf = async (itemId: string) =>
  (await allWords()).filter((w) => w.timelineItemId === itemId);
const withoutRevision = (t: Timeline) => ({ ...t, revision: 0 });

describe('timeline.item.restore', () => {
  it('brings a removed clip back as it was, under its own id', async () => {
    const t = await timeline();
    const clip = layerNamed(t, 'Main camera').items[1]!;
    const removed = await batch(t, [
      { operation_id: 'timeline.item.remove', timeline_item_id: clip.id },
    ]);
    expect(removed.body.applied).toBe(true);
    const gone = await timeline();
    expect(itemById(gone, clip.id)).toBeUndefined();

    const preview = await batch(
      gone,
      [{ operation_id: 'timeline.item.restore', item: clip }],
      true,
    );
    expect(preview.body).toMatchObject({ success: true, applied: false, dry_run: true });
    expect((await timeline()).revision).toBe(gone.revision);

    const restored = await batch(gone, [{ operation_id: 'timeline.item.restore', item: clip }]);
    expect(restored.body).toMatchObject({
      applied: true,
      revision: gone.revision + 1,
      created_timeline_item_ids: [clip.id],
    });
    expect(restored.body.results[0]!.created_item).toEqual(clip);
    const back = await timeline();
    expect(itemById(back, clip.id)).toEqual(clip);
    expect(withoutRevision(back)).toEqual(withoutRevision(t));
  });

  it('brings a caption back with its words, their own styles and their place in the list', async () => {
    const t = await timeline();
    const before = await allWords();
    const caption = layerNamed(t, 'Captions').items.find((item) =>
      before.some((w) => w.timelineItemId === item.id && Object.keys(w.style ?? {}).length > 0),
    )!;
    const words = before.filter((w) => w.timelineItemId === caption.id);
    const removed = await batch(t, [
      { operation_id: 'timeline.item.remove', timeline_item_id: caption.id },
    ]);
    expect(removed.body.results[0]!.removed_caption_word_count).toBe(words.length);
    expect(await wordsOf(caption.id)).toEqual([]);

    const restored = await batch(await timeline(), [
      { operation_id: 'timeline.item.restore', item: caption, caption_words: words },
    ]);
    expect(restored.body.applied).toBe(true);
    expect(await allWords()).toEqual(before);
  });

  it('undoes a cut through a clip and a caption exactly, in one batch', async () => {
    const t = await timeline();
    const before = await allWords();
    const caption = layerNamed(t, 'Captions').items.find(
      (item) => before.filter((w) => w.timelineItemId === item.id).length >= 4,
    )!;
    const words = before.filter((w) => w.timelineItemId === caption.id);
    // The stretch of the second and third words: the caption is split at its end, trimmed back to
    // its start, and the part after moves left by its length; the next caption moves too.
    const from = words[1]!.startSeconds!;
    const to = words[2]!.endSeconds!;
    const length = Math.round((to - from) * 1000) / 1000;
    const layer = layerNamed(t, 'Captions');
    const next = layer.items[layer.items.indexOf(caption) + 1]!;
    const cut = await batch(t, [
      {
        operation_id: 'timeline.item.split',
        timeline_item_id: caption.id,
        at_seconds: to,
        new_timeline_item_id: 'ti_cut_right',
      },
      {
        operation_id: 'timeline.item.trim',
        timeline_item_id: caption.id,
        trim_end_delta_seconds: from - to,
        snap_to_frame: true,
      },
      {
        operation_id: 'timeline.item.move',
        timeline_item_id: 'ti_cut_right',
        new_start_seconds: from,
      },
      {
        operation_id: 'timeline.item.move',
        timeline_item_id: next.id,
        new_start_seconds: Math.round((next.start_seconds - length) * 1000) / 1000,
      },
    ]);
    expect(cut.body).toMatchObject({ applied: true });
    expect(cut.body.results[1]!.removed_caption_word_count).toBe(2);
    const afterCut = await allWords();
    expect(afterCut.filter((w) => w.timelineItemId === caption.id).map((w) => w.id)).toEqual([
      words[0]!.id,
    ]);
    const moved = afterCut.find((w) => w.id === words[3]!.id)!;
    expect(moved).toMatchObject({
      timelineItemId: 'ti_cut_right',
      startSeconds: Math.round((words[3]!.startSeconds! - length) * 1000) / 1000,
      style: words[3]!.style,
    });

    const cutTimeline = await timeline();
    const undo = await batch(cutTimeline, [
      { operation_id: 'timeline.item.remove', timeline_item_id: caption.id },
      { operation_id: 'timeline.item.remove', timeline_item_id: 'ti_cut_right' },
      {
        operation_id: 'timeline.item.move',
        timeline_item_id: next.id,
        new_start_seconds: next.start_seconds,
      },
      { operation_id: 'timeline.item.restore', item: caption, caption_words: words },
    ]);
    expect(undo.body).toMatchObject({ applied: true, failed_operations: [] });
    expect(withoutRevision(await timeline())).toEqual(withoutRevision(t));
    expect(await allWords()).toEqual(before);
  });

  it('gives a new id when its own is taken, and refuses what cannot be restored', async () => {
    const t = await timeline();
    const clip = layerNamed(t, 'Main camera').items[0]!;
    const caption = layerNamed(t, 'Captions').items[0]!;
    const logo = t.layers.find((layer) => layer.locked)!.items[0]!;
    const end = Math.max(...t.layers.flatMap((layer) => layer.items.map((i) => i.end_seconds)));
    const later = (item: TimelineItem, by: number): TimelineItem => ({
      ...item,
      start_seconds: end + by,
      end_seconds: end + by + (item.end_seconds - item.start_seconds),
    });
    const copy = await batch(t, [{ operation_id: 'timeline.item.restore', item: later(clip, 10) }]);
    expect(copy.body.applied).toBe(true);
    const copyId = copy.body.created_timeline_item_ids![0]!;
    expect(copyId).not.toBe(clip.id);
    expect(itemById(await timeline(), copyId)).toMatchObject({
      source_start_seconds: clip.source_start_seconds,
      layout: clip.layout,
      audio: clip.audio,
    });

    const now = await timeline();
    const refused = await batch(now, [
      { operation_id: 'timeline.item.restore', item: later(logo, 30) },
      { operation_id: 'timeline.item.restore', item: clip },
      {
        operation_id: 'timeline.item.restore',
        item: { ...later(clip, 60), source_end_seconds: clip.source_end_seconds! + 5 },
      },
      {
        operation_id: 'timeline.item.restore',
        item: later(caption, 90),
        caption_words: [{ id: 'cw_outside', word: 'late', startSeconds: 1, endSeconds: 1.2 }],
      },
      { operation_id: 'timeline.item.restore', item: { ...later(clip, 120), layer_index: 99 } },
    ]);
    expect(refused.body.applied).toBe(false);
    expect(
      refused.body.failed_operations.map(({ index, code, param }) => ({ index, code, param })),
    ).toEqual([
      { index: 0, code: 'locked_layer', param: 'operations[0].item.layer_index' },
      { index: 1, code: 'overlap', param: 'operations[1].start_seconds' },
      { index: 2, code: 'invalid_source', param: 'operations[2].item.source_end_seconds' },
      { index: 3, code: 'invalid_words', param: 'operations[3].caption_words[0].startSeconds' },
      { index: 4, code: 'unknown_layer', param: 'operations[4].item.layer_index' },
    ]);
    expect((await timeline()).revision).toBe(now.revision);
  });
});
