/**
 * What changed since the revision before: how many scenes, characters and models differ. A scene
 * counts when one of its own fields differs (its start and end follow from earlier durations, so
 * one longer scene does not make every later one "changed"), or when it was added or removed.
 */
import type { Plan, PlanCharacter, PlanScene } from '@/api/schema.gen.ts';

export interface ChangeCounts {
  scenes: number;
  characters: number;
  models: number;
}

const SCENE_FIELDS = [
  'title',
  'narration',
  'originalCue',
  'characterIds',
  'locationId',
  'imagePrompt',
  'motionPrompt',
  'durationSeconds',
  'factualValidation',
] as const satisfies readonly (keyof PlanScene)[];

const CHARACTER_FIELDS = [
  'name',
  'canonicalDescription',
  'anchorPrompt',
  'referenceAssetIds',
  'storyFacts',
  'voiceId',
  'voiceStyle',
] as const satisfies readonly (keyof PlanCharacter)[];

const MODEL_FIELDS = ['plannerModelId', 'imageModelId', 'videoModelId'] as const;

const same = (a: unknown, b: unknown): boolean =>
  a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function countChanged<T>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T, position: number) => string,
  fields: readonly (keyof T)[],
): number {
  const old = new Map(before.map((item, position) => [keyOf(item, position), item]));
  let changed = 0;
  const seen = new Set<string>();
  after.forEach((item, position) => {
    const key = keyOf(item, position);
    seen.add(key);
    const was = old.get(key);
    if (!was || fields.some((field) => !same(was[field], item[field]))) changed += 1;
  });
  for (const key of old.keys()) if (!seen.has(key)) changed += 1;
  return changed;
}

/** The counts of `current` against `previous`; null for a first revision (nothing before it). */
export function changeCounts(
  previous: Plan | undefined,
  current: Plan | undefined,
): ChangeCounts | null {
  if (!previous) return null;
  const now = current ?? {};
  return {
    scenes: countChanged(
      previous.scenes ?? [],
      now.scenes ?? [],
      (scene, position) => String(scene.index ?? position),
      SCENE_FIELDS,
    ),
    characters: countChanged(
      previous.characters ?? [],
      now.characters ?? [],
      (character, position) => character.id ?? `#${position}`,
      CHARACTER_FIELDS,
    ),
    models: MODEL_FIELDS.filter((field) => !same(previous[field], now[field])).length,
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "2 scenes, 1 model changed", "First revision", or, when none of the three changed, "Same
 * scenes, characters and models" (a style anchor or a setting may still have changed).
 */
export function describeChanges(counts: ChangeCounts | null): string {
  if (!counts) return 'First revision';
  const parts = [
    counts.scenes ? plural(counts.scenes, 'scene', 'scenes') : '',
    counts.characters ? plural(counts.characters, 'character', 'characters') : '',
    counts.models ? plural(counts.models, 'model', 'models') : '',
  ].filter(Boolean);
  return parts.length ? `${parts.join(', ')} changed` : 'Same scenes, characters and models';
}
