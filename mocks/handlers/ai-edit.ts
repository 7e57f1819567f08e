/** AI edit: apply a style to a run (paid). */
import type { HttpHandler } from 'msw';
import { requirePaidPlan } from '../lib/auth.ts';
import { invalid, notFound } from '../lib/errors.ts';
import { optionalBoolean, optionalString, queryString } from '../lib/validate.ts';
import type { Schema } from '../store/contract.ts';
import { findProject } from '../store/workspace.ts';
import { CAPTION_LOOKS } from './captions.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

export function aiEditHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/ai-edit/runs', (req) => {
      const projectFilter = queryString(req.query, 'project_id', { min: 1, max: 200 });
      const runs: Schema<'AiEditRun'>[] = [];
      for (const [runId, run] of req.workspace.aiEditRuns) {
        if (projectFilter !== null && run.projectId !== projectFilter) continue;
        runs.push({
          run_id: runId,
          project_id: run.projectId,
          project_name: findProject(req.workspace, run.projectId)?.project.name ?? '',
          status: 'complete',
          created_at: run.createdAt,
          applied_style_id: run.appliedStyleId,
        });
      }
      runs.sort((a, b) => b.created_at.localeCompare(a.created_at));
      const body: Schema<'AiEditRunListResponse'> = { runs };
      return { body };
    }),

    route(ctx, 'post', '/ai-edit/runs/:runId/apply-style', (req) => {
      requirePaidPlan(req.principal, 'Applying an AI edit style');
      const runId = req.params.runId ?? '';
      const run = req.workspace.aiEditRuns.get(runId);
      if (run === undefined) throw notFound('runId', `No AI edit run ${runId}.`);
      const { projectId } = run;
      const styleId = optionalString(req.body, 'style_id', { min: 1, max: 100 }) ?? 'mirage-black';
      const look = CAPTION_LOOKS.find((candidate) => candidate.id === styleId);
      if (!look) throw invalid('style_id', `Unknown style ${styleId}.`);
      const dryRun = optionalBoolean(req.body, 'dry_run');
      const record = findProject(req.workspace, projectId);
      const receipts: NonNullable<Schema<'AiEditStyleResult'>['receipts']> = [];
      if (record) {
        receipts.push({
          action: 'caption_style.apply_look',
          target_id: record.project.id,
          dry_run: dryRun,
          changes: { look_id: { from: record.captionStyle.look_id, to: look.id } },
        });
        if (!dryRun) {
          record.captionStyle = {
            ...record.captionStyle,
            settings: { ...record.captionStyle.settings, ...look.settings },
            look_id: look.id,
          };
          record.timeline.revision += 1;
          run.appliedStyleId = look.id;
          record.project.updated_at = req.sim.nowIso();
        }
      }
      const body: Schema<'AiEditStyleResult'> = {
        success: true,
        dry_run: dryRun,
        run_id: runId,
        project_id: projectId,
        style_id: look.id,
        receipts,
        txid: record?.timeline.revision ?? 0,
      };
      return { body };
    }),
  ];
}
