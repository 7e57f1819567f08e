import { afterEach, describe, expect, it } from 'vitest';
import { deriveSealKeys, seal } from './session-seal.ts';
import {
  cookieFrom,
  type Harness,
  startHarness,
  TEST_SESSION_SECRET,
} from '../test-support/bff-harness.ts';
import { ALPHA_KEY } from '../test-support/loopback-upstream.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const NEW_SECRET = 'rotated-secret-abcdefghijklmnopqrstuvwxyz-0123';

describe('GET /bff/config', () => {
  it('remote upstream without server key: no demo', async () => {
    harness = await startHarness();
    const response = await harness.app.inject({ url: '/bff/config' });
    expect(response.json()).toEqual({
      demo_available: false,
      upstream: 'remote',
      webhook_receiver_url: 'http://localhost:80/webhooks/vcs',
    });
  });

  it('simulator upstream or a server-side key: demo available', async () => {
    harness = await startHarness({ configure: (c) => void (c.upstream.kind = 'simulator') });
    expect((await harness.app.inject({ url: '/bff/config' })).json()).toMatchObject({
      demo_available: true,
      upstream: 'simulator',
    });
  });
});

describe('POST /bff/session (login)', () => {
  it('validates the key upstream and answers the identity, a CSRF token and a sealed cookie', async () => {
    harness = await startHarness();
    const { response } = await harness.login();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      organization_id: 'org_alpha',
      user_id: 'user_alpha',
      plan: 'paid',
      environment: 'test',
      key_prefix: 'vcs_test_key',
    });
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const validate = harness.upstream.requests.find((r) => r.url === '/v1/auth/validate');
    expect(validate?.headers.authorization).toBe(`Bearer ${ALPHA_KEY}`);
  });

  it('cookie: HttpOnly, SameSite=Strict, Path=/, Max-Age; not Secure and not __Host- over http', async () => {
    harness = await startHarness();
    const { response } = await harness.login();
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^cutroom_session=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('Max-Age=28800');
    expect(setCookie).not.toContain('Secure');
    expect(setCookie).not.toContain('Domain');
  });

  it('over https (PUBLIC_URL): __Host-cutroom_session with Secure', async () => {
    harness = await startHarness({ env: { PUBLIC_URL: 'https://cutroom.example' } });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      headers: { origin: 'https://cutroom.example' },
      payload: { api_key: ALPHA_KEY },
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-cutroom_session=/);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Domain');
    const session = await harness.app.inject({
      url: '/bff/session',
      headers: { cookie: cookieFrom(response.headers['set-cookie']) },
    });
    expect(session.statusCode).toBe(200);
  });

  it('a refused key is 401 in the error shape, with no cookie', async () => {
    harness = await startHarness();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      payload: { api_key: 'vcs_test_wrong_key' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_api_key',
        message: 'The API key was refused.',
        param: null,
        doc_url: 'http://localhost:80/bff/errors#invalid_api_key',
      },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('upstream unreachable is 502 with no cookie', async () => {
    harness = await startHarness();
    await harness.upstream.close();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      payload: { api_key: ALPHA_KEY },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('upstream_unreachable');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    {},
    { api_key: '' },
    { api_key: 'a b' },
    { demo: false },
    { api_key: 'k', extra: 1 },
    'x',
  ])('a malformed body %j is 400', async (payload) => {
    harness = await startHarness();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_request');
  });

  it('demo: refused when unavailable, else the key is chosen server-side', async () => {
    harness = await startHarness();
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      payload: { demo: true },
    });
    expect(refused.statusCode).toBe(403);
    await harness.close();

    harness = await startHarness({ env: { VCS_API_KEY: ALPHA_KEY } });
    const demo = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      payload: { demo: true },
    });
    expect(demo.statusCode).toBe(200);
    expect(demo.json().organization_id).toBe('org_alpha');
    expect(demo.body).not.toContain(ALPHA_KEY);
    const profile = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      payload: { demo: true, profile: 'free' },
    });
    expect(profile.statusCode).toBe(400);
  });

  it('demo with the simulator uses vcs_test_demo_paid (profiles pick the other demo keys)', async () => {
    harness = await startHarness({ configure: (c) => void (c.upstream.kind = 'simulator') });
    const demo = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      payload: { demo: true },
    });
    expect(demo.json().organization_id).toBe('org_demo');
    const readonly = await harness.app.inject({
      method: 'POST',
      url: '/bff/session',
      payload: { demo: true, profile: 'readonly' },
    });
    expect(readonly.statusCode).toBe(401); // the fake upstream does not know that key
    const validations = harness.upstream.requests.map((r) => r.headers.authorization);
    expect(validations).toEqual(['Bearer vcs_test_demo_paid', 'Bearer vcs_test_demo_readonly']);
  });
});

describe('GET /bff/session and sealed cookies (promise 1)', () => {
  it('answers the same body for a valid session, 401 without one', async () => {
    harness = await startHarness();
    const { cookie, response } = await harness.login();
    const current = await harness.app.inject({ url: '/bff/session', headers: { cookie } });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(response.json());
    const none = await harness.app.inject({ url: '/bff/session' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthenticated');
  });

  it('a tampered cookie is 401 (on /bff/session and /api)', async () => {
    harness = await startHarness();
    const { cookie } = await harness.login();
    const [name, value = ''] = cookie.split('=');
    const flipped = value.slice(0, 30) + (value[30] === 'A' ? 'B' : 'A') + value.slice(31);
    for (const bad of [`${name}=${flipped}`, `${name}=${value}x`, `${name}=garbage`, `${name}=`]) {
      expect(
        (await harness.app.inject({ url: '/bff/session', headers: { cookie: bad } })).statusCode,
      ).toBe(401);
      expect(
        (await harness.app.inject({ url: '/api/v1/projects', headers: { cookie: bad } }))
          .statusCode,
      ).toBe(401);
    }
  });

  it('an expired cookie is 401 (expiry inside the sealed payload, not only Max-Age)', async () => {
    let now = Date.now();
    harness = await startHarness({ env: { SESSION_TTL_SECONDS: '60' }, deps: { now: () => now } });
    const { cookie } = await harness.login();
    now += 59_000;
    expect(
      (await harness.app.inject({ url: '/bff/session', headers: { cookie } })).statusCode,
    ).toBe(200);
    now += 2_000;
    expect(
      (await harness.app.inject({ url: '/bff/session', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect(
      (await harness.app.inject({ url: '/api/v1/projects', headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it('a cookie sealed with an unknown secret is 401; rotation keeps old sessions valid', async () => {
    const old = await startHarness();
    const { cookie } = await old.login();
    await old.close();

    harness = await startHarness({
      env: { SESSION_SECRET: `${NEW_SECRET},${TEST_SESSION_SECRET}` },
    });
    expect(
      (await harness.app.inject({ url: '/bff/session', headers: { cookie } })).statusCode,
    ).toBe(200);
    const fresh = await harness.login();
    await harness.close();

    harness = await startHarness({ env: { SESSION_SECRET: NEW_SECRET } });
    expect(
      (await harness.app.inject({ url: '/bff/session', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect(
      (await harness.app.inject({ url: '/bff/session', headers: { cookie: fresh.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it('a validly sealed payload of the wrong shape is 401', async () => {
    harness = await startHarness();
    const forged = seal(
      { key: ALPHA_KEY },
      Math.floor(Date.now() / 1000) + 60,
      deriveSealKeys([TEST_SESSION_SECRET]),
    );
    const response = await harness.app.inject({
      url: '/bff/session',
      headers: { cookie: `cutroom_session=${forged}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /bff/session (logout)', () => {
  it('needs the CSRF token, clears the cookie and revokes the session', async () => {
    harness = await startHarness();
    const { cookie, csrf } = await harness.login();
    const noToken = await harness.app.inject({
      method: 'DELETE',
      url: '/bff/session',
      headers: { cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('csrf_failed');

    const out = await harness.app.inject({
      method: 'DELETE',
      url: '/bff/session',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^cutroom_session=;.*Max-Age=0/);
    // The old cookie no longer works even if the browser kept it.
    expect(
      (await harness.app.inject({ url: '/bff/session', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect(
      (await harness.app.inject({ url: '/api/v1/projects', headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});

describe('failed logins are rate limited per client IP (promise 7)', () => {
  it('5 failures in a minute → 429 with Retry-After, even for a good key; other IPs unaffected', async () => {
    let now = Date.now();
    harness = await startHarness({ deps: { now: () => now } });
    const attempt = (apiKey: string, ip = '127.0.0.1') =>
      harness!.app.inject({
        method: 'POST',
        url: '/bff/session',
        remoteAddress: ip,
        payload: { api_key: apiKey },
      });
    for (let index = 0; index < 5; index += 1) {
      expect((await attempt(`vcs_wrong_${index}`)).statusCode).toBe(401);
    }
    const blocked = await attempt(ALPHA_KEY);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect(blocked.headers['set-cookie']).toBeUndefined();
    const validations = harness.upstream.requests.length;
    expect((await attempt('vcs_wrong_again')).statusCode).toBe(429);
    expect(harness.upstream.requests.length).toBe(validations);
    expect((await attempt(ALPHA_KEY, '10.1.2.3')).statusCode).toBe(200);
    now += 61_000;
    expect((await attempt(ALPHA_KEY)).statusCode).toBe(200);
  });
});
