import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { BffError, errorBody, mapError } from './errors.ts';
import { type Harness, startHarness } from './test-support/bff-harness.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const isErrorShape = (body: unknown): boolean => {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, ...rest } = error as Record<string, unknown>;
  const extra = Object.keys(rest).filter((key) => key !== 'param');
  return typeof code === 'string' && typeof message === 'string' && extra.length === 0;
};

describe('error shape (promise 9)', () => {
  it('errorBody and mapError', () => {
    expect(errorBody('x', 'y')).toEqual({ error: { code: 'x', message: 'y' } });
    expect(errorBody('x', 'y', 'p')).toEqual({ error: { code: 'x', message: 'y', param: 'p' } });
    expect(mapError(new BffError(418, 'teapot', 'short and stout', { param: 'p' }))).toEqual({
      statusCode: 418,
      code: 'teapot',
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
    }
  });
});
