import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { matchesBffSchema } from './bff-contract.ts';
import { errorCatalogue } from './error-catalogue.ts';
import { BffError, errorBody, mapError } from './errors.ts';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** The service's error object, as bff.yaml declares it (all four fields). */
const isErrorShape = (body: unknown): boolean => matchesBffSchema('Error', body);

const catalogued: ReadonlySet<string> = new Set(errorCatalogue().errors.map((entry) => entry.code));

describe('error shape (promise 9)', () => {
  it('errorBody and mapError', () => {
    expect(errorBody('not_found', 'y')).toEqual({
      error: {
        code: 'not_found',
        message: 'y',
        param: null,
        doc_url: 'http://localhost/bff/errors#not_found',
      },
    });
    expect(errorBody('invalid_request', 'y', 'p', 'https://cutroom.example')).toEqual({
      error: {
        code: 'invalid_request',
        message: 'y',
        param: 'p',
        doc_url: 'https://cutroom.example/bff/errors#invalid_request',
      },
    });
    expect(isErrorShape(errorBody('not_found', 'y'))).toBe(true);
    expect(isErrorShape({ error: { code: 'x', message: 'y' } })).toBe(false);
    expect(
      mapError(new BffError(422, 'invalid_request', 'short and stout', { param: 'p' })),
    ).toEqual({
      statusCode: 422,
      code: 'invalid_request',
      message: 'short and stout',
      param: 'p',
    });
    const internal = mapError(new Error('db password is hunter2'));
    expect(internal).toEqual({
      statusCode: 500,
      code: 'internal_error',
      message: 'Internal server error.',
    });
  });

  it("rewrites Fastify's own errors (404, 413, 415, 400 JSON parse, bad URL) and the BFF's", async () => {
    harness = await startHarness();
    const { cookie, csrf } = await harness.login();
    const cases: Array<{ request: InjectOptions; status: number; code: string }> = [
      { request: { url: '/no/such/thing' }, status: 404, code: 'not_found' },
      {
        request: { method: 'POST', url: '/no/such/thing', payload: {} },
        status: 404,
        code: 'not_found',
      },
      {
        request: {
          method: 'POST',
          url: '/bff/session',
          headers: { 'content-type': 'application/json' },
          payload: '{"api_key": ',
        },
        status: 400,
        code: 'invalid_json',
      },
      {
        request: {
          method: 'POST',
          url: '/bff/session',
          headers: { 'content-type': 'application/json' },
          payload: '',
        },
        status: 400,
        code: 'invalid_json',
      },
      {
        request: {
          method: 'POST',
          url: '/bff/session',
          headers: { 'content-type': 'text/plain' },
          payload: 'k',
        },
        status: 415,
        code: 'unsupported_media_type',
      },
      {
        request: {
          method: 'POST',
          url: '/bff/session',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ api_key: 'x'.repeat(1024 * 1024) }),
        },
        status: 413,
        code: 'payload_too_large',
      },
      {
        request: {
          method: 'POST',
          url: '/api/v1/projects/batch-delete',
          headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
          payload: '[1,',
        },
        status: 400,
        code: 'invalid_json',
      },
      { request: { url: '/bff/%E0%A4%A' }, status: 400, code: 'invalid_path' },
      {
        request: { url: '/api/v1/projects%2Fx', headers: { cookie } },
        status: 400,
        code: 'invalid_path',
      },
      { request: { url: '/api/v1/projects' }, status: 401, code: 'unauthenticated' },
    ];
    for (const { request, status, code } of cases) {
      const response = await harness.app.inject(request);
      const label = `${request.method ?? 'GET'} ${request.url}`;
      expect(response.statusCode, label).toBe(status);
      expect(response.headers['content-type'], label).toMatch(/^application\/json/);
      expect(isErrorShape(response.json()), `${label}: ${response.body}`).toBe(true);
      expect(response.json().error.code, label).toBe(code);
      // Every BFF error code is explained where its doc_url points (GET /bff/errors).
      expect(catalogued.has(code), label).toBe(true);
      expect(response.json().error.doc_url, label).toMatch(new RegExp(`/bff/errors#${code}$`));
    }
  });

  it('GET /bff/errors explains every code of bff.yaml BffErrorCode', async () => {
    harness = await startHarness();
    const response = await harness.app.inject({ url: '/bff/errors' });
    expect(response.statusCode).toBe(200);
    expect(matchesBffSchema('BffErrorCatalogue', response.json())).toBe(true);
    const { errors } = response.json() as { errors: Array<{ code: string; description: string }> };
    expect(errors.length).toBeGreaterThan(10);
    for (const entry of errors) expect(entry.description, entry.code).not.toBe('');
  });
});
