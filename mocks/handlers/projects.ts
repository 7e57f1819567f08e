/** Project management: list, create, get, update, batch delete, jobs. */
import type { HttpHandler } from 'msw';
import { initialCaptionStyle } from '../rules/onboarding.ts';
import { CAPTION_LOOKS } from './captions.ts';
import { parseBatchDeleteBody, selectUnion } from '../rules/deletion.ts';
import { jobView } from '../rules/jobs.ts';
import { deleteProjects } from '../rules/workspace-deletes.ts';
import type { Schema } from '../store/contract.ts';
import { newProjectRecord } from '../store/project-factory.ts';
import { idempotent, pageParams, paginate, requireProject } from './helpers.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

export function projectHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/projects', (req) => {
      const { page, bounds } = paginate(req.workspace.projects, pageParams(req, 50));
      const body: Schema<'ProjectListResponse'> = {
        projects: page.map((record) => record.project),
        bounds,
      };
      return { body };
    }),

    route(ctx, 'post', '/projects', ({ body, sim, workspace }) => {
      const request = body as Schema<'ProjectCreateRequest'>;
      const record = newProjectRecord(sim, {
        name: request.name,
        description: request.description ?? '',
        aspectRatio: request.aspect_ratio ?? '9:16',
      });
      // New projects start with the workspace's caption defaults (onboarding).
      record.captionStyle = initialCaptionStyle(workspace, CAPTION_LOOKS, record.captionStyle);
      workspace.projects.unshift(record);
      sim.emit(workspace.organizationId, 'project.created', {
        project_id: record.project.id,
        name: record.project.name,
      });
      return { status: 201, body: record.project };
    }),

    route(ctx, 'post', '/projects/batch-delete', (req) =>
      // Under an Idempotency-Key a repeated request deletes once (assumed, as the asset deletes).
      idempotent(req, 'batchDeleteProjects', () => {
        const { body, workspace } = req;
        const request = parseBatchDeleteBody(body);
        const named = workspace.projects.map((record) => ({
          id: record.project.id,
          name: record.project.name,
          record,
        }));
        const { selected, missingIds } = selectUnion(named, request);
        const result = deleteProjects(
          workspace,
          selected.map((entry) => entry.record),
          missingIds,
          request,
          (item) => req.sim.faults.deleteFailure(item),
        );
        return { status: 200, body: result };
      }),
    ),

    route(ctx, 'get', '/projects/:projectId', (req) => ({ body: requireProject(req).project })),

    route(ctx, 'patch', '/projects/:projectId', (req) => {
      const record = requireProject(req);
      const { name, description } = req.body as Schema<'ProjectUpdateRequest'>;
      if (name !== undefined) record.project.name = name;
      if (description !== undefined) record.project.description = description;
      record.project.updated_at = req.sim.nowIso();
      return { body: record.project };
    }),

    route(ctx, 'get', '/projects/:projectId/jobs', (req) => {
      const record = requireProject(req);
      const body: Schema<'JobListResponse'> = {
        jobs: req.workspace.jobs
          .filter((job) => job.project_id === record.project.id)
          .map((job) => jobView(job, req.baseUrl)),
      };
      return { body };
    }),
  ];
}
