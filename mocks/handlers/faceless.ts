/** Faceless production plans: list and read revisions, revise (new draft), approve. */
import type { HttpHandler } from 'msw';
import type { ReviseRequest } from '@/shared-rules/faceless-staleness.ts';
import { planWaitingState } from '@/shared-rules/plan-waiting.ts';
import { invalid, notFound } from '../lib/errors.ts';
import { approveStage } from '../rules/faceless.ts';
import type { Schema } from '../store/contract.ts';
import { revisedRevision } from '../store/seed-faceless.ts';
import type { ProjectRecord, Workspace } from '../store/workspace.ts';
import { findAsset } from '../store/workspace.ts';
import { idempotent, pageParams, paginate, requireProject } from './helpers.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { route } from './route.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

const ID_PARAMS = { uuidParams: ['projectId', 'revisionId'] } as const;

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

/**
 * Checks a revise body (already valid against FacelessPlanReviseRequest in the contract) against
 * the source plan: the scenes, characters, locations and references it names must exist.
 */
function checkAgainstPlan(
  changes: ReviseRequest,
  source: FacelessPlanRevision,
  workspace: Workspace,
): void {
  const plan = source.plan ?? {};
  const characterIds = new Set((plan.characters ?? []).map((character) => character.id));
  const locationIds = new Set(
    (plan.storyKitSnapshot?.locations ?? []).map((location) => location.id),
  );
  const seenScenes = new Set<number>();
  (changes.scenes ?? []).forEach((change, i) => {
    const param = `scenes[${i}]`;
    if (!plan.scenes?.some((scene) => scene.index === change.index)) {
      throw invalid(`${param}.index`, `The plan has no scene ${change.index}.`);
    }
    if (seenScenes.has(change.index)) {
      throw invalid(`${param}.index`, `Scene ${change.index} is listed twice; merge its changes.`);
    }
    seenScenes.add(change.index);
    for (const id of change.characterIds ?? []) {
      if (!characterIds.has(id)) {
        throw invalid(`${param}.characterIds`, `The plan has no character ${id}.`);
      }
    }
    if (change.locationId !== undefined && !locationIds.has(change.locationId)) {
      throw invalid(`${param}.locationId`, `The story kit has no location ${change.locationId}.`);
    }
  });
  const seenCharacters = new Set<string>();
  (changes.characters ?? []).forEach((change, i) => {
    const param = `characters[${i}]`;
    if (!characterIds.has(change.id)) {
      throw invalid(`${param}.id`, `The plan has no character ${change.id}.`);
    }
    if (seenCharacters.has(change.id)) {
      throw invalid(`${param}.id`, `Character ${change.id} is listed twice; merge its changes.`);
    }
    seenCharacters.add(change.id);
    (change.referenceAssetIds ?? []).forEach((assetId, j) => {
      if (!findAsset(workspace, assetId)) {
        throw notFound(`${param}.referenceAssetIds[${j}]`, `No media asset ${assetId}.`);
      }
    });
  });
}

type WorkspaceEntry = Schema<'FacelessPlanWorkspaceEntry'>;

/**
 * Every plan revision of the workspace's faceless projects with what a cross-project list adds to
 * it (project name, the revision before it, the project's newest number), oldest first.
 */
function workspaceEntries(
  workspace: Workspace,
  statuses: ReadonlySet<string>,
  waitingOnly: boolean,
): WorkspaceEntry[] {
  const entries: WorkspaceEntry[] = [];
  for (const record of workspace.projects) {
    if (record.kind !== 'faceless' || record.facelessRevisions.length === 0) continue;
    const byNumber = new Map(record.facelessRevisions.map((r) => [r.revision, r]));
    const latest = Math.max(...byNumber.keys());
    for (const revision of record.facelessRevisions) {
      if (statuses.size > 0 && !statuses.has(revision.status)) continue;
      if (waitingOnly && !planWaitingState(revision, latest)) continue;
      const previous = byNumber.get(revision.revision - 1);
      entries.push({
        revision,
        project: { id: record.project.id, name: record.project.name },
        ...(previous ? { previous_revision: previous } : {}),
        latest_revision: latest,
      });
    }
  }
  return entries.sort(
    (a, b) =>
      a.revision.created_at.localeCompare(b.revision.created_at) ||
      a.revision.id.localeCompare(b.revision.id),
  );
}

export function facelessHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/faceless/plans', (req) => {
      const statuses = new Set((req.queryValues.status as string[] | undefined) ?? []);
      const waitingOnly = req.queryValues.waiting === true;
      const { page, bounds } = paginate(
        workspaceEntries(req.workspace, statuses, waitingOnly),
        pageParams(req),
      );
      const body: Schema<'FacelessPlanWorkspaceListResponse'> = { plans: page, bounds };
      return { body };
    }),

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
      ID_PARAMS,
    ),

    route(
      ctx,
      'post',
      '/projects/:projectId/faceless/plans/:revisionId/revise',
      (req) => {
        return idempotent(req, 'faceless.revise', () => {
          const record = requireFacelessProject(req);
          const source = requireRevision(req, record);
          const changes = req.body as ReviseRequest;
          checkAgainstPlan(changes, source, req.workspace);
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
      ID_PARAMS,
    ),

    route(
      ctx,
      'post',
      '/projects/:projectId/faceless/plans/:revisionId/approve',
      (req) => {
        const record = requireFacelessProject(req);
        const revision = requireRevision(req, record);
        const { stage } = req.body as Schema<'FacelessPlanApproveRequest'>;
        approveStage(req.sim, req.workspace, record, revision, stage);
        return { body: revision };
      },
      ID_PARAMS,
    ),
  ];
}
