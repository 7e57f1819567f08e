import { describe, expect, it } from 'vitest';
import { buildUpstreamPath, parseProxyPath } from './proxy-path.ts';

const P = '/api/v1';

describe('parseProxyPath', () => {
  it('splits, decodes and re-encodes segments; keeps the raw query', () => {
    expect(parseProxyPath('/api/v1/projects?limit=20&offset=0', P)).toEqual({
      ok: true,
      segments: ['projects'],
      path: '/projects',
      query: 'limit=20&offset=0',
    });
    expect(parseProxyPath('/api/v1/projects/a%20b', P)).toMatchObject({
      ok: true,
      segments: ['projects', 'a b'],
      path: '/projects/a%20b',
    });
    expect(parseProxyPath('/api/v1/', P)).toMatchObject({ ok: true, segments: [], path: '/' });
    expect(parseProxyPath('/api/v1', P)).toMatchObject({ ok: true, segments: [], path: '/' });
  });

  it.each([
    '/api/v1/../admin',
    '/api/v1/projects/..',
    '/api/v1/projects/./x',
    '/api/v1/%2e%2e/x',
    '/api/v1/%2E%2E/x',
    '/api/v1/.%2e/x',
    '/api/v1/projects/%2F..%2Fadmin',
    '/api/v1/projects%2fx',
    '/api/v1/projects%5cx',
    '/api/v1//evil.example/x',
    '/api/v1/projects//x',
    '/api/v1/projects\\..\\x',
    '/api/v1/projects/%0d%0aX-Injected:%201',
    '/api/v1/projects/%00',
    '/api/v1/projects/%zz',
    '/api/v1/projects/\r\nx',
    '/api/v1/projects/é',
    '/api/v1/projects x',
    '/api/v1/projects#frag',
    '/api/v1/projects/%3Fq=1',
  ])('refuses %j with 400', (url) => {
    expect(parseProxyPath(url, P)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses anything outside the prefix with 404', () => {
    expect(parseProxyPath('/api/v10/projects', P)).toMatchObject({ ok: false, status: 404 });
    expect(parseProxyPath('/bff/session', P)).toMatchObject({ ok: false, status: 404 });
  });
});

describe('buildUpstreamPath', () => {
  const base = new URL('http://127.0.0.1:9999/v1');

  it('joins the base path, the validated path and the raw query', () => {
    expect(buildUpstreamPath(base, '/v1', '/projects', 'limit=20')).toBe('/v1/projects?limit=20');
    expect(buildUpstreamPath(base, '/v1', '/', '')).toBe('/v1/');
  });

  it('throws when the result would leave the origin or the base path', () => {
    expect(() => buildUpstreamPath(base, '/v1', '/../admin', '')).toThrow();
    expect(() => buildUpstreamPath(base, '/v1', '//evil.example/x', '')).toThrow();
    expect(() => buildUpstreamPath(base, '/v1', 'x', '')).toThrow();
    const bare = new URL('http://127.0.0.1:9999');
    expect(() => buildUpstreamPath(bare, '', '//evil.example/x', '')).toThrow();
    expect(() => buildUpstreamPath(base, '/v1', '/%2e%2e/x', '')).toThrow();
  });

  it('remembers accepted paths, never refused ones, and per origin', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(buildUpstreamPath(base, '/v1', '/projects', `offset=${round}`)).toBe(
        `/v1/projects?offset=${round}`,
      );
      expect(() => buildUpstreamPath(base, '/v1', '/../admin', '')).toThrow();
    }
    const bare = new URL('http://127.0.0.1:9999');
    expect(buildUpstreamPath(bare, '', '/projects', '')).toBe('/projects');
    expect(() => buildUpstreamPath(bare, '', '//evil.example/x', '')).toThrow();
  });
});
