/**
 * The BFF's review routes over real HTTP, in front of the real simulator, on both databases the
 * BFF runs on: the embedded PGlite and a real Postgres server. Notes on a plan revision, every
 * refusal in words with its field, replies, edits, two reviewers resolving one note, requesting
 * changes, the revise that carries notes over, counts, names, the audit trail with its filters
 * and CSV, live events on another instance (Postgres + Redis), and a restart on one PGlite data
 * directory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditPage,
  Decision,
  Error as ErrorBody,
  Note,
  PlanNotes,
  ReviewStates,
} from '../../api/bff-schema.gen.ts';
import type { FacelessPlanRevision } from '../../api/schema.gen.ts';
import { RedisState } from '../shared-state/redis-state.ts';
import { covered, NotesHarness, REVIEW_OPERATIONS } from '../test-support/notes-harness.ts';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';
import { openSse } from '../test-support/sse-client.ts';
import { DATABASE_KINDS } from '../test-support/test-database.ts';

describe.each(DATABASE_KINDS)('notes and decisions through the BFF (%s)', (kind) => {
  const h = new NotesHarness(kind);
  beforeAll(() => h.start(), 180_000);
  afterAll(() => h.close(), 60_000);

  it('writes a note on scene 3, refuses bad input naming the field, and reads it back', async () => {
    const reviewer = await h.signIn(h.instance, 'paid');
    const revision = await h.draftRevision(reviewer);
    const created = await reviewer.send<Note>('POST', h.notesPath(revision), {
      anchor: { kind: 'scene', scene_index: 2 },
      body: 'Scene 3: the keeper lights the lamp at noon; the narration says dusk. <b>not bold</b>',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      revision_id: revision.id,
      revision: revision.revision,
      anchor: { kind: 'scene', scene_index: 2, scene_title: revision.plan?.scenes?.[2]?.title },
      author_id: reviewer.userId,
      status: 'open',
      version: 1,
      parent_id: null,
      replies: [],
      carried_from: null,
    });
    expect(created.body.body).toContain('<b>not bold</b>');

    const refusals: Array<[unknown, string]> = [
      [{ anchor: { kind: 'revision' }, body: '   ' }, 'body'],
      [{ anchor: { kind: 'revision' }, body: 'x'.repeat(4_001) }, 'body'],
      [{ anchor: { kind: 'revision' }, body: 'look <script>alert(1)</script>' }, 'body'],
      [{ anchor: { kind: 'revision' }, body: '<img src=x onerror=alert(1)>' }, 'body'],
      [
        { anchor: { kind: 'scene', scene_index: 999 }, body: 'no such scene' },
        'anchor.scene_index',
      ],
      [
        { anchor: { kind: 'character', character_id: 'nobody' }, body: 'who?' },
        'anchor.character_id',
      ],
      [
        { anchor: { kind: 'time_span', start_seconds: 9, end_seconds: 3 }, body: 'x' },
        'anchor.end_seconds',
      ],
    ];
    for (const [body, param] of refusals) {
      const refused = await reviewer.send<ErrorBody>('POST', h.notesPath(revision), body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.error.param).toBe(param);
      expect(refused.body.error.message.length).toBeGreaterThan(10);
    }
    const missing = await reviewer.send<ErrorBody>(
      'POST',
      `/bff/projects/${revision.project_id}/faceless/plans/00000000-0000-4000-8000-000000000000/notes`,
      { anchor: { kind: 'revision' }, body: 'nowhere' },
    );
    expect(missing.status).toBe(404);

    const listed = await reviewer.get<PlanNotes>(h.notesPath(revision));
    expect(listed.status).toBe(200);
    expect(listed.body.can_write).toBe(true);
    expect(listed.body.notes.map((note) => note.id)).toContain(created.body.id);
    expect(listed.body.state).toMatchObject({ revision_id: revision.id, open_notes: 1 });
  });

  it('the read-only key reads notes but cannot write them; another workspace sees none', async () => {
    const reviewer = await h.signIn(h.instance, 'paid');
    const revision = await h.draftRevision(reviewer);
    const note = await reviewer.send<Note>('POST', h.notesPath(revision), {
      anchor: { kind: 'revision' },
      body: 'For the read-only key to read.',
    });
    const viewer = await h.signIn(h.instance, 'readonly');
    const read = await viewer.get<PlanNotes>(h.notesPath(revision));
    expect(read.status).toBe(200);
    expect(read.body.can_write).toBe(false);
    expect(read.body.notes.some((item) => item.id === note.body.id)).toBe(true);
    const refused = await viewer.send<ErrorBody>('POST', h.notesPath(revision), {
      anchor: { kind: 'revision' },
      body: 'I should not be able to write this.',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('read_only_key');
    expect(refused.body.error.message).toMatch(/read-only/);
    const resolve = await viewer.send<ErrorBody>('PUT', `/bff/notes/${note.body.id}/status`, {
      status: 'resolved',
      expected_version: 1,
    });
    expect(resolve.status).toBe(403);

    const stranger = await h.signIn(h.instance, 'free');
    const other = await stranger.get<PlanNotes>(h.notesPath(revision));
    expect(other.body.notes).toEqual([]);
    for (const [method, path, body] of [
      ['PATCH', `/bff/notes/${note.body.id}`, { body: 'mine now', expected_version: 1 }],
      ['PUT', `/bff/notes/${note.body.id}/status`, { status: 'resolved', expected_version: 1 }],
      ['POST', `/bff/notes/${note.body.id}/replies`, { body: 'hello' }],
      ['DELETE', `/bff/notes/${note.body.id}?expected_version=1`, undefined],
    ] as const) {
      const answer = await stranger.send<ErrorBody>(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
  });

  it('replies one level deep, edits and deletes within 15 minutes, two reviewers resolving: one wins', async () => {
    const reviewer = await h.signIn(h.instance, 'paid');
    const other = await h.signIn(h.instance, 'editor');
    const revision = await h.draftRevision(reviewer);
    const note = (
      await reviewer.send<Note>('POST', h.notesPath(revision), {
        anchor: { kind: 'revision' },
        body: 'The pacing drags in the middle.',
      })
    ).body;
    const reply = await other.send<Note>('POST', `/bff/notes/${note.id}/replies`, {
      body: 'Agreed; scene 4 could lose two seconds.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ parent_id: note.id, anchor: null, status: null });
    const nested = await reviewer.send<Note>('POST', `/bff/notes/${reply.body.id}/replies`, {
      body: 'Replying to the reply joins the thread.',
    });
    expect(nested.body.parent_id).toBe(note.id);

    const notOwn = await other.send<ErrorBody>('PATCH', `/bff/notes/${note.id}`, {
      body: 'rewritten by someone else',
      expected_version: 3,
    });
    expect(notOwn.status).toBe(403);
    expect(notOwn.body.error.code).toBe('not_note_author');
    const edited = await reviewer.send<Note>('PATCH', `/bff/notes/${note.id}`, {
      body: 'The pacing drags between scenes 3 and 5.',
      expected_version: 3,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      version: 4,
      body: 'The pacing drags between scenes 3 and 5.',
    });
    expect(edited.body.edited_at).not.toBeNull();
    expect(edited.body.replies.map((item) => item.id)).toEqual([reply.body.id, nested.body.id]);
    const hasReplies = await reviewer.send<ErrorBody>(
      'DELETE',
      `/bff/notes/${note.id}?expected_version=4`,
    );
    expect(hasReplies.status).toBe(409);
    expect(hasReplies.body.error.code).toBe('note_has_replies');

    // Both loaded version 4; the editor resolves first.
    const first = await other.send<Note>('PUT', `/bff/notes/${note.id}/status`, {
      status: 'resolved',
      expected_version: 4,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'resolved', resolved_by: other.userId, version: 5 });
    const second = await reviewer.send<ErrorBody>('PUT', `/bff/notes/${note.id}/status`, {
      status: 'resolved',
      expected_version: 4,
    });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('note_conflict');
    expect(second.body.error.message).toMatch(/resolved this note at \d\d:\d\d UTC/);
    // The winner's retry of its own change is no conflict.
    const retry = await other.send<Note>('PUT', `/bff/notes/${note.id}/status`, {
      status: 'resolved',
      expected_version: 4,
    });
    expect(retry.status).toBe(200);
    const reopened = await reviewer.send<Note>('PUT', `/bff/notes/${note.id}/status`, {
      status: 'open',
      expected_version: 5,
    });
    expect(reopened.body).toMatchObject({ status: 'open', resolved_by: null, version: 6 });

    const own = (
      await reviewer.send<Note>('POST', h.notesPath(revision), {
        anchor: { kind: 'revision' },
        body: 'A typo of a note.',
      })
    ).body;
    expect((await reviewer.send('DELETE', `/bff/notes/${own.id}?expected_version=1`)).status).toBe(
      204,
    );
    expect((await reviewer.send('DELETE', `/bff/notes/${own.id}?expected_version=1`)).status).toBe(
      404,
    );
  });

  it('an Idempotency-Key kept across retries writes one note', async () => {
    const reviewer = await h.signIn(h.instance, 'paid');
    const revision = await h.draftRevision(reviewer);
    const body = { anchor: { kind: 'revision' }, body: 'Sent twice, written once.' };
    const key = { 'idempotency-key': `note-${kind}-retry-0001` };
    const first = await reviewer.send<Note>('POST', h.notesPath(revision), body, key);
    const again = await reviewer.send<Note>('POST', h.notesPath(revision), body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const other = await reviewer.send<ErrorBody>(
      'POST',
      h.notesPath(revision),
      { ...body, body: 'Another note under the same key.' },
      key,
    );
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_conflict');
  });

  it('requests changes (needs an open note), carries open notes to the revise with “scene changed since”, counts them, approves', async () => {
    const reviewer = await h.signIn(h.instance, 'paid');
    const creator = await h.signIn(h.instance, 'editor');
    const bare = await h.draftRevision(reviewer);
    // A revision without open notes cannot have changes requested.
    const listed = await reviewer.get<PlanNotes>(h.notesPath(bare));
    for (const note of listed.body.notes.filter((item) => item.status === 'open')) {
      await reviewer.send('PUT', `/bff/notes/${note.id}/status`, {
        status: 'resolved',
        expected_version: note.version,
      });
    }
    const refused = await reviewer.send<ErrorBody>(
      'POST',
      `/bff/projects/${bare.project_id}/faceless/plans/${bare.id}/decisions`,
      { kind: 'changes_requested' },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('no_open_notes');

    const scene3 = await reviewer.send<Note>('POST', h.notesPath(bare), {
      anchor: { kind: 'scene', scene_index: 2 },
      body: 'Scene 3 should happen at dusk.',
    });
    const scene2 = await reviewer.send<Note>('POST', h.notesPath(bare), {
      anchor: { kind: 'scene', scene_index: 1 },
      body: 'Scene 2 is fine but check the gull.',
    });
    const decided = await reviewer.send<Decision>(
      'POST',
      `/bff/projects/${bare.project_id}/faceless/plans/${bare.id}/decisions`,
      { kind: 'changes_requested' },
    );
    expect(decided.status).toBe(201);
    expect(decided.body).toMatchObject({ kind: 'changes_requested', stage: 'plan', open_notes: 2 });

    const states = await reviewer.get<ReviewStates>(
      `/bff/review-states?revision_id=${bare.id}&project_id=${bare.project_id}&revision_id=00000000-0000-4000-8000-000000000001`,
    );
    expect(states.body.revisions[0]).toMatchObject({
      revision_id: bare.id,
      open_notes: 2,
      latest_decision: { kind: 'changes_requested' },
    });
    expect(states.body.revisions[1]).toMatchObject({ open_notes: 0, latest_decision: null });
    expect(states.body.projects[0]).toMatchObject({ project_id: bare.project_id });
    expect(states.body.projects[0]?.open_notes).toBeGreaterThanOrEqual(2);

    // The creator revises scene 3's narration: the notes move to the new revision.
    const revised = await creator.send<FacelessPlanRevision>(
      'POST',
      `/api/v1/projects/${bare.project_id}/faceless/plans/${bare.id}/revise`,
      { scenes: [{ index: 2, narration: 'At dusk the keeper climbs to the lamp.' }] },
    );
    expect(revised.status).toBe(200);
    const next = await reviewer.get<PlanNotes>(h.notesPath(revised.body));
    const carried3 = next.body.notes.find((note) => note.id === scene3.body.id);
    const carried2 = next.body.notes.find((note) => note.id === scene2.body.id);
    expect(carried3).toMatchObject({
      revision_id: revised.body.id,
      revision: revised.body.revision,
      anchor: { kind: 'scene', scene_index: 2 },
      carried_from: {
        from_revision_id: bare.id,
        scene_changed: true,
        changes: ['narration'],
      },
    });
    expect(carried2?.carried_from).toMatchObject({ scene_changed: false, changes: [] });
    const old = await reviewer.get<PlanNotes>(h.notesPath(bare));
    expect(old.body.carried_away.map((item) => item.note_id).sort()).toEqual(
      [scene2.body.id, scene3.body.id].sort(),
    );
    expect(old.body.decisions[0]).toMatchObject({ kind: 'changes_requested' });

    // The reviewer resolves both and approves the new revision's plan.
    for (const note of [carried3, carried2] as Note[]) {
      const resolved = await reviewer.send<Note>('PUT', `/bff/notes/${note.id}/status`, {
        status: 'resolved',
        expected_version: note.version,
      });
      expect(resolved.status).toBe(200);
    }
    const approved = await reviewer.send(
      'POST',
      `/api/v1/projects/${bare.project_id}/faceless/plans/${revised.body.id}/approve`,
      { stage: 'plan' },
    );
    expect(approved.status).toBe(200);
    const after = await reviewer.get<PlanNotes>(h.notesPath(revised.body));
    expect(after.body.state).toMatchObject({ open_notes: 0, resolved_notes: 2 });
    expect(after.body.decisions[0]).toMatchObject({ kind: 'approved', stage: 'plan' });
    const tooLate = await reviewer.send<ErrorBody>(
      'POST',
      `/bff/projects/${bare.project_id}/faceless/plans/${revised.body.id}/decisions`,
      { kind: 'changes_requested' },
    );
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error.code).toBe('decision_not_allowed');
  });

  it('display names: set, read in batch and on notes, script refused, cleared', async () => {
    const reviewer = await h.signIn(h.instance, 'paid');
    const creator = await h.signIn(h.instance, 'editor');
    expect(
      (await reviewer.send('PUT', '/bff/people/me', { display_name: '  Dana Reviewer ' })).body,
    ).toMatchObject({ user_id: reviewer.userId, display_name: 'Dana Reviewer' });
    const refused = await reviewer.send<ErrorBody>('PUT', '/bff/people/me', {
      display_name: '<script>x</script>',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.param).toBe('display_name');
    const people = await creator.get<{
      people: Array<{ user_id: string; display_name: string | null }>;
    }>(`/bff/people?user_id=${reviewer.userId}&user_id=${creator.userId}`);
    expect(people.body.people).toEqual([
      expect.objectContaining({ user_id: reviewer.userId, display_name: 'Dana Reviewer' }),
      expect.objectContaining({ user_id: creator.userId, display_name: null }),
    ]);
    const revision = await h.draftRevision(reviewer);
    const note = await reviewer.send<Note>('POST', h.notesPath(revision), {
      anchor: { kind: 'revision' },
      body: 'Signed with a name.',
    });
    expect(note.body.author_name).toBe('Dana Reviewer');
    const stranger = await h.signIn(h.instance, 'free');
    const elsewhere = await stranger.get<{ people: Array<{ display_name: string | null }> }>(
      `/bff/people?user_id=${reviewer.userId}`,
    );
    expect(elsewhere.body.people[0]?.display_name).toBeNull();
    expect(
      (await creator.get<{ display_name: null }>('/bff/people/me')).body.display_name,
    ).toBeNull();
  });

  it('the audit trail: note changes and decisions, filters, facets and CSV, per workspace', async () => {
    const reviewer = await h.signIn(h.instance, 'paid');
    const page = await reviewer.get<AuditPage>('/bff/audit?limit=100');
    expect(page.status).toBe(200);
    const actions = page.body.operations.flatMap((operation) =>
      operation.entries.map((entry) => entry.action),
    );
    for (const action of [
      'note.create',
      'note.reply',
      'note.edit',
      'note.delete',
      'note.resolve',
      'note.reopen',
      'note.carry',
      'decision.request_changes',
      'decision.approve',
    ]) {
      expect(actions, action).toContain(action);
    }
    const resolves = await reviewer.get<AuditPage>(
      `/bff/audit?action=note.resolve&user_id=user_demo_editor&outcome=succeeded`,
    );
    const resolved = resolves.body.operations.flatMap((operation) => operation.entries);
    expect(resolved.length).toBeGreaterThan(0);
    for (const entry of resolved) {
      expect(entry).toMatchObject({ action: 'note.resolve', user_id: 'user_demo_editor' });
    }
    const future = await reviewer.get<AuditPage>(`/bff/audit?from=2999-01-01T00:00:00Z`);
    expect(future.body.bounds.total).toBe(0);
    const facets = await reviewer.get<{ actions: Array<{ action: string; label: string }> }>(
      '/bff/audit/facets',
    );
    expect(facets.body.actions).toContainEqual(
      expect.objectContaining({ action: 'note.resolve', label: 'Resolved a note' }),
    );
    const csv = await reviewer.get<string>('/bff/audit/export?action=note.create');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="cutroom-audit-/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.startsWith('time,person,user_id,action')).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',note.create,'))).toBe(true);
    const stranger = await h.signIn(h.instance, 'free');
    const theirs = await stranger.get<AuditPage>('/bff/audit?action=note.create');
    expect(theirs.body.bounds.total).toBe(0);
  });

  it('answered every review operation as bff.yaml declares it', () => {
    expect([...covered].filter((id) => REVIEW_OPERATIONS.includes(id)).sort()).toEqual(
      [...REVIEW_OPERATIONS].sort(),
    );
  });

  if (kind === 'pglite') {
    it('after a restart on the same data directory, the notes and the audit trail are still there', async () => {
      const reviewer = await h.signIn(h.instance, 'paid');
      const revision = await h.draftRevision(reviewer);
      const note = await reviewer.send<Note>('POST', h.notesPath(revision), {
        anchor: { kind: 'revision' },
        body: 'Still here after a restart.',
      });
      await h.instance.app.close();
      h.instances.splice(h.instances.indexOf(h.instance), 1);
      const reopened = await h.databases.reopen(h.place);
      h.instance = await h.startInstance(reopened);
      const again = await h.signIn(h.instance, 'paid');
      const read = await again.get<PlanNotes>(h.notesPath(revision));
      expect(read.body.notes.map((item) => item.id)).toContain(note.body.id);
      const audit = await again.get<AuditPage>('/bff/audit?action=note.create&limit=100');
      expect(audit.status, JSON.stringify(audit.body).slice(0, 300)).toBe(200);
      expect(
        audit.body.operations.some((operation) =>
          operation.entries.some((entry) => entry.subject_id === note.body.id),
        ),
      ).toBe(true);
    }, 120_000);
  }

  if (kind === 'postgres') {
    let redis: TestRedis;
    afterAll(async () => {
      await redis?.close();
    });

    it('a note written on one instance reaches a stream on another (one Postgres, one Redis)', async () => {
      redis = await startTestRedis();
      const connect = () => RedisState.connect({ url: redis.url, prefix: 'notes-live:' });
      const first = await h.startInstance(await h.databases.reopen(h.place), {
        sharedState: await connect(),
      });
      const second = await h.startInstance(await h.databases.reopen(h.place), {
        sharedState: await connect(),
      });
      const writer = await h.signIn(first, 'paid');
      const reader = await h.signIn(second, 'editor');
      const stream = await openSse(second.port, '/bff/events', { cookie: reader.cookie });
      await stream.waitFor((text) => text.includes('event: status'));
      const revision = await h.draftRevision(writer);
      const note = await writer.send<Note>('POST', h.notesPath(revision), {
        anchor: { kind: 'scene', scene_index: 2 },
        body: 'Seen on the other instance.',
      });
      const text = await stream.waitFor((received) => received.includes(note.body.id), 5_000);
      const frame = text
        .split('\n\n')
        .find((block) => block.includes('note.created') && block.includes(note.body.id));
      expect(frame).toMatch(/^id: bff_/m);
      const data = JSON.parse((frame ?? '').split('\ndata: ')[1] ?? '{}') as {
        type: string;
        data: { note: Note; project_id: string; actor_id: string };
      };
      // The audit trail is one for both instances: the note written on the first is listed on the second.
      const trail = await reader.get<AuditPage>('/bff/audit?action=note.create&limit=100');
      expect(
        trail.body.operations.some((operation) =>
          operation.entries.some((entry) => entry.subject_id === note.body.id),
        ),
      ).toBe(true);
      expect(data).toMatchObject({
        type: 'note.created',
        data: {
          project_id: revision.project_id,
          actor_id: writer.userId,
          note: { id: note.body.id },
        },
      });
      stream.close();
    }, 120_000);
  }
});
