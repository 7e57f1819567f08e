/**
 * What one Words gesture changes (a `WordsChange`) and the pure rules the editor kit needs around
 * it. A change names words (by id) and cut list entries, never operations: it is planned on the
 * document it is applied to (`planChange`, memoised per document), so the optimistic copy, the
 * request, its check after someone else's edit and its undo all come from one plan, and a stale
 * revision re-plans the same words on the new one instead of sending operations blind.
 *
 * - `cut`: take out the target words and pauses (a selection's cut, a clean-up);
 * - `undo-cut`: its undo (exact while the pieces it left are where it left them, else at its place);
 * - `restore`: put cut list entries back at their place, what follows moving right.
 */
import type { Rebase } from '@/editor-kit/conflict-retry.ts';
import type {
  TimelineBatchApplyResult,
  TimelineBatchOperation,
  TimelineItem,
} from '@/api/schema.gen.ts';
import {
  batchBytes,
  MAX_BATCH_BYTES,
  MAX_BATCH_OPERATIONS,
  planCut,
  type CutCounts,
  type LockedConflict,
  type UndoRecord,
} from './cut-plan.ts';
import { cutRecords, type CutRecord } from './cut-record.ts';
import { resolveTargets, stretchesFor, type CutTargets } from './cut-targets.ts';
import { formatSeconds } from './frames.ts';
import { applyOpsCounting } from './apply-ops.ts';
import { planRestore, planUndo } from './restore-plan.ts';
import type { FrameStretch } from './stretches.ts';
import { transcriptOf, type WordsDocument } from './transcript.ts';

export type WordsChange =
  | {
      kind: 'cut';
      label: string;
      targets: CutTargets;
      /** Locked layers the person chose to leave as they are. */
      skipLayers: readonly number[];
      /** A clean-up's occurrences, for what it says when done. */
      cleanUp?: { fillers: number; pauses: number };
    }
  | {
      kind: 'undo-cut';
      label: string;
      undo: UndoRecord;
      records: readonly CutRecord[];
      /** The cut it undoes (what redo plans again). */
      redo: Extract<WordsChange, { kind: 'cut' }>;
    }
  | {
      kind: 'restore';
      label: string;
      records: readonly CutRecord[];
      skipLayers: readonly number[];
    };

export interface WordsResult {
  batch: TimelineBatchApplyResult;
}

/** A change planned on one document. */
export interface PlannedChange {
  ops: TimelineBatchOperation[];
  after: WordsDocument;
  /** Seconds taken out (a cut) or put back (a restore). */
  seconds: number;
  /** Timeline stretches a cut takes out, in seconds before it (the band on the timeline). */
  stretches: Array<{ start: number; end: number }>;
  counts: CutCounts & { restored: number; joined: number };
  /** Caption words the batch removes, as the service counts them (pieces an undo removes too). */
  removedWords: number;
  locked: LockedConflict[];
  leaves: string[];
  /** Why it cannot be sent, in words (null when it can). */
  problem: string | null;
  /** Entries the cut list gains (a cut) or loses (an undo, a restore). */
  adds: CutRecord[];
  removes: string[];
  /** What undoes a cut exactly. */
  undo: UndoRecord | null;
}

const NO_COUNTS = {
  split: 0,
  shortened: 0,
  removed: 0,
  moved: 0,
  wordsRemoved: 0,
  restored: 0,
  joined: 0,
};

const plans = new WeakMap<object, WeakMap<object, WeakMap<WordsChange, PlannedChange>>>();

/** The change planned on `doc` (once per document and change). */
export function planChange(doc: WordsDocument, change: WordsChange): PlannedChange {
  let byWords = plans.get(doc.timeline);
  if (!byWords) plans.set(doc.timeline, (byWords = new WeakMap()));
  let byChange = byWords.get(doc.words);
  if (!byChange) byWords.set(doc.words, (byChange = new WeakMap()));
  let planned = byChange.get(change);
  if (!planned) byChange.set(change, (planned = plan(doc, change)));
  return planned;
}

const tooMany = (count: number) =>
  `This needs ${count.toLocaleString('en')} changes to the timeline, more than one request can take (${MAX_BATCH_OPERATIONS.toLocaleString('en')}). Cut less at once (untick some occurrences, or select fewer words).`;

const mebibytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/**
 * Why a batch cannot go in one request (too many operations, or too large), or null. Sent
 * anyway, it would be refused whole (and a gesture is one request: never split).
 */
export function oversize(ops: readonly unknown[]): string | null {
  if (ops.length > MAX_BATCH_OPERATIONS) return tooMany(ops.length);
  const bytes = batchBytes(ops);
  return bytes > MAX_BATCH_BYTES
    ? `This change is ${mebibytes(bytes)} of timeline data, more than one request can take (${mebibytes(MAX_BATCH_BYTES)}). Do it in parts (untick some occurrences, or restore fewer cuts at once).`
    : null;
}

function plan(doc: WordsDocument, change: WordsChange): PlannedChange {
  const fps = doc.timeline.fps > 0 ? doc.timeline.fps : 30;
  if (change.kind === 'cut') {
    const transcript = transcriptOf(doc, change.targets.layerIndex);
    const resolved = resolveTargets(transcript, change.targets);
    const stretches = stretchesFor(transcript, change.targets, resolved);
    const cut = planCut(doc, stretches, { skipLayers: new Set(change.skipLayers) });
    const problem =
      resolved.missing > 0
        ? `${resolved.missing === 1 ? 'A word or pause it names is' : `${resolved.missing} words or pauses it names are`} no longer in the transcript (cut or changed meanwhile).`
        : stretches.length === 0
          ? 'There is nothing to cut there.'
          : oversize(cut.ops);
    return {
      ops: cut.ops,
      after: cut.after,
      seconds: cut.seconds,
      stretches: secondsOf(stretches, fps),
      counts: { ...cut.counts, restored: 0, joined: 0 },
      removedWords: cut.counts.wordsRemoved,
      locked: cut.locked,
      leaves: cut.leaves,
      problem,
      adds: cut.locked.length === 0 ? cutRecords(transcript, cut, change.targets) : [],
      removes: [],
      undo: cut.undo,
    };
  }
  const removes = change.records.map((record) => record.id);
  if (change.kind === 'undo-cut') {
    const exact = planUndo(doc, change.undo);
    if (exact) {
      const applied = applyOpsCounting(doc, exact);
      return {
        ops: exact,
        after: applied.doc,
        removedWords: applied.removedWords,
        locked: [],
        seconds: change.records.reduce((sum, record) => sum + record.seconds, 0),
        stretches: [],
        counts: {
          ...NO_COUNTS,
          restored: change.undo.touched.length,
          moved: change.undo.moved.length,
        },
        leaves: [],
        problem: oversize(exact),
        adds: [],
        removes,
        undo: null,
      };
    }
  }
  const skip = change.kind === 'restore' ? change.skipLayers : change.redo.skipLayers;
  const restore = planRestore(doc, change.records, { skipLayers: new Set(skip) });
  return {
    ops: restore.ops,
    after: restore.after,
    seconds: restore.seconds,
    stretches: [],
    counts: { ...NO_COUNTS, ...restore.counts },
    removedWords: restore.removedWords,
    locked: restore.locked,
    leaves: [],
    problem: restore.problem ?? oversize(restore.ops),
    adds: [],
    removes,
    undo: null,
  };
}

function secondsOf(stretches: readonly FrameStretch[], fps: number) {
  return stretches.map((stretch) => ({
    start: Math.round(stretch.start * (1000 / fps)) / 1000,
    end: Math.round(stretch.end * (1000 / fps)) / 1000,
  }));
}

/** Why a change cannot be sent, or null: a locked layer, a problem of its plan. */
export function refusalOf(planned: PlannedChange): string | null {
  if (planned.locked.length > 0) return describeLocked(planned.locked);
  return planned.problem;
}

/** "“Logo watermark” on the locked layer “Brand watermark (locked)” would be split." */
export function describeLocked(locked: readonly LockedConflict[]): string {
  const first = locked[0];
  if (!first) return '';
  const verb = { split: 'split', shortened: 'shortened', removed: 'removed', moved: 'moved' }[
    first.effect
  ];
  const more =
    locked.length > 1
      ? ` (and ${locked.length - 1} more item${locked.length > 2 ? 's' : ''} on locked layers)`
      : '';
  return `“${first.itemName}” on the locked layer “${first.layerName}” would be ${verb}${more}. Locked layers are never changed.`;
}

/**
 * The document after the service accepted the change: the plan's copy, with what only the
 * service knows (the ids of the effects a split copies, a restored item's picture), or 'refetch'
 * when its answer differs from the plan (an item moved elsewhere, other words removed).
 */
export function settleChange(input: {
  base: WordsDocument;
  change: WordsChange;
  result: WordsResult;
}): WordsDocument | 'refetch' {
  const planned = planChange(input.base, input.change);
  const { batch } = input.result;
  if (batch.results.length !== planned.ops.length) return 'refetch';
  const created = new Map<string, TimelineItem>();
  let removedWords = 0;
  for (const outcome of batch.results) {
    const op = planned.ops[outcome.index];
    if (!op || op.operation_id !== outcome.operation_id) return 'refetch';
    removedWords += outcome.removed_caption_word_count;
    if (op.operation_id === 'timeline.item.move' && outcome.start_seconds !== undefined) {
      if (Math.abs(outcome.start_seconds - op.new_start_seconds) > 1e-3) return 'refetch';
    }
    if (outcome.created_item) created.set(outcome.created_item.id, outcome.created_item);
  }
  if (removedWords !== planned.removedWords) return 'refetch';
  const timeline = planned.after.timeline;
  const layers = timeline.layers.map((layer) =>
    layer.items.some((item) => created.has(item.id))
      ? {
          ...layer,
          items: layer.items.map((item) => {
            const answer = created.get(item.id);
            return answer
              ? { ...item, effects: answer.effects, thumbnail_url: answer.thumbnail_url }
              : item;
          }),
        }
      : layer,
  );
  return {
    timeline: { ...timeline, layers, revision: batch.revision },
    words: planned.after.words,
  };
}

/** The change that undoes `change` (never null: every Words change can be undone). */
export function invertChange(
  change: WordsChange,
  _result: WordsResult,
  base: WordsDocument,
): WordsChange {
  const planned = planChange(base, change);
  switch (change.kind) {
    case 'cut':
      return {
        kind: 'undo-cut',
        label: change.label,
        undo: planned.undo!,
        records: planned.adds,
        redo: change,
      };
    case 'undo-cut':
      return change.redo;
    case 'restore':
      return {
        kind: 'cut',
        label: change.label,
        targets: mergedTargets(change.records),
        skipLayers: change.skipLayers,
      };
  }
}

function mergedTargets(records: readonly CutRecord[]): CutTargets {
  const first = records[0]!.targets;
  return {
    ...first,
    removed: records.flatMap((record) => record.targets.removed),
    shorten: records.flatMap((record) => record.targets.shorten),
  };
}

/** After someone else's edit: the change still applies when its words and pauses are all there. */
export function rebaseChange(
  change: WordsChange,
  _base: WordsDocument,
  fresh: WordsDocument,
): Rebase<WordsChange> {
  const refusal = refusalOf(planChange(fresh, change));
  return refusal === null ? { ok: true, change } : { ok: false, reason: refusal };
}

/** What changed on the server meanwhile, in words. */
export function describeConflict(base: WordsDocument, fresh: WordsDocument): string {
  const ids = (doc: WordsDocument) =>
    new Map(
      doc.timeline.layers.flatMap((layer) => layer.items.map((item) => [item.id, item] as const)),
    );
  const before = ids(base);
  const after = ids(fresh);
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const [id, item] of after) {
    const was = before.get(id);
    if (!was) added += 1;
    else if (was.start_seconds !== item.start_seconds || was.end_seconds !== item.end_seconds)
      changed += 1;
  }
  for (const id of before.keys()) if (!after.has(id)) removed += 1;
  const words = fresh.words.words.length - base.words.words.length;
  const parts = [
    changed ? `${changed} item${changed === 1 ? '' : 's'} moved or trimmed` : '',
    added ? `${added} added` : '',
    removed ? `${removed} removed` : '',
    words
      ? `${Math.abs(words)} caption word${Math.abs(words) === 1 ? '' : 's'} ${words > 0 ? 'added' : 'removed'}`
      : '',
  ].filter(Boolean);
  return `The timeline was changed elsewhere (revision ${base.timeline.revision} → ${fresh.timeline.revision})${parts.length ? `: ${parts.join(', ')}` : ''}.`;
}

/** "Cut 1.8 s: 4 items split, 3 moved, 2 caption words removed". */
export function describePlan(planned: PlannedChange, kind: WordsChange['kind']): string {
  const c = planned.counts;
  const n = (count: number, one: string, many = `${one}s`) =>
    `${count} ${count === 1 ? one : many}`;
  const parts =
    kind === 'cut'
      ? [
          c.split ? `${n(c.split, 'item')} split` : '',
          c.shortened ? `${n(c.shortened, 'item')} shortened` : '',
          c.removed ? `${n(c.removed, 'item')} removed` : '',
          c.moved ? `${n(c.moved, 'item')} moved` : '',
          c.wordsRemoved ? `${n(c.wordsRemoved, 'caption word')} removed` : '',
        ]
      : [
          c.restored ? `${n(c.restored, 'part')} put back` : '',
          c.split ? `${n(c.split, 'item')} split` : '',
          c.moved ? `${n(c.moved, 'item')} moved` : '',
        ];
  const verb = kind === 'cut' ? 'Cut' : 'Put back';
  const list = parts.filter(Boolean).join(', ');
  return `${verb} ${formatSeconds(planned.seconds)}${list ? `: ${list}` : ''}`;
}
