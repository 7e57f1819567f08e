/**
 * What the BFF learns from the plan calls it forwards: a revise that the service accepted makes a
 * new revision of the series, and the open notes of the revision it was made from move to it (the
 * same scene by index and title, "scene changed since" when it did); an approve that the service
 * accepted is an `approved` decision. Both are recorded in the audit trail and announced live.
 * Runs before the browser gets the service's answer, so the new revision's notes are there when
 * the browser asks for them.
 */
import type { FacelessPlanRevision } from '../../api/schema.gen.ts';
import type { NoteAnchor, NoteCarry } from '../../api/bff-schema.gen.ts';
import type { Database } from '../db/database.ts';
import type { ProxyExchange } from '../proxy/proxy.ts';
import { decisionOf, NotesRepository } from './notes-repository.ts';
import { carryAnchor } from './plan-anchors.ts';
import type { ReviewService } from './review-service.ts';
import type { ServiceReads } from './service-reads.ts';

const REVISE = '/projects/{projectId}/faceless/plans/{revisionId}/revise';
const APPROVE = '/projects/{projectId}/faceless/plans/{revisionId}/approve';
const PLAN_PATH = /\/projects\/([^/?]+)\/faceless\/plans\/([^/?]+)\/(?:revise|approve)/;

function parse<T>(body: Buffer | undefined): T | undefined {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

export interface ReviewHooksOptions {
  database: Database;
  service: ServiceReads;
  review: ReviewService;
  now?: () => number;
}

/** The proxy hook (undefined, at once, for every other call). */
export function reviewHooks(
  options: ReviewHooksOptions,
): (exchange: ProxyExchange) => Promise<void> | undefined {
  const now = options.now ?? Date.now;
  return (exchange) => {
    if (exchange.method !== 'POST' || exchange.status < 200 || exchange.status >= 300) {
      return undefined;
    }
    if (exchange.replayed) return undefined;
    if (exchange.template === REVISE) return carried(exchange);
    if (exchange.template === APPROVE) return approved(exchange);
    return undefined;
  };

  function ids(exchange: ProxyExchange): { projectId: string; revisionId: string } | undefined {
    const match = PLAN_PATH.exec(exchange.request.url);
    if (!match) return undefined;
    return {
      projectId: decodeURIComponent(match[1] as string).toLowerCase(),
      revisionId: decodeURIComponent(match[2] as string).toLowerCase(),
    };
  }

  async function carried(exchange: ProxyExchange): Promise<void> {
    const from = ids(exchange);
    const next = parse<FacelessPlanRevision>(exchange.responseBody);
    if (!from || !next?.id) return;
    const session = exchange.session;
    const organizationId = session.identity.organization_id;
    const hasOpen = await options.database.run((db) =>
      new NotesRepository(db, organizationId).openNoteCount(from.revisionId),
    );
    if (hasOpen === 0) return;
    const source = await options.service.revision(
      session,
      from.projectId,
      from.revisionId,
      exchange.request.id,
    );
    const at = new Date(now());
    const moved = await options.database.run((db) =>
      new NotesRepository(db, organizationId).transaction(async (notes) => {
        const open = await notes.openNotes(from.revisionId, true);
        for (const note of open) {
          const anchor = (note.anchor as NoteAnchor | null) ?? { kind: 'revision' };
          const carry = carryAnchor(anchor, source.plan, next.plan);
          const record: NoteCarry = {
            from_revision_id: from.revisionId,
            from_revision: note.revision,
            from_anchor: anchor,
            carried_at: at.toISOString(),
            scene_changed: carry.sceneChanged,
            changes: carry.changes,
          };
          await notes.carry(
            note,
            {
              projectId: from.projectId,
              revisionId: next.id.toLowerCase(),
              revision: next.revision,
            },
            carry.anchor,
            record,
          );
        }
        return open.map((note) => note.id);
      }),
    );
    if (moved.length === 0) return;
    await options.review.changed(
      {
        organizationId,
        userId: session.identity.user_id,
        method: 'POST',
        endpoint: REVISE,
        path: exchange.request.url.replace(/^\/api\/v1/, '').split('?', 1)[0] ?? '',
        status: exchange.status,
        at,
      },
      {
        action: 'note.carry',
        projectId: from.projectId,
        revisionId: next.id.toLowerCase(),
        subjectId: next.id.toLowerCase(),
        summary: `${moved.length} open ${moved.length === 1 ? 'note' : 'notes'} carried from revision ${source.revision} to revision ${next.revision}`,
        event: {
          type: 'notes.carried',
          data: { from_revision_id: from.revisionId, note_ids: moved },
        },
      },
    );
  }

  async function approved(exchange: ProxyExchange): Promise<void> {
    const target = ids(exchange);
    const revision = parse<FacelessPlanRevision>(exchange.responseBody);
    const sent = parse<{ stage?: unknown }>(exchange.requestBody);
    if (!target || !revision) return;
    const stage = sent?.stage === 'assets' ? 'assets' : 'plan';
    const session = exchange.session;
    const organizationId = session.identity.organization_id;
    const at = new Date(now());
    const decision = await options.database.run(async (db) => {
      const notes = new NotesRepository(db, organizationId);
      const row = await notes.insertDecision({
        project_id: target.projectId,
        revision_id: target.revisionId,
        revision: revision.revision ?? null,
        kind: 'approved',
        stage,
        user_id: session.identity.user_id,
        created_at: at,
        open_notes: await notes.openNoteCount(target.revisionId),
      });
      return decisionOf(row, await notes.names([row.user_id]));
    });
    await options.review.changed(
      {
        organizationId,
        userId: session.identity.user_id,
        method: 'POST',
        endpoint: APPROVE,
        path: exchange.request.url.replace(/^\/api\/v1/, '').split('?', 1)[0] ?? '',
        status: exchange.status,
        at,
      },
      {
        action: 'decision.approve',
        projectId: target.projectId,
        revisionId: target.revisionId,
        subjectId: decision.id,
        summary: `${stage === 'plan' ? 'Plan' : 'Assets'} of revision ${revision.revision} approved`,
        event: { type: 'decision.created', data: { decision } },
      },
    );
  }
}
