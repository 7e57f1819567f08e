import { describe, expect, it } from 'vitest';
import { frameTime } from '@/shared-rules/frame-time.ts';
import { itemsOf, talkDoc } from '../testing/talk-fixture.ts';
import { applyOps } from './apply-ops.ts';
import { planCut } from './cut-plan.ts';
import { stretchesFor, type CutTargets } from './cut-targets.ts';
import { planRestore, planUndo } from './restore-plan.ts';
import { currentCuts, cutRecords, inEffect } from './cut-record.ts';
import { transcriptOf, type WordsDocument } from './transcript.ts';

const s = (frame: number) => frameTime(frame, 30);
const targets = (removed: string[]): CutTargets => ({
  layerIndex: null,
  removed,
  shorten: [],
  padSeconds: 0.05,
});
/** "the company": the stretch 62-115 frames (1.767 s). */
const cutCompany = (doc: WordsDocument, skip?: Set<number>) =>
  planCut(doc, stretchesFor(transcriptOf(doc), targets(['cw_0_4', 'cw_0_5'])), {
    skipLayers: skip,
  });
/** The document as a comparable value: items by layer, words in list order. */
const shape = (doc: WordsDocument) => ({
  layers: doc.timeline.layers.map((layer) => layer.items),
  words: doc.words.words.map(({ revision: _r, ...word }) => word),
});

describe('the cut planner', () => {
  it('refuses a cut over a locked layer before anything is sent, naming the layer and the item', () => {
    const plan = cutCompany(talkDoc());
    expect(plan.locked).toEqual([
      {
        layerIndex: 5,
        layerName: 'Brand watermark (locked)',
        itemId: 'ti_logo',
        itemName: 'Logo watermark',
        effect: 'split',
      },
    ]);
    expect(plan.after).toBe(plan.after);
  });

  it('cuts the stretch out of every unlocked layer and moves what follows left by its length', () => {
    const doc = talkDoc({ locked: false });
    const plan = cutCompany(doc);
    expect(plan.locked).toEqual([]);
    expect(plan.seconds).toBe(1.767);
    expect(plan.counts).toEqual({ split: 4, shortened: 0, removed: 0, moved: 3, wordsRemoved: 2 });
    const before = itemsOf(doc.timeline);
    const after = itemsOf(plan.after.timeline);
    // Speaker A: 0-2.067 s kept, 3.833-5 s moved to 2.067 s with its source and the fade out.
    expect(after.get('ti_speakerA')).toMatchObject({
      start_seconds: 0,
      end_seconds: s(62),
      source_start_seconds: 100,
      source_end_seconds: 102.067,
      audio: { fade_in_seconds: 0.5, fade_out_seconds: 0 },
    });
    const rightOfA = [...after.values()].find(
      (item) => item.name === 'Speaker A' && item.id !== 'ti_speakerA',
    )!;
    expect(rightOfA).toMatchObject({
      start_seconds: s(62),
      end_seconds: s(97),
      source_start_seconds: 103.833,
      audio: { fade_in_seconds: 0, fade_out_seconds: 0.5 },
    });
    // Everything after moves left by exactly the stretch, still touching what it touched.
    for (const id of ['ti_speakerB', 'ti_cap2', 'ti_cap3']) {
      const was = before.get(id)!;
      expect(after.get(id)!.start_seconds).toBe(s(Math.round(was.start_seconds * 30) - 53));
    }
    expect(after.get('ti_speakerB')!.start_seconds).toBe(rightOfA.end_seconds);
    // Words inside went; the ones after moved by the same amount, styles kept.
    const words = new Map(plan.after.words.words.map((word) => [word.id, word]));
    expect(words.has('cw_0_4')).toBe(false);
    expect(words.has('cw_0_5')).toBe(false);
    expect(words.get('cw_0_6')).toMatchObject({ startSeconds: s(64), endSeconds: s(79) });
    expect(words.get('cw_1_0')).toMatchObject({ startSeconds: s(97), endSeconds: s(103) });
    expect(plan.after.words.words.map((w) => w.id)).toEqual(
      doc.words.words.map((w) => w.id).filter((id) => id !== 'cw_0_4' && id !== 'cw_0_5'),
    );
    // The title before the stretch is not touched.
    expect(after.get('ti_title')).toBe(before.get('ti_title'));
    expect(plan.ops.length).toBeLessThan(20);
  });

  it('goes on without a locked layer when asked, and says what that leaves', () => {
    const plan = cutCompany(talkDoc(), new Set([5]));
    expect(plan.locked).toEqual([]);
    expect(
      plan.ops.some((op) => 'timeline_item_id' in op && op.timeline_item_id === 'ti_logo'),
    ).toBe(false);
    expect(plan.leaves).toEqual([
      '“Logo watermark” on “Brand watermark (locked)” stays as it is: it now runs 1.8 s past the end of everything else.',
    ]);
  });

  it('never leaves a piece shorter than a frame', () => {
    const doc = talkDoc({ locked: false });
    // B-roll starting a frame after the stretch's start: its sliver goes with the cut.
    const broll = doc.timeline.layers[1]!.items[0]!;
    const shifted: WordsDocument = {
      ...doc,
      timeline: {
        ...doc.timeline,
        layers: doc.timeline.layers.map((layer) =>
          layer.index === 1
            ? { ...layer, items: [{ ...broll, start_seconds: 2.05, source_start_seconds: 20 }] }
            : layer,
        ),
      },
    };
    const plan = cutCompany(shifted);
    const pieces = plan.after.timeline.layers[1]!.items;
    expect(pieces).toHaveLength(1);
    expect(pieces[0]!.start_seconds).toBe(s(62));
    expect(plan.counts.shortened).toBe(1);
  });

  it('is undone exactly by one batch: every item and word as it was', () => {
    const doc = talkDoc({ locked: false });
    const plan = cutCompany(doc);
    const ops = planUndo(plan.after, plan.undo)!;
    expect(ops.map((op) => op.operation_id)).toEqual([
      ...Array(8).fill('timeline.item.remove'),
      ...Array(3).fill('timeline.item.move'),
      ...Array(4).fill('timeline.item.restore'),
    ]);
    expect(shape(applyOps(plan.after, ops))).toEqual(shape(doc));
  });

  it('is not undone exactly once its pieces moved: then it is restored at its place', () => {
    const doc = talkDoc({ locked: false });
    const plan = cutCompany(doc);
    const moved = applyOps(plan.after, [
      { operation_id: 'timeline.item.move', timeline_item_id: 'ti_cap3', new_start_seconds: 12 },
    ]);
    expect(planUndo(moved, plan.undo)).toBeNull();
    const [record] = cutRecords(transcriptOf(doc), plan, targets(['cw_0_4', 'cw_0_5']));
    const restore = planRestore(plan.after, [record!]);
    expect(restore.problem).toBeNull();
    const back = restore.after;
    // The same items and words at the same times, the cut items whole again.
    expect(shape(back)).toEqual(shape(doc));
  });
});

describe('a cut restored later from the cut list', () => {
  // Source offsets are milliseconds, not frames: two paths to the same cut may differ by one.
  const source = (seconds: number | null) => (seconds === null ? null : Math.round(seconds * 100));
  const look = (doc: WordsDocument) => ({
    layers: doc.timeline.layers.map((layer) =>
      layer.items.map((item) => [
        item.name,
        item.start_seconds,
        item.end_seconds,
        source(item.source_start_seconds),
        source(item.source_end_seconds),
      ]),
    ),
    words: doc.words.words.map((word) => [word.id, word.startSeconds, word.endSeconds, word.style]),
  });

  it('puts its source time back at its place and moves what follows right, after other cuts', () => {
    const doc = talkDoc({ locked: false });
    const first = cutCompany(doc);
    const [record] = cutRecords(transcriptOf(doc), first, targets(['cw_0_4', 'cw_0_5']));
    // A second cut later in the talk: "like" (1.2 s of pause after it stays apart).
    const like = targets(['cw_1_5']);
    const second = planCut(first.after, stretchesFor(transcriptOf(first.after), like));
    const restored = planRestore(second.after, [record!]);
    expect(restored.problem).toBeNull();
    expect(restored.seconds).toBe(1.767);
    expect(restored.counts).toMatchObject({ restored: 4, joined: 8 });
    const onlyLike = planCut(doc, stretchesFor(transcriptOf(doc), like));
    expect(look(restored.after)).toEqual(look(onlyLike.after));
  });

  it('says so when the words on both sides of it are gone', () => {
    const doc = talkDoc({ locked: false });
    const first = cutCompany(doc);
    const [record] = cutRecords(transcriptOf(doc), first, targets(['cw_0_4', 'cw_0_5']));
    expect(record).toMatchObject({
      text: 'the company',
      seconds: 1.767,
      before: { wordId: 'cw_0_3' },
      after: { wordId: 'cw_0_6' },
    });
    const around = targets(['cw_0_3', 'cw_0_6']);
    const second = planCut(first.after, stretchesFor(transcriptOf(first.after), around));
    expect(planRestore(second.after, [record!]).problem).toMatch(/can no longer be found/);
  });

  it('is in effect while its words are out, not on the timeline before it or after it is restored', () => {
    const doc = talkDoc({ locked: false });
    const first = cutCompany(doc);
    const [record] = cutRecords(transcriptOf(doc), first, targets(['cw_0_4', 'cw_0_5']));
    const byId = (d: WordsDocument) => new Map(d.words.words.map((w) => [w.id, w]));
    // The service answers a change with the next revision (the planner keeps the one it was on).
    const answered = (d: WordsDocument) => ({ revision: d.timeline.revision + 1, fps: 30 });
    expect(inEffect(record!, answered(first.after), byId(first.after))).toBe(true);
    // Not on the revision it was made on (a list recorded on a timeline since reset).
    expect(inEffect(record!, first.after.timeline, byId(first.after))).toBe(false);
    // A later cut elsewhere moves both kept words alike.
    const second = planCut(
      first.after,
      stretchesFor(transcriptOf(first.after), targets(['cw_1_5'])),
    );
    expect(inEffect(record!, answered(second.after), byId(second.after))).toBe(true);
    // The project as it was before the cut (a reset timeline, or undone in another tab).
    expect(inEffect(record!, doc.timeline, byId(doc))).toBe(false);
    const restored = planRestore(second.after, [record!]).after;
    expect(inEffect(record!, answered(restored), byId(restored))).toBe(false);
    // The same cut listed twice (made again on a reset timeline): shown once, the later entry.
    const again = { ...record!, id: 'again', revision: record!.revision + 1 };
    const list = currentCuts(
      [record!, again],
      { revision: again.revision + 1, fps: 30 },
      byId(first.after),
    );
    expect(list.map((cut) => cut.id)).toEqual(['again']);
  });
});
