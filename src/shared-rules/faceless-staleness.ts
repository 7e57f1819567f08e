/**
 * The rules of a faceless plan revise (assumed in the contract, written once here): how changes
 * apply to a plan, which preproduction assets they make stale, and what regenerating assets
 * costs. The simulator drops the stale assets from the new draft with these; the plan review
 * shows the stale scenes and the credit change with the same functions before anything is sent.
 */
import type {
  components,
  FacelessPlanRevision,
  Plan,
  PreproductionAssets,
  ReviewOptions,
} from '@/api/schema.gen.ts';

type Schemas = components['schemas'];
export type ReviseRequest = Schemas['FacelessPlanReviseRequest'];
export type SceneChange = Schemas['FacelessSceneChange'];
export type CharacterChange = Schemas['FacelessCharacterChange'];
export type ModelChange = Schemas['FacelessModelChange'];

/** Scene fields whose change regenerates the scene's keyframe and its semantic-action QA. */
export const SCENE_VISUAL_FIELDS = [
  'imagePrompt',
  'motionPrompt',
  'characterIds',
  'locationId',
  'durationSeconds',
] as const satisfies readonly (keyof SceneChange)[];

/** Character fields whose change regenerates the character's anchor (and its scenes). */
export const CHARACTER_VISUAL_FIELDS = [
  'canonicalDescription',
  'anchorPrompt',
  'referenceAssetIds',
] as const satisfies readonly (keyof CharacterChange)[];

/** Preproduction assets to (re)generate. */
export interface StaleSet {
  styleAnchor: boolean;
  characterIds: string[];
  sceneIndexes: number[];
}

export const NOTHING_STALE: StaleSet = { styleAnchor: false, characterIds: [], sceneIndexes: [] };

export function isNothingStale(stale: StaleSet): boolean {
  return !stale.styleAnchor && stale.characterIds.length === 0 && stale.sceneIndexes.length === 0;
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const round1 = (value: number): number => Math.round(value * 10) / 10;

/** The plan a revise produces: changes applied, timing kept contiguous. Never mutates `plan`. */
export function applyRevision(plan: Plan, changes: ReviseRequest): Plan {
  const next: Plan = structuredClone(plan);
  const scenes = next.scenes ?? [];
  for (const change of changes.scenes ?? []) {
    const scene = scenes.find((candidate) => candidate.index === change.index);
    if (scene) Object.assign(scene, change);
  }
  if (changes.scenes?.length) {
    scenes.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    let cursor = scenes[0]?.startSeconds ?? 0;
    for (const scene of scenes) {
      const duration =
        scene.durationSeconds ?? Math.max(0, (scene.endSeconds ?? 0) - (scene.startSeconds ?? 0));
      scene.startSeconds = round1(cursor);
      cursor += duration;
      scene.endSeconds = round1(cursor);
      scene.durationSeconds = duration;
    }
  }
  for (const change of changes.characters ?? []) {
    const character = next.characters?.find((candidate) => candidate.id === change.id);
    if (character) Object.assign(character, change);
  }
  if (changes.styleAnchorPrompt !== undefined) next.styleAnchorPrompt = changes.styleAnchorPrompt;
  for (const [key, value] of Object.entries(changes.models ?? {})) {
    if (value !== undefined) next[key as keyof ModelChange] = value;
  }
  return next;
}

const sceneIndexesOf = (plan: Plan): number[] =>
  (plan.scenes ?? []).map((scene, position) => scene.index ?? position);

/** What a revise makes stale, judged against the source plan (unchanged values are no change). */
export function staleAfter(plan: Plan, changes: ReviseRequest): StaleSet {
  const allScenes = sceneIndexesOf(plan);
  const imageModel = changes.models?.imageModelId;
  if (imageModel !== undefined && imageModel !== plan.imageModelId) {
    return {
      styleAnchor: true,
      characterIds: (plan.characters ?? []).map((character) => character.id ?? ''),
      sceneIndexes: allScenes,
    };
  }
  const styleAnchor =
    changes.styleAnchorPrompt !== undefined &&
    changes.styleAnchorPrompt !== (plan.styleAnchorPrompt ?? '');
  const scenes = new Set<number>(styleAnchor ? allScenes : []);
  for (const change of changes.scenes ?? []) {
    const scene = plan.scenes?.find((candidate) => candidate.index === change.index);
    if (!scene) continue;
    if (
      SCENE_VISUAL_FIELDS.some(
        (field) => field in change && !sameValue(change[field], scene[field]),
      )
    ) {
      scenes.add(change.index);
    }
  }
  const characterIds: string[] = [];
  const next = applyRevision(plan, changes);
  for (const change of changes.characters ?? []) {
    const character = plan.characters?.find((candidate) => candidate.id === change.id);
    if (!character) continue;
    const changed = CHARACTER_VISUAL_FIELDS.some(
      (field) => field in change && !sameValue(change[field], character[field]),
    );
    if (!changed || characterIds.includes(change.id)) continue;
    characterIds.push(change.id);
    for (const scene of [...(plan.scenes ?? []), ...(next.scenes ?? [])]) {
      if (scene.characterIds?.includes(change.id)) scenes.add(scene.index ?? 0);
    }
  }
  return { styleAnchor, characterIds, sceneIndexes: [...scenes].sort((a, b) => a - b) };
}

/** The preproduction assets a revision lacks (everything, when it has none yet). */
export function missingAssets(
  revision: Pick<FacelessPlanRevision, 'plan' | 'preproduction_assets'>,
): StaleSet {
  const plan = revision.plan ?? {};
  const assets = revision.preproduction_assets;
  const keyframes = new Set((assets?.keyframes ?? []).map((keyframe) => keyframe.sceneIndex));
  const checked = new Set(
    (assets?.semanticActionQa?.scenes ?? []).map((scene) => scene.sceneIndex),
  );
  const anchors = new Set((assets?.characterAnchors ?? []).map((anchor) => anchor.characterId));
  return {
    styleAnchor: !assets?.styleAnchorAssetId,
    characterIds: (plan.characters ?? [])
      .map((character) => character.id ?? '')
      .filter((id) => !anchors.has(id)),
    sceneIndexes: sceneIndexesOf(plan).filter(
      (index) => !keyframes.has(index) || !checked.has(index),
    ),
  };
}

/** Credits to regenerate one scene (keyframe + QA), from the review options. */
export function sceneCredits(options: ReviewOptions | undefined, sceneIndex: number): number {
  return (
    options?.scenes?.find((scene) => scene.scene_index === sceneIndex)
      ?.estimated_regeneration_credits ?? 0
  );
}

/**
 * An anchor's review option prices the anchor together with the scenes that depend on it; its
 * own part is what is left after those scenes' credits.
 */
export function anchorOwnCredits(
  options: ReviewOptions | undefined,
  anchor:
    { dependent_scene_indexes?: number[]; estimated_regeneration_credits?: number } | undefined,
): number {
  if (!anchor) return 0;
  const scenes = (anchor.dependent_scene_indexes ?? []).reduce(
    (sum, index) => sum + sceneCredits(options, index),
    0,
  );
  return Math.max(0, (anchor.estimated_regeneration_credits ?? 0) - scenes);
}

/** Credits to regenerate `stale` (each scene counted once, however many anchors it depends on). */
export function regenerationCredits(options: ReviewOptions | undefined, stale: StaleSet): number {
  let total = stale.styleAnchor ? anchorOwnCredits(options, options?.style_anchor) : 0;
  for (const id of stale.characterIds) {
    const option = options?.characters?.find((character) => character.character_id === id);
    total += anchorOwnCredits(options, option);
  }
  for (const index of new Set(stale.sceneIndexes)) total += sceneCredits(options, index);
  return total;
}

/** What approving a stage will spend (see the approve operation in the contract). */
export function approvalCredits(revision: FacelessPlanRevision, stage: 'plan' | 'assets'): number {
  const cost = revision.plan?.costEstimate ?? {};
  if (stage === 'assets') return cost.animation ?? 0;
  if (!revision.preproduction_assets || !revision.review_options) {
    return (
      (cost.styleAnchor ?? 0) +
      (cost.characterAnchors ?? 0) +
      (cost.keyframes ?? 0) +
      (cost.semanticActionQa ?? 0)
    );
  }
  return regenerationCredits(revision.review_options, missingAssets(revision));
}

/** The source's assets and review options without what `stale` names. */
export function withoutStale(
  revision: Pick<FacelessPlanRevision, 'preproduction_assets' | 'review_options'>,
  stale: StaleSet,
): Pick<FacelessPlanRevision, 'preproduction_assets' | 'review_options'> {
  const assets = revision.preproduction_assets;
  const options = revision.review_options;
  if (!assets && !options) return {};
  const staleScenes = new Set(stale.sceneIndexes);
  const staleCharacters = new Set(stale.characterIds);
  const result: Pick<FacelessPlanRevision, 'preproduction_assets' | 'review_options'> = {};
  if (assets) {
    const next: PreproductionAssets = structuredClone(assets);
    if (stale.styleAnchor) delete next.styleAnchorAssetId;
    next.characterAnchors = (next.characterAnchors ?? []).filter(
      (anchor) => !staleCharacters.has(anchor.characterId ?? ''),
    );
    next.keyframes = (next.keyframes ?? []).filter(
      (keyframe) => !staleScenes.has(keyframe.sceneIndex ?? -1),
    );
    if (next.semanticActionQa) {
      const qa = next.semanticActionQa;
      qa.scenes = (qa.scenes ?? []).filter((scene) => !staleScenes.has(scene.sceneIndex ?? -1));
      if (staleScenes.size > 0) qa.status = 'pending';
    }
    result.preproduction_assets = next;
  }
  if (options) {
    const next: ReviewOptions = structuredClone(options);
    if (stale.styleAnchor && next.style_anchor) delete next.style_anchor.current_asset_id;
    for (const scene of next.scenes ?? []) {
      if (staleScenes.has(scene.scene_index ?? -1)) delete scene.current_asset_id;
    }
    for (const character of next.characters ?? []) {
      if (staleCharacters.has(character.character_id ?? '')) delete character.current_asset_id;
    }
    result.review_options = next;
  }
  return result;
}
