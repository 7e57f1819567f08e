/**
 * The cut list's entries: one per stretch a cut took out, kept by the BFF so that it survives a
 * reload and can be restored later. An entry holds what the stretch removed (each item's part, with
 * its words), where it was (the kept words around it, as they were just after the cut) and what to
 * cut again if its restore is undone.
 */
import type { CaptionWord } from '@/api/schema.gen.ts';
import type { CutPlan, RemovedPart } from './cut-plan.ts';
import type { CutTargets, PauseRef } from './cut-targets.ts';
import { roundMs } from './frames.ts';
import type { Transcript } from './transcript.ts';

export interface CutAnchor {
  wordId: string;
  /** The word's end (before) or start (after) just after the cut. */
  seconds: number;
}

export interface CutRecord {
  /** The same for the same cut of the same revision (the list and the undo agree). */
  id: string;
  /** The timeline revision the cut was made on. */
  revision: number;
  /** The words it took out, as read ("" when it shortened a pause only). */
  text: string;
  /** Seconds it took out. */
  seconds: number;
  /** The stretch on the timeline before the cut. */
  start: number;
  end: number;
  /** Where it was just after the cut. */
  at: number;
  before: CutAnchor | null;
  after: CutAnchor | null;
  parts: RemovedPart[];
  /** What cuts it again (the undo of its restore). */
  targets: CutTargets;
}

/** One record per stretch of the plan. */
export function cutRecords(
  transcript: Transcript,
  plan: CutPlan,
  targets: CutTargets,
): CutRecord[] {
  const { words, start, end } = transcript;
  const removed = new Set(targets.removed);
  const pauses = new Map<string, PauseRef>(
    targets.shorten.map((pause) => [`${pause.before}|${pause.after}`, pause]),
  );
  const afterWords = new Map<string, CaptionWord>(plan.after.words.words.map((w) => [w.id, w]));
  let cursor = 0;
  return plan.stretches.map((stretch, k) => {
    const outcome = plan.outcomes[k]!;
    while (cursor < words.length && end[cursor]! <= stretch.start) cursor += 1;
    // The kept word before: the last one ending at or before the stretch.
    let before = cursor - 1;
    while (before >= 0 && removed.has(words[before]!.id)) before -= 1;
    let next = cursor;
    const inside: string[] = [];
    const ids: string[] = [];
    while (next < words.length && start[next]! < stretch.end) {
      if (end[next]! <= stretch.end) {
        inside.push(words[next]!.word);
        ids.push(words[next]!.id);
      }
      next += 1;
    }
    while (next < words.length && removed.has(words[next]!.id)) next += 1;
    const beforeWord = before >= 0 ? afterWords.get(words[before]!.id) : undefined;
    const afterWord = next < words.length ? afterWords.get(words[next]!.id) : undefined;
    const shorten: PauseRef[] = [];
    for (let g = Math.max(0, before + 1); g <= Math.min(words.length, next); g += 1) {
      const key = `${g > 0 ? words[g - 1]!.id : null}|${g < words.length ? words[g]!.id : null}`;
      const pause = pauses.get(key);
      if (pause) shorten.push(pause);
    }
    return {
      id: `cut-${plan.undo.revision}-${stretch.start}-${stretch.end}`,
      revision: plan.undo.revision,
      text: inside.join(' '),
      seconds: roundMs((stretch.end - stretch.start) / transcript.fps),
      start: outcome.start,
      end: outcome.end,
      at: outcome.at,
      before: beforeWord ? { wordId: beforeWord.id, seconds: beforeWord.endSeconds ?? 0 } : null,
      after: afterWord ? { wordId: afterWord.id, seconds: afterWord.startSeconds ?? 0 } : null,
      parts: outcome.parts,
      targets: { ...targets, removed: ids.filter((id) => removed.has(id)), shorten },
    };
  });
}

/**
 * Where a cut is now: from the kept word after it (or before it), moved as it has moved since.
 * Null when both words have been cut or changed since.
 */
export function placeOf(
  record: CutRecord,
  wordsById: ReadonlyMap<string, CaptionWord>,
): number | null {
  const after = record.after ? wordsById.get(record.after.wordId) : undefined;
  if (after && record.after)
    return roundMs((after.startSeconds ?? 0) - (record.after.seconds - record.at));
  const before = record.before ? wordsById.get(record.before.wordId) : undefined;
  if (before && record.before)
    return roundMs((before.endSeconds ?? 0) + (record.at - record.before.seconds));
  return null;
}

/**
 * Whether a cut is in the timeline now: made on an earlier revision than the timeline's, none of
 * the words it took out are there and, where both kept words around it remain, they sit as close
 * as the cut left them (within a frame). A cut undone or restored in another tab, or the list of a
 * project whose timeline was reset, is not: restoring it would put back time that is already there.
 */
export function inEffect(
  record: CutRecord,
  timeline: { revision: number; fps: number },
  wordsById: ReadonlyMap<string, CaptionWord>,
): boolean {
  const { revision, fps } = timeline;
  if (record.revision >= revision) return false;
  for (const part of record.parts)
    for (const word of part.words) if (wordsById.has(word.id)) return false;
  const before = record.before ? wordsById.get(record.before.wordId) : undefined;
  const after = record.after ? wordsById.get(record.after.wordId) : undefined;
  if (!before || !after || !record.before || !record.after) return true;
  const gap = (after.startSeconds ?? 0) - (before.endSeconds ?? 0);
  const then = record.after.seconds - record.before.seconds;
  return Math.abs(gap - then) <= 1 / fps + 1e-6;
}

/**
 * The cuts of a list that the timeline shows now, in the list's order; of two entries for the same
 * stretch (the same words out between the same kept words) the later one.
 */
export function currentCuts(
  records: readonly CutRecord[],
  timeline: { revision: number; fps: number },
  wordsById: ReadonlyMap<string, CaptionWord>,
): CutRecord[] {
  const latest = new Map<string, CutRecord>();
  for (const record of records) {
    if (!inEffect(record, timeline, wordsById)) continue;
    const words = record.parts.flatMap((part) => part.words.map((word) => word.id)).sort();
    const key = `${record.before?.wordId}|${record.after?.wordId}|${words.join(',')}`;
    const seen = latest.get(key);
    if (!seen || seen.revision < record.revision) latest.set(key, record);
  }
  const kept = new Set(latest.values());
  return records.filter((record) => kept.has(record));
}
