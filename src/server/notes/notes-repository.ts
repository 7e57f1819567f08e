/**
 * Notes, decisions and display names in the BFF's database, for one workspace: the repository is
 * made for an organization and every query it runs names it, so a workspace never reads or
 * changes another's rows (another workspace's note id is simply not found).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  CarriedAway,
  Decision,
  Note,
  NoteAnchor,
  NoteCarry,
  Person,
  ProjectReviewState,
  RevisionReviewState,
} from '../../api/bff-schema.gen.ts';
import type { DecisionsTable, NotesTable, Schema } from '../db/schema.ts';

/** How long after writing it a note's author may edit or delete it. */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;

type NoteRow = Selectable<NotesTable>;
type DecisionRow = Selectable<DecisionsTable>;
type Db = Kysely<Schema> | Transaction<Schema>;

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : iso(value);

/** A stored row as bff.yaml's Note (replies filled in by the caller). */
export function noteOf(row: NoteRow, names: ReadonlyMap<string, string>): Note {
  return {
    id: row.id,
    project_id: row.project_id,
    revision_id: row.revision_id,
    revision: row.revision,
    parent_id: row.parent_id,
    anchor: (row.anchor as NoteAnchor | null) ?? null,
    body: row.body,
    author_id: row.author_id,
    author_name: names.get(row.author_id) ?? null,
    created_at: iso(row.created_at),
    edited_at: isoOrNull(row.edited_at),
    editable_until: new Date(new Date(row.created_at).getTime() + EDIT_WINDOW_MS).toISOString(),
    status: row.status,
    resolved_by: row.resolved_by,
    resolved_by_name: row.resolved_by === null ? null : (names.get(row.resolved_by) ?? null),
    resolved_at: isoOrNull(row.resolved_at),
    version: row.version,
    carried_from: (row.carried_from as NoteCarry | null) ?? null,
    replies: [],
  };
}

/** Rows as threads: notes oldest first, each with its replies oldest first. */
export function threadsOf(rows: readonly NoteRow[], names: ReadonlyMap<string, string>): Note[] {
  const sorted = [...rows].sort(
    (a, b) =>
      new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
      a.id.localeCompare(b.id),
  );
  const notes = new Map<string, Note>();
  for (const row of sorted) if (row.parent_id === null) notes.set(row.id, noteOf(row, names));
  for (const row of sorted) {
    if (row.parent_id !== null) notes.get(row.parent_id)?.replies.push(noteOf(row, names));
  }
  return [...notes.values()];
}

export function decisionOf(row: DecisionRow, names: ReadonlyMap<string, string>): Decision {
  return {
    id: row.id,
    project_id: row.project_id,
    revision_id: row.revision_id,
    revision: row.revision,
    kind: row.kind,
    stage: row.stage,
    user_id: row.user_id,
    user_name: names.get(row.user_id) ?? null,
    created_at: iso(row.created_at),
    open_notes: row.open_notes,
  };
}

export interface NewNoteRow {
  projectId: string;
  revisionId: string;
  revision: number | null;
  parentId: string | null;
  anchor: NoteAnchor | null;
  body: string;
  authorId: string;
  at: Date;
}

export class NotesRepository {
  constructor(
    private readonly db: Db,
    readonly organizationId: string,
  ) {}

  /** The same repository inside a transaction. */
  async transaction<T>(work: (repository: NotesRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return (this.db as Kysely<Schema>)
      .transaction()
      .execute((trx) => work(new NotesRepository(trx, this.organizationId)));
  }

  /** Display names of these people (those who set one). */
  async names(userIds: Iterable<string>): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('people')
      .select(['user_id', 'display_name'])
      .where('organization_id', '=', this.organizationId)
      .where('user_id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.user_id, row.display_name]));
  }

  async note(id: string, options: { lock?: boolean } = {}): Promise<NoteRow | undefined> {
    let query = this.db
      .selectFrom('notes')
      .selectAll()
      .where('organization_id', '=', this.organizationId)
      .where('id', '=', id);
    if (options.lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /** A note with its replies and names, as bff.yaml's Note. */
  async thread(id: string): Promise<Note | undefined> {
    const rows = await this.db
      .selectFrom('notes')
      .selectAll()
      .where('organization_id', '=', this.organizationId)
      .where((where) => where.or([where('id', '=', id), where('parent_id', '=', id)]))
      .execute();
    const names = await this.names(rows.flatMap((row) => [row.author_id, row.resolved_by ?? '']));
    const root = rows.find((row) => row.id === id);
    if (!root) return undefined;
    if (root.parent_id !== null) return noteOf(root, names);
    return threadsOf(rows, names)[0];
  }

  async revisionNotes(revisionId: string): Promise<NoteRow[]> {
    return this.db
      .selectFrom('notes')
      .selectAll()
      .where('organization_id', '=', this.organizationId)
      .where('revision_id', '=', revisionId)
      .execute();
  }

  async insertNote(fields: NewNoteRow): Promise<NoteRow> {
    return this.db
      .insertInto('notes')
      .values({
        id: randomUUID(),
        organization_id: this.organizationId,
        project_id: fields.projectId,
        revision_id: fields.revisionId,
        revision: fields.revision,
        parent_id: fields.parentId,
        anchor: fields.anchor === null ? null : JSON.stringify(fields.anchor),
        body: fields.body,
        author_id: fields.authorId,
        created_at: fields.at,
        status: fields.parentId === null ? 'open' : null,
        version: 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Updates a note if it is still at `version`; undefined when it moved on meanwhile. */
  async updateNote(
    id: string,
    version: number,
    changes: Partial<Pick<NoteRow, 'body' | 'status' | 'resolved_by' | 'status_changed_by'>> & {
      edited_at?: Date;
      resolved_at?: Date | null;
      status_changed_at?: Date;
    },
  ): Promise<NoteRow | undefined> {
    return this.db
      .updateTable('notes')
      .set({ ...changes, version: version + 1 })
      .where('organization_id', '=', this.organizationId)
      .where('id', '=', id)
      .where('version', '=', version)
      .returningAll()
      .executeTakeFirst();
  }

  /** A reply added to a note counts as a change of it (its version goes up). */
  async touch(id: string): Promise<void> {
    await this.db
      .updateTable('notes')
      .set((set) => ({ version: set('version', '+', 1) }))
      .where('organization_id', '=', this.organizationId)
      .where('id', '=', id)
      .execute();
  }

  async deleteNote(id: string): Promise<void> {
    await this.db
      .deleteFrom('notes')
      .where('organization_id', '=', this.organizationId)
      .where('id', '=', id)
      .execute();
  }

  /** Authors of a note's replies. */
  async replyAuthors(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('notes')
      .select('author_id')
      .distinct()
      .where('organization_id', '=', this.organizationId)
      .where('parent_id', '=', id)
      .execute();
    return rows.map((row) => row.author_id);
  }

  async openNoteCount(revisionId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notes')
      .select((select) => select.fn.countAll<string>().as('count'))
      .where('organization_id', '=', this.organizationId)
      .where('revision_id', '=', revisionId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insertDecision(fields: Omit<DecisionRow, 'id' | 'organization_id'>): Promise<DecisionRow> {
    return this.db
      .insertInto('decisions')
      .values({ ...fields, id: randomUUID(), organization_id: this.organizationId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async decisions(revisionId: string): Promise<DecisionRow[]> {
    return this.db
      .selectFrom('decisions')
      .selectAll()
      .where('organization_id', '=', this.organizationId)
      .where('revision_id', '=', revisionId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async carriedAway(revisionId: string): Promise<CarriedAway[]> {
    const rows = await this.db
      .selectFrom('note_carries')
      .innerJoin('notes', (join) =>
        join
          .onRef('notes.id', '=', 'note_carries.note_id')
          .onRef('notes.organization_id', '=', 'note_carries.organization_id'),
      )
      .select([
        'note_carries.note_id',
        'note_carries.to_revision_id',
        'note_carries.to_revision',
        'note_carries.carried_at',
        'notes.status',
      ])
      .where('note_carries.organization_id', '=', this.organizationId)
      .where('note_carries.from_revision_id', '=', revisionId)
      .orderBy('note_carries.carried_at')
      .execute();
    return rows.map((row) => ({
      note_id: row.note_id,
      to_revision_id: row.to_revision_id,
      to_revision: row.to_revision,
      carried_at: iso(row.carried_at),
      status: row.status ?? 'open',
    }));
  }

  /** Open notes of a revision (not replies), to carry to a new one. */
  async openNotes(revisionId: string, lock = false): Promise<NoteRow[]> {
    let query = this.db
      .selectFrom('notes')
      .selectAll()
      .where('organization_id', '=', this.organizationId)
      .where('revision_id', '=', revisionId)
      .where('status', '=', 'open')
      .where('parent_id', 'is', null)
      .orderBy('created_at');
    if (lock) query = query.forUpdate();
    return query.execute();
  }

  /** Moves a note (and its replies) to another revision, recording where it came from. */
  async carry(
    note: NoteRow,
    to: { projectId: string; revisionId: string; revision: number | null },
    anchor: NoteAnchor,
    from: NoteCarry,
  ): Promise<void> {
    await this.db
      .updateTable('notes')
      .set({
        revision_id: to.revisionId,
        revision: to.revision,
        anchor: JSON.stringify(anchor),
        carried_from: JSON.stringify(from),
        version: note.version + 1,
      })
      .where('organization_id', '=', this.organizationId)
      .where('id', '=', note.id)
      .execute();
    await this.db
      .updateTable('notes')
      .set({ revision_id: to.revisionId, revision: to.revision })
      .where('organization_id', '=', this.organizationId)
      .where('parent_id', '=', note.id)
      .execute();
    await this.db
      .insertInto('note_carries')
      .values({
        id: randomUUID(),
        organization_id: this.organizationId,
        note_id: note.id,
        project_id: to.projectId,
        from_revision_id: note.revision_id,
        to_revision_id: to.revisionId,
        to_revision: to.revision,
        carried_at: from.carried_at,
      })
      .execute();
  }

  /** Open and resolved counts and the latest decision of revisions (every id answered). */
  async revisionStates(revisionIds: readonly string[]): Promise<RevisionReviewState[]> {
    if (revisionIds.length === 0) return [];
    const counts = await this.db
      .selectFrom('notes')
      .select((select) => [
        'revision_id',
        'project_id',
        select.fn.max('revision').as('revision'),
        select.fn.countAll<string>().filterWhere('status', '=', 'open').as('open'),
        select.fn.countAll<string>().filterWhere('status', '=', 'resolved').as('resolved'),
      ])
      .where('organization_id', '=', this.organizationId)
      .where('revision_id', 'in', revisionIds)
      .where('parent_id', 'is', null)
      .groupBy(['revision_id', 'project_id'])
      .execute();
    const latest = await this.db
      .selectFrom('decisions')
      .selectAll()
      .distinctOn('revision_id')
      .where('organization_id', '=', this.organizationId)
      .where('revision_id', 'in', revisionIds)
      .orderBy('revision_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const names = await this.names(latest.map((row) => row.user_id));
    const byRevision = new Map(counts.map((row) => [row.revision_id, row]));
    const decisions = new Map(latest.map((row) => [row.revision_id, decisionOf(row, names)]));
    return revisionIds.map((revisionId) => {
      const count = byRevision.get(revisionId);
      const decision = decisions.get(revisionId) ?? null;
      return {
        revision_id: revisionId,
        project_id: count?.project_id ?? decision?.project_id ?? null,
        revision: count?.revision ?? decision?.revision ?? null,
        open_notes: Number(count?.open ?? 0),
        resolved_notes: Number(count?.resolved ?? 0),
        latest_decision: decision,
      };
    });
  }

  /** Open notes of projects (every id answered). */
  async projectStates(projectIds: readonly string[]): Promise<ProjectReviewState[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('notes')
      .select((select) => [
        'project_id',
        select.fn.countAll<string>().as('open'),
        select.fn.count<string>('revision_id').distinct().as('revisions'),
      ])
      .where('organization_id', '=', this.organizationId)
      .where('project_id', 'in', projectIds)
      .where('status', '=', 'open')
      .groupBy('project_id')
      .execute();
    const byProject = new Map(rows.map((row) => [row.project_id, row]));
    return projectIds.map((projectId) => ({
      project_id: projectId,
      open_notes: Number(byProject.get(projectId)?.open ?? 0),
      revisions_with_open_notes: Number(byProject.get(projectId)?.revisions ?? 0),
    }));
  }

  /** The workspace's revisions with a note or a decision, most recently active first. */
  async activeRevisions(limit: number): Promise<{ revisions: string[]; projects: string[] }> {
    const rows = await this.db
      .selectFrom((from) =>
        from
          .selectFrom('notes')
          .select(['revision_id', 'project_id', 'created_at as at'])
          .where('organization_id', '=', this.organizationId)
          .unionAll(
            from
              .selectFrom('decisions')
              .select(['revision_id', 'project_id', 'created_at as at'])
              .where('organization_id', '=', this.organizationId),
          )
          .as('activity'),
      )
      .select((select) => ['revision_id', 'project_id', select.fn.max('at').as('last')])
      .groupBy(['revision_id', 'project_id'])
      .orderBy('last', 'desc')
      .limit(limit)
      .execute();
    return {
      revisions: rows.map((row) => row.revision_id),
      projects: [...new Set(rows.map((row) => row.project_id))],
    };
  }

  async person(userId: string): Promise<Person> {
    const row = await this.db
      .selectFrom('people')
      .selectAll()
      .where('organization_id', '=', this.organizationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      user_id: userId,
      display_name: row?.display_name ?? null,
      updated_at: row ? iso(row.updated_at) : null,
    };
  }

  async people(userIds: readonly string[] | undefined): Promise<Person[]> {
    let query = this.db
      .selectFrom('people')
      .selectAll()
      .where('organization_id', '=', this.organizationId);
    if (userIds !== undefined) {
      if (userIds.length === 0) return [];
      query = query.where('user_id', 'in', userIds);
    }
    const rows = await query.orderBy('display_name').limit(5_000).execute();
    const byId = new Map(rows.map((row) => [row.user_id, row]));
    const ids = userIds ?? rows.map((row) => row.user_id);
    return [...new Set(ids)].map((userId) => {
      const row = byId.get(userId);
      return {
        user_id: userId,
        display_name: row?.display_name ?? null,
        updated_at: row ? iso(row.updated_at) : null,
      };
    });
  }

  async setName(userId: string, name: string | null, at: Date): Promise<Person> {
    if (name === null) {
      await this.db
        .deleteFrom('people')
        .where('organization_id', '=', this.organizationId)
        .where('user_id', '=', userId)
        .execute();
      return { user_id: userId, display_name: null, updated_at: null };
    }
    await this.db
      .insertInto('people')
      .values({
        organization_id: this.organizationId,
        user_id: userId,
        display_name: name,
        updated_at: at,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['organization_id', 'user_id'])
          .doUpdateSet({ display_name: name, updated_at: at }),
      )
      .execute();
    return { user_id: userId, display_name: name, updated_at: at.toISOString() };
  }

  /** What was answered to an earlier request with this key, if any. */
  async idempotent(
    userId: string,
    key: string,
  ): Promise<{ fingerprint: string; status: number; response: unknown } | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status', 'response'])
      .where('organization_id', '=', this.organizationId)
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async rememberIdempotent(
    userId: string,
    key: string,
    fingerprint: string,
    status: number,
    response: unknown,
    at: Date,
  ): Promise<void> {
    await this.db
      .insertInto('idempotency_keys')
      .values({
        organization_id: this.organizationId,
        user_id: userId,
        key,
        fingerprint,
        status,
        response: JSON.stringify(response),
        created_at: at,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}
