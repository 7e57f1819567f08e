import { afterEach, describe, expect, it } from 'vitest';
import { safeEqual } from './csrf.ts';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { ALPHA_KEY } from '../test-support/loopback-upstream.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const apiCalls = (h: Harness) => h.upstream.requests.filter((r) => r.url !== '/v1/auth/validate');

describe('safeEqual', () => {
  it('compares strings of any length', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
    // Same length in characters, not in bytes; same bytes length, different characters.
    expect(safeEqual('é', 'e')).toBe(false);
    expect(safeEqual('é', 'ab')).toBe(false);
    expect(safeEqual('é', 'é')).toBe(true);
  });
});

describe('CSRF (promise 4)', () => {
  const unsafe = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

  it('unsafe /api requests without the session token are 403 csrf_failed, before upstream', async () => {
    harness = await startHarness();
    const { cookie, csrf } = await harness.login();
    for (const method of unsafe) {
      for (const token of [undefined, '', 'wrong', `${csrf}x`, csrf.slice(1)]) {
        const response = await harness.app.inject({
          method,
          url: '/api/v1/projects/p1',
          headers: {
            cookie,
            'content-type': 'application/json',
            ...(token === undefined ? {} : { 'x-csrf-token': token }),
          },
          payload: '{}',
        });
        expect(response.statusCode, `${method} ${token}`).toBe(403);
        expect(response.json().error.code).toBe('csrf_failed');
      }
    }
    expect(apiCalls(harness)).toHaveLength(0);
    const ok = await harness.app.inject({
      method: 'PATCH',
      url: '/api/v1/projects/p1',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(ok.statusCode).toBe(200);
  });

  it("another session's token does not work", async () => {
    harness = await startHarness();
    const first = await harness.login();
    const second = await harness.login();
    const response = await harness.app.inject({
      method: 'PATCH',
      url: '/api/v1/projects/p1',
      headers: {
        cookie: first.cookie,
        'x-csrf-token': second.csrf,
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
  });

  it('safe methods need no token', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    expect(
      (await harness.app.inject({ url: '/api/v1/projects', headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it('percent-encoding the route does not dodge the check', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const response = await harness.app.inject({
      method: 'DELETE',
      url: '/%62ff/session',
      headers: { cookie },
    });
    expect([401, 403, 404]).toContain(response.statusCode);
    expect(
      (await harness.app.inject({ url: '/bff/session', headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it('Sec-Fetch-Site: cross-site is 403 on unsafe requests, login included', async () => {
    harness = await startHarness();
    const { cookie, csrf } = await harness.login();
    const login = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { api_key: ALPHA_KEY },
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    const api = await harness.app.inject({
      method: 'PATCH',
      url: '/api/v1/projects/p1',
      headers: {
        cookie,
        'x-csrf-token': csrf,
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(api.statusCode).toBe(403);
    const sameOrigin = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { api_key: ALPHA_KEY },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('an Origin other than the app is 403 on unsafe requests, login included', async () => {
    harness = await startHarness();
    const { cookie, csrf } = await harness.login();
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost:81',
      'https://localhost:80',
    ]) {
      const login = await harness.app.inject({
        method: 'POST',
        url: '/bff/session',
        headers: { origin },
        payload: { api_key: ALPHA_KEY },
      });
      expect(login.statusCode, origin).toBe(403);
      const api = await harness.app.inject({
        method: 'PATCH',
        url: '/api/v1/projects/p1',
        headers: { cookie, origin, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(api.statusCode, origin).toBe(403);
    }
    // inject addresses the request to localhost:80 over http: that is the app's own origin.
    const own = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      headers: { origin: 'http://localhost:80' },
      payload: { api_key: ALPHA_KEY },
    });
    expect(own.statusCode).toBe(200);
  });

  it('PUBLIC_URL is accepted as the app origin', async () => {
    harness = await startHarness({ env: { PUBLIC_URL: 'https://cutroom.example' } });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      headers: { origin: 'https://cutroom.example' },
      payload: { api_key: ALPHA_KEY },
    });
    expect(response.statusCode).toBe(200);
  });

  it('the webhook receiver is exempt (it is called by the service, not a browser)', async () => {
    harness = await startHarness();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/webhooks/vcs',
      headers: { origin: 'https://service.example', 'sec-fetch-site': 'cross-site' },
      payload: { id: 'evt_1' },
    });
    expect(response.statusCode).toBe(401); // signature missing: not a CSRF refusal
    expect(response.json().error.code).toBe('invalid_signature');
  });
});
