import { describe, expect, it } from 'vitest';
import type { Plan } from '@/api/schema.gen.ts';
import { anchorLabel, anchorPlace, scenesInSpan, scenesWords, spanProblem } from './anchors.ts';

const plan: Plan = {
  scenes: [0, 1, 2, 3].map((index) => ({
    index,
    title: `Title ${index + 1}`,
    startSeconds: index * 5,
    endSeconds: index * 5 + 5,
  })),
  characters: [{ id: 'pc_mara', name: 'Mara Quinn' }],
};

describe('note anchors', () => {
  it('names each kind of anchor, scenes from 1 and by their title now', () => {
    expect(anchorLabel({ kind: 'revision' }, plan)).toBe('The whole revision');
    expect(anchorLabel({ kind: 'scene', scene_index: 2, scene_title: 'Old title' }, plan)).toBe(
      'Scene 3: Title 3',
    );
    expect(anchorLabel({ kind: 'scene', scene_index: 9, scene_title: 'Old title' }, plan)).toBe(
      'Scene 10: Old title',
    );
    expect(anchorLabel({ kind: 'character', character_id: 'pc_mara' }, plan)).toBe(
      'Mara Quinn (character)',
    );
    expect(anchorLabel({ kind: 'time_span', start_seconds: 4, end_seconds: 12.5 }, plan)).toBe(
      '0:04–0:12.5 (scenes 1–3)',
    );
    expect(anchorLabel(null)).toBe('Reply');
  });

  it('finds the scenes a span covers and says them in words', () => {
    expect(scenesInSpan(plan, 5, 10)).toEqual([1]);
    expect(scenesInSpan(plan, 4.9, 10.1)).toEqual([0, 1, 2]);
    expect(scenesWords([2])).toBe('scene 3');
    expect(scenesWords([0, 2])).toBe('scenes 1, 3');
    expect(scenesWords([])).toBe('no scene');
  });

  it('opens a note at its scene, its character or the overview', () => {
    expect(anchorPlace({ kind: 'scene', scene_index: 2 }, 'n1')).toEqual({
      tab: 'storyboard',
      scene: 3,
      note: 'n1',
    });
    expect(
      anchorPlace({ kind: 'time_span', start_seconds: 6, end_seconds: 9, scene_indexes: [1] }),
    ).toEqual({ tab: 'storyboard', scene: 2 });
    expect(anchorPlace({ kind: 'character', character_id: 'pc_mara' }, 'n2')).toEqual({
      tab: 'characters',
      note: 'n2',
    });
    expect(anchorPlace({ kind: 'revision' })).toEqual({ tab: 'overview' });
  });

  it('refuses a span outside the storyboard or ending before it starts, in words', () => {
    expect(spanProblem(plan, 2, 8)).toBeNull();
    expect(spanProblem(plan, 8, 2)).toBe('The end comes after the start.');
    expect(spanProblem(plan, 15, 25)).toBe('The storyboard runs from 0:00 to 0:20.');
    expect(spanProblem(plan, Number.NaN, 3)).toBe('Give the start and the end in seconds.');
  });
});
