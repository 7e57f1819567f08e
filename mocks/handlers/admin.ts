/** Administration: cancel a background (trigger) run of an asset, clip batch or export. */
import type { HttpHandler } from 'msw';
import { cancelRun } from '../rules/background-runs.ts';
import type { Schema } from '../store/contract.ts';
import type { RunRecord } from '../store/workspace.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

export function adminHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(
      ctx,
      'post',
      '/admin/recovery/:resource_type/:resource_id/trigger-runs/:run_id/cancel',
      (req) => {
        // resource_type, resource_id and reason are checked against the contract (route.ts).
        const type = req.params.resource_type ?? '';
        const body: Schema<'RecoveryRunCancelResult'> = cancelRun(
          req.sim,
          req.workspace,
          type as RunRecord['resource_type'],
          req.params.resource_id ?? '',
          req.params.run_id ?? '',
        );
        return { body };
      },
    ),
  ];
}
