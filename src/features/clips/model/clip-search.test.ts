import { describe, expect, it } from 'vitest';
import { parseClipSearch } from './clip-search.ts';

describe('parseClipSearch', () => {
  it('gives defaults for an empty query', () => {
    expect(parseClipSearch({})).toEqual({
      status: [],
      offset: 0,
      limit: 24,
      view: 'cards',
      sort: 'position',
    });
  });
  it('keeps known statuses once, in pipeline order, and drops unknown ones', () => {
    expect(parseClipSearch({ status: ['failed', 'bogus', 'assembling', 'failed'] }).status).toEqual(
      ['assembling', 'failed'],
    );
    expect(parseClipSearch({ status: 'ready,exported' }).status).toEqual(['ready', 'exported']);
    expect(parseClipSearch({ status: 42 }).status).toEqual([]);
  });
  it('falls back on bad paging and views instead of failing', () => {
    expect(parseClipSearch({ offset: -5, limit: 500, view: 'grid', sort: 'random' })).toMatchObject(
      {
        offset: 0,
        limit: 24,
        view: 'cards',
        sort: 'position',
      },
    );
    expect(parseClipSearch({ project: 'p1', asset: '' })).toMatchObject({
      project: 'p1',
      asset: undefined,
    });
  });
});
