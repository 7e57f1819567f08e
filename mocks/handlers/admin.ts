/** Administration: cancel a background (trigger) run of an asset, clip batch or export. */
import type { HttpHandler } from 'msw';
import { invalid } from '../lib/errors.ts';
import { optionalString } from '../lib/validate.ts';
import type { Schema } from '../store/contract.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

const RESOURCE_TYPES = new Set(['asset', 'clip-batch', 'export']);

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
        optionalString(req.body, 'reason', { max: 500 });
        const body: Schema<'RecoveryRunCancelResult'> = {
          success: true,
          run_id: req.params.run_id ?? '',
          status: 'cancelled',
        };
        return { body };
      },
      { uuidParams: ['resource_id'] },
    ),
  ];
}
