/**
 * Side-by-side comparison of two plans or revisions: settings and models, costs, characters and
 * scenes, each row with both values as text and whether they differ. Used for comparing any two
 * revisions and for the summary of a draft before it is sent.
 */
import { approvalCredits } from '@/shared-rules/faceless-staleness.ts';
import { formatSeconds } from '@/lib/format.ts';
import { formatCredits } from './plan-format.ts';
import type { FacelessPlanRevision, Plan, PlanCharacter, PlanScene } from '@/api/schema.gen.ts';

export interface DiffRow {
  key: string;
  label: string;
  left: string;
  right: string;
  changed: boolean;
}

export interface DiffSection {
  id: 'settings' | 'costs' | 'characters' | 'scenes' | 'assets';
  title: string;
  rows: DiffRow[];
}

const text = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(text).join(', ') : '—';
  return String(value);
};

function row(key: string, label: string, left: unknown, right: unknown): DiffRow {
  const l = text(left);
  const r = text(right);
  return { key, label, left: l, right: r, changed: l !== r };
}

const SETTINGS: Array<[keyof Plan, string]> = [
  ['plannerModelId', 'Planner model'],
  ['imageModelId', 'Image model'],
  ['videoModelId', 'Video model'],
  ['productionProfile', 'Production profile'],
  ['visualMode', 'Visual mode'],
  ['aspectRatio', 'Aspect ratio'],
  ['voiceId', 'Voice'],
  ['includeCaptions', 'Captions'],
  ['captionStyleId', 'Caption style'],
  ['generateBackgroundMusic', 'Background music'],
  ['generateSoundEffects', 'Sound effects'],
  ['styleAnchorPrompt', 'Style anchor prompt'],
  ['script', 'Script'],
];

const COSTS: Array<[string, string]> = [
  ['planning', 'Planning'],
  ['styleAnchor', 'Style anchor'],
  ['characterAnchors', 'Character anchors'],
  ['keyframes', 'Keyframes'],
  ['animation', 'Animation'],
  ['semanticActionQa', 'Semantic action QA'],
  ['total', 'Total'],
];

const CHARACTER_FIELDS: Array<[keyof PlanCharacter, string]> = [
  ['name', 'name'],
  ['canonicalDescription', 'description'],
  ['anchorPrompt', 'anchor prompt'],
  ['voiceId', 'voice'],
  ['voiceStyle', 'voice style'],
  ['storyFacts', 'story facts'],
  ['referenceAssetIds', 'references'],
];

const SCENE_FIELDS: Array<[keyof PlanScene | 'timeRange', string]> = [
  ['title', 'title'],
  ['narration', 'narration'],
  ['originalCue', 'original cue'],
  ['characterIds', 'characters'],
  ['locationId', 'location'],
  ['imagePrompt', 'image prompt'],
  ['motionPrompt', 'motion prompt'],
  ['timeRange', 'time'],
  ['factualValidation', 'factual validation'],
];

function names(plan: Plan): (ids: string[] | undefined) => string[] {
  const byId = new Map((plan.characters ?? []).map((c) => [c.id ?? '', c.name ?? c.id ?? '']));
  return (ids) => (ids ?? []).map((id) => byId.get(id) ?? id);
}

function locationName(plan: Plan, id: string | undefined): string | undefined {
  if (!id) return undefined;
  return plan.storyKitSnapshot?.locations?.find((location) => location.id === id)?.name ?? id;
}

function sceneValue(plan: Plan, scene: PlanScene | undefined, field: string): unknown {
  if (!scene) return undefined;
  switch (field) {
    case 'characterIds':
      return names(plan)(scene.characterIds);
    case 'locationId':
      return locationName(plan, scene.locationId);
    case 'timeRange':
      return `${formatSeconds(scene.startSeconds)}–${formatSeconds(scene.endSeconds)}`;
    case 'factualValidation':
      return scene.factualValidation
        ? `${scene.factualValidation.status ?? ''}${scene.factualValidation.note ? `: ${scene.factualValidation.note}` : ''}`
        : undefined;
    default:
      return scene[field as keyof PlanScene];
  }
}

export const sceneLabel = (scene: PlanScene | undefined, index: number): string =>
  `Scene ${index + 1}${scene?.title ? ` “${scene.title}”` : ''}`;

/** Settings, costs, characters and scenes of two plans, row by row. */
export function diffPlans(left: Plan, right: Plan): DiffSection[] {
  const settings: DiffRow[] = SETTINGS.map(([key, label]) =>
    row(`settings.${key}`, label, left[key], right[key]),
  );
  const costs = COSTS.map(([key, label]) =>
    row(
      `costs.${key}`,
      label,
      (left.costEstimate as Record<string, unknown> | undefined)?.[key],
      (right.costEstimate as Record<string, unknown> | undefined)?.[key],
    ),
  );
  const characterIds = [
    ...new Set([...(left.characters ?? []), ...(right.characters ?? [])].map((c) => c.id ?? '')),
  ];
  const characters = characterIds.flatMap((id) => {
    const a = left.characters?.find((c) => c.id === id);
    const b = right.characters?.find((c) => c.id === id);
    const who = b?.name ?? a?.name ?? id;
    return CHARACTER_FIELDS.map(([field, label]) =>
      row(`characters.${id}.${field}`, `${who}: ${label}`, a?.[field], b?.[field]),
    );
  });
  const indexes = [
    ...new Set([...(left.scenes ?? []), ...(right.scenes ?? [])].map((s) => s.index ?? 0)),
  ].sort((a, b) => a - b);
  const scenes = indexes.flatMap((index) => {
    const a = left.scenes?.find((s) => s.index === index);
    const b = right.scenes?.find((s) => s.index === index);
    const title = sceneLabel(b ?? a, index);
    return SCENE_FIELDS.map(([field, label]) =>
      row(
        `scenes.${index}.${field}`,
        `${title}: ${label}`,
        sceneValue(left, a, field),
        sceneValue(right, b, field),
      ),
    );
  });
  return [
    { id: 'settings', title: 'Models and settings', rows: settings },
    { id: 'costs', title: 'Cost estimate (credits)', rows: costs },
    { id: 'characters', title: 'Characters', rows: characters },
    { id: 'scenes', title: 'Scenes', rows: scenes },
  ];
}

/**
 * Two revisions: their plans, what approving each plan would still spend (the assets it lacks or
 * lost to a revise), plus each scene's keyframe and QA verdict.
 */
export function diffRevisions(
  left: FacelessPlanRevision,
  right: FacelessPlanRevision,
): DiffSection[] {
  const sections = diffPlans(left.plan ?? {}, right.plan ?? {}).map((section) =>
    section.id === 'costs'
      ? {
          ...section,
          rows: [
            ...section.rows,
            row(
              'costs.planApproval',
              'Approving the plan regenerates (missing or stale assets)',
              formatCredits(approvalCredits(left, 'plan')),
              formatCredits(approvalCredits(right, 'plan')),
            ),
          ],
        }
      : section,
  );
  const indexes = [
    ...new Set(
      [...(left.plan?.scenes ?? []), ...(right.plan?.scenes ?? [])].map((s) => s.index ?? 0),
    ),
  ].sort((a, b) => a - b);
  const keyframe = (revision: FacelessPlanRevision, index: number) =>
    revision.preproduction_assets?.keyframes?.find((k) => k.sceneIndex === index)?.assetId ??
    'none';
  const verdict = (revision: FacelessPlanRevision, index: number) => {
    const qa = revision.preproduction_assets?.semanticActionQa?.scenes?.find(
      (scene) => scene.sceneIndex === index,
    );
    return qa ? `${qa.status ?? '—'} (${Math.round((qa.confidence ?? 0) * 100)}%)` : 'none';
  };
  const assets = indexes.flatMap((index) => {
    const title = sceneLabel(
      right.plan?.scenes?.find((s) => s.index === index) ??
        left.plan?.scenes?.find((s) => s.index === index),
      index,
    );
    return [
      row(
        `assets.${index}.keyframe`,
        `${title}: keyframe`,
        keyframe(left, index),
        keyframe(right, index),
      ),
      row(`assets.${index}.qa`, `${title}: QA`, verdict(left, index), verdict(right, index)),
    ];
  });
  return [...sections, { id: 'assets', title: 'Keyframes and QA', rows: assets }];
}

export const changedRows = (sections: DiffSection[]): DiffSection[] =>
  sections
    .map((section) => ({ ...section, rows: section.rows.filter((r) => r.changed) }))
    .filter((section) => section.rows.length > 0);

export const countChanged = (sections: DiffSection[]): number =>
  sections.reduce((sum, section) => sum + section.rows.filter((r) => r.changed).length, 0);
