/**
 * Faceless production plans: stories, plans (scenes, characters, story kit snapshot, cost
 * estimate), generated preproduction assets (style anchor, character anchors, keyframes with
 * semantic-action QA) with their review options, and the seeded projects with revisions in every
 * status (draft, plan_approved, assets_ready, generating, complete, failed), each with the jobs it
 * names. Seeding draws from its own forked generator, so it never shifts other seeded data.
 *
 * Prices (credits, assumed): planning 2; style anchor 4; a character anchor 4; a keyframe 6 and its
 * QA 1 per scene (so a scene regenerates for 7); animation 20 per scene.
 */
import type { Rng } from '../lib/prng.ts';
import {
  missingAssets,
  withoutStale,
  staleAfter,
  applyRevision,
  type ReviseRequest,
} from '@/shared-rules/faceless-staleness.ts';
import type { Schema } from './contract.ts';
import type { SeedContext } from './seed-context.ts';
import { colorFor, isoAt } from './seed-context.ts';
import type { AssetRecord, ProjectRecord, Workspace } from './workspace.ts';
import type {
  Character,
  FacelessPlanRevision,
  Job,
  Plan,
  PlanCharacter,
  PlanScene,
} from '@/api/schema.gen.ts';

export const PRICES = {
  planning: 2,
  styleAnchor: 4,
  characterAnchor: 4,
  keyframe: 6,
  qa: 1,
  animation: 20,
} as const;
const SCENE_CREDITS = PRICES.keyframe + PRICES.qa;

/** Models the simulator can run; a plan naming another fails the run that needs it. */
export const AVAILABLE_MODELS = {
  planner: ['planner-large-2025-06', 'planner-fast-2025-04'],
  image: ['image-xl-3', 'image-xl-2'],
  video: ['video-motion-2', 'video-motion-3'],
} as const;

export interface FacelessStory {
  name: string;
  description: string;
  visualStyle: string;
  facts: string[];
  locations: Array<{ name: string; description: string }>;
  scenes: Array<{ title: string; narration: string; action: string; location?: number }>;
}

export const FACELESS_STORIES: FacelessStory[] = [
  {
    name: 'The Lighthouse Keeper',
    description: 'A keeper on a remote island discovers the light has been signalling someone.',
    visualStyle: 'Moody painterly realism, teal and amber palette, volumetric fog',
    facts: ['The lighthouse was built in 1887.', 'The keeper has lived alone for eleven winters.'],
    locations: [
      { name: 'Gannet Rock lighthouse', description: 'A granite tower on a storm-beaten rock.' },
      { name: 'The cove', description: 'A shingle cove below the tower, with a wooden jetty.' },
    ],
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
        location: 1,
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
    locations: [
      { name: 'Jezero crater rim', description: 'A wind-carved ridge above an ancient delta.' },
      { name: 'Mission control', description: 'A dim room of consoles and one big screen.' },
    ],
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
        location: 1,
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
        location: 1,
      },
    ],
  },
];

/** A long serial: 200 nights, for the storyboard's scrolling. */
const NIGHTS_STORY = ((): FacelessStory => {
  const places = ['the harbour', 'the night market', 'the old tram depot', 'the rooftop garden'];
  const actions = [
    'lantern is lifted towards the sky',
    'figure runs across wet cobbles',
    'hands fold a paper crane',
    'door swings open on an empty room',
    'tram bell rings as sparks fly',
    'kite tugs against a rising wind',
    'pages scatter from a satchel',
    'boat casts off into the dark',
  ];
  return {
    name: 'Two Hundred Nights',
    description: 'A city that only wakes after dark, told one night at a time.',
    visualStyle: 'Neon noir illustration, ink-black shadows, magenta and cyan glow',
    facts: ['The city has no daytime.', 'Every night ends with the tram bell at 5 a.m.'],
    locations: places.map((place) => ({
      name: place.replace(/^the /, '').replace(/^\w/, (c) => c.toUpperCase()),
      description: `Nighttime view of ${place}, wet and glowing.`,
    })),
    scenes: Array.from({ length: 200 }, (_, night) => ({
      title: `Night ${night + 1}`,
      narration: `On night ${night + 1}, something changed at ${places[night % places.length]}.`,
      action: actions[(night * 3) % actions.length] ?? 'city breathes',
      location: night % places.length,
    })),
  };
})();

const FREE_STORY: FacelessStory = {
  name: 'Paper Boats',
  description: 'A child races paper boats down a flooded street.',
  visualStyle: 'Soft watercolour, pastel rain, warm window light',
  facts: ['It has rained for three days.'],
  locations: [
    { name: 'Rua das Flores', description: 'A steep cobbled street running with water.' },
  ],
  scenes: [
    {
      title: 'The fold',
      narration: 'Ana folded the boat from yesterday’s homework.',
      action: 'child folds paper',
    },
    {
      title: 'Launch',
      narration: 'She set it on the river that used to be a street.',
      action: 'paper boat drops into running water',
    },
    {
      title: 'The race',
      narration: 'It beat every leaf to the corner.',
      action: 'boat rushes past floating leaves',
    },
  ],
};

export function buildPlan(
  rng: Rng,
  story: FacelessStory,
  characters: readonly Character[],
  planId: string,
): Plan {
  const locationIds = story.locations.map(() => `loc_${rng.hex(8)}`);
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
    const duration = Math.round(rng.float(4, 8) * 10) / 10;
    const startSeconds = Math.round(cursor * 10) / 10;
    cursor += duration;
    const location = story.locations[scene.location ?? 0];
    return {
      index,
      title: scene.title,
      narration: scene.narration,
      originalCue: scene.narration,
      characterIds: planCharacters
        .filter(
          (_, position) =>
            position === index % Math.max(1, planCharacters.length) || index % 3 === 1,
        )
        .map((character) => character.id ?? ''),
      locationId: locationIds[scene.location ?? 0] ?? '',
      imagePrompt: `${scene.action}, ${location?.description ?? ''} ${story.visualStyle}`,
      motionPrompt: `slow push-in while ${scene.action}`,
      startSeconds,
      endSeconds: Math.round(cursor * 10) / 10,
      durationSeconds: duration,
      factualValidation:
        index % 7 === 5
          ? {
              status: 'unverified',
              note: 'Not covered by the story kit facts; check before approving.',
            }
          : { status: 'supported', note: 'Consistent with the story kit facts.' },
    };
  });
  return {
    version: 'faceless-production-plan-v1',
    productionProfile: 'dramatic_vertical_v1',
    visualMode: 'generated_only',
    plannerModelId: AVAILABLE_MODELS.planner[0],
    imageModelId: AVAILABLE_MODELS.image[0],
    videoModelId: AVAILABLE_MODELS.video[0],
    aspectRatio: '9:16',
    voiceId: planCharacters[0]?.voiceId ?? 'voice_narrator_warm',
    includeCaptions: true,
    captionStyleId: 'bold-pop',
    generateBackgroundMusic: true,
    generateSoundEffects: rng.chance(0.5),
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
      locations: story.locations.map((location, index) => ({
        id: locationIds[index] ?? '',
        name: location.name,
        canonicalDescription: location.description,
        referenceAssetIds: [],
        facts: story.facts.slice(0, 1),
      })),
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
    styleAnchorPrompt: `${story.visualStyle}, establishing shot of ${story.locations[0]?.description ?? ''}`,
    characters: planCharacters,
    scenes,
    costEstimate: costEstimateOf(planCharacters.length, scenes.length),
  };
}

function costEstimateOf(characters: number, scenes: number): Schema<'PlanCostEstimate'> {
  const parts = {
    planning: PRICES.planning,
    styleAnchor: PRICES.styleAnchor,
    characterAnchors: characters * PRICES.characterAnchor,
    keyframes: scenes * PRICES.keyframe,
    animation: scenes * PRICES.animation,
    semanticActionQa: scenes * PRICES.qa,
  };
  return {
    unit: 'credits',
    ...parts,
    total: Object.values(parts).reduce((sum, value) => sum + value, 0),
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A 9:16 SVG standing in for a generated image (self-contained, works offline). */
export function generatedImageDataUri(title: string, caption: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="320" viewBox="0 0 180 320">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${colorFor(title)}"/><stop offset="1" stop-color="#0f172a"/>` +
    `</linearGradient></defs><rect width="180" height="320" fill="url(#g)"/>` +
    `<text x="90" y="150" font-family="sans-serif" font-size="20" fill="#fff" text-anchor="middle">` +
    `${escapeXml(title.slice(0, 18))}</text>` +
    `<text x="90" y="180" font-family="sans-serif" font-size="11" fill="#e2e8f0" text-anchor="middle">` +
    `${escapeXml(caption.slice(0, 30))}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

function analysis(action: string, confidence: number, cameraOnly: boolean) {
  return {
    verdict: cameraOnly ? 'fail' : 'pass',
    earlyState: cameraOnly ? 'Static scene, subject at rest' : `Subject prepares: ${action}`,
    middleState: cameraOnly
      ? 'Camera pushes in; subject unchanged'
      : `Action in progress: ${action}`,
    lateState: cameraOnly ? 'Subject still at rest' : 'Action completed, subject at rest',
    detectedSubjectAction: cameraOnly ? 'none (camera motion only)' : action,
    actionProgressionObserved: !cameraOnly,
    cameraMotionOnly: cameraOnly,
    summary: cameraOnly
      ? `Only the camera moves; the planned action (${action}) is not visible.`
      : `The planned action (${action}) is visible across the clip.`,
    confidence,
  };
}

export interface GeneratedAsset {
  id: string;
  name: string;
  thumbnailUrl: string;
}

/**
 * Generates the preproduction assets `revision` lacks (all of them when it has none), keeping the
 * ones it has, and the review options priced for its plan. Returns the new image assets so the
 * caller can register them (they are readable with GET /workspace/media/assets/{assetId}).
 */
export function completePreproduction(
  rng: Rng,
  revision: FacelessPlanRevision,
  evaluatedAt: string,
): {
  fields: Pick<FacelessPlanRevision, 'preproduction_assets' | 'review_options'>;
  created: GeneratedAsset[];
} {
  const plan = revision.plan ?? {};
  const scenes = plan.scenes ?? [];
  const missing = missingAssets(revision);
  const assets = structuredClone(revision.preproduction_assets ?? {});
  const created: GeneratedAsset[] = [];
  const storyName = plan.storyKitSnapshot?.name ?? 'Faceless plan';
  const generate = (title: string, caption: string): string => {
    const id = rng.uuid();
    created.push({
      id,
      name: `${storyName} - ${title}.png`,
      thumbnailUrl: generatedImageDataUri(title, caption),
    });
    return id;
  };
  assets.collectionId ??= `col_${rng.hex(10)}`;
  if (missing.styleAnchor) assets.styleAnchorAssetId = generate('Style anchor', storyName);
  const anchors = assets.characterAnchors ?? [];
  for (const characterId of missing.characterIds) {
    const character = plan.characters?.find((candidate) => candidate.id === characterId);
    anchors.push({
      characterId,
      assetId: generate(character?.name ?? 'Character', 'Character anchor'),
    });
  }
  assets.characterAnchors = anchors;
  const missingScenes = new Set(missing.sceneIndexes);
  const keyframes = (assets.keyframes ?? []).filter(
    (keyframe) => !missingScenes.has(keyframe.sceneIndex ?? -1),
  );
  const qa = assets.semanticActionQa ?? {
    version: 'semantic-action-v1',
    status: 'passed',
    scenes: [],
  };
  const qaScenes = (qa.scenes ?? []).filter((scene) => !missingScenes.has(scene.sceneIndex ?? -1));
  for (const scene of scenes) {
    const index = scene.index ?? 0;
    if (!missingScenes.has(index)) continue;
    const assetId = generate(`Scene ${index + 1}`, scene.title ?? '');
    keyframes.push({
      sceneIndex: index,
      assetId,
      referenceAssetIds: [
        assets.styleAnchorAssetId ?? '',
        ...anchors
          .filter((anchor) => scene.characterIds?.includes(anchor.characterId ?? ''))
          .map((anchor) => anchor.assetId ?? ''),
      ],
    });
    const action = scene.motionPrompt?.replace(/^slow push-in while /, '') ?? 'moves';
    const confidence = Math.round(rng.float(0.72, 0.97) * 100) / 100;
    // About one scene in twelve shows only camera motion: QA fails it.
    const cameraOnly = rng.next() < 1 / 12;
    const duration = scene.durationSeconds ?? 4;
    qaScenes.push({
      assetId,
      sceneIndex: index,
      version: 'semantic-action-v1',
      status: cameraOnly ? 'failed' : 'passed',
      plannedAction: action,
      confidence: cameraOnly ? Math.round(confidence * 60) / 100 : confidence,
      summary: cameraOnly
        ? 'Only the camera moves; the subject does not act.'
        : `Keyframe shows: ${action}.`,
      detectedSubjectAction: cameraOnly ? 'none (camera motion only)' : action,
      frames: [
        { position: 'early', timeSeconds: 0.5 },
        { position: 'middle', timeSeconds: Math.round((duration / 2) * 10) / 10 },
        { position: 'late', timeSeconds: Math.round((duration - 0.5) * 10) / 10 },
      ],
      firstAnalysis: analysis(action, confidence, cameraOnly),
      confirmationAnalysis: analysis(action, Math.min(0.99, confidence + 0.02), cameraOnly),
    });
  }
  keyframes.sort((a, b) => (a.sceneIndex ?? 0) - (b.sceneIndex ?? 0));
  qaScenes.sort((a, b) => (a.sceneIndex ?? 0) - (b.sceneIndex ?? 0));
  assets.keyframes = keyframes;
  assets.semanticActionQa = {
    ...qa,
    version: 'semantic-action-v1',
    status: qaScenes.some((scene) => scene.status === 'failed') ? 'failed' : 'passed',
    evaluatedAt,
    scenes: qaScenes,
  };
  return {
    fields: { preproduction_assets: assets, review_options: reviewOptionsFor(plan, assets) },
    created,
  };
}

/** Review options of a plan: regeneration credits, and the assets current where they exist. */
export function reviewOptionsFor(
  plan: Plan,
  assets: Schema<'PreproductionAssets'> | undefined,
): Schema<'ReviewOptions'> {
  const scenes = plan.scenes ?? [];
  const keyframeOf = (index: number) =>
    assets?.keyframes?.find((keyframe) => keyframe.sceneIndex === index)?.assetId;
  const withAsset = <T extends object>(option: T, assetId: string | undefined) =>
    assetId ? { ...option, current_asset_id: assetId } : option;
  return {
    style_anchor: withAsset(
      {
        label: 'Style anchor',
        dependent_scene_indexes: scenes.map((scene) => scene.index ?? 0),
        estimated_regeneration_credits: PRICES.styleAnchor + scenes.length * SCENE_CREDITS,
      },
      assets?.styleAnchorAssetId,
    ),
    scenes: scenes.map((scene) =>
      withAsset(
        {
          scene_index: scene.index ?? 0,
          label: `Scene ${(scene.index ?? 0) + 1}: ${scene.title ?? ''}`,
          estimated_regeneration_credits: SCENE_CREDITS,
        },
        keyframeOf(scene.index ?? 0),
      ),
    ),
    characters: (plan.characters ?? []).map((character) => {
      const dependents = scenes
        .filter((scene) => scene.characterIds?.includes(character.id ?? ''))
        .map((scene) => scene.index ?? 0);
      return withAsset(
        {
          character_id: character.id ?? '',
          label: character.name ?? 'Character',
          dependent_scene_indexes: dependents,
          estimated_regeneration_credits:
            PRICES.characterAnchor + dependents.length * SCENE_CREDITS,
        },
        assets?.characterAnchors?.find((anchor) => anchor.characterId === character.id)?.assetId,
      );
    }),
  };
}

/**
 * The revision a revise creates from `source`: the changes applied, the assets and QA the changes
 * make stale dropped (see src/shared-rules/faceless-staleness.ts), review options repriced for the new plan.
 */
export function revisedRevision(
  source: FacelessPlanRevision,
  changes: ReviseRequest,
  fields: { id: string; revision: number; now: string },
): FacelessPlanRevision {
  const plan = applyRevision(source.plan ?? {}, changes);
  const kept = withoutStale(source, staleAfter(source.plan ?? {}, changes));
  const created: FacelessPlanRevision = {
    ...(source.series ? { series: { ...source.series, revision: fields.revision } } : {}),
    id: fields.id,
    project_id: source.project_id,
    revision: fields.revision,
    status: 'draft',
    plan,
    preproduction_job_id: '',
    generation_job_id: '',
    error: '',
    created_at: fields.now,
    updated_at: fields.now,
  };
  if (kept.preproduction_assets) {
    created.preproduction_assets = kept.preproduction_assets;
    created.review_options = reviewOptionsFor(plan, kept.preproduction_assets);
  }
  return created;
}

/** Why a run of `stage` cannot go ahead with this plan, or null. */
export function runFailure(plan: Plan | undefined, stage: 'plan' | 'assets'): string | null {
  if (stage === 'plan') {
    const model = plan?.imageModelId ?? '';
    return (AVAILABLE_MODELS.image as readonly string[]).includes(model)
      ? null
      : `Image model ${model || '(none)'} is not available; revise the plan with one of ${AVAILABLE_MODELS.image.join(', ')}.`;
  }
  const model = plan?.videoModelId ?? '';
  return (AVAILABLE_MODELS.video as readonly string[]).includes(model)
    ? null
    : `Video model ${model || '(none)'} is not available; revise the plan with one of ${AVAILABLE_MODELS.video.join(', ')}.`;
}

export function registerGeneratedAssets(
  workspace: Workspace,
  projectId: string,
  assets: readonly GeneratedAsset[],
  createdAt: string,
): void {
  for (const asset of assets) {
    const record: AssetRecord = {
      id: asset.id,
      name: asset.name,
      kind: 'image',
      folder_id: null,
      size_bytes: 180_000 + (asset.id.charCodeAt(0) % 10) * 9_000,
      duration_seconds: null,
      thumbnail_url: asset.thumbnailUrl,
      linked_project_ids: [projectId],
      created_at: createdAt,
      updated_at: createdAt,
    };
    workspace.generatedAssets.set(asset.id, record);
  }
}

// ───────────────────────────── seeding ─────────────────────────────

type Status = 'draft' | 'plan_approved' | 'assets_ready' | 'generating' | 'complete' | 'failed';

export interface SeedStep {
  status: Status;
  /** Changes from the previous revision (a revise); the first revision is planned from scratch. */
  changes?: ReviseRequest;
}

function seededJob(
  ctx: SeedContext,
  projectId: string,
  stage: 'plan' | 'assets',
  day: number,
  outcome: 'running' | 'complete' | 'failed',
  credits: number,
  error?: string,
): Job {
  const job: Job = {
    job_id: `job_${ctx.rng.hex(16)}`,
    type: stage === 'plan' ? 'faceless_preproduction' : 'faceless_generation',
    kind: 'faceless',
    status: outcome,
    progress: outcome === 'running' ? 0.4 : 1,
    project_id: projectId,
    estimated_credits: credits,
    created_at: isoAt(ctx, day),
    next_actions: [],
  };
  if (outcome !== 'running') job.completed_at = isoAt(ctx, day + 0.02);
  if (error) job.error = error;
  return job;
}

/** Walks a revision to `status` as the service would have, recording the jobs it ran. */
function advanceTo(
  ctx: SeedContext,
  workspace: Workspace,
  revision: FacelessPlanRevision,
  status: Status,
  day: number,
): void {
  if (status === 'draft') return;
  const projectId = revision.project_id;
  revision.plan_approved_at = isoAt(ctx, day + 0.1);
  const preFailure = runFailure(revision.plan, 'plan');
  const preOutcome = status === 'plan_approved' ? 'running' : preFailure ? 'failed' : 'complete';
  const preJob = seededJob(
    ctx,
    projectId,
    'plan',
    day + 0.1,
    preOutcome,
    revisionPlanCredits(revision),
    preOutcome === 'failed' ? (preFailure ?? undefined) : undefined,
  );
  workspace.jobs.push(preJob);
  revision.preproduction_job_id = preJob.job_id;
  revision.status = status === 'plan_approved' ? 'plan_approved' : 'assets_ready';
  if (preOutcome === 'failed') {
    revision.status = 'failed';
    revision.error = preFailure ?? 'Preproduction failed.';
    return;
  }
  if (preOutcome === 'running') return;
  const { fields, created } = completePreproduction(ctx.rng, revision, isoAt(ctx, day + 0.12));
  Object.assign(revision, fields);
  registerGeneratedAssets(workspace, projectId, created, isoAt(ctx, day + 0.12));
  if (status === 'assets_ready') return;
  revision.assets_approved_at = isoAt(ctx, day + 0.2);
  const genFailure = runFailure(revision.plan, 'assets');
  const genOutcome = status === 'generating' ? 'running' : genFailure ? 'failed' : 'complete';
  const genJob = seededJob(
    ctx,
    projectId,
    'assets',
    day + 0.2,
    genOutcome,
    revision.plan?.costEstimate?.animation ?? 0,
    genOutcome === 'failed' ? (genFailure ?? undefined) : undefined,
  );
  workspace.jobs.push(genJob);
  revision.generation_job_id = genJob.job_id;
  revision.status =
    genOutcome === 'running' ? 'generating' : genOutcome === 'failed' ? 'failed' : 'complete';
  if (genOutcome === 'failed') revision.error = genFailure ?? 'Generation failed.';
}

function revisionPlanCredits(revision: FacelessPlanRevision): number {
  const cost = revision.plan?.costEstimate ?? {};
  return (
    (cost.styleAnchor ?? 0) +
    (cost.characterAnchors ?? 0) +
    (cost.keyframes ?? 0) +
    (cost.semanticActionQa ?? 0)
  );
}

/**
 * Gives each story kit location of a first revision a reference image (a media asset of the
 * project), drawn from a stream of its own so the rest of the faceless seed stays as it was.
 */
function addLocationReferences(
  ctx: SeedContext,
  workspace: Workspace,
  revision: FacelessPlanRevision,
  createdAt: string,
): void {
  const kit = revision.plan?.storyKitSnapshot;
  if (!kit?.locations?.length) return;
  const rng = ctx.rng.fork(`location-references:${kit.name ?? revision.id}`);
  const created: GeneratedAsset[] = kit.locations.map((location) => ({
    id: rng.uuid(),
    name: `${kit.name ?? 'Story kit'} - ${location.name ?? 'Location'} reference.png`,
    thumbnailUrl: generatedImageDataUri(location.name ?? 'Location', 'Location reference'),
  }));
  kit.locations.forEach((location, position) => {
    location.referenceAssetIds = [created[position]?.id ?? ''];
  });
  registerGeneratedAssets(workspace, revision.project_id, created, createdAt);
}

/** Seeds a plan's revisions one `step` a day from `startDay`, each revised from the one before. */
export function seedRevisions(
  ctx: SeedContext,
  workspace: Workspace,
  record: ProjectRecord,
  story: FacelessStory,
  characters: readonly Character[],
  steps: readonly SeedStep[],
  startDay: number,
): void {
  const seriesId = ctx.rng.uuid();
  let previous: FacelessPlanRevision | undefined;
  steps.forEach((step, position) => {
    const number = position + 1;
    const id = ctx.rng.uuid();
    const day = startDay + position;
    const now = isoAt(ctx, day);
    const revision: FacelessPlanRevision = previous
      ? revisedRevision(previous, step.changes ?? {}, { id, revision: number, now })
      : {
          series: { id: seriesId, revision: number, name: story.name },
          id,
          project_id: record.project.id,
          revision: number,
          status: 'draft',
          plan: buildPlan(ctx.rng, story, characters, id),
          preproduction_job_id: '',
          generation_job_id: '',
          error: '',
          created_at: now,
          updated_at: now,
        };
    if (!previous) addLocationReferences(ctx, workspace, revision, now);
    advanceTo(ctx, workspace, revision, step.status, day);
    revision.updated_at = isoAt(ctx, day + 0.3);
    record.facelessRevisions.push(revision);
    previous = revision;
  });
}

function extraCharacter(
  ctx: SeedContext,
  workspace: Workspace,
  person: { name: string; description: string; facts: string[]; voice: string; style: string },
): Character {
  const created = isoAt(ctx, -25);
  const character: Character = {
    id: ctx.rng.uuid(),
    name: person.name,
    type: 'human',
    status: 'draft',
    consistency_mode: 'reference',
    species: 'human',
    canonical_description: person.description,
    story_facts: person.facts,
    default_voice_id: person.voice,
    default_voice_style: person.style,
    references: [],
    created_at: created,
    updated_at: created,
  };
  workspace.characters.push(character);
  return character;
}

export type FacelessProjectFactory = (
  ctx: SeedContext,
  plan: { name: string; description: string; items: number; status: string },
  day: number,
) => ProjectRecord;

/**
 * Seeds the faceless projects of a workspace: in the paid one, revisions in every status (and a
 * 200-scene plan); in the free one, a small plan the free key may read but not revise.
 */
export function seedFacelessProjects(
  seedCtx: SeedContext,
  workspace: Workspace,
  newProject: FacelessProjectFactory,
): void {
  const ctx: SeedContext = { rng: seedCtx.rng.fork('faceless'), anchor: seedCtx.anchor };
  const project = (story: FacelessStory, day: number): ProjectRecord => {
    const record = newProject(
      ctx,
      {
        name: `Faceless: ${story.name}`,
        description: story.description,
        items: 30,
        status: 'planning',
      },
      day,
    );
    workspace.projects.push(record);
    return record;
  };
  if (workspace.plan === 'free') {
    const ana = extraCharacter(ctx, workspace, {
      name: 'Ana Sousa',
      description: 'Girl of eight, yellow raincoat, red boots.',
      facts: ['Lives on Rua das Flores.'],
      voice: 'voice_child_bright',
      style: 'excited',
    });
    seedRevisions(
      ctx,
      workspace,
      project(FREE_STORY, -6),
      FREE_STORY,
      [ana],
      [{ status: 'assets_ready' }],
      -6,
    );
    return;
  }
  const [mara, priya] = workspace.characters;
  const ezra = extraCharacter(ctx, workspace, {
    name: 'Ezra Vance',
    description: 'Young fisherman, red knit cap, salt-stained oilskins.',
    facts: ['Rows out to the rock with supplies every Sunday.'],
    voice: 'voice_ezra_warm',
    style: 'earnest',
  });
  const lighthouse = FACELESS_STORIES[0] as FacelessStory;
  seedRevisions(
    ctx,
    workspace,
    project(lighthouse, -12),
    lighthouse,
    [mara, ezra].filter((c): c is Character => Boolean(c)),
    [
      { status: 'complete' },
      { status: 'failed', changes: { models: { videoModelId: 'video-motion-9' } } },
      {
        status: 'assets_ready',
        changes: {
          scenes: [
            { index: 1, narration: 'But tonight, for the first time, the light blinked back.' },
          ],
          models: { videoModelId: 'video-motion-3' },
        },
      },
      {
        status: 'draft',
        changes: {
          scenes: [
            { index: 2, imagePrompt: 'keeper reads a logbook by lamplight, rain on the glass' },
          ],
        },
      },
    ],
    -12,
  );
  const mars = FACELESS_STORIES[1] as FacelessStory;
  seedRevisions(
    ctx,
    workspace,
    project(mars, -8),
    mars,
    [priya].filter((c): c is Character => Boolean(c)),
    [
      { status: 'complete' },
      { status: 'generating', changes: { scenes: [{ index: 0, title: 'The dust wall' }] } },
      {
        status: 'plan_approved',
        changes: { styleAnchorPrompt: 'Cinematic sci-fi, cold blue dawn over red dust' },
      },
    ],
    -8,
  );
  const ines = extraCharacter(ctx, workspace, {
    name: 'Ines Duarte',
    description: 'Night-tram conductor, silver hair, brass ticket punch.',
    facts: ['Has never seen the sun.'],
    voice: 'voice_ines_smoky',
    style: 'wry',
  });
  const tomas = extraCharacter(ctx, workspace, {
    name: 'Tomas Reyes',
    description: 'Boy of twelve, oversized coat, paper lantern.',
    facts: ['Collects lost things.'],
    voice: 'voice_tomas_light',
    style: 'curious',
  });
  seedRevisions(
    ctx,
    workspace,
    project(NIGHTS_STORY, -4),
    NIGHTS_STORY,
    [ines, tomas],
    [{ status: 'assets_ready' }],
    -4,
  );
}
