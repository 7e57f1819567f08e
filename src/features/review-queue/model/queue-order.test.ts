import { describe, expect, it } from 'vitest';
import { testEntry, testPlan, testRevision } from '../testing/queue-fixtures.ts';
import { nextInQueue, orderRows, projectsOf, type QueueReviews } from './queue-order.ts';
import type { QueueView } from './queue-view.ts';
import { rowOf, type QueueRow } from './queue-row.ts';

function row(
  name: string,
  project: string,
  status: string,
  waitingSince: string,
  scenes = 5,
): QueueRow {
  const plan = testPlan();
  plan.scenes = (plan.scenes ?? []).slice(0, 1);
  while ((plan.scenes?.length ?? 0) < scenes) plan.scenes?.push({ index: plan.scenes.length });
  const cost = plan.costEstimate ?? {};
  cost.animation = scenes * 20;
  const result = rowOf(
    testEntry({
      projectId: `id-${project}`,
      projectName: project,
      revision: testRevision({
        id: name,
        project_id: `id-${project}`,
        status,
        plan,
        created_at: waitingSince,
        updated_at: waitingSince,
      }),
    }),
  );
  if (!result) throw new Error(`${name} does not wait`);
  return result;
}

const rows = [
  row('b-assets', 'Bravo', 'assets_ready', '2026-03-03T00:00:00Z', 2), // 40 credits
  row('a-draft', 'Alpha', 'draft', '2026-03-04T00:00:00Z'), // 47 credits
  row('c-failed', 'Charlie', 'failed', '2026-03-01T00:00:00Z'),
  row('a-assets', 'Alpha', 'assets_ready', '2026-03-02T00:00:00Z', 10), // 200 credits
];
const ids = (list: QueueRow[]) => list.map((r) => r.id);
const view = (overrides: Partial<QueueView> = {}): QueueView => ({
  state: 'all',
  order: 'oldest',
  ...overrides,
});

describe('queue order', () => {
  it('oldest first, most credits first (what cannot be approved last), by project', () => {
    expect(ids(orderRows(rows, view()))).toEqual(['c-failed', 'a-assets', 'b-assets', 'a-draft']);
    expect(ids(orderRows(rows, view({ order: 'credits' })))).toEqual([
      'a-assets',
      'a-draft',
      'b-assets',
      'c-failed',
    ]);
    // By project name, each project's oldest first.
    expect(ids(orderRows(rows, view({ order: 'project' })))).toEqual([
      'a-assets',
      'a-draft',
      'b-assets',
      'c-failed',
    ]);
  });

  it('filters by state and by project', () => {
    expect(ids(orderRows(rows, view({ state: 'assets' })))).toEqual(['a-assets', 'b-assets']);
    expect(ids(orderRows(rows, view({ state: 'plan' })))).toEqual(['a-draft']);
    expect(ids(orderRows(rows, view({ state: 'failed' })))).toEqual(['c-failed']);
    expect(ids(orderRows(rows, view({ project: 'id-Alpha' })))).toEqual(['a-assets', 'a-draft']);
    expect(projectsOf(rows).map((p) => p.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('puts rows marked for later after the others, each group in order', () => {
    const later = new Set(['c-failed', 'b-assets']);
    expect(ids(orderRows(rows, view(), later))).toEqual([
      'a-assets',
      'a-draft',
      'c-failed',
      'b-assets',
    ]);
  });
});

describe('changes requested', () => {
  const requested = (...revisionIds: string[]): QueueReviews =>
    new Map(
      revisionIds.map((id) => [
        id,
        {
          revision_id: id,
          project_id: null,
          revision: null,
          open_notes: 2,
          resolved_notes: 0,
          latest_decision: {
            id: `d-${id}`,
            project_id: 'p',
            revision_id: id,
            revision: 1,
            kind: 'changes_requested',
            stage: 'assets',
            user_id: 'u',
            user_name: null,
            created_at: '2026-03-05T00:00:00Z',
            open_notes: 2,
          },
        },
      ]),
    );

  it('come after what waits for the reviewer, before rows marked for later; a filter of their own', () => {
    const reviews = requested('c-failed', 'a-assets');
    expect(ids(orderRows(rows, view(), new Set(), reviews))).toEqual([
      'b-assets',
      'a-draft',
      'c-failed',
      'a-assets',
    ]);
    expect(ids(orderRows(rows, view(), new Set(['b-assets']), reviews))).toEqual([
      'a-draft',
      'c-failed',
      'a-assets',
      'b-assets',
    ]);
    expect(ids(orderRows(rows, view({ state: 'changes' }), new Set(), reviews))).toEqual([
      'c-failed',
      'a-assets',
    ]);
    // "Assets to approve" is what still waits for the reviewer.
    expect(ids(orderRows(rows, view({ state: 'assets' }), new Set(), reviews))).toEqual([
      'b-assets',
    ]);
  });

  it('next in queue after requesting changes: the row that sorted after it before', () => {
    const reviews = requested('a-assets');
    const anchor = rows.find((r) => r.id === 'a-assets');
    const after = orderRows(rows, view(), new Set(), reviews).filter((r) => r.id !== 'a-assets');
    expect(nextInQueue(after, 'a-assets', anchor, view(), new Set(), reviews)?.id).toBe('b-assets');
  });
});

describe('next in queue', () => {
  const ordered = orderRows(rows, view());

  it('is the row after the current one while it is still in the queue, wrapping at the end', () => {
    expect(nextInQueue(ordered, 'a-assets', undefined, view())?.id).toBe('b-assets');
    expect(nextInQueue(ordered, 'a-draft', undefined, view())?.id).toBe('c-failed');
  });

  it('after a decision took it out: the first row that sorted after it, else the first', () => {
    const anchor = rows.find((r) => r.id === 'a-assets');
    const without = ordered.filter((r) => r.id !== 'a-assets');
    expect(nextInQueue(without, 'a-assets', anchor, view())?.id).toBe('b-assets');
    const last = rows.find((r) => r.id === 'a-draft');
    expect(
      nextInQueue(
        without.filter((r) => r.id !== 'a-draft'),
        'a-draft',
        last,
        view(),
      )?.id,
    ).toBe('c-failed');
    expect(nextInQueue(without, 'a-assets', undefined, view())?.id).toBe('c-failed');
  });

  it('follows the order of the view it was opened from, and is nothing when the queue is empty', () => {
    const byCredits = orderRows(rows, view({ order: 'credits' }));
    const anchor = rows.find((r) => r.id === 'a-draft');
    expect(
      nextInQueue(
        byCredits.filter((r) => r.id !== 'a-draft'),
        'a-draft',
        anchor,
        view({ order: 'credits' }),
      )?.id,
    ).toBe('b-assets');
    expect(nextInQueue([], 'x', undefined, view())).toBeUndefined();
    expect(nextInQueue(ordered.slice(0, 1), ordered[0]?.id ?? '', undefined, view())).toBe(
      undefined,
    );
  });

  it('walks rows marked for later last', () => {
    const later = new Set(['b-assets']);
    const marked = orderRows(rows, view(), later);
    expect(nextInQueue(marked, 'a-assets', undefined, view(), later)?.id).toBe('a-draft');
    const anchor = rows.find((r) => r.id === 'a-draft');
    expect(
      nextInQueue(
        marked.filter((r) => r.id !== 'a-draft'),
        'a-draft',
        anchor,
        view(),
        later,
      )?.id,
    ).toBe('b-assets');
  });
});
