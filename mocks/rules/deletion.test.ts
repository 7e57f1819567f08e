import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors.ts';
import { effectiveDryRun, parseBatchDeleteBody, selectUnion } from './deletion.ts';

const items = [
  { id: 'a1', name: 'Interview Take 1' },
  { id: 'b2', name: 'B-roll city night' },
  { id: 'c3', name: 'Interview take 2' },
  { id: 'd4', name: 'Podcast intro' },
];

describe('selectUnion', () => {
  it('unions ids, search and prefix without duplicates', () => {
    const { selected, missingIds } = selectUnion(items, {
      ids: ['d4', 'zz', 'D4'],
      search: 'CITY',
      namePrefix: 'interview',
    });
    expect(selected.map((item) => item.id)).toEqual(['d4', 'a1', 'b2', 'c3']);
    expect(missingIds).toEqual(['zz']);
  });

  it('search is a substring match, prefix only matches the start', () => {
    expect(selectUnion(items, { ids: [], search: 'take', namePrefix: null }).selected).toHaveLength(
      2,
    );
    expect(selectUnion(items, { ids: [], search: null, namePrefix: 'take' }).selected).toHaveLength(
      0,
    );
  });
});

describe('parseBatchDeleteBody', () => {
  const param = (body: Record<string, unknown>): string | null => {
    try {
      parseBatchDeleteBody(body);
      return 'ok';
    } catch (error) {
      return error instanceof ApiError ? error.param : 'other';
    }
  };
  const uuid = '123e4567-e89b-42d3-a456-426614174000';

  // Types, lengths and bounds are the contract's (mocks/test/validation.test.ts); the one rule
  // left to the handler is the cross-field one: at least one selector.
  it('requires a selector', () => {
    expect(param({ reason: 'cleanup' })).toBe('ids');
    expect(param({ reason: 'cleanup', ids: [], search: null, name_prefix: null })).toBe('ids');
    expect(param({ reason: 'abc', ids: [uuid] })).toBe('ok');
    expect(param({ reason: 'abc', search: null, name_prefix: 'x' })).toBe('ok');
  });

  it('dry_run wins and no confirm means dry run', () => {
    expect(effectiveDryRun({ dryRun: false, confirmDelete: false })).toBe(true);
    expect(effectiveDryRun({ dryRun: true, confirmDelete: true })).toBe(true);
    expect(effectiveDryRun({ dryRun: false, confirmDelete: true })).toBe(false);
  });
});
