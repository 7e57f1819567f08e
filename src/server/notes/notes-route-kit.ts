/**
 * What every review route shares: the session and its rate, the workspace's repository (503 while
 * the database is away), Idempotency-Key replays, the audit context, a note of the workspace or a
 * 404, and people named in messages.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BffError } from '../app/errors.ts';
import { admitSession, withDatabase } from '../app/route-guards.ts';
import type { Database } from '../db/database.ts';
import type { Session, SessionManager } from '../session/session.ts';
import type { TokenBuckets } from '../shared-state/shared-state.ts';
import { NotesRepository } from './notes-repository.ts';
import type { ReviewService } from './review-service.ts';
import type { ServiceReads } from './service-reads.ts';

export interface NotesRoutesOptions {
  sessions: SessionManager;
  limiter: TokenBuckets;
  database: Database;
  service: ServiceReads;
  review: ReviewService;
  now?: () => number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,200}$/;

/** "14:02 UTC on 7 Dec": when someone did something, in words. */
export function when(value: Date | string | null): string {
  if (value === null) return 'earlier';
  const date = new Date(value);
  const time = date.toISOString().slice(11, 16);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${time} UTC on ${day}`;
}

export function uuidParam(value: string, param: string, notFound: string): string {
  if (!UUID.test(value)) {
    throw param === 'noteId'
      ? new BffError(404, 'not_found', notFound)
      : new BffError(400, 'invalid_request', `${param} must be a UUID.`, { param });
  }
  return value.toLowerCase();
}

/** The shared steps of the review routes, bound to their options. */
export function notesRouteKit(options: NotesRoutesOptions) {
  const { sessions, limiter, database } = options;
  const now = options.now ?? Date.now;

  /** The session (401 without one), within its rate (429). */
  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<Session> {
    const session = sessions.read(request);
    if (!session) throw new BffError(401, 'unauthenticated', 'Not signed in.');
    await admitSession(limiter, session.id);
    reply.header('cache-control', 'no-store');
    return session;
  }

  /** Runs `work` with the session's workspace's repository (503 when the database is away). */
  function repository<T>(
    session: Session,
    work: (notes: NotesRepository) => Promise<T>,
  ): Promise<T> {
    return withDatabase(() =>
      database.run((db) => work(new NotesRepository(db, session.identity.organization_id))),
    );
  }

  const names = async (notes: NotesRepository, ids: Iterable<string | null>) =>
    notes.names([...ids].filter((id): id is string => id !== null));

  /**
   * A create with an Idempotency-Key: the answer the key got the first time (same request), 409
   * for another request under the same key, else `create` and remember its answer.
   */
  async function idempotent<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session,
    create: () => Promise<{ status: number; body: T }>,
  ): Promise<T> {
    const header = request.headers['idempotency-key'];
    if (header === undefined) {
      const created = await create();
      reply.code(created.status);
      return created.body;
    }
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
      throw new BffError(
        400,
        'invalid_request',
        'Idempotency-Key must be 8 to 200 letters, digits, dots, underscores, colons or hyphens.',
        { param: 'Idempotency-Key' },
      );
    }
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url.split('?', 1)[0]} ${JSON.stringify(request.body)}`)
      .digest('base64url');
    const userId = session.identity.user_id;
    const earlier = await repository(session, (notes) => notes.idempotent(userId, header));
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw new BffError(
          409,
          'idempotency_conflict',
          'This Idempotency-Key was already used for a different request: use a new key.',
          { param: 'Idempotency-Key' },
        );
      }
      reply.code(earlier.status).header('idempotent-replayed', 'true');
      return earlier.response as T;
    }
    const created = await create();
    await repository(session, (notes) =>
      notes.rememberIdempotent(
        userId,
        header,
        fingerprint,
        created.status,
        created.body,
        new Date(now()),
      ),
    );
    reply.code(created.status);
    return created.body;
  }

  const context = (
    request: FastifyRequest,
    session: Session,
    endpoint: string,
    status: number,
  ) => ({
    organizationId: session.identity.organization_id,
    userId: session.identity.user_id,
    method: request.method,
    endpoint,
    path: request.url.split('?', 1)[0] as string,
    status,
    at: new Date(now()),
  });

  /** A note of the workspace (404 in words otherwise: another workspace's ids included). */
  async function existing(notes: NotesRepository, noteId: string, lock = false) {
    const row = await notes.note(noteId, { lock });
    if (!row) {
      throw new BffError(
        404,
        'not_found',
        'This note no longer exists (it was deleted), or it was never in this workspace.',
      );
    }
    return row;
  }

  /** Someone's name in a message: their display name, else "Someone". */
  async function who(notes: NotesRepository, userId: string | null, me: string): Promise<string> {
    if (userId === null) return 'Someone';
    if (userId === me) return 'You';
    return (await notes.names([userId])).get(userId) ?? 'Someone';
  }

  return { now, signedIn, repository, names, idempotent, context, existing, who };
}
