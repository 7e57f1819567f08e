/** Faceless production plans: list and read revisions, revise (new draft), approve. */
import type { HttpHandler } from 'msw';
import type { ReviseRequest } from '@/lib/faceless-staleness.ts';
import { requirePaidPlan } from '../lib/auth.ts';
import { invalid, notFound } from '../lib/errors.ts';
import type { JsonObject } from '../lib/validate.ts';
import { isJsonObject, requireString } from '../lib/validate.ts';
import { isUuid } from '../lib/uuid.ts';
import { approveStage } from '../rules/faceless.ts';
import type { FacelessPlanRevision, Schema } from '../store/contract.ts';
import { revisedRevision } from '../store/seed-faceless.ts';
import type { ProjectRecord, Workspace } from '../store/workspace.ts';
import { findAsset } from '../store/workspace.ts';
import { idempotent, requireProject } from './helpers.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { route } from './route.ts';

const UUID_PARAMS = { uuidParams: ['projectId', 'revisionId'] } as const;

type Kind = 'text' | 'optional-text' | 'number' | 'string[]';

// Shapes of FacelessPlanReviseRequest (src/api/openapi.yaml). Checked by hand until the simulator
// validates every request against the contract; then only the cross-field rules below remain.
const SCENE_FIELDS: Record<string, Kind> = {
  index: 'number',
  title: 'text',
  narration: 'text',
  originalCue: 'optional-text',
  characterIds: 'string[]',
  locationId: 'text',
  imagePrompt: 'text',
  motionPrompt: 'text',
  durationSeconds: 'number',
};

const CHARACTER_FIELDS: Record<string, Kind> = {
  id: 'text',
  name: 'text',
  canonicalDescription: 'text',
  anchorPrompt: 'text',
  referenceAssetIds: 'string[]',
  storyFacts: 'string[]',
  voiceId: 'text',
  voiceStyle: 'text',
};

const MODEL_FIELDS: Record<string, Kind> = {
  plannerModelId: 'text',
  imageModelId: 'text',
  videoModelId: 'text',
};

function checkShape(value: unknown, fields: Record<string, Kind>, param: string): JsonObject {
  if (!isJsonObject(value)) throw invalid(param, `${param} must be an object.`);
  for (const [key, item] of Object.entries(value)) {
    const kind = fields[key];
    const name = `${param}.${key}`;
    if (!kind) throw invalid(name, `Unknown field ${name}.`);
    const ok =
      kind === 'string[]'
        ? Array.isArray(item) && item.every((entry) => typeof entry === 'string')
        : kind === 'number'
          ? typeof item === 'number' && Number.isFinite(item)
          : typeof item === 'string' && (kind === 'optional-text' || item.trim() !== '');
    if (!ok) {
      const expected =
        kind === 'string[]' ? 'an array of strings' : kind === 'number' ? 'a number' : 'text';
      throw invalid(name, `${name} must be ${expected}${kind === 'text' ? ', not empty' : ''}.`);
    }
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

/** Checks the revise body against the source plan (the rules the contract cannot declare). */
function parseRevise(
  body: JsonObject,
  source: FacelessPlanRevision,
  workspace: Workspace,
): ReviseRequest {
  for (const key of Object.keys(body)) {
    if (!['scenes', 'characters', 'styleAnchorPrompt', 'models'].includes(key)) {
      throw invalid(key, `Unknown field ${key}.`);
    }
  }
  const plan = source.plan ?? {};
  const characterIds = new Set((plan.characters ?? []).map((character) => character.id));
  const locationIds = new Set(
    (plan.storyKitSnapshot?.locations ?? []).map((location) => location.id),
  );
  if (body.scenes !== undefined && !Array.isArray(body.scenes)) {
    throw invalid('scenes', 'scenes must be an array.');
  }
  const seenScenes = new Set<number>();
  (Array.isArray(body.scenes) ? body.scenes : []).forEach((raw: unknown, i) => {
    const param = `scenes[${i}]`;
    const change = checkShape(raw, SCENE_FIELDS, param);
    const index = change.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
      throw invalid(`${param}.index`, `${param}.index is required: a whole number >= 0.`);
    }
    if (!plan.scenes?.some((scene) => scene.index === index)) {
      throw invalid(`${param}.index`, `The plan has no scene ${index}.`);
    }
    if (seenScenes.has(index)) {
      throw invalid(`${param}.index`, `Scene ${index} is listed twice; merge its changes.`);
    }
    seenScenes.add(index);
    const duration = change.durationSeconds;
    if (typeof duration === 'number' && (duration <= 0 || duration > 60)) {
      throw invalid(
        `${param}.durationSeconds`,
        `${param}.durationSeconds must be above 0 and at most 60.`,
      );
    }
    for (const id of (change.characterIds as string[] | undefined) ?? []) {
      if (!characterIds.has(id)) {
        throw invalid(`${param}.characterIds`, `The plan has no character ${id}.`);
      }
    }
    if (typeof change.locationId === 'string' && !locationIds.has(change.locationId)) {
      throw invalid(`${param}.locationId`, `The story kit has no location ${change.locationId}.`);
    }
  });
  if (body.characters !== undefined && !Array.isArray(body.characters)) {
    throw invalid('characters', 'characters must be an array.');
  }
  const seenCharacters = new Set<string>();
  (Array.isArray(body.characters) ? body.characters : []).forEach((raw: unknown, i) => {
    const param = `characters[${i}]`;
    const change = checkShape(raw, CHARACTER_FIELDS, param);
    const id = change.id;
    if (typeof id !== 'string') throw invalid(`${param}.id`, `${param}.id is required.`);
    if (!characterIds.has(id)) throw invalid(`${param}.id`, `The plan has no character ${id}.`);
    if (seenCharacters.has(id)) {
      throw invalid(`${param}.id`, `Character ${id} is listed twice; merge its changes.`);
    }
    seenCharacters.add(id);
    ((change.referenceAssetIds as string[] | undefined) ?? []).forEach((assetId, j) => {
      const name = `${param}.referenceAssetIds[${j}]`;
      if (!isUuid(assetId)) throw invalid(name, `${name} must be a UUID.`);
      if (!findAsset(workspace, assetId)) throw notFound(name, `No media asset ${assetId}.`);
    });
  });
  if (body.styleAnchorPrompt !== undefined) {
    requireString(body, 'styleAnchorPrompt', { min: 1, max: 2000 });
  }
  if (body.models !== undefined) checkShape(body.models, MODEL_FIELDS, 'models');
  return body as ReviseRequest;
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
          const changes = parseRevise(req.body, source, req.workspace);
          const now = req.sim.nowIso();
          const created = revisedRevision(source, changes, {
            id: req.sim.rng.uuid(),
            revision: Math.max(...record.facelessRevisions.map((r) => r.revision)) + 1,
            now,
          });
          record.facelessRevisions.push(created);
          record.project.updated_at = now;
          return { status: 200, body: created };
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
        approveStage(req.sim, req.workspace, record, revision, stage);
        return { body: revision };
      },
      UUID_PARAMS,
    ),
  ];
}
