/**
 * What the notes need from the service, asked with the session's own key: a plan revision (to
 * check a note's anchor, to carry notes to a new revision), and whether the key may write at all.
 */
import type { FacelessPlanRevision } from '../../api/schema.gen.ts';
import { BffError } from '../app/errors.ts';
import type { Session } from '../session/session.ts';
import {
  type UpstreamClient,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
} from '../proxy/upstream-client.ts';

/** The nil UUID: no project has it, so a write to it changes nothing. */
const NO_PROJECT = '00000000-0000-0000-0000-000000000000';

function headersFor(session: Session, requestId: string): Record<string, string> {
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    'user-agent': 'cutroom-bff',
    'x-request-id': requestId,
    authorization: `Bearer ${session.apiKey}`,
  };
}

function unreachable(error: unknown): never {
  if (error instanceof UpstreamTimeoutError) {
    throw new BffError(504, 'upstream_timeout', 'The service did not answer in time; try again.');
  }
  if (error instanceof UpstreamUnreachableError) {
    throw new BffError(502, 'upstream_unreachable', 'The service could not be reached; try again.');
  }
  throw error;
}

export class ServiceReads {
  /** Whether each session's key may write, learnt once per session (per instance). */
  private readonly access = new Map<string, boolean>();

  constructor(private readonly upstream: UpstreamClient) {}

  /**
   * A plan revision of the session's workspace; 404 in words when the service has none (a
   * revision of another workspace included).
   */
  async revision(
    session: Session,
    projectId: string,
    revisionId: string,
    requestId: string,
  ): Promise<FacelessPlanRevision> {
    let response;
    try {
      response = await this.upstream.requestBuffered({
        method: 'GET',
        pathAndQuery: `${this.upstream.basePath}/projects/${encodeURIComponent(projectId)}/faceless/plans/${encodeURIComponent(revisionId)}`,
        headers: headersFor(session, requestId),
      });
    } catch (error) {
      unreachable(error);
    }
    if (response.status === 404 || response.status === 400) {
      throw new BffError(404, 'not_found', 'This workspace has no such plan revision.');
    }
    if (response.status === 401) {
      throw new BffError(
        401,
        'unauthenticated',
        'The service no longer accepts this session: sign in again.',
      );
    }
    if (response.status !== 200) {
      throw new BffError(
        502,
        'upstream_error',
        `The service answered the plan revision with HTTP ${response.status}; try again.`,
      );
    }
    try {
      const revision = JSON.parse(response.body.toString('utf8')) as FacelessPlanRevision;
      if (revision.id !== revisionId || revision.project_id !== projectId) {
        throw new Error('another revision');
      }
      return revision;
    } catch {
      throw new BffError(
        502,
        'upstream_error',
        'The service answered the plan revision unexpectedly.',
      );
    }
  }

  /**
   * Whether the session's key may write. The service says how a key's scopes work nowhere, but a
   * key without write access is refused any write with 403: a write that can change nothing (an
   * update of a project no workspace has) answers 403 for such a key and 404 for any other.
   */
  async canWrite(session: Session, requestId: string): Promise<boolean> {
    const known = this.access.get(session.id);
    if (known !== undefined) return known;
    let status: number;
    try {
      status = (
        await this.upstream.requestBuffered({
          method: 'PATCH',
          pathAndQuery: `${this.upstream.basePath}/projects/${NO_PROJECT}`,
          headers: headersFor(session, requestId),
          body: Buffer.from('{}'),
        })
      ).status;
    } catch (error) {
      unreachable(error);
    }
    if (status === 401) {
      throw new BffError(
        401,
        'unauthenticated',
        'The service no longer accepts this session: sign in again.',
      );
    }
    if (status >= 500) {
      throw new BffError(
        502,
        'upstream_error',
        'The service could not say whether this key may write; try again.',
      );
    }
    const canWrite = status !== 403;
    // Bounded: the oldest session's answer goes first (it is asked again if needed).
    if (this.access.size >= 10_000) this.access.delete(this.access.keys().next().value as string);
    this.access.set(session.id, canWrite);
    return canWrite;
  }

  /** Refuses the write of a read-only key (403 in words). */
  async requireWrite(session: Session, requestId: string): Promise<void> {
    if (!(await this.canWrite(session, requestId))) {
      throw new BffError(
        403,
        'read_only_key',
        'This workspace key is read-only: it can read notes but not write them. Sign in with a key that can write.',
      );
    }
  }
}
