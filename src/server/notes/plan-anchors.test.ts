import { describe, expect, it } from 'vitest';
import type { Plan } from '../../api/schema.gen.ts';
import { applyRevision } from '../../shared-rules/faceless-staleness.ts';
import { carryAnchor, planDuration, resolveAnchor } from './plan-anchors.ts';

const plan: Plan = {
  imageModelId: 'img-1',
  videoModelId: 'vid-1',
  styleAnchorPrompt: 'ink wash',
  characters: [
    { id: 'keeper', name: 'The Keeper', canonicalDescription: 'old man', anchorPrompt: 'a' },
    { id: 'gull', name: 'Gull', canonicalDescription: 'a gull', anchorPrompt: 'b' },
  ],
  scenes: [0, 1, 2, 3].map((index) => ({
    index,
    title: `Scene ${index}`,
    narration: `Narration ${index}`,
    imagePrompt: `image ${index}`,
    motionPrompt: `motion ${index}`,
    characterIds: index === 2 ? ['keeper'] : [],
    startSeconds: index * 5,
    endSeconds: index * 5 + 5,
    durationSeconds: 5,
  })),
};

describe('a new note’s anchor', () => {
  it('fills in the scene’s title, the character’s name and the scenes a span covers', () => {
    expect(resolveAnchor({ kind: 'scene', scene_index: 2 }, plan)).toEqual({
      ok: true,
      anchor: { kind: 'scene', scene_index: 2, scene_title: 'Scene 2' },
    });
    expect(resolveAnchor({ kind: 'character', character_id: 'gull' }, plan)).toMatchObject({
      ok: true,
      anchor: { character_name: 'Gull' },
    });
    expect(
      resolveAnchor({ kind: 'time_span', start_seconds: 4, end_seconds: 11 }, plan),
    ).toMatchObject({ ok: true, anchor: { scene_indexes: [0, 1, 2] } });
    expect(planDuration(plan)).toEqual({ start: 0, end: 20 });
  });

  it('refuses what the revision does not have, naming the field', () => {
    expect(resolveAnchor({ kind: 'scene', scene_index: 9 }, plan)).toMatchObject({
      ok: false,
      param: 'anchor.scene_index',
      message: 'This revision has no scene 10 (its scenes are 1 to 4).',
    });
    expect(resolveAnchor({ kind: 'character', character_id: 'nobody' }, plan)).toMatchObject({
      ok: false,
      param: 'anchor.character_id',
    });
    expect(
      resolveAnchor({ kind: 'time_span', start_seconds: 3, end_seconds: 3 }, plan),
    ).toMatchObject({ ok: false, param: 'anchor.end_seconds' });
    expect(
      resolveAnchor({ kind: 'time_span', start_seconds: 30, end_seconds: 31 }, plan),
    ).toMatchObject({ ok: false, param: 'anchor.start_seconds' });
    expect(
      resolveAnchor({ kind: 'time_span', start_seconds: 15, end_seconds: 25 }, plan),
    ).toMatchObject({ ok: false, param: 'anchor.end_seconds' });
    expect(resolveAnchor({ kind: 'scene', scene_index: 0 }, {})).toMatchObject({
      ok: false,
      param: 'anchor.scene_index',
    });
  });
});

describe('carrying a note to the next revision', () => {
  const scene2 = { kind: 'scene', scene_index: 2, scene_title: 'Scene 2' } as const;

  it('keeps its scene, unchanged, when the revise touched other scenes', () => {
    const next = applyRevision(plan, { scenes: [{ index: 0, narration: 'New words' }] });
    expect(carryAnchor(scene2, plan, next)).toEqual({
      anchor: scene2,
      changes: [],
      sceneChanged: false,
    });
  });

  it('says “scene changed since” when its narration, visual or models changed', () => {
    const narration = applyRevision(plan, { scenes: [{ index: 2, narration: 'Dusk, not noon' }] });
    expect(carryAnchor(scene2, plan, narration)).toMatchObject({
      changes: ['narration'],
      sceneChanged: true,
    });
    const visual = applyRevision(plan, { scenes: [{ index: 2, imagePrompt: 'at dusk' }] });
    expect(carryAnchor(scene2, plan, visual)).toMatchObject({
      changes: ['visual'],
      sceneChanged: true,
    });
    // The keeper appears in scene 2: his new look changes what the scene shows.
    const look = applyRevision(plan, {
      characters: [{ id: 'keeper', canonicalDescription: 'younger' }],
    });
    expect(carryAnchor(scene2, plan, look)).toMatchObject({ changes: ['visual'] });
    expect(carryAnchor({ kind: 'scene', scene_index: 1 }, plan, look)).toMatchObject({
      changes: [],
      sceneChanged: false,
    });
    const models = applyRevision(plan, { models: { imageModelId: 'img-2' } });
    expect(carryAnchor(scene2, plan, models)).toMatchObject({
      changes: ['models'],
      sceneChanged: true,
    });
  });

  it('a new title is listed but is not a change of the scene itself', () => {
    const retitled = applyRevision(plan, { scenes: [{ index: 2, title: 'The lamp' }] });
    expect(carryAnchor(scene2, plan, retitled)).toEqual({
      anchor: { kind: 'scene', scene_index: 2, scene_title: 'The lamp' },
      changes: ['title'],
      sceneChanged: false,
    });
  });

  it('follows the title when the scenes moved, and falls back to the revision when it is gone', () => {
    const shifted: Plan = {
      ...plan,
      scenes: (plan.scenes ?? []).map((scene) => ({ ...scene, index: (scene.index ?? 0) + 1 })),
    };
    expect(carryAnchor(scene2, plan, shifted)).toMatchObject({
      anchor: { scene_index: 3, scene_title: 'Scene 2' },
      changes: ['moved'],
      sceneChanged: false,
    });
    const fewer: Plan = { ...plan, scenes: plan.scenes?.slice(0, 2) };
    expect(carryAnchor(scene2, plan, fewer)).toEqual({
      anchor: { kind: 'revision' },
      changes: ['gone'],
      sceneChanged: true,
    });
  });

  it('carries characters by id and spans within the new storyboard', () => {
    const renamed = applyRevision(plan, { characters: [{ id: 'gull', name: 'Seagull' }] });
    expect(
      carryAnchor(
        { kind: 'character', character_id: 'gull', character_name: 'Gull' },
        plan,
        renamed,
      ),
    ).toEqual({
      anchor: { kind: 'character', character_id: 'gull', character_name: 'Seagull' },
      changes: ['character'],
      sceneChanged: true,
    });
    const span = { kind: 'time_span', start_seconds: 6, end_seconds: 9 } as const;
    expect(carryAnchor(span, plan, plan)).toEqual({
      anchor: { ...span, scene_indexes: [1] },
      changes: [],
      sceneChanged: false,
    });
    const shorter = applyRevision(plan, {
      scenes: [{ index: 1, durationSeconds: 2, narration: 'x' }],
    });
    // Scene 1 now ends at 7 s: the span covers it and scene 2, and scene 1 changed.
    expect(carryAnchor(span, plan, shorter)).toEqual({
      anchor: { ...span, scene_indexes: [1, 2] },
      changes: ['narration', 'visual'],
      sceneChanged: true,
    });
    expect(carryAnchor({ kind: 'revision' }, plan, shorter)).toEqual({
      anchor: { kind: 'revision' },
      changes: [],
      sceneChanged: false,
    });
  });
});
