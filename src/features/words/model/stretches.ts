/**
 * What a cut or a clean-up takes out of the timeline, in frames: the stretches of time between the
 * words that stay. The transcript is read as words and the silences between them:
 *
 * - a removed word goes whole;
 * - a silence between two removed words goes whole;
 * - a silence between a removed word and a kept one keeps a padding beside the kept word (so no
 *   breath or syllable of it is clipped): the cut runs from the end of the word before plus the
 *   padding to the start of the word after minus the padding. In a clean-up, a long pause there
 *   (over the threshold) is shortened to the target when its pause is ticked, and kept whole when
 *   it is not;
 * - a silence at the very start or end beside a removed word stays (what comes before the talk);
 * - in a clean-up, a ticked pause between two kept words keeps the target, split around its middle
 *   (and at the very start or end, when asked, the target beside the word).
 *
 * Touching stretches are merged; every edge is a whole frame.
 */
import type { Transcript } from './transcript.ts';

/** A stretch of the timeline in frames, [start, end). */
export interface FrameStretch {
  start: number;
  end: number;
}

export interface StretchPolicy {
  /** Frames kept beside a kept word. */
  padFrames: number;
  /** Clean-up only: a pause longer than this many frames is long. */
  thresholdFrames?: number;
  /** Clean-up only: what a shortened pause keeps. */
  targetFrames?: number;
}

export interface StretchInput {
  /** Positions of the words removed. */
  removed: ReadonlySet<number>;
  /**
   * Pauses to shorten, by the position of the word after them (0: the silence before the first
   * word; `words.length`: the silence after the last). Present only in a clean-up.
   */
  shorten?: ReadonlySet<number>;
}

/** The stretches to take out, in timeline order, merged. */
export function planStretches(
  transcript: Transcript,
  input: StretchInput,
  policy: StretchPolicy,
): FrameStretch[] {
  const { start, end, durationFrames } = transcript;
  const count = transcript.words.length;
  const { removed } = input;
  const shorten = input.shorten ?? new Set<number>();
  const pad = policy.padFrames;
  const target = policy.targetFrames ?? 0;
  const cleanUp = policy.thresholdFrames !== undefined;
  const threshold = policy.thresholdFrames ?? Number.POSITIVE_INFINITY;
  const out: FrameStretch[] = [];
  const take = (from: number, to: number) => {
    if (to <= from) return;
    const last = out[out.length - 1];
    if (last && from <= last.end) last.end = Math.max(last.end, to);
    else out.push({ start: from, end: to });
  };

  // Gap g lies between word g - 1 and word g.
  for (let g = 0; g <= count; g += 1) {
    const before = g - 1;
    const after = g;
    const from = before >= 0 ? end[before]! : 0;
    const to = after < count ? start[after]! : Math.max(durationFrames, from);
    const beforeRemoved = before >= 0 && removed.has(before);
    const afterRemoved = after < count && removed.has(after);
    if (to > from) {
      const long = to - from > threshold;
      const shortened = long && shorten.has(g);
      if (beforeRemoved && afterRemoved) take(from, to);
      else if (beforeRemoved || afterRemoved) {
        // Beside a kept word, or beside the very start or end when nothing is kept on that side.
        const keptWord = beforeRemoved ? after < count : before >= 0;
        if (!keptWord) {
          // The silence before or after the talk stays, unless its shortening was asked for.
          if (shortened)
            take(beforeRemoved ? from : from + target, beforeRemoved ? to - target : to);
        } else if (!(cleanUp && long && !shortened)) {
          // (A long pause the clean-up was told to keep stays whole.)
          const keep = shortened ? target : pad;
          if (beforeRemoved) take(from, Math.max(from, to - keep));
          else take(Math.min(to, from + keep), to);
        }
      } else if (shortened) {
        if (before < 0) take(from, to - target);
        else if (after >= count) take(from + target, to);
        else {
          const first = Math.floor(target / 2);
          take(from + first, to - (target - first));
        }
      }
    }
    if (afterRemoved) take(start[after]!, Math.max(start[after]!, end[after]!));
  }
  return out;
}

/** Frames taken out by stretches. */
export const framesIn = (stretches: readonly FrameStretch[]): number =>
  stretches.reduce((sum, stretch) => sum + stretch.end - stretch.start, 0);
