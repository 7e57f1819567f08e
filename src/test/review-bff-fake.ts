/**
 * The BFF's review routes (notes, replies, decisions, review states, display names) as msw
 * handlers over a store in memory, for the client's component tests: the happy paths and the
 * refusals the screens show (an empty or too long note, a read-only key, a note changed first, no
 * open note). Shapes are the generated ones of src/api/bff.yaml. Not the BFF: its own tests check
 * the real routes.
 */
import { http, HttpResponse } from 'msw';
import type {
  Decision,
  NewNote,
  Note,
  Person,
  PlanNotes,
  RevisionReviewState,
} from '@/api/bff-schema.gen.ts';
import { checkNoteBody } from '@/shared-rules/note-text.ts';

const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

export interface ReviewBffFake {
  handlers: ReturnType<typeof http.get>[];
  notes: Note[];
  decisions: Decision[];
  people: Map<string, string | null>;
  /** Who the session is now (a test may switch). */
  session: { userId: string; canWrite: boolean };
  /** A note written by someone else, as another browser would. */
  addNote(note: Partial<Note> & Pick<Note, 'project_id' | 'revision_id'>): Note;
  /** Every request the handlers answered, as `METHOD path`. */
  requests: string[];
}

const refuse = (status: number, code: string, message: string, param: string | null = null) =>
  HttpResponse.json(
    { error: { code, message, param, doc_url: `${origin}/bff/errors#${code}` } },
    { status },
  );

function bodyProblem(body: unknown): string | null {
  const check = checkNoteBody(typeof body === 'string' ? body : '');
  return check.ok ? null : check.message;
}

export function createReviewBffFake(
  options: { userId?: string; canWrite?: boolean } = {},
): ReviewBffFake {
  const session = { userId: options.userId ?? 'user_demo', canWrite: options.canWrite ?? true };
  const notes: Note[] = [];
  const decisions: Decision[] = [];
  const people = new Map<string, string | null>();
  const requests: string[] = [];
  let clock = Date.now();
  const now = () => new Date((clock = Math.max(clock + 1, Date.now()))).toISOString();

  const make = (input: Partial<Note> & Pick<Note, 'project_id' | 'revision_id'>): Note => {
    const created = input.created_at ?? now();
    return {
      id: crypto.randomUUID(),
      revision: 1,
      parent_id: null,
      anchor: { kind: 'revision' },
      body: 'A note',
      author_id: session.userId,
      author_name: people.get(session.userId) ?? null,
      created_at: created,
      edited_at: null,
      editable_until: new Date(Date.parse(created) + 15 * 60_000).toISOString(),
      status: input.parent_id ? null : 'open',
      resolved_by: null,
      resolved_by_name: null,
      resolved_at: null,
      version: 1,
      carried_from: null,
      replies: [],
      ...input,
    };
  };
  const find = (id: string) => notes.find((note) => note.id === id);
  const threads = (revisionId: string): Note[] =>
    notes
      .filter((note) => note.revision_id === revisionId && note.parent_id === null)
      .map((note) => ({
        ...note,
        replies: notes.filter((reply) => reply.parent_id === note.id),
      }));
  const stateOf = (revisionId: string): RevisionReviewState => {
    const own = threads(revisionId);
    const decided = decisions.filter((decision) => decision.revision_id === revisionId);
    return {
      revision_id: revisionId,
      project_id: own[0]?.project_id ?? decided[0]?.project_id ?? null,
      revision: own[0]?.revision ?? null,
      open_notes: own.filter((note) => note.status === 'open').length,
      resolved_notes: own.filter((note) => note.status === 'resolved').length,
      latest_decision: decided.at(-1) ?? null,
    };
  };
  const withReplies = (note: Note): Note => ({
    ...note,
    replies: note.parent_id ? [] : notes.filter((reply) => reply.parent_id === note.id),
  });
  const readOnly = () =>
    refuse(403, 'read_only_key', 'This key is read-only: it cannot write notes.');

  const base = `${origin}/bff`;
  const handlers = [
    http.all(`${base}/*`, ({ request }) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return undefined;
    }),
    http.get(`${base}/projects/:projectId/faceless/plans/:revisionId/notes`, ({ params }) => {
      const revisionId = String(params.revisionId);
      const answer: PlanNotes = {
        notes: threads(revisionId),
        carried_away: [],
        decisions: decisions.filter((d) => d.revision_id === revisionId).reverse(),
        state: stateOf(revisionId),
        can_write: session.canWrite,
      };
      return HttpResponse.json(answer);
    }),
    http.post(
      `${base}/projects/:projectId/faceless/plans/:revisionId/notes`,
      async ({ params, request }) => {
        if (!session.canWrite) return readOnly();
        const input = (await request.json()) as NewNote;
        const problem = bodyProblem(input.body);
        if (problem) return refuse(400, 'invalid_request', problem, 'body');
        const note = make({
          project_id: String(params.projectId),
          revision_id: String(params.revisionId),
          anchor: input.anchor,
          body: input.body,
        });
        notes.push(note);
        return HttpResponse.json(note, { status: 201 });
      },
    ),
    http.post(`${base}/notes/:noteId/replies`, async ({ params, request }) => {
      if (!session.canWrite) return readOnly();
      const parent = find(String(params.noteId));
      if (!parent) return refuse(404, 'not_found', 'No such note.');
      const { body } = (await request.json()) as { body: string };
      const problem = bodyProblem(body);
      if (problem) return refuse(400, 'invalid_request', problem, 'body');
      const reply = make({
        project_id: parent.project_id,
        revision_id: parent.revision_id,
        parent_id: parent.id,
        anchor: null,
        body,
      });
      notes.push(reply);
      parent.version += 1;
      return HttpResponse.json(reply, { status: 201 });
    }),
    http.patch(`${base}/notes/:noteId`, async ({ params, request }) => {
      const note = find(String(params.noteId));
      if (!note) return refuse(404, 'not_found', 'No such note.');
      if (note.author_id !== session.userId) {
        return refuse(403, 'not_note_author', 'Only its author may edit a note.');
      }
      if (Date.parse(note.editable_until) <= clock) {
        return refuse(403, 'edit_window_closed', 'A note can be edited for 15 minutes.');
      }
      const edit = (await request.json()) as { body: string; expected_version: number };
      if (edit.expected_version !== note.version) {
        return refuse(
          409,
          'note_conflict',
          'This note changed since you read it; reload to see it.',
        );
      }
      Object.assign(note, { body: edit.body, edited_at: now(), version: note.version + 1 });
      return HttpResponse.json(withReplies(note));
    }),
    http.delete(`${base}/notes/:noteId`, ({ params }) => {
      const note = find(String(params.noteId));
      if (!note) return refuse(404, 'not_found', 'No such note.');
      notes.splice(notes.indexOf(note), 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.put(`${base}/notes/:noteId/status`, async ({ params, request }) => {
      if (!session.canWrite) return readOnly();
      const note = find(String(params.noteId));
      if (!note) return refuse(404, 'not_found', 'No such note.');
      const change = (await request.json()) as {
        status: 'open' | 'resolved';
        expected_version: number;
      };
      if (change.expected_version !== note.version) {
        const who = note.resolved_by_name ?? 'Someone';
        return refuse(
          409,
          'note_conflict',
          `${who} ${note.status === 'resolved' ? 'resolved' : 'reopened'} this note first; reload to see it.`,
        );
      }
      const resolved = change.status === 'resolved';
      Object.assign(note, {
        status: change.status,
        resolved_by: resolved ? session.userId : null,
        resolved_by_name: resolved ? (people.get(session.userId) ?? null) : null,
        resolved_at: resolved ? now() : null,
        version: note.version + 1,
      });
      return HttpResponse.json(withReplies(note));
    }),
    http.post(`${base}/projects/:projectId/faceless/plans/:revisionId/decisions`, ({ params }) => {
      if (!session.canWrite) return readOnly();
      const revisionId = String(params.revisionId);
      const open = stateOf(revisionId).open_notes;
      if (open === 0) {
        return refuse(409, 'no_open_notes', 'Changes are requested with at least one open note.');
      }
      const decision: Decision = {
        id: crypto.randomUUID(),
        project_id: String(params.projectId),
        revision_id: revisionId,
        revision: null,
        kind: 'changes_requested',
        stage: 'plan',
        user_id: session.userId,
        user_name: people.get(session.userId) ?? null,
        created_at: now(),
        open_notes: open,
      };
      decisions.push(decision);
      return HttpResponse.json(decision, { status: 201 });
    }),
    http.get(`${base}/review-states`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const projectIds = query.getAll('project_id');
      return HttpResponse.json({
        revisions: query.getAll('revision_id').map(stateOf),
        projects: projectIds.map((projectId) => {
          const open = notes.filter(
            (note) =>
              note.project_id === projectId && note.parent_id === null && note.status === 'open',
          );
          return {
            project_id: projectId,
            open_notes: open.length,
            revisions_with_open_notes: new Set(open.map((note) => note.revision_id)).size,
          };
        }),
      });
    }),
    http.get(`${base}/people/me`, () =>
      HttpResponse.json<Person>({
        user_id: session.userId,
        display_name: people.get(session.userId) ?? null,
        updated_at: null,
      }),
    ),
    http.put(`${base}/people/me`, async ({ request }) => {
      const { display_name: name } = (await request.json()) as { display_name: string | null };
      people.set(session.userId, name);
      return HttpResponse.json<Person>({
        user_id: session.userId,
        display_name: name,
        updated_at: now(),
      });
    }),
  ];
  return {
    handlers,
    notes,
    decisions,
    people,
    session,
    requests,
    addNote: (input) => {
      const note = make(input);
      notes.push(note);
      return note;
    },
  };
}
