/**
 * Seeded faceless production plans: full Plan (scenes, characters, story kit snapshot, cost
 * estimate), preproduction assets with keyframes and semantic-action QA, and review options.
 */
import type {
  Character,
  FacelessPlanRevision,
  Plan,
  PlanCharacter,
  PlanScene,
} from './contract.ts';
import type { Rng } from '../lib/prng.ts';
import type { SeedContext } from './seed-context.ts';
import { isoAt } from './seed-context.ts';

export interface FacelessStory {
  name: string;
  description: string;
  visualStyle: string;
  facts: string[];
  location: { name: string; description: string };
  scenes: Array<{ title: string; narration: string; action: string }>;
}

export const FACELESS_STORIES: FacelessStory[] = [
  {
    name: 'The Lighthouse Keeper',
    description: 'A keeper on a remote island discovers the light has been signalling someone.',
    visualStyle: 'Moody painterly realism, teal and amber palette, volumetric fog',
    facts: ['The lighthouse was built in 1887.', 'The keeper has lived alone for eleven winters.'],
    location: {
      name: 'Gannet Rock lighthouse',
      description: 'A granite tower on a storm-beaten rock.',
    },
    scenes: [
      {
        title: 'The storm',
        narration: 'Every night for eleven winters, Mara lit the lamp.',
        action: 'keeper climbs the spiral stairs',
      },
      {
        title: 'The pattern',
        narration: 'But tonight, the light blinked back.',
        action: 'distant light flashes across the water',
      },
      {
        title: 'The logbook',
        narration: 'The old logbook held the same pattern, dated 1887.',
        action: 'keeper turns brittle pages',
      },
      {
        title: 'The answer',
        narration: 'She answered. Three long, two short.',
        action: 'keeper works the shutter lever',
      },
      {
        title: 'The boat',
        narration: 'At dawn, a boat she did not recognise came into the cove.',
        action: 'small boat emerges from fog',
      },
    ],
  },
  {
    name: 'Ten Minutes on Mars',
    description: 'A rover driver has ten minutes of signal to save a stranded rover.',
    visualStyle: 'Cinematic sci-fi, dusty orange, high contrast, anamorphic flares',
    facts: [
      'One-way signal delay is about twelve minutes.',
      'The rover runs on a nuclear battery.',
    ],
    location: {
      name: 'Jezero crater rim',
      description: 'A wind-carved ridge above an ancient delta.',
    },
    scenes: [
      {
        title: 'Dust storm',
        narration: 'The storm rolled in faster than the models said.',
        action: 'dust wall swallows the ridge',
      },
      {
        title: 'Signal window',
        narration: 'Priya had ten minutes before the orbiter set.',
        action: 'operator counts down on a console',
      },
      {
        title: 'The command',
        narration: 'One command. Reverse, two metres, no more.',
        action: 'rover wheels turn slowly in sand',
      },
      {
        title: 'Silence',
        narration: 'Then, twelve minutes of silence.',
        action: 'team waits in a dark control room',
      },
    ],
  },
];

export function buildPlan(
  ctx: SeedContext,
  story: FacelessStory,
  characters: readonly Character[],
  planId: string,
): Plan {
  const locationId = `loc_${ctx.rng.hex(8)}`;
  const planCharacters: PlanCharacter[] = characters.map((character) => ({
    id: `pc_${character.id.slice(0, 8)}`,
    name: character.name,
    canonicalDescription: character.canonical_description ?? '',
    anchorPrompt: `${character.canonical_description ?? character.name}, consistent face, ${story.visualStyle}`,
    source: 'generated',
    sourceCharacterId: character.id,
    referenceAssetIds: (character.references ?? []).map((reference) => reference.asset_id ?? ''),
    storyFacts: character.story_facts ?? [],
    voiceId: character.default_voice_id ?? 'voice_narrator_warm',
    voiceStyle: character.default_voice_style ?? 'calm',
  }));
  let cursor = 0;
  const scenes: PlanScene[] = story.scenes.map((scene, index) => {
    const duration = Math.round(ctx.rng.float(4, 8) * 10) / 10;
    const startSeconds = Math.round(cursor * 10) / 10;
    cursor += duration;
    return {
      index,
      title: scene.title,
      narration: scene.narration,
      originalCue: scene.narration,
      characterIds: planCharacters
        .slice(0, index % 2 === 0 ? 1 : planCharacters.length)
        .map((c) => c.id ?? ''),
      locationId,
      imagePrompt: `${scene.action}, ${story.location.description}, ${story.visualStyle}`,
      motionPrompt: `slow push-in while ${scene.action}`,
      startSeconds,
      endSeconds: Math.round(cursor * 10) / 10,
      durationSeconds: duration,
      factualValidation: { status: 'supported', note: 'Consistent with the story kit facts.' },
    };
  });
  const keyframes = scenes.length * 6;
  const animation = scenes.length * 20;
  const costEstimate = {
    unit: 'credits',
    planning: 2,
    styleAnchor: 4,
    characterAnchors: planCharacters.length * 4,
    keyframes,
    animation,
    semanticActionQa: scenes.length,
    total: 2 + 4 + planCharacters.length * 4 + keyframes + animation + scenes.length,
  };
  return {
    version: 'faceless-production-plan-v1',
    productionProfile: 'dramatic_vertical_v1',
    visualMode: 'generated_only',
    plannerModelId: 'planner-large-2025-06',
    imageModelId: 'image-xl-3',
    videoModelId: 'video-motion-2',
    aspectRatio: '9:16',
    voiceId: planCharacters[0]?.voiceId ?? 'voice_narrator_warm',
    includeCaptions: true,
    captionStyleId: 'bold-pop',
    generateBackgroundMusic: true,
    generateSoundEffects: ctx.rng.chance(0.5),
    script: story.scenes.map((scene) => scene.narration).join(' '),
    storyKitSnapshot: {
      version: 'story-kit-snapshot-v1',
      storyKitId: `sk_${planId.slice(0, 8)}`,
      revision: 1,
      name: story.name,
      description: story.description,
      visualStyle: story.visualStyle,
      styleReferenceAssetIds: [],
      facts: story.facts,
      narratorCharacterId: characters[0]?.id ?? '',
      locations: [
        {
          id: locationId,
          name: story.location.name,
          canonicalDescription: story.location.description,
          referenceAssetIds: [],
          facts: story.facts.slice(0, 1),
        },
      ],
      characters: characters.map((character) => ({
        characterId: character.id,
        name: character.name,
        type: character.type ?? 'human',
        species: character.species ?? 'human',
        canonicalDescription: character.canonical_description ?? '',
        storyFacts: character.story_facts ?? [],
        defaultVoiceId: character.default_voice_id ?? '',
        defaultVoiceStyle: character.default_voice_style ?? '',
        primaryReferenceAssetId: character.primary_reference_asset_id ?? '',
        referenceAssetIds: (character.references ?? []).map(
          (reference) => reference.asset_id ?? '',
        ),
      })),
    },
    styleAnchorPrompt: `${story.visualStyle}, establishing shot of ${story.location.description}`,
    characters: planCharacters,
    scenes,
    costEstimate,
  };
}

function analysis(action: string, confidence: number) {
  return {
    verdict: 'pass',
    earlyState: `Subject prepares: ${action}`,
    middleState: `Action in progress: ${action}`,
    lateState: 'Action completed, subject at rest',
    detectedSubjectAction: action,
    actionProgressionObserved: true,
    cameraMotionOnly: false,
    summary: `The planned action (${action}) is visible across the clip.`,
    confidence,
  };
}

/** Preproduction assets and review options of a plan (seeded revisions, approved plans). */
export function buildPreproduction(
  rng: Rng,
  plan: Plan,
  evaluatedAt: string,
): Pick<FacelessPlanRevision, 'preproduction_assets' | 'review_options'> {
  const scenes = plan.scenes ?? [];
  const styleAnchorAssetId = rng.uuid();
  const characterAnchors = (plan.characters ?? []).map((character) => ({
    characterId: character.id ?? '',
    assetId: rng.uuid(),
  }));
  const keyframes = scenes.map((scene) => ({
    sceneIndex: scene.index ?? 0,
    assetId: rng.uuid(),
    referenceAssetIds: [styleAnchorAssetId, ...characterAnchors.map((anchor) => anchor.assetId)],
  }));
  return {
    preproduction_assets: {
      collectionId: `col_${rng.hex(10)}`,
      styleAnchorAssetId,
      characterAnchors,
      keyframes,
      semanticActionQa: {
        version: 'semantic-action-v1',
        status: 'passed',
        evaluatedAt,
        scenes: scenes.map((scene, index) => {
          const action = scene.motionPrompt?.replace(/^slow push-in while /, '') ?? 'moves';
          const confidence = Math.round(rng.float(0.78, 0.97) * 100) / 100;
          return {
            assetId: keyframes[index]?.assetId ?? '',
            sceneIndex: scene.index ?? index,
            version: 'semantic-action-v1',
            status: 'passed',
            plannedAction: action,
            confidence,
            summary: `Keyframe shows: ${action}.`,
            detectedSubjectAction: action,
            frames: [
              { position: 'early', timeSeconds: 0.5 },
              { position: 'middle', timeSeconds: (scene.durationSeconds ?? 4) / 2 },
              { position: 'late', timeSeconds: (scene.durationSeconds ?? 4) - 0.5 },
            ],
            firstAnalysis: analysis(action, confidence),
            confirmationAnalysis: analysis(action, Math.min(0.99, confidence + 0.02)),
          };
        }),
      },
    },
    review_options: {
      style_anchor: {
        label: 'Style anchor',
        current_asset_id: styleAnchorAssetId,
        dependent_scene_indexes: scenes.map((scene) => scene.index ?? 0),
        estimated_regeneration_credits: 4 + scenes.length * 6,
      },
      scenes: scenes.map((scene, index) => ({
        scene_index: scene.index ?? index,
        label: `Scene ${(scene.index ?? index) + 1}: ${scene.title ?? ''}`,
        current_asset_id: keyframes[index]?.assetId ?? '',
        estimated_regeneration_credits: 6,
      })),
      characters: characterAnchors.map((anchor, index) => ({
        character_id: anchor.characterId,
        label: plan.characters?.[index]?.name ?? 'Character',
        current_asset_id: anchor.assetId,
        dependent_scene_indexes: scenes
          .filter((scene) => scene.characterIds?.includes(anchor.characterId))
          .map((scene) => scene.index ?? 0),
        estimated_regeneration_credits: 4,
      })),
    },
  };
}

export function buildRevision(
  ctx: SeedContext,
  options: {
    id: string;
    projectId: string;
    seriesId: string;
    seriesName: string;
    revision: number;
    plan: Plan;
    day: number;
    withAssets: boolean;
  },
): FacelessPlanRevision {
  const created = isoAt(ctx, options.day);
  const revision: FacelessPlanRevision = {
    series: { id: options.seriesId, revision: options.revision, name: options.seriesName },
    id: options.id,
    project_id: options.projectId,
    revision: options.revision,
    status: 'draft',
    plan: options.plan,
    preproduction_job_id: options.withAssets ? `job_${ctx.rng.hex(12)}` : '',
    generation_job_id: '',
    error: '',
    created_at: created,
    updated_at: created,
  };
  if (options.withAssets) {
    revision.plan_approved_at = created;
    Object.assign(revision, buildPreproduction(ctx.rng, options.plan, created));
  }
  return revision;
}
