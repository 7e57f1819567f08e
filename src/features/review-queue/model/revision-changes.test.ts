import { describe, expect, it } from 'vitest';
import { testPlan } from '../testing/queue-fixtures.ts';
import { changeCounts, describeChanges } from './revision-changes.ts';

describe('what changed since the revision before', () => {
  it('is nothing for a first revision, and zero for a copy', () => {
    expect(changeCounts(undefined, testPlan())).toBeNull();
    expect(describeChanges(null)).toBe('First revision');
    const counts = changeCounts(testPlan(), testPlan());
    expect(counts).toEqual({ scenes: 0, characters: 0, models: 0 });
    expect(describeChanges(counts)).toBe('Same scenes, characters and models');
  });

  it('counts each changed scene once, not the later scenes whose start moved with it', () => {
    const before = testPlan();
    const after = testPlan();
    const scenes = after.scenes ?? [];
    scenes[1] = { ...scenes[1], narration: 'Rewritten', imagePrompt: 'new image' };
    scenes[3] = { ...scenes[3], durationSeconds: 8, endSeconds: 23 };
    scenes[4] = { ...scenes[4], startSeconds: 23, endSeconds: 28 };
    expect(changeCounts(before, after)).toEqual({ scenes: 2, characters: 0, models: 0 });
  });

  it('counts added and removed scenes and characters, and each model that differs', () => {
    const before = testPlan();
    const after = testPlan({
      scenes: [...(before.scenes ?? []).slice(0, 4), { index: 9, title: 'New' }],
      characters: [
        { id: 'pc_a', name: 'Mara', canonicalDescription: 'older keeper' },
        { id: 'pc_c', name: 'Ines' },
      ],
      imageModelId: 'image-xl-2',
      videoModelId: 'video-motion-3',
    });
    const counts = changeCounts(before, after);
    // Scene 5 removed, scene 10 added; Mara changed, Ezra removed, Ines added.
    expect(counts).toEqual({ scenes: 2, characters: 3, models: 2 });
    expect(describeChanges(counts)).toBe('2 scenes, 3 characters, 2 models changed');
    expect(describeChanges({ scenes: 1, characters: 0, models: 1 })).toBe(
      '1 scene, 1 model changed',
    );
  });
});
