import { describe, expect, it } from 'vitest';
import { nameFilterProblem } from '@/shared-rules/deletion-plan.ts';
import { assetFiltersOf, mediaSearchSchema, pageOf } from './media-search.ts';

describe('media library search params', () => {
  it('falls back to defaults for malformed values', () => {
    const search = mediaSearchSchema.parse({
      folder: 'not-a-uuid',
      q: 'x'.repeat(201),
      prefix: '',
      offset: -3,
      limit: 1000,
      sort: 'size',
    });
    expect(search).toEqual({ offset: 0, limit: 25, sort: '-created_at' });
    expect(assetFiltersOf(search)).toEqual({ offset: 0, limit: 25, sort: '-created_at' });
  });

  it('keeps valid values', () => {
    const folder = '3f2b8c1e-1111-4222-8333-444455556666';
    const search = mediaSearchSchema.parse({
      folder,
      q: 'drone',
      prefix: 'B-roll',
      offset: 50,
      limit: 50,
      sort: 'name',
    });
    expect(assetFiltersOf(search)).toEqual({
      folder_id: folder,
      search: 'drone',
      name_prefix: 'B-roll',
      offset: 50,
      limit: 50,
      sort: 'name',
    });
    expect(pageOf(50, 50)).toBe(2);
  });

  it('checks a name filter before it is sent', () => {
    expect(nameFilterProblem('', 'Search')).toBeNull();
    expect(nameFilterProblem('drone', 'Search')).toBeNull();
    expect(nameFilterProblem('   ', 'Name prefix')).toBe('Name prefix cannot be only spaces.');
    expect(nameFilterProblem('y'.repeat(201), 'Search')).toBe(
      'Search can be at most 200 characters (201 now).',
    );
  });
});
