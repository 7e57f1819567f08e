/** Administration: cancel a background (trigger) run of an asset, clip batch or export. */
import type { HttpHandler } from 'msw';
import { conflict, notFound } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import type { Workspace } from '../store/workspace.ts';
import { findAsset } from '../store/workspace.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

type ResourceType = Schema<'RecoveryResourceType'>;

function resourceExists(workspace: Workspace, type: ResourceType, id: string): boolean {
  if (type === 'asset') return findAsset(workspace, id) !== undefined;
  if (type === 'clip-batch') return workspace.clipBatches.has(id);
  return workspace.projects.some((record) => record.exports.some((item) => item.export_id === id));
}

export function adminHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(
      ctx,
      'post',
      '/admin/recovery/:resource_type/:resource_id/trigger-runs/:run_id/cancel',
      (req) => {
        // resource_type (enum), resource_id (uuid) and reason are checked by the contract.
        const type = req.params.resource_type as ResourceType;
        const resourceId = req.params.resource_id ?? '';
        const runId = req.params.run_id ?? '';
        if (!resourceExists(req.workspace, type, resourceId)) {
          throw notFound('resource_id', `No ${type} ${resourceId} in this workspace.`);
        }
        const run = req.workspace.triggerRuns.find(
          (candidate) =>
            candidate.run_id === runId &&
            candidate.resource_type === type &&
            candidate.resource_id === resourceId,
        );
        if (!run) throw notFound('run_id', `No background run ${runId} of ${type} ${resourceId}.`);
        if (run.status !== 'running') {
          throw conflict(
            'run_finished',
            `Run ${runId} already finished (${run.status}).`,
            'run_id',
          );
        }
        run.status = 'cancelled';
        const body: Schema<'RecoveryRunCancelResult'> = {
          success: true,
          run_id: run.run_id,
          status: run.status,
        };
        return { body };
      },
    ),
  ];
}
