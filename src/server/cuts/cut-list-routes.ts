/**
 * The cut list's routes (bff.yaml, tag Words): list, record and take off the cuts of a project,
 * for the signed-in organization only. Inputs are checked against bff.yaml (400 naming the field);
 * the service is not asked (the list is the BFF's own data).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../api/bff-schema.gen.ts';
import { checkBffRequest } from '../app/bff-contract.ts';
import { BffError, sendError } from '../app/errors.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import type { SessionManager } from '../session/session.ts';
import type { CutListStore } from './cut-list-store.ts';

export const CUTS_ROUTE = '/bff/projects/:projectId/cuts';
export const REMOVE_CUTS_ROUTE = '/bff/projects/:projectId/cuts/remove';

type Params = { projectId: string };

/** How long a client waits before asking again while the database is away (seconds). */
const RETRY_AFTER_SECONDS = 5;

/** The store's work; a database that cannot be reached is 503 `database_unavailable`, said. */
async function stored<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DatabaseUnavailableError)
      throw new BffError(
        503,
        'database_unavailable',
        `The cut list cannot be reached right now (${error.message}); the timeline itself is fine. Try again in ${RETRY_AFTER_SECONDS} seconds.`,
        { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
      );
    throw error;
  }
}

export function registerCutListRoutes(
  app: FastifyInstance,
  options: { sessions: SessionManager; store: CutListStore; now?: () => number },
): void {
  const now = options.now ?? Date.now;
  const signedIn = (request: FastifyRequest, reply: FastifyReply) => {
    const session = options.sessions.read(request);
    if (!session) {
      void sendError(reply, 401, 'unauthenticated', 'Not signed in.');
      return null;
    }
    return session;
  };

  app.get<{ Params: Params }>(CUTS_ROUTE, async (request, reply) => {
    const session = signedIn(request, reply);
    if (!session) return reply;
    checkBffRequest('listCuts', request);
    reply.header('cache-control', 'no-store');
    const cuts = await stored(() =>
      options.store.list(session.identity.organization_id, request.params.projectId),
    );
    return { cuts } satisfies components['schemas']['CutList'];
  });

  app.post<{ Params: Params }>(CUTS_ROUTE, async (request, reply) => {
    const session = signedIn(request, reply);
    if (!session) return reply;
    checkBffRequest('recordCuts', request);
    const { cuts } = request.body as components['schemas']['NewCuts'];
    const createdAt = new Date(now()).toISOString();
    const organization = session.identity.organization_id;
    const list = await stored(async () => {
      await options.store.add(
        organization,
        request.params.projectId,
        cuts.map((cut) => ({ ...cut, created_at: createdAt, user_id: session.identity.user_id })),
      );
      return options.store.list(organization, request.params.projectId);
    });
    reply.code(201).header('cache-control', 'no-store');
    return { cuts: list } satisfies components['schemas']['CutList'];
  });

  app.post<{ Params: Params }>(REMOVE_CUTS_ROUTE, async (request, reply) => {
    const session = signedIn(request, reply);
    if (!session) return reply;
    checkBffRequest('removeCuts', request);
    const { ids } = request.body as components['schemas']['CutIds'];
    const removed = await stored(() =>
      options.store.remove(session.identity.organization_id, request.params.projectId, ids),
    );
    return { removed } satisfies components['schemas']['CutsRemoved'];
  });
}
