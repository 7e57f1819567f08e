/** Exports and jobs: list and start exports, poll and cancel jobs. */
import type { HttpHandler } from 'msw';
import { requirePaidPlan } from '../lib/auth.ts';
import { notFound } from '../lib/errors.ts';
import { FINISHED_JOB_STATUSES, jobView, startExport } from '../rules/jobs.ts';
import type { Schema } from '../store/contract.ts';
import { pageParams, paginate, requireProject } from './helpers.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { route } from './route.ts';

function requireJob(req: RouteRequest) {
  const id = req.params.jobId ?? '';
  const job = req.workspace.jobs.find((candidate) => candidate.job_id === id);
  if (!job) throw notFound('jobId', `No job ${id}.`);
  return job;
}

export function exportJobHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/projects/:projectId/exports', (req) => {
      const record = requireProject(req);
      const { page } = paginate(record.exports, pageParams(req, 50));
      const body: Schema<'ExportListResponse'> = { exports: page, count: record.exports.length };
      return { body };
    }),

    route(ctx, 'post', '/projects/:projectId/exports', (req) => {
      requirePaidPlan(req.principal, 'Starting an export');
      const record = requireProject(req);
      // The contract (ExportStartRequest) already refused any other format or resolution.
      const { resolution = '1080p' } = req.body as Schema<'ExportStartRequest'>;
      const job = startExport(req.sim, req.workspace, record, resolution);
      return { status: 202, body: jobView(job, req.baseUrl) };
    }),

    route(ctx, 'get', '/jobs', (req) => {
      const sorted = [...req.workspace.jobs].sort((a, b) =>
        b.created_at.localeCompare(a.created_at),
      );
      const { page, bounds } = paginate(sorted, pageParams(req, 50));
      const body: Schema<'WorkspaceJobListResponse'> = {
        jobs: page.map((job) => jobView(job, req.baseUrl)),
        bounds,
      };
      return { body };
    }),

    route(ctx, 'get', '/jobs/:jobId', (req) => ({ body: jobView(requireJob(req), req.baseUrl) })),

    route(ctx, 'post', '/jobs/:jobId/cancel', (req) => {
      const job = requireJob(req);
      // Cancelling a finished job changes nothing and answers the job as it is.
      if (!FINISHED_JOB_STATUSES.has(job.status)) {
        job.status = 'cancelled';
        job.completed_at = req.sim.nowIso();
        job.error = 'Cancelled by request.';
      }
      return { body: jobView(job, req.baseUrl) };
    }),
  ];
}
