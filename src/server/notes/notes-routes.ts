/**
 * The review routes of bff.yaml (tag Review and People): notes on plan revisions, replies,
 * edits, resolving, decisions, open-note counts and display names, for the signed-in workspace.
 * Every route checks the session and its rate (the proxy's budget), reads and writes the BFF's
 * database through a repository scoped to the session's organization, and answers 503 in words
 * while the database is unreachable. Writes need a key that may write (asked of the service once
 * per session), are recorded in the audit trail and announced live to every tab.
 */
import type { FastifyInstance } from 'fastify';
import type {
  Decision,
  NewDecision,
  NewNote,
  NewReply,
  Note,
  NoteEdit,
  NoteStatusChange,
  PlanNotes,
  DisplayNameChange,
} from '../../api/bff-schema.gen.ts';
import { checkBffRequest } from '../app/bff-contract.ts';
import { BffError } from '../app/errors.ts';
import type { Session } from '../session/session.ts';
import { checkDisplayName, checkNoteBody } from '../../shared-rules/note-text.ts';
import type { NotesRepository } from './notes-repository.ts';
import { decisionOf, EDIT_WINDOW_MS, noteOf, threadsOf } from './notes-repository.ts';
import { notesRouteKit, type NotesRoutesOptions, uuidParam, when } from './notes-route-kit.ts';
import { resolveAnchor } from './plan-anchors.ts';
import { excerpt } from './review-service.ts';

const PLAN = '/bff/projects/:projectId/faceless/plans/:revisionId';
const NOTE = '/bff/notes/:noteId';

/** Registers the review routes (notes, replies, status, decisions, people) on the app. */
export function registerNotesRoutes(app: FastifyInstance, options: NotesRoutesOptions): void {
  const { service, review } = options;
  const { now, signedIn, repository, names, idempotent, context, existing, who } =
    notesRouteKit(options);

  // ---- Reads ---------------------------------------------------------------------------------

  app.get(`${PLAN}/notes`, async (request, reply) => {
    const session = await signedIn(request, reply);
    const { query } = checkBffRequest('listPlanNotes', request);
    const params = request.params as { projectId: string; revisionId: string };
    uuidParam(params.projectId, 'projectId', '');
    const revisionId = uuidParam(params.revisionId, 'revisionId', '');
    // Whether this key may write is the service's to say; unknown (the service away), the
    // panel offers writing and the write itself is checked.
    const canWrite = service.canWrite(session, request.id).catch(() => true);
    const body = await repository(session, async (notes): Promise<Omit<PlanNotes, 'can_write'>> => {
      const [rows, carriedAway, decisionRows, [state]] = await Promise.all([
        notes.revisionNotes(revisionId),
        notes.carriedAway(revisionId),
        notes.decisions(revisionId),
        notes.revisionStates([revisionId]),
      ]);
      const people = await names(notes, [
        ...rows.flatMap((row) => [row.author_id, row.resolved_by]),
        ...decisionRows.map((row) => row.user_id),
      ]);
      let threads = threadsOf(rows, people);
      if (query.status === 'open' || query.status === 'resolved') {
        threads = threads.filter((note) => note.status === query.status);
      }
      return {
        notes: threads,
        carried_away: carriedAway,
        decisions: decisionRows.map((row) => decisionOf(row, people)),
        state: state as PlanNotes['state'],
      };
    });
    return { ...body, can_write: await canWrite } satisfies PlanNotes;
  });

  app.get('/bff/review-states', async (request, reply) => {
    const session = await signedIn(request, reply);
    const { query } = checkBffRequest('listReviewStates', request);
    return repository(session, async (notes) => {
      let revisionIds = query.revision_id?.map((id) => id.toLowerCase());
      let projectIds = query.project_id?.map((id) => id.toLowerCase());
      if (revisionIds === undefined && projectIds === undefined) {
        const active = await notes.activeRevisions(query.limit ?? 500);
        revisionIds = active.revisions;
        projectIds = active.projects;
      }
      const [revisions, projects] = await Promise.all([
        notes.revisionStates([...new Set(revisionIds ?? [])]),
        notes.projectStates([...new Set(projectIds ?? [])]),
      ]);
      return { revisions, projects };
    });
  });

  // ---- Notes and replies --------------------------------------------------------------------

  app.post(`${PLAN}/notes`, async (request, reply) => {
    const session = await signedIn(request, reply);
    checkBffRequest('createPlanNote', request);
    const params = request.params as { projectId: string; revisionId: string };
    const projectId = uuidParam(params.projectId, 'projectId', '');
    const revisionId = uuidParam(params.revisionId, 'revisionId', '');
    const input = request.body as NewNote;
    const text = checkNoteBody(input.body);
    if (!text.ok) throw new BffError(400, 'invalid_request', text.message, { param: text.param });
    await service.requireWrite(session, request.id);
    return idempotent(request, reply, session, async () => {
      const revision = await service.revision(session, projectId, revisionId, request.id);
      const anchor = resolveAnchor(input.anchor, revision.plan);
      if (!anchor.ok) {
        throw new BffError(400, 'invalid_request', anchor.message, { param: anchor.param });
      }
      const note = await repository(session, async (notes) => {
        const row = await notes.insertNote({
          projectId,
          revisionId,
          revision: revision.revision,
          parentId: null,
          anchor: anchor.anchor,
          body: text.value,
          authorId: session.identity.user_id,
          at: new Date(now()),
        });
        return noteOf(row, await notes.names([row.author_id]));
      });
      await review.changed(context(request, session, `${PLAN_TEMPLATE}/notes`, 201), {
        action: 'note.create',
        projectId,
        revisionId,
        subjectId: note.id,
        summary: excerpt(note.body),
        event: { type: 'note.created', data: { note } },
      });
      return { status: 201, body: note };
    });
  });

  app.post(`${NOTE}/replies`, async (request, reply) => {
    const session = await signedIn(request, reply);
    checkBffRequest('createNoteReply', request);
    const noteId = uuidParam(
      (request.params as { noteId: string }).noteId,
      'noteId',
      'No such note.',
    );
    const text = checkNoteBody((request.body as NewReply).body);
    if (!text.ok) throw new BffError(400, 'invalid_request', text.message, { param: text.param });
    await service.requireWrite(session, request.id);
    return idempotent(request, reply, session, async () => {
      const created = await repository(session, (notes) =>
        notes.transaction(async (trx) => {
          const parent = await existing(trx, noteId, true);
          // Replies are one level deep: a reply to a reply joins its note's thread.
          const root =
            parent.parent_id === null ? parent : await existing(trx, parent.parent_id, true);
          const row = await trx.insertNote({
            projectId: root.project_id,
            revisionId: root.revision_id,
            revision: root.revision,
            parentId: root.id,
            anchor: null,
            body: text.value,
            authorId: session.identity.user_id,
            at: new Date(now()),
          });
          await trx.touch(root.id);
          return noteOf(row, await trx.names([row.author_id]));
        }),
      );
      await review.changed(context(request, session, '/bff/notes/{noteId}/replies', 201), {
        action: 'note.reply',
        projectId: created.project_id,
        revisionId: created.revision_id,
        subjectId: created.id,
        summary: excerpt(created.body),
        event: { type: 'note.created', data: { note: created } },
      });
      return { status: 201, body: created };
    });
  });

  /** The author's own note, within its 15 minutes, at the version the client saw. */
  function ownRecentNote(
    row: Awaited<ReturnType<NotesRepository['note']>> & object,
    session: Session,
    verb: 'edit' | 'delete',
  ): void {
    if (row.author_id !== session.identity.user_id) {
      throw new BffError(403, 'not_note_author', `Only the author of a note can ${verb} it.`);
    }
    if (now() - new Date(row.created_at).getTime() > EDIT_WINDOW_MS) {
      throw new BffError(
        403,
        'edit_window_closed',
        `A note can be ${verb === 'edit' ? 'edited' : 'deleted'} only within 15 minutes of writing it; ${row.parent_id === null ? 'resolve it or reply' : 'reply'} instead.`,
      );
    }
  }

  app.patch(NOTE, async (request, reply) => {
    const session = await signedIn(request, reply);
    checkBffRequest('editNote', request);
    const noteId = uuidParam(
      (request.params as { noteId: string }).noteId,
      'noteId',
      'No such note.',
    );
    const input = request.body as NoteEdit;
    const text = checkNoteBody(input.body);
    if (!text.ok) throw new BffError(400, 'invalid_request', text.message, { param: text.param });
    await service.requireWrite(session, request.id);
    const result = await repository(session, (notes) =>
      notes.transaction(async (trx): Promise<{ note: Note; changed: boolean }> => {
        const row = await existing(trx, noteId, true);
        ownRecentNote(row, session, 'edit');
        const unchanged = async () => ({
          note: (await trx.thread(noteId)) as Note,
          changed: false,
        });
        // The same text again (a retry of one's own save) is not a conflict.
        if (row.body === text.value) return unchanged();
        if (row.version !== input.expected_version) {
          throw new BffError(
            409,
            'note_conflict',
            `This note changed since it was loaded (${row.edited_at ? `you edited it at ${when(row.edited_at)}, ` : ''}or someone replied, resolved or reopened it): reload it, then edit again.`,
          );
        }
        await trx.updateNote(noteId, row.version, { body: text.value, edited_at: new Date(now()) });
        return { note: (await trx.thread(noteId)) as Note, changed: true };
      }),
    );
    if (result.changed) {
      await review.changed(context(request, session, '/bff/notes/{noteId}', 200), {
        action: 'note.edit',
        projectId: result.note.project_id,
        revisionId: result.note.revision_id,
        subjectId: noteId,
        summary: excerpt(result.note.body),
        event: { type: 'note.updated', data: { note: result.note, change: 'edited' } },
      });
    }
    return result.note;
  });

  app.delete(NOTE, async (request, reply) => {
    const session = await signedIn(request, reply);
    const { query } = checkBffRequest('deleteNote', request);
    const noteId = uuidParam(
      (request.params as { noteId: string }).noteId,
      'noteId',
      'No such note.',
    );
    await service.requireWrite(session, request.id);
    const deleted = await repository(session, (notes) =>
      notes.transaction(async (trx) => {
        const row = await existing(trx, noteId, true);
        ownRecentNote(row, session, 'delete');
        if (row.version !== query.expected_version) {
          throw new BffError(
            409,
            'note_conflict',
            'The note changed since it was loaded (a reply, an edit or a new state): reload it before deleting it.',
          );
        }
        const others = (await trx.replyAuthors(noteId)).filter(
          (author) => author !== session.identity.user_id,
        );
        if (others.length > 0) {
          throw new BffError(
            409,
            'note_has_replies',
            'Others replied to this note, so it is kept: resolve it instead.',
          );
        }
        await trx.deleteNote(noteId);
        if (row.parent_id !== null) await trx.touch(row.parent_id);
        return row;
      }),
    );
    await review.changed(context(request, session, '/bff/notes/{noteId}', 204), {
      action: 'note.delete',
      projectId: deleted.project_id,
      revisionId: deleted.revision_id,
      subjectId: noteId,
      summary: excerpt(deleted.body),
      event: { type: 'note.deleted', data: { note_id: noteId, parent_id: deleted.parent_id } },
    });
    return reply.code(204).send();
  });

  app.put(`${NOTE}/status`, async (request, reply) => {
    const session = await signedIn(request, reply);
    checkBffRequest('setNoteStatus', request);
    const noteId = uuidParam(
      (request.params as { noteId: string }).noteId,
      'noteId',
      'No such note.',
    );
    const input = request.body as NoteStatusChange;
    await service.requireWrite(session, request.id);
    const me = session.identity.user_id;
    const result = await repository(session, (notes) =>
      notes.transaction(async (trx): Promise<{ note: Note; changed: boolean }> => {
        const row = await existing(trx, noteId, true);
        if (row.parent_id !== null) {
          throw new BffError(
            400,
            'invalid_request',
            'A reply is not resolved on its own: resolve the note it answers.',
            { param: 'status' },
          );
        }
        const current = async () => (await trx.thread(noteId)) as Note;
        if (row.status === input.status) {
          // Already so: one's own earlier change (a retry) is answered as it is; another's wins.
          if (
            row.status_changed_by === me ||
            (row.status_changed_by === null && input.status === 'open')
          ) {
            return { note: await current(), changed: false };
          }
          const name = await who(trx, row.status_changed_by, me);
          throw new BffError(
            409,
            'note_conflict',
            `${name} ${input.status === 'resolved' ? 'resolved' : 'reopened'} this note at ${when(row.status_changed_at)}; it is ${input.status} already. Reload to see it.`,
          );
        }
        if (row.version !== input.expected_version) {
          const name = await who(trx, row.status_changed_by, me);
          const what =
            row.status === 'resolved'
              ? `${name} resolved it at ${when(row.status_changed_at)}`
              : row.status_changed_by !== null
                ? `${name} reopened it at ${when(row.status_changed_at)}`
                : 'it was edited or replied to';
          throw new BffError(
            409,
            'note_conflict',
            `This note changed since it was loaded (${what}). Reload it, then decide again.`,
          );
        }
        const at = new Date(now());
        await trx.updateNote(noteId, row.version, {
          status: input.status,
          resolved_by: input.status === 'resolved' ? me : null,
          resolved_at: input.status === 'resolved' ? at : null,
          status_changed_by: me,
          status_changed_at: at,
        });
        return { note: await current(), changed: true };
      }),
    );
    if (result.changed) {
      const resolved = input.status === 'resolved';
      await review.changed(context(request, session, '/bff/notes/{noteId}/status', 200), {
        action: resolved ? 'note.resolve' : 'note.reopen',
        projectId: result.note.project_id,
        revisionId: result.note.revision_id,
        subjectId: noteId,
        summary: excerpt(result.note.body),
        event: {
          type: 'note.updated',
          data: { note: result.note, change: resolved ? 'resolved' : 'reopened' },
        },
      });
    }
    return result.note;
  });

  // ---- Decisions ----------------------------------------------------------------------------

  app.post(`${PLAN}/decisions`, async (request, reply) => {
    const session = await signedIn(request, reply);
    checkBffRequest('createPlanDecision', request);
    const params = request.params as { projectId: string; revisionId: string };
    const projectId = uuidParam(params.projectId, 'projectId', '');
    const revisionId = uuidParam(params.revisionId, 'revisionId', '');
    const input = request.body as NewDecision;
    await service.requireWrite(session, request.id);
    return idempotent(request, reply, session, async () => {
      const revision = await service.revision(session, projectId, revisionId, request.id);
      const stage =
        revision.status === 'draft' ? 'plan' : revision.status === 'assets_ready' ? 'assets' : null;
      if (stage === null) {
        throw new BffError(
          409,
          'decision_not_allowed',
          `Revision ${revision.revision} waits for no decision (it is ${revision.status.replaceAll('_', ' ')}): changes can be requested on a draft plan or on assets ready for review.`,
        );
      }
      const decision = await repository(session, async (notes): Promise<Decision> => {
        const open = await notes.openNoteCount(revisionId);
        if (open === 0) {
          throw new BffError(
            409,
            'no_open_notes',
            'Write at least one note saying what to change before requesting changes.',
          );
        }
        const row = await notes.insertDecision({
          project_id: projectId,
          revision_id: revisionId,
          revision: revision.revision,
          kind: input.kind,
          stage,
          user_id: session.identity.user_id,
          created_at: new Date(now()),
          open_notes: open,
        });
        return decisionOf(row, await notes.names([row.user_id]));
      });
      await review.changed(context(request, session, `${PLAN_TEMPLATE}/decisions`, 201), {
        action: 'decision.request_changes',
        projectId,
        revisionId,
        subjectId: decision.id,
        summary: `Changes requested on revision ${revision.revision} with ${decision.open_notes} open ${decision.open_notes === 1 ? 'note' : 'notes'}`,
        event: { type: 'decision.created', data: { decision } },
      });
      return { status: 201, body: decision };
    });
  });

  // ---- People --------------------------------------------------------------------------------

  app.get('/bff/people', async (request, reply) => {
    const session = await signedIn(request, reply);
    const { query } = checkBffRequest('listPeople', request);
    return repository(session, async (notes) => ({ people: await notes.people(query.user_id) }));
  });

  app.get('/bff/people/me', async (request, reply) => {
    const session = await signedIn(request, reply);
    return repository(session, (notes) => notes.person(session.identity.user_id));
  });

  app.put('/bff/people/me', async (request, reply) => {
    const session = await signedIn(request, reply);
    checkBffRequest('setMyDisplayName', request);
    const { display_name: name } = request.body as DisplayNameChange;
    let value: string | null = null;
    if (name !== null) {
      const checked = checkDisplayName(name);
      if (!checked.ok) {
        throw new BffError(400, 'invalid_request', checked.message, { param: checked.param });
      }
      value = checked.value;
    }
    const at = new Date(now());
    const person = await repository(session, (notes) =>
      notes.setName(session.identity.user_id, value, at),
    );
    review.personChanged(session.identity.organization_id, person, at);
    return person;
  });
}

/** The plan routes' template as bff.yaml writes it (the audit trail's `endpoint`). */
const PLAN_TEMPLATE = '/bff/projects/{projectId}/faceless/plans/{revisionId}';
