import { describe, expect, it } from 'vitest';
import { applyRevision } from '@/shared-rules/faceless-staleness.ts';
import { changedRows, countChanged, diffPlans, diffRevisions } from './revision-diff.ts';
import type { FacelessPlanRevision, Plan } from '@/api/schema.gen.ts';

const plan: Plan = {
  imageModelId: 'image-xl-3',
  videoModelId: 'video-motion-2',
  includeCaptions: true,
  characters: [{ id: 'mara', name: 'Mara', voiceStyle: 'calm' }],
  storyKitSnapshot: { locations: [{ id: 'loc1', name: 'Gannet Rock' }] },
  scenes: [
    {
      index: 0,
      title: 'Storm',
      characterIds: ['mara'],
      locationId: 'loc1',
      startSeconds: 0,
      endSeconds: 5,
      durationSeconds: 5,
    },
    { index: 1, title: 'Pattern', startSeconds: 5, endSeconds: 10, durationSeconds: 5 },
  ],
  costEstimate: { total: 100, animation: 40 },
};

describe('revision diff', () => {
  it('shows what a change alters, in words', () => {
    const next = applyRevision(plan, {
      scenes: [{ index: 0, durationSeconds: 6, title: 'Gale' }],
      models: { videoModelId: 'video-motion-3' },
    });
    const changed = changedRows(diffPlans(plan, next));
    const rows = changed.flatMap((section) =>
      section.rows.map((r) => `${r.label}: ${r.left} → ${r.right}`),
    );
    expect(rows).toEqual([
      'Video model: video-motion-2 → video-motion-3',
      'Scene 1 “Gale”: title: Storm → Gale',
      'Scene 1 “Gale”: time: 0:00–0:05 → 0:00–0:06',
      'Scene 2 “Pattern”: time: 0:05–0:10 → 0:06–0:11',
    ]);
  });

  it('names characters and locations instead of ids, and finds nothing in equal plans', () => {
    const sections = diffPlans(plan, structuredClone(plan));
    expect(countChanged(sections)).toBe(0);
    const scene = sections.find((s) => s.id === 'scenes')?.rows;
    expect(scene?.find((r) => r.key === 'scenes.0.characterIds')?.left).toBe('Mara');
    expect(scene?.find((r) => r.key === 'scenes.0.locationId')?.left).toBe('Gannet Rock');
    expect(
      sections.find((s) => s.id === 'settings')?.rows.find((r) => r.label === 'Captions')?.left,
    ).toBe('Yes');
  });

  it('compares keyframes and QA verdicts of two revisions', () => {
    const base = {
      id: 'a',
      project_id: 'p',
      revision: 1,
      status: 'complete',
      created_at: '',
      updated_at: '',
      plan,
    };
    const left: FacelessPlanRevision = {
      ...base,
      preproduction_assets: {
        keyframes: [
          { sceneIndex: 0, assetId: 'kf0' },
          { sceneIndex: 1, assetId: 'kf1' },
        ],
        semanticActionQa: { scenes: [{ sceneIndex: 0, status: 'passed', confidence: 0.9 }] },
      },
    };
    const right: FacelessPlanRevision = {
      ...base,
      id: 'b',
      preproduction_assets: {
        keyframes: [{ sceneIndex: 1, assetId: 'kf1' }],
        semanticActionQa: { scenes: [] },
      },
    };
    const assets = changedRows(diffRevisions(left, right)).find((s) => s.id === 'assets');
    expect(assets?.rows.map((r) => [r.label, r.left, r.right])).toEqual([
      ['Scene 1 “Storm”: keyframe', 'kf0', 'none'],
      ['Scene 1 “Storm”: QA', 'passed (90%)', 'none'],
    ]);
  });

  it('highlights characters and costs that differ, and what approving each plan would spend', () => {
    const base = {
      project_id: 'p',
      status: 'draft',
      created_at: '',
      updated_at: '',
    };
    const left: FacelessPlanRevision = {
      ...base,
      id: 'a',
      revision: 1,
      plan,
      preproduction_assets: {
        styleAnchorAssetId: 'sa',
        characterAnchors: [{ characterId: 'mara', assetId: 'anchor' }],
        keyframes: [
          { sceneIndex: 0, assetId: 'kf0' },
          { sceneIndex: 1, assetId: 'kf1' },
        ],
        semanticActionQa: {
          scenes: [
            { sceneIndex: 0, status: 'passed' },
            { sceneIndex: 1, status: 'passed' },
          ],
        },
      },
      review_options: { scenes: [{ scene_index: 1, estimated_regeneration_credits: 7 }] },
    };
    const right: FacelessPlanRevision = {
      ...left,
      id: 'b',
      revision: 2,
      plan: {
        ...applyRevision(plan, { characters: [{ id: 'mara', voiceStyle: 'whispered' }] }),
        costEstimate: { total: 120, animation: 60 },
      },
      preproduction_assets: {
        ...left.preproduction_assets,
        keyframes: [{ sceneIndex: 0, assetId: 'kf0' }],
      },
    };
    const changed = changedRows(diffRevisions(left, right));
    const rows = (id: string) =>
      changed.find((section) => section.id === id)?.rows.map((r) => [r.label, r.left, r.right]);
    expect(rows('characters')).toEqual([['Mara: voice style', 'calm', 'whispered']]);
    expect(rows('costs')).toEqual([
      ['Animation', '40', '60'],
      ['Total', '100', '120'],
      ['Approving the plan regenerates (missing or stale assets)', '0 credits', '7 credits'],
    ]);
  });
});
