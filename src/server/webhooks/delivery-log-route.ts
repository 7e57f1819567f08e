import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendError } from '../errors.ts';
import type { SessionManager } from '../session.ts';
import type { DeliveryLogStore } from './delivery-log.ts';

const query = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** `GET /bff/webhook-deliveries`: the session organization's recent webhook deliveries. */
export function registerDeliveryLogRoute(
  app: FastifyInstance,
  options: { sessions: SessionManager; log: DeliveryLogStore },
): void {
  app.get('/bff/webhook-deliveries', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = options.sessions.read(request);
    if (!session) return sendError(reply, 401, 'unauthenticated', 'Not signed in.');
    const parsed = query.safeParse(request.query);
    if (!parsed.success) {
      return sendError(reply, 400, 'invalid_request', 'limit must be 1 to 200.', 'limit');
    }
    const deliveries = await options.log.list(session.identity.organization_id, parsed.data.limit);
    return { deliveries };
  });
}
