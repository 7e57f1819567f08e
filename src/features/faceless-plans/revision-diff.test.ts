import { describe, expect, it } from 'vitest';
import { applyRevision } from '@/lib/faceless-staleness.ts';
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
});
