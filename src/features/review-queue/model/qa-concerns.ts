/**
 * The semantic-action QA verdicts a reviewer should look at before approving: scenes whose QA did
 * not pass, and scenes that passed with low confidence.
 */
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

/** Below this confidence a passed verdict is worth a second look. */
export const LOW_CONFIDENCE = 0.8;

export interface QaConcerns {
  /** 0-based scene indexes whose verdict is not `passed`. */
  failed: number[];
  /** 0-based scene indexes that passed with a confidence below LOW_CONFIDENCE. */
  lowConfidence: number[];
}

export function qaConcerns(revision: FacelessPlanRevision): QaConcerns {
  const failed: number[] = [];
  const lowConfidence: number[] = [];
  for (const scene of revision.preproduction_assets?.semanticActionQa?.scenes ?? []) {
    const index = scene.sceneIndex ?? 0;
    if (scene.status && scene.status !== 'passed') failed.push(index);
    else if (typeof scene.confidence === 'number' && scene.confidence < LOW_CONFIDENCE) {
      lowConfidence.push(index);
    }
  }
  return {
    failed: failed.sort((a, b) => a - b),
    lowConfidence: lowConfidence.sort((a, b) => a - b),
  };
}
