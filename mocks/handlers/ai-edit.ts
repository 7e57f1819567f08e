/** AI edit: apply a style to a run (paid). */
import type { HttpHandler } from 'msw';
import { invalid, notFound } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import { findProject } from '../store/workspace.ts';
import { CAPTION_LOOKS } from './captions.ts';
import type { HandlerContext } from './route.ts';
import { queryOf, route } from './route.ts';

export function aiEditHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/ai-edit/runs', (req) => {
      const projectFilter = queryOf(req, 'listAiEditRuns').project_id ?? null;
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
      const runId = req.params.runId ?? '';
      const run = req.workspace.aiEditRuns.get(runId);
      if (run === undefined) throw notFound('runId', `No AI edit run ${runId}.`);
      const { projectId } = run;
      const request = req.body as Schema<'AiEditStyleRequest'>;
      const styleId = request.style_id ?? 'mirage-black';
      const look = CAPTION_LOOKS.find((candidate) => candidate.id === styleId);
      if (!look) throw invalid('style_id', `Unknown style ${styleId}.`);
      const dryRun = request.dry_run ?? false;
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
