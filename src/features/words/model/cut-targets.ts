/**
 * What a cut is asked to take out, by the words themselves (ids), not by time: a cut made on one
 * revision is planned again on a newer one (after someone else's edit, on redo, when a cut restored
 * from the cut list is undone) and takes out the same words, wherever they are now.
 */
import { framesAtLeast, framesNear } from './frames.ts';
import { planStretches, type FrameStretch } from './stretches.ts';
import type { Transcript } from './transcript.ts';

/** A pause by the words around it (null: the very start or end). */
export interface PauseRef {
  before: string | null;
  after: string | null;
}

export interface CleanUpPolicy {
  /** A pause longer than this is long (seconds). */
  thresholdSeconds: number;
  /** What a shortened pause keeps (seconds). */
  targetSeconds: number;
}

export interface CutTargets {
  /** The caption layer whose words these are (null: the layer with the most words). */
  layerIndex: number | null;
  /** Words taken out. */
  removed: readonly string[];
  /** Pauses shortened (a clean-up). */
  shorten: readonly PauseRef[];
  /** Kept beside a kept word (seconds). */
  padSeconds: number;
  /** A clean-up's pauses (absent for a cut of selected words). */
  cleanUp?: CleanUpPolicy;
}

export interface ResolvedTargets {
  removed: Set<number>;
  shorten: Set<number>;
  /** Targets no longer in the transcript (cut or changed meanwhile). */
  missing: number;
}

/** The targets as positions in `transcript`. */
export function resolveTargets(transcript: Transcript, targets: CutTargets): ResolvedTargets {
  const { positionOf, words } = transcript;
  const removed = new Set<number>();
  const shorten = new Set<number>();
  let missing = 0;
  for (const id of targets.removed) {
    const at = positionOf.get(id);
    if (at === undefined) missing += 1;
    else removed.add(at);
  }
  for (const pause of targets.shorten) {
    const after = pause.after === null ? words.length : positionOf.get(pause.after);
    const before = pause.before === null ? -1 : positionOf.get(pause.before);
    if (after === undefined || before === undefined || before !== after - 1) missing += 1;
    else shorten.add(after);
  }
  return { removed, shorten, missing };
}

/** The stretches the targets take out of `transcript`'s timeline. */
export function stretchesFor(
  transcript: Transcript,
  targets: CutTargets,
  resolved: ResolvedTargets = resolveTargets(transcript, targets),
): FrameStretch[] {
  const { fps } = transcript;
  return planStretches(transcript, resolved, {
    padFrames: framesAtLeast(targets.padSeconds, fps),
    ...(targets.cleanUp
      ? {
          thresholdFrames: framesNear(targets.cleanUp.thresholdSeconds, fps),
          targetFrames: framesNear(targets.cleanUp.targetSeconds, fps),
        }
      : {}),
  });
}

/** The pause before word `at` (at === words.length: after the last). */
export function pauseRef(transcript: Transcript, at: number): PauseRef {
  const { words } = transcript;
  return {
    before: at > 0 ? words[at - 1]!.id : null,
    after: at < words.length ? words[at]!.id : null,
  };
}
