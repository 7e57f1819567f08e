import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AllowList, operationsFromOpenApi } from './allow-list.ts';
import { FIXTURE_OPENAPI } from '../test-support/bff-harness.ts';

const segments = (path: string): string[] => (path === '/' ? [] : path.slice(1).split('/'));

describe('allow-list', () => {
  const list = new AllowList(operationsFromOpenApi(parse(FIXTURE_OPENAPI)));

  it('matches declared method + path pairs; {param} is exactly one non-empty segment', () => {
    expect(list.match('GET', segments('/projects'))).toBe('/projects');
    expect(list.match('GET', segments('/projects/p1'))).toBe('/projects/{projectId}');
    expect(list.match('PATCH', segments('/projects/p1'))).toBe('/projects/{projectId}');
    expect(list.match('POST', segments('/projects/p1/timeline/move'))).toBe(
      '/projects/{projectId}/timeline/move',
    );
    expect(list.match('GET', segments('/'))).toBe('/');
    expect(list.match('get', segments('/clips'))).toBe('/clips');
  });

  it('prefers a literal segment to a parameter', () => {
    expect(list.match('POST', segments('/projects/batch-delete'))).toBe('/projects/batch-delete');
    expect(list.match('GET', segments('/projects/batch-delete'))).toBe('/projects/{projectId}');
  });

  it('refuses undeclared methods, paths, extra or missing segments', () => {
    expect(list.match('DELETE', segments('/projects/p1'))).toBeUndefined();
    expect(list.match('POST', segments('/projects'))).toBeUndefined();
    expect(list.match('GET', segments('/admin'))).toBeUndefined();
    expect(list.match('GET', segments('/projects/p1/extra'))).toBeUndefined();
    expect(list.match('GET', ['projects', ''])).toBeUndefined();
    expect(list.match('POST', segments('/projects/p1/timeline'))).toBeUndefined();
    expect(list.match('HEAD', segments('/projects'))).toBeUndefined();
  });

  it('reads every method of every path item (and nothing else)', () => {
    const operations = operationsFromOpenApi({
      paths: {
        '/a': { get: {}, post: {}, parameters: [], summary: 'x' },
        '/b/{id}': { delete: {} },
      },
    });
    expect(operations).toEqual([
      { method: 'GET', template: '/a' },
      { method: 'POST', template: '/a' },
      { method: 'DELETE', template: '/b/{id}' },
    ]);
    expect(() => operationsFromOpenApi({ paths: {} })).toThrow();
    expect(() => operationsFromOpenApi('nope')).toThrow();
    expect(() => new AllowList([{ method: 'GET', template: '/a/x{id}' }])).toThrow();
  });

  const contractPath = fileURLToPath(new URL('../../api/openapi.yaml', import.meta.url));
  it.skipIf(!existsSync(contractPath))(
    'is derived from src/api/openapi.yaml: every contract operation, nothing more',
    () => {
      const document = parse(readFileSync(contractPath, 'utf8')) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const contract = new AllowList(operationsFromOpenApi(document));
      let count = 0;
      for (const [template, item] of Object.entries(document.paths)) {
        const concrete = template.replace(/\{[^}]+\}/g, 'some-id');
        for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
          if (!(method in item)) continue;
          count += 1;
          expect(contract.match(method, segments(concrete))).toBeDefined();
        }
      }
      expect(contract.operations).toHaveLength(count);
      expect(contract.match('GET', segments('/not/in/contract'))).toBeUndefined();
    },
  );
});

describe('loadAllowList', () => {
  it('without a path, uses the generated contract: the same operations as src/api/openapi.yaml', async () => {
    const contractPath = fileURLToPath(new URL('../../api/openapi.yaml', import.meta.url));
    const fromYaml = operationsFromOpenApi(parse(readFileSync(contractPath, 'utf8')));
    const { loadAllowList } = await import('./allow-list.ts');
    expect((await loadAllowList()).operations).toEqual(fromYaml);
  });
});
