import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../simulator.ts';
import { createHandlers } from './create-handlers.ts';

const BASE = 'http://app.test/api/v1';

describe('createHandlers (in process, as the browser mock uses them)', () => {
  it('serves routes under the base URL and 404s other paths below it', async () => {
    const handlers = createHandlers(createSimulator({ seed: 3 }), BASE);
    const auth = { authorization: 'Bearer vcs_test_demo_paid' };
    const ok = await getResponse(
      handlers,
      new Request(`${BASE}/projects?limit=2`, { headers: auth }),
    );
    expect(ok?.status).toBe(200);
    expect(((await ok?.json()) as { projects: unknown[] }).projects).toHaveLength(2);
    const missing = await getResponse(
      handlers,
      new Request(`${BASE}/nothing/here`, { headers: auth }),
    );
    expect(missing?.status).toBe(404);
    expect(await getResponse(handlers, new Request('http://app.test/bff/session'))).toBeUndefined();
  });

  it('uses the default key only when the request has no Authorization header', async () => {
    const handlers = createHandlers(createSimulator(), BASE, {
      defaultApiKey: 'vcs_test_demo_readonly',
    });
    const read = await getResponse(handlers, new Request(`${BASE}/auth/validate`));
    expect(read?.status).toBe(200);
    const write = await getResponse(
      handlers,
      new Request(`${BASE}/projects`, { method: 'POST', body: '{"name":"x"}' }),
    );
    expect(write?.status).toBe(403);
    const wrong = await getResponse(
      handlers,
      new Request(`${BASE}/auth/validate`, { headers: { authorization: 'Bearer nope' } }),
    );
    expect(wrong?.status).toBe(401);
    const strict = createHandlers(createSimulator(), BASE);
    expect((await getResponse(strict, new Request(`${BASE}/auth/validate`)))?.status).toBe(401);
  });
});
