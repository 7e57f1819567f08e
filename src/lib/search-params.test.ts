import { describe, expect, it } from 'vitest';
import {
  enumParam,
  intParam,
  optionalIntParam,
  optionalStringParam,
  searchSchema,
} from './search-params.ts';

describe('search params', () => {
  const schema = searchSchema({
    offset: intParam({ min: 0, fallback: 0 }),
    limit: intParam({ min: 1, max: 50, fallback: 10 }),
    scene: optionalIntParam({ min: 1 }),
    view: enumParam(['cards', 'sources'], 'cards'),
    q: optionalStringParam({ minLength: 1, maxLength: 5 }),
    id: optionalStringParam({ pattern: /^p-\d+$/ }),
  });

  it('fills defaults and leaves optional params out', () => {
    expect(schema.parse({})).toEqual({ offset: 0, limit: 10, view: 'cards' });
    expect(Object.keys(schema.parse(undefined))).toEqual(['offset', 'limit', 'view']);
  });

  it('keeps valid values', () => {
    expect(
      schema.parse({ offset: 20, limit: 50, scene: 3, view: 'sources', q: 'abc', id: 'p-1' }),
    ).toEqual({ offset: 20, limit: 50, scene: 3, view: 'sources', q: 'abc', id: 'p-1' });
  });

  it('replaces bad values instead of failing the page', () => {
    expect(
      schema.parse({ offset: -1, limit: 2.5, scene: 0, view: 'grid', q: 'toolong', id: 'x' }),
    ).toEqual({ offset: 0, limit: 10, view: 'cards' });
    expect(schema.parse({ offset: '5', limit: 500, q: '' })).toEqual({
      offset: 0,
      limit: 10,
      view: 'cards',
    });
  });

  it('names the defaults of the params that have one (for stripSearchParams)', () => {
    expect(schema.defaults).toEqual({ offset: 0, limit: 10, view: 'cards' });
  });

  it('is a Standard Schema the router can call', () => {
    expect(schema['~standard'].validate({ offset: 4 })).toEqual({
      value: { offset: 4, limit: 10, view: 'cards' },
    });
  });
});
