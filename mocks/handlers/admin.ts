/** Administration: cancel a background (trigger) run of an asset, clip batch or export. */
import type { HttpHandler } from 'msw';
import { cancelRun, listActiveRuns } from '../rules/background-runs.ts';
import type { Schema } from '../store/contract.ts';
import type { HandlerContext } from './route.ts';
import { pageParams, paginate } from './helpers.ts';
import { queryOf, route } from './route.ts';

type ResourceType = Schema<'RecoveryResourceType'>;

export function adminHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/admin/recovery/trigger-runs', (req) => {
      const query = queryOf(req, 'listRecoveryRuns');
      const { page, bounds } = paginate(
        listActiveRuns(req.workspace, query.resource_type),
        pageParams(req),
      );
      const body: Schema<'RecoveryRunList'> = { runs: page, bounds };
      return { body };
    }),
    route(
      ctx,
      'post',
      '/admin/recovery/:resource_type/:resource_id/trigger-runs/:run_id/cancel',
      (req) => {
        // resource_type (enum), resource_id (uuid) and reason are checked by the contract.
        const body: Schema<'RecoveryRunCancelResult'> = cancelRun(
          req.sim,
          req.workspace,
          req.params.resource_type as ResourceType,
          req.params.resource_id ?? '',
          req.params.run_id ?? '',
        );
        return { body };
      },
    ),
  ];
}
