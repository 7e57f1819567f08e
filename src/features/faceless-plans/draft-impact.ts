/**
 * What a draft will do before it is sent: which existing assets it makes stale and what
 * regenerating them costs, using the same rules the service applies (src/shared-rules/faceless-staleness.ts).
 */
import {
  isNothingStale,
  missingAssets,
  regenerationCredits,
  staleAfter,
  type ReviseRequest,
  type StaleSet,
} from '@/shared-rules/faceless-staleness.ts';
import { formatSceneList } from './plan-format.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

export interface DraftImpact {
  /** Assets that exist now and the draft makes stale. */
  stale: StaleSet;
  /** Credits to regenerate them (the credit change of approving the new plan). */
  credits: number;
  /** True when the revision has no preproduction assets yet (nothing can go stale). */
  noAssetsYet: boolean;
}

export function draftImpact(revision: FacelessPlanRevision, changes: ReviseRequest): DraftImpact {
  const plan = revision.plan ?? {};
  if (!revision.preproduction_assets) {
    return {
      stale: { styleAnchor: false, characterIds: [], sceneIndexes: [] },
      credits: 0,
      noAssetsYet: true,
    };
  }
  const already = missingAssets(revision);
  const all = staleAfter(plan, changes);
  const stale: StaleSet = {
    styleAnchor: all.styleAnchor && !already.styleAnchor,
    characterIds: all.characterIds.filter((id) => !already.characterIds.includes(id)),
    sceneIndexes: all.sceneIndexes.filter((index) => !already.sceneIndexes.includes(index)),
  };
  return {
    stale,
    credits: regenerationCredits(revision.review_options, stale),
    noAssetsYet: false,
  };
}

/** "scenes 2 and 5 (keyframes and QA), the anchor of Ezra, the style anchor". */
export function describeStale(revision: FacelessPlanRevision, impact: DraftImpact): string {
  if (impact.noAssetsYet) return 'Nothing goes stale: this revision has no generated assets yet.';
  if (isNothingStale(impact.stale)) {
    return 'Nothing goes stale: every keyframe, anchor and QA verdict is kept.';
  }
  const parts: string[] = [];
  if (impact.stale.styleAnchor) parts.push('the style anchor');
  const names = impact.stale.characterIds.map(
    (id) => revision.plan?.characters?.find((character) => character.id === id)?.name ?? id,
  );
  if (names.length) parts.push(`the anchor of ${names.join(' and ')}`);
  if (impact.stale.sceneIndexes.length) {
    parts.push(`the keyframes and QA of ${formatSceneList(impact.stale.sceneIndexes)}`);
  }
  return `Makes stale: ${parts.join(', ')}.`;
}
