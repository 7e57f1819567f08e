/** Administration: cancel a background (trigger) run of an asset, clip batch or export. */
import type { HttpHandler } from 'msw';
import { invalid } from '../lib/errors.ts';
import { requireString } from '../lib/validate.ts';
import { cancelRun } from '../rules/background-runs.ts';
import type { Schema } from '../store/contract.ts';
import type { RunRecord } from '../store/workspace.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

const RESOURCE_TYPES = new Set<string>(['asset', 'clip-batch', 'export']);

export function adminHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(
      ctx,
      'post',
      '/admin/recovery/:resource_type/:resource_id/trigger-runs/:run_id/cancel',
      (req) => {
        const type = req.params.resource_type ?? '';
        if (!RESOURCE_TYPES.has(type)) {
          throw invalid('resource_type', 'resource_type must be asset, clip-batch or export.');
        }
        requireString(req.body, 'reason', { min: 3, max: 500 });
        const body: Schema<'RecoveryRunCancelResult'> = cancelRun(
          req.sim,
          req.workspace,
          type as RunRecord['resource_type'],
          req.params.resource_id ?? '',
          req.params.run_id ?? '',
        );
        return { body };
      },
      { uuidParams: ['resource_id'] },
    ),
  ];
}
