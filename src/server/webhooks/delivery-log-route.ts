import type { FastifyInstance } from 'fastify';
import type { components } from '../../api/bff-schema.gen.ts';
import { matchesBffSchema } from '../app/bff-contract.ts';
import { sendError } from '../app/errors.ts';
import type { SessionManager } from '../session/session.ts';
import type { DeliveryLogStore } from './delivery-log.ts';

type DeliveryLog = components['schemas']['WebhookDeliveryLog'];

/** The `limit` query (bff.yaml `WebhookDeliveryLogLimit`), or null when it breaks the rule. */
function readLimit(query: unknown): number | null {
  const raw = (query as { limit?: unknown }).limit;
  if (raw === undefined) return 50;
  const limit = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  return matchesBffSchema('WebhookDeliveryLogLimit', limit) ? limit : null;
}

/** `GET /bff/webhook-deliveries`: the session organization's recent webhook deliveries. */
export function registerDeliveryLogRoute(
  app: FastifyInstance,
  options: { sessions: SessionManager; log: DeliveryLogStore },
): void {
  app.get('/bff/webhook-deliveries', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = options.sessions.read(request);
    if (!session) return sendError(reply, 401, 'unauthenticated', 'Not signed in.');
    const limit = readLimit(request.query);
    if (limit === null) {
      return sendError(reply, 400, 'invalid_request', 'limit must be 1 to 200.', 'limit');
    }
    const deliveries = await options.log.list(session.identity.organization_id, limit);
    return { deliveries } satisfies DeliveryLog;
  });
}
