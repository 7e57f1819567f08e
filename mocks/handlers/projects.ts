/** Project management: list, create, get, update, batch delete, jobs. */
import type { HttpHandler } from 'msw';
import { initialCaptionStyle } from '../rules/onboarding.ts';
import { CAPTION_LOOKS } from './captions.ts';
import { invalid } from '../lib/errors.ts';
import { optionalString, requireString } from '../lib/validate.ts';
import { parseBatchDeleteBody, selectUnion } from '../rules/deletion.ts';
import { jobView } from '../rules/jobs.ts';
import { deleteProjects } from '../rules/workspace-deletes.ts';
import type { Schema } from '../store/contract.ts';
import { newProjectRecord } from '../store/project-factory.ts';
import { pageParams, paginate, requireProject } from './helpers.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

const ASPECT_RATIOS = new Set(['9:16', '16:9', '1:1', '4:5']);

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
      const name = requireString(body, 'name', { min: 1, max: 200 });
      const description = optionalString(body, 'description', { max: 2000 }) ?? '';
      const aspectRatio = optionalString(body, 'aspect_ratio') ?? '9:16';
      if (!ASPECT_RATIOS.has(aspectRatio)) {
        throw invalid(
          'aspect_ratio',
          `aspect_ratio must be one of ${[...ASPECT_RATIOS].join(', ')}.`,
        );
      }
      const record = newProjectRecord(sim, { name, description, aspectRatio });
      // New projects start with the workspace's caption defaults (onboarding).
      record.captionStyle = initialCaptionStyle(workspace, CAPTION_LOOKS, record.captionStyle);
      workspace.projects.unshift(record);
      sim.emit(workspace.organizationId, 'project.created', {
        project_id: record.project.id,
        name: record.project.name,
      });
      return { status: 201, body: record.project };
    }),

    route(ctx, 'post', '/projects/batch-delete', ({ body, workspace }) => {
      const request = parseBatchDeleteBody(body);
      const named = workspace.projects.map((record) => ({
        id: record.project.id,
        name: record.project.name,
        record,
      }));
      const { selected, missingIds } = selectUnion(named, request);
      return {
        body: deleteProjects(
          workspace,
          selected.map((entry) => entry.record),
          missingIds,
          request,
        ),
      };
    }),

    route(ctx, 'get', '/projects/:projectId', (req) => ({ body: requireProject(req).project })),

    route(ctx, 'patch', '/projects/:projectId', (req) => {
      const record = requireProject(req);
      const name = optionalString(req.body, 'name', { min: 1, max: 200 });
      const description = optionalString(req.body, 'description', { max: 2000 });
      if (name !== null) record.project.name = name;
      if (description !== null) record.project.description = description;
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
