/** Faceless production plans: list and read revisions, revise (new draft), approve. */
import type { HttpHandler } from 'msw';
import { requirePaidPlan } from '../lib/auth.ts';
import { invalid, notFound } from '../lib/errors.ts';
import type { JsonObject } from '../lib/validate.ts';
import { isJsonObject, requireString } from '../lib/validate.ts';
import { startFacelessJob } from '../rules/jobs.ts';
import type { FacelessPlanRevision, PlanCharacter, PlanScene, Schema } from '../store/contract.ts';
import { buildPreproduction } from '../store/seed-faceless.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import { idempotent, requireProject } from './helpers.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { route } from './route.ts';

const UUID_PARAMS = { uuidParams: ['projectId', 'revisionId'] } as const;

type Kind = 'string' | 'number' | 'string[]' | 'object';

const SCENE_FIELDS: Record<string, Kind> = {
  index: 'number',
  title: 'string',
  narration: 'string',
  originalCue: 'string',
  characterIds: 'string[]',
  locationId: 'string',
  imagePrompt: 'string',
  motionPrompt: 'string',
  startSeconds: 'number',
  endSeconds: 'number',
  durationSeconds: 'number',
  factualValidation: 'object',
};

const CHARACTER_FIELDS: Record<string, Kind> = {
  id: 'string',
  name: 'string',
  canonicalDescription: 'string',
  anchorPrompt: 'string',
  source: 'string',
  sourceCharacterId: 'string',
  referenceAssetIds: 'string[]',
  storyFacts: 'string[]',
  voiceId: 'string',
  voiceStyle: 'string',
};

const MODEL_FIELDS = ['plannerModelId', 'imageModelId', 'videoModelId'] as const;

function checkShape(value: unknown, fields: Record<string, Kind>, param: string): JsonObject {
  if (!isJsonObject(value)) throw invalid(param, `${param} must be an object.`);
  for (const [key, item] of Object.entries(value)) {
    const kind = fields[key];
    if (!kind) throw invalid(`${param}.${key}`, `Unknown field ${param}.${key}.`);
    const ok =
      kind === 'string[]'
        ? Array.isArray(item) && item.every((entry) => typeof entry === 'string')
        : kind === 'object'
          ? isJsonObject(item)
          : kind === 'number'
            ? typeof item === 'number' && Number.isFinite(item)
            : typeof item === kind;
    if (!ok) throw invalid(`${param}.${key}`, `${param}.${key} must be ${kind}.`);
  }
  return value;
}

function requireRevision(req: RouteRequest, record: ProjectRecord): FacelessPlanRevision {
  const id = req.params.revisionId ?? '';
  const revision = record.facelessRevisions.find((candidate) => candidate.id === id);
  if (!revision) throw notFound('revisionId', `No faceless plan revision ${id} in this project.`);
  return revision;
}

function requireFacelessProject(req: RouteRequest): ProjectRecord {
  const record = requireProject(req);
  if (record.kind !== 'faceless') {
    throw notFound('projectId', `Project ${record.project.id} has no faceless plan.`);
  }
  return record;
}

/** Copies `source` into a new draft revision with the body's scene, character and model changes. */
function revise(
  req: RouteRequest,
  record: ProjectRecord,
  source: FacelessPlanRevision,
): FacelessPlanRevision {
  const { body } = req;
  const plan = structuredClone(source.plan ?? {});
  const scenes: PlanScene[] = plan.scenes ?? [];
  const characters: PlanCharacter[] = plan.characters ?? [];
  if (body.scenes !== undefined) {
    if (!Array.isArray(body.scenes)) throw invalid('scenes', 'scenes must be an array.');
    body.scenes.forEach((raw: unknown, i) => {
      const change = checkShape(raw, SCENE_FIELDS, `scenes[${i}]`);
      const scene = scenes.find((candidate) => candidate.index === change.index);
      if (change.index === undefined)
        throw invalid(`scenes[${i}].index`, `scenes[${i}].index is required.`);
      if (!scene)
        throw invalid(`scenes[${i}].index`, `The plan has no scene ${String(change.index)}.`);
      Object.assign(scene, change);
    });
    // Keep scene timing contiguous when durations changed.
    let cursor = 0;
    for (const scene of scenes.sort((a, b) => (a.index ?? 0) - (b.index ?? 0))) {
      const duration = scene.durationSeconds ?? (scene.endSeconds ?? 0) - (scene.startSeconds ?? 0);
      scene.startSeconds = Math.round(cursor * 10) / 10;
      cursor += duration;
      scene.endSeconds = Math.round(cursor * 10) / 10;
      scene.durationSeconds = duration;
    }
  }
  if (body.characters !== undefined) {
    if (!Array.isArray(body.characters))
      throw invalid('characters', 'characters must be an array.');
    body.characters.forEach((raw: unknown, i) => {
      const change = checkShape(raw, CHARACTER_FIELDS, `characters[${i}]`);
      if (change.id === undefined)
        throw invalid(`characters[${i}].id`, `characters[${i}].id is required.`);
      const character = characters.find((candidate) => candidate.id === change.id);
      if (!character)
        throw invalid(`characters[${i}].id`, `The plan has no character ${String(change.id)}.`);
      Object.assign(character, change);
    });
  }
  if (body.models !== undefined) {
    if (!isJsonObject(body.models)) throw invalid('models', 'models must be an object.');
    for (const [key, value] of Object.entries(body.models)) {
      if (!(MODEL_FIELDS as readonly string[]).includes(key)) {
        throw invalid(`models.${key}`, `Unknown model field models.${key}.`);
      }
      if (typeof value !== 'string' || value === '') {
        throw invalid(`models.${key}`, `models.${key} must be a non-empty string.`);
      }
      plan[key as (typeof MODEL_FIELDS)[number]] = value;
    }
  }
  const { sim } = req;
  const now = sim.nowIso();
  const nextNumber = Math.max(...record.facelessRevisions.map((revision) => revision.revision)) + 1;
  const created: FacelessPlanRevision = {
    ...structuredClone(source),
    id: sim.rng.uuid(),
    revision: nextNumber,
    status: 'draft',
    plan,
    preproduction_job_id: '',
    generation_job_id: '',
    error: '',
    created_at: now,
    updated_at: now,
  };
  if (created.series) created.series = { ...created.series, revision: nextNumber };
  delete created.plan_approved_at;
  delete created.assets_approved_at;
  record.facelessRevisions.push(created);
  record.project.updated_at = now;
  return created;
}

export function facelessHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(
      ctx,
      'get',
      '/projects/:projectId/faceless/plans',
      (req) => {
        const record = requireFacelessProject(req);
        const body: Schema<'FacelessPlanRevisionListResponse'> = {
          revisions: [...record.facelessRevisions].sort((a, b) => b.revision - a.revision),
        };
        return { body };
      },
      { uuidParams: ['projectId'] },
    ),

    route(
      ctx,
      'get',
      '/projects/:projectId/faceless/plans/:revisionId',
      (req) => ({ body: requireRevision(req, requireFacelessProject(req)) }),
      UUID_PARAMS,
    ),

    route(
      ctx,
      'post',
      '/projects/:projectId/faceless/plans/:revisionId/revise',
      (req) => {
        requirePaidPlan(req.principal, 'Revising a faceless plan');
        return idempotent(req, 'faceless.revise', () => {
          const record = requireFacelessProject(req);
          const source = requireRevision(req, record);
          return { status: 200, body: revise(req, record, source) };
        });
      },
      UUID_PARAMS,
    ),

    route(
      ctx,
      'post',
      '/projects/:projectId/faceless/plans/:revisionId/approve',
      (req) => {
        requirePaidPlan(req.principal, 'Approving a faceless plan');
        const record = requireFacelessProject(req);
        const revision = requireRevision(req, record);
        const stage = requireString(req.body, 'stage');
        if (stage !== 'plan' && stage !== 'assets') {
          throw invalid('stage', 'stage must be plan or assets.');
        }
        const now = req.sim.nowIso();
        if (stage === 'plan') {
          revision.plan_approved_at = now;
          revision.status = 'plan_approved';
          const job = startFacelessJob(req.sim, req.workspace, record, revision, 'plan', () => {
            if (!revision.preproduction_assets && revision.plan) {
              Object.assign(
                revision,
                buildPreproduction(req.sim.rng, revision.plan, req.sim.nowIso()),
              );
            }
            revision.status = 'assets_ready';
            revision.updated_at = req.sim.nowIso();
          });
          revision.preproduction_job_id = job.job_id;
        } else {
          if (!revision.plan_approved_at || !revision.preproduction_assets) {
            throw invalid('stage', 'Approve the plan and wait for its preproduction assets first.');
          }
          revision.assets_approved_at = now;
          revision.status = 'generating';
          const job = startFacelessJob(req.sim, req.workspace, record, revision, 'assets', () => {
            revision.status = 'complete';
            revision.updated_at = req.sim.nowIso();
          });
          revision.generation_job_id = job.job_id;
        }
        revision.updated_at = now;
        return { body: revision };
      },
      UUID_PARAMS,
    ),
  ];
}
