import { describe, expect, it } from 'vitest';
import { describeStale, draftImpact } from './draft-impact.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

const plan = {
  characters: [{ id: 'ezra', name: 'Ezra', anchorPrompt: 'red cap' }],
  scenes: [
    { index: 0, imagePrompt: 'a', characterIds: ['ezra'] },
    { index: 1, imagePrompt: 'b' },
    { index: 2, imagePrompt: 'c' },
  ],
};
const revision: FacelessPlanRevision = {
  id: 'r',
  project_id: 'p',
  revision: 2,
  status: 'draft',
  created_at: '',
  updated_at: '',
  plan,
  // Scene 2 already lost its keyframe in an earlier revise.
  preproduction_assets: {
    styleAnchorAssetId: 'sa',
    characterAnchors: [{ characterId: 'ezra', assetId: 'ae' }],
    keyframes: [
      { sceneIndex: 0, assetId: 'k0' },
      { sceneIndex: 1, assetId: 'k1' },
    ],
    semanticActionQa: { scenes: [{ sceneIndex: 0 }, { sceneIndex: 1 }] },
  },
  review_options: {
    style_anchor: { dependent_scene_indexes: [0, 1, 2], estimated_regeneration_credits: 25 },
    scenes: [0, 1, 2].map((i) => ({ scene_index: i, estimated_regeneration_credits: 7 })),
    characters: [
      { character_id: 'ezra', dependent_scene_indexes: [0], estimated_regeneration_credits: 11 },
    ],
  },
};

describe('draft impact', () => {
  it('counts only assets that exist now', () => {
    const impact = draftImpact(revision, {
      scenes: [
        { index: 1, imagePrompt: 'B' },
        { index: 2, imagePrompt: 'C' },
      ],
    });
    expect(impact.stale.sceneIndexes).toEqual([1]);
    expect(impact.credits).toBe(7);
    expect(describeStale(revision, impact)).toBe('Makes stale: the keyframes and QA of scene 2.');
  });

  it('prices a character change with its scenes', () => {
    const impact = draftImpact(revision, {
      characters: [{ id: 'ezra', anchorPrompt: 'blue cap' }],
    });
    expect(impact.credits).toBe(11);
    expect(describeStale(revision, impact)).toBe(
      'Makes stale: the anchor of Ezra, the keyframes and QA of scene 1.',
    );
  });

  it('says when nothing goes stale', () => {
    expect(
      describeStale(revision, draftImpact(revision, { scenes: [{ index: 0, title: 'x' }] })),
    ).toMatch(/^Nothing goes stale: every keyframe/);
    const fresh = { ...revision, preproduction_assets: undefined };
    expect(draftImpact(fresh, { scenes: [{ index: 0, imagePrompt: 'z' }] })).toMatchObject({
      credits: 0,
      noAssetsYet: true,
    });
  });
});
