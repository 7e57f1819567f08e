/**
 * The in-browser mock of the BFF (`npm run dev:mock`) answers the shapes of the BFF's interface
 * (src/api/bff.yaml), and signs in the same demo identities as the simulator.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffDocument, bffDocumentId } from '@/api/bff-document.gen.ts';
import { openapiDocument, openapiDocumentId } from '@/api/openapi-document.gen.ts';
import { DEMO_IDENTITIES, DEMO_KEYS } from '@/shared-rules/demo-workspaces.ts';
import { createOpenApiValidator } from '@/lib/openapi-validator.ts';
import { createBrowserBffHandlers } from '../browser-bff.ts';

const bff = createOpenApiValidator({ id: bffDocumentId, document: bffDocument }, [
  { id: openapiDocumentId, document: openapiDocument },
]);
const base = 'http://mock.invalid';
const mock = createBrowserBffHandlers();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function answer(operationId: string, path: string, init?: RequestInit) {
  const operation = bff.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`bff.yaml has no ${operationId}`);
  const response = await fetch(`${base}${path}`, init);
  const body: unknown = response.status === 204 ? null : await response.json();
  expect(operation.responseErrors(response.status, body), JSON.stringify(body)).toEqual([]);
  return { status: response.status, body: body as Record<string, unknown> };
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the in-browser BFF mock answers bff.yaml shapes', () => {
  it('config, session errors, sign-in with a key and the demo, sign-out', async () => {
    expect((await answer('getBffConfig', '/bff/config')).body).toEqual({
      demo_available: true,
      upstream: 'simulator',
      webhook_receiver_url: `${base}/webhooks/vcs`,
    });
    const signedOut = await answer('getSession', '/bff/session');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error).toMatchObject({ code: 'unauthenticated', param: null });

    const refused = await answer('createSession', '/bff/session', post({ api_key: 'vcs_nope' }));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: 'invalid_api_key' });

    for (const profile of ['paid', 'free', 'readonly'] as const) {
      const identity = DEMO_IDENTITIES[profile];
      for (const body of [{ api_key: DEMO_KEYS[profile] }, { demo: true, profile }]) {
        const session = await answer('createSession', '/bff/session', post(body));
        expect(session.status).toBe(200);
        expect(session.body).toMatchObject({
          organization_id: identity.organizationId,
          user_id: identity.userId,
          plan: identity.plan,
        });
        expect(mock.currentApiKey()).toBe(DEMO_KEYS[profile]);
        expect((await answer('getSession', '/bff/session')).body).toEqual(session.body);
      }
    }
    expect((await answer('deleteSession', '/bff/session', { method: 'DELETE' })).status).toBe(204);
    expect(mock.currentApiKey()).toBeUndefined();
  });

  it('the event stream says delivery is not live (a StatusFrame), so the app polls', async () => {
    await answer('createSession', '/bff/session', post({ demo: true }));
    const response = await fetch(`${base}/bff/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    const [, event, data] = /^retry: \d+\n\nevent: (\w+)\ndata: (.*)\n\n$/.exec(text) ?? [];
    const frame = { event, data: JSON.parse(data ?? 'null') as unknown };
    expect(bff.schemaErrors('LiveEventFrame', frame)).toEqual([]);
    expect(frame).toEqual({ event: 'status', data: { live: false } });
  });
});
