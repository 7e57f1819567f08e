/** Notes as the BFF answers them, for the notes feature's tests. */
import type { Note, NoteAnchor } from '@/api/bff-schema.gen.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

let counter = 0;

export function testNote(overrides: Partial<Note> & { anchor?: NoteAnchor | null } = {}): Note {
  counter += 1;
  const created = overrides.created_at ?? '2026-12-07T10:00:00.000Z';
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    project_id: 'p1',
    revision_id: 'r1',
    revision: 1,
    parent_id: null,
    anchor: { kind: 'revision' },
    body: `Note ${counter}`,
    author_id: 'user_demo',
    author_name: null,
    created_at: created,
    edited_at: null,
    editable_until: new Date(Date.parse(created) + 15 * 60_000).toISOString(),
    status: 'open',
    resolved_by: null,
    resolved_by_name: null,
    resolved_at: null,
    version: 1,
    carried_from: null,
    replies: [],
    ...overrides,
  };
}

/** A draft revision of a four-scene plan with two characters. */
export function testRevision(overrides: Partial<FacelessPlanRevision> = {}): FacelessPlanRevision {
  return {
    id: 'r1',
    project_id: 'p1',
    revision: 1,
    status: 'draft',
    created_at: '2026-12-07T09:00:00.000Z',
    updated_at: '2026-12-07T09:00:00.000Z',
    plan: {
      scenes: ['The storm', 'The pattern', 'The logbook', 'The answer'].map((title, index) => ({
        index,
        title,
        narration: `Narration ${index + 1}`,
        startSeconds: index * 5,
        endSeconds: index * 5 + 5,
        durationSeconds: 5,
      })),
      characters: [
        { id: 'pc_mara', name: 'Mara Quinn' },
        { id: 'pc_ezra', name: 'Ezra Vance' },
      ],
    },
    ...overrides,
  } as FacelessPlanRevision;
}
