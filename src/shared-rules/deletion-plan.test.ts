import { describe, expect, it } from 'vitest';
import {
  batchRequest,
  chunk,
  comparePlans,
  confirmBatches,
  confirmationMatches,
  describeFailure,
  describeFilter,
  mergeResults,
  nameFilterProblem,
  reasonProblem,
  snapshotOf,
} from './deletion-plan.ts';
import type { DeletionResult } from '@/api/schema.gen.ts';

const ids = (count: number, prefix = 'a') =>
  Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(3, '0')}`);

function result(partial: Partial<DeletionResult>): DeletionResult {
  return {
    success: true,
    dry_run: true,
    selected_count: partial.selected_ids?.length ?? 0,
    deleted_count: 0,
    failed_count: partial.failed_items?.length ?? 0,
    selected_ids: [],
    deleted_ids: [],
    failed_items: [],
    ...partial,
  };
}

describe('batches', () => {
  it('splits 150 ids into 100 + 50 and keeps the order', () => {
    const batches = chunk(ids(150));
    expect(batches.map((batch) => batch.length)).toEqual([100, 50]);
    expect(batches[1]?.[0]).toBe('a100');
    expect(chunk([])).toEqual([]);
  });

  it('confirms exactly what the dry run selected, in batches of 100', () => {
    const dry = [result({ selected_ids: ids(120, 'b') })];
    expect(confirmBatches(dry).map((batch) => batch.length)).toEqual([100, 20]);
  });
});

describe('reason and filters', () => {
  it('needs 3 to 500 characters', () => {
    expect(reasonProblem('')).toMatch(/Say why/);
    expect(reasonProblem('no')).toMatch(/at least 3/);
    expect(reasonProblem('  no  ')).toMatch(/at least 3/);
    expect(reasonProblem('old drafts')).toBeNull();
    expect(reasonProblem('x'.repeat(501))).toMatch(/500 characters \(501 now\)/);
  });

  it('limits name filters to 200 characters', () => {
    expect(nameFilterProblem('x'.repeat(200), 'Search')).toBeNull();
    expect(nameFilterProblem('x'.repeat(201), 'Search')).toMatch(/at most 200/);
  });

  it('says the union rule in words', () => {
    expect(describeFilter('assets', 'drone', 'b-roll')).toBe(
      'Every asset whose name contains “drone”, or whose name starts with “b-roll” (ignoring case): items matching either are selected.',
    );
    expect(describeFilter('projects', null, null)).toMatch(/No projects/);
    // One filter: only its rule, nothing about “either”.
    expect(describeFilter('assets', 'drone', null)).toBe(
      'Every asset whose name contains “drone” (ignoring case) is selected.',
    );
  });
});

describe('requests', () => {
  const flags = { deleteGeneratedClips: true, deleteLinkedProjects: false };
  it('a dry run by filter, a confirm by the ids the dry run showed', () => {
    const target = { kind: 'assets', mode: 'filter', search: 'x', namePrefix: null } as const;
    expect(batchRequest(target, null, 'cleanup', flags, false)).toEqual({
      reason: 'cleanup',
      dry_run: true,
      search: 'x',
      delete_generated_clips: true,
      delete_linked_projects: false,
    });
    expect(batchRequest(target, ['a1'], 'cleanup', flags, true)).toMatchObject({
      confirm_delete: true,
      dry_run: false,
      ids: ['a1'],
    });
    expect(batchRequest(target, ['a1'], 'cleanup', flags, true)).not.toHaveProperty('search');
  });

  it('projects have no linked-project cascade', () => {
    const target = { kind: 'projects', mode: 'selection', ids: ['p'], names: {} } as const;
    expect(batchRequest(target, ['p'], 'r!!', flags, false)).not.toHaveProperty(
      'delete_linked_projects',
    );
  });
});

describe('re-check before deleting', () => {
  const shown = snapshotOf([
    result({
      selected_ids: ['a', 'b'],
      impact: { linked_project_count: 1, linked_projects: [{ id: 'p1', name: 'P' }] },
    }),
  ]);

  it('an identical dry run is unchanged, whatever the order', () => {
    const again = snapshotOf([
      result({
        selected_ids: ['b', 'a'],
        impact: { linked_project_count: 1, linked_projects: [{ id: 'p1', name: 'P' }] },
      }),
    ]);
    expect(comparePlans(shown, again).unchanged).toBe(true);
  });

  it('reports items that appeared or went, and a changed impact', () => {
    const now = snapshotOf([result({ selected_ids: ['a', 'c'] })]);
    expect(comparePlans(shown, now)).toEqual({
      unchanged: false,
      added: ['c'],
      removed: ['b'],
      impactChanged: true,
    });
  });
});

describe('results', () => {
  it('adds up the batches and lists each failure once', () => {
    const merged = mergeResults([
      result({
        dry_run: false,
        selected_ids: ids(100),
        selected_count: 100,
        deleted_count: 99,
        deleted_ids: ids(99),
        failed_items: [{ id: 'a099', error: 'unavailable: retry it' }],
      }),
      result({ dry_run: false, selected_count: 50, deleted_count: 50, deleted_ids: ids(50, 'z') }),
    ]);
    expect(merged).toMatchObject({ selected: 150, deleted: 149 });
    expect(merged.failed).toEqual([{ id: 'a099', error: 'unavailable: retry it' }]);
    expect(merged.deletedIds).toHaveLength(149);
    expect(merged.batches).toEqual([
      { deleted: 99, failed: 1 },
      { deleted: 50, failed: 0 },
    ]);
  });

  it('checks the typed count and words the failures', () => {
    expect(confirmationMatches(' 150 ', 150)).toBe(true);
    expect(confirmationMatches('15', 150)).toBe(false);
    expect(describeFailure('unavailable: the storage service did not confirm; retry it')).toBe(
      'Temporarily failed: the storage service did not confirm; retry it',
    );
    expect(describeFailure('not_found: no media asset with id x')).toMatch(/^Already gone: /);
    expect(describeFailure('weird')).toBe('weird');
  });
});
