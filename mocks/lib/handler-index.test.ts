import { http, matchRequestUrl, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@/api/openapi-document.gen.ts';
import { createHandlers } from '../handlers/create-handlers.ts';
import { createSimulator } from '../simulator.ts';
import { indexHandlers, pathnamePattern } from './handler-index.ts';

const BASE = 'http://127.0.0.1:4010/v1';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** Whether msw itself would try this handler's resolver for the request (method and path). */
function mswMatches(handler: HttpHandler, method: string, url: URL): boolean {
  const info = handler.info as { method: string | RegExp; path: string };
  const methodMatches =
    info.method instanceof RegExp ? info.method.test(method) : info.method.toUpperCase() === method;
  return methodMatches && matchRequestUrl(url, info.path).matches;
}

/** Request paths: every contract path with sample parameters, and paths no route has. */
function samplePaths(): string[] {
  const templates = Object.keys(openapiDocument.paths as Record<string, unknown>);
  const values = ['abc', '0f8fad5b-d9cb-469f-a165-70867728950e', 'a%20b'];
  const paths = values.flatMap((value) =>
    templates.map((template) => template.replace(/\{[^}]+\}/g, value)),
  );
  return [
    ...paths,
    ...paths.map((path) => `${path}/`),
    '/',
    '/nothing/here',
    '/PROJECTS',
    '/workspace/media/upload/parts/org_demo/up_1/3',
  ];
}

describe('indexHandlers', () => {
  it('keeps every handler msw would match, in order, for every contract path and method', () => {
    const handlers = createHandlers(createSimulator({ seed: 3 }), BASE);
    const candidates = indexHandlers(handlers);
    let narrowed = 0;
    for (const path of samplePaths()) {
      const url = new URL(`${BASE}${path}`);
      for (const method of METHODS) {
        const kept = candidates(method, url.pathname);
        const wanted = handlers.filter((handler) => mswMatches(handler, method, url));
        for (const handler of wanted) expect(kept).toContain(handler);
        // Same relative order as the full list (msw answers with the first that matches).
        expect(kept).toEqual(handlers.filter((handler) => kept.includes(handler)));
        if (kept.length < 5) narrowed += 1;
      }
    }
    // And it narrows: most requests are left with a handful of handlers to try, not ~90.
    expect(narrowed).toBeGreaterThan(samplePaths().length * METHODS.length * 0.9);
  });

  it('keeps handlers whose method or path is not a plain string for every request', () => {
    const byRegExp = http.get(/\/anything/, () => new Response('x'));
    const all = http.all('*', () => new Response('y'));
    const candidates = indexHandlers([byRegExp, all]);
    expect(candidates('GET', '/v1/projects')).toEqual([byRegExp, all]);
    expect(candidates('POST', '/v1/projects')).toEqual([all]);
  });
});

describe('pathnamePattern', () => {
  it('matches parameters and wildcards as any segment, literals case-insensitively', () => {
    const pattern = pathnamePattern(`${BASE}/projects/:projectId/exports`) as RegExp;
    expect(pattern.test('/v1/projects/p1/exports')).toBe(true);
    expect(pattern.test('/v1/projects/p1/exports/')).toBe(true);
    expect(pattern.test('/V1/Projects/p1/Exports')).toBe(true);
    expect(pattern.test('/v1/projects/p1/jobs')).toBe(false);
    expect(pattern.test('/v1/projects')).toBe(false);
    expect((pathnamePattern(`${BASE}/*`) as RegExp).test('/v1/a/b/c')).toBe(true);
    expect(pathnamePattern(/x/)).toBeUndefined();
  });
});
