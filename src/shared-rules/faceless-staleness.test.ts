import { describe, expect, it } from 'vitest';
import {
  applyRevision,
  approvalCredits,
  anchorOwnCredits,
  missingAssets,
  regenerationCredits,
  staleAfter,
  withoutStale,
} from './faceless-staleness.ts';
import type { FacelessPlanRevision, Plan, ReviewOptions } from '@/api/schema.gen.ts';

const plan: Plan = {
  imageModelId: 'image-xl-3',
  videoModelId: 'video-motion-2',
  styleAnchorPrompt: 'teal fog',
  characters: [
    { id: 'mara', name: 'Mara', anchorPrompt: 'grey braid', canonicalDescription: 'keeper' },
    { id: 'ezra', name: 'Ezra', anchorPrompt: 'red coat', canonicalDescription: 'sailor' },
  ],
  scenes: [0, 1, 2, 3].map((index) => ({
    index,
    title: `Scene ${index}`,
    imagePrompt: `image ${index}`,
    characterIds: index === 1 ? ['mara', 'ezra'] : index === 3 ? ['ezra'] : ['mara'],
    startSeconds: index * 5,
    endSeconds: index * 5 + 5,
    durationSeconds: 5,
  })),
  costEstimate: {
    styleAnchor: 4,
    characterAnchors: 8,
    keyframes: 24,
    animation: 80,
    semanticActionQa: 4,
    total: 122,
  },
};

const options: ReviewOptions = {
  style_anchor: {
    current_asset_id: 'sa',
    dependent_scene_indexes: [0, 1, 2, 3],
    estimated_regeneration_credits: 4 + 4 * 7,
  },
  scenes: [0, 1, 2, 3].map((index) => ({
    scene_index: index,
    current_asset_id: `kf${index}`,
    estimated_regeneration_credits: 7,
  })),
  characters: [
    {
      character_id: 'mara',
      current_asset_id: 'a-mara',
      dependent_scene_indexes: [0, 1, 2],
      estimated_regeneration_credits: 4 + 3 * 7,
    },
    {
      character_id: 'ezra',
      current_asset_id: 'a-ezra',
      dependent_scene_indexes: [1, 3],
      estimated_regeneration_credits: 4 + 2 * 7,
    },
  ],
};

const revision: FacelessPlanRevision = {
  id: 'r1',
  project_id: 'p',
  revision: 1,
  status: 'assets_ready',
  created_at: '',
  updated_at: '',
  plan,
  preproduction_assets: {
    styleAnchorAssetId: 'sa',
    characterAnchors: [
      { characterId: 'mara', assetId: 'a-mara' },
      { characterId: 'ezra', assetId: 'a-ezra' },
    ],
    keyframes: [0, 1, 2, 3].map((index) => ({ sceneIndex: index, assetId: `kf${index}` })),
    semanticActionQa: {
      status: 'passed',
      scenes: [0, 1, 2, 3].map((index) => ({ sceneIndex: index, status: 'passed' })),
    },
  },
  review_options: options,
};

describe('applyRevision', () => {
  it('changes only the addressed fields and keeps timing contiguous', () => {
    const next = applyRevision(plan, {
      scenes: [{ index: 1, durationSeconds: 8, title: 'New' }],
      models: { videoModelId: 'video-motion-3' },
    });
    expect(next.scenes?.[1]).toMatchObject({ title: 'New', startSeconds: 5, endSeconds: 13 });
    expect(next.scenes?.[2]).toMatchObject({ startSeconds: 13, endSeconds: 18 });
    expect(next.videoModelId).toBe('video-motion-3');
    expect(plan.scenes?.[1]?.title).toBe('Scene 1');
  });
});

describe('staleAfter', () => {
  it('ignores text-only and unchanged values', () => {
    expect(
      staleAfter(plan, {
        scenes: [{ index: 0, title: 'Renamed', imagePrompt: 'image 0' }],
        characters: [{ id: 'mara', voiceStyle: 'whisper' }],
        models: { videoModelId: 'video-motion-3', plannerModelId: 'p2' },
      }),
    ).toEqual({ styleAnchor: false, characterIds: [], sceneIndexes: [] });
  });

  it('makes a scene stale when its picture or motion changes', () => {
    expect(staleAfter(plan, { scenes: [{ index: 2, motionPrompt: 'run' }] }).sceneIndexes).toEqual([
      2,
    ]);
  });

  it('makes a character and every scene that shows it stale', () => {
    expect(staleAfter(plan, { characters: [{ id: 'ezra', anchorPrompt: 'blue coat' }] })).toEqual({
      styleAnchor: false,
      characterIds: ['ezra'],
      sceneIndexes: [1, 3],
    });
  });

  it('makes the style anchor and every scene stale; an image model change, everything', () => {
    expect(staleAfter(plan, { styleAnchorPrompt: 'amber' })).toEqual({
      styleAnchor: true,
      characterIds: [],
      sceneIndexes: [0, 1, 2, 3],
    });
    expect(staleAfter(plan, { models: { imageModelId: 'image-xl-4' } })).toEqual({
      styleAnchor: true,
      characterIds: ['mara', 'ezra'],
      sceneIndexes: [0, 1, 2, 3],
    });
  });
});

describe('credits', () => {
  it('prices an anchor without the scenes it depends on', () => {
    expect(anchorOwnCredits(options, options.style_anchor)).toBe(4);
    expect(anchorOwnCredits(options, options.characters?.[1])).toBe(4);
  });

  it('counts each stale scene once', () => {
    expect(
      regenerationCredits(options, {
        styleAnchor: false,
        characterIds: ['ezra'],
        sceneIndexes: [1, 3, 3],
      }),
    ).toBe(4 + 14);
    expect(
      regenerationCredits(options, {
        styleAnchor: true,
        characterIds: ['mara', 'ezra'],
        sceneIndexes: [0, 1, 2, 3],
      }),
    ).toBe(4 + 8 + 28);
  });

  it('approving a plan spends what is missing; assets spend the animation', () => {
    expect(approvalCredits(revision, 'plan')).toBe(0);
    expect(approvalCredits(revision, 'assets')).toBe(80);
    const fresh = { ...revision, preproduction_assets: undefined, review_options: undefined };
    expect(approvalCredits(fresh, 'plan')).toBe(4 + 8 + 24 + 4);
    const revised = {
      ...revision,
      ...withoutStale(revision, staleAfter(plan, { scenes: [{ index: 0, imagePrompt: 'x' }] })),
    };
    expect(approvalCredits(revised, 'plan')).toBe(7);
  });
});

describe('withoutStale / missingAssets', () => {
  it('drops the stale assets and QA and reports them missing', () => {
    const stale = staleAfter(plan, { characters: [{ id: 'ezra', canonicalDescription: 'old' }] });
    const kept = withoutStale(revision, stale);
    expect(kept.preproduction_assets?.keyframes?.map((k) => k.sceneIndex)).toEqual([0, 2]);
    expect(kept.preproduction_assets?.semanticActionQa?.scenes?.map((s) => s.sceneIndex)).toEqual([
      0, 2,
    ]);
    expect(kept.preproduction_assets?.semanticActionQa?.status).toBe('pending');
    expect(kept.review_options?.scenes?.[1]?.current_asset_id).toBeUndefined();
    expect(kept.review_options?.scenes?.[0]?.current_asset_id).toBe('kf0');
    expect(missingAssets({ plan, ...kept })).toEqual(stale);
    expect(revision.preproduction_assets?.keyframes).toHaveLength(4);
  });
});
