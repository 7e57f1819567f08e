/**
 * The BFF answers the shapes its own interface declares (src/api/bff.yaml): each JSON operation is
 * called on the real Fastify app, on its success and its refusals, and every answer is checked
 * against the declared status and schema, as mocks/test/browser-bff.test.ts does for the browser
 * mock and mocks/test/contract.test.ts for the simulator. A status or field the yaml does not
 * declare fails here.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffDocument, bffDocumentId } from '../../api/bff-document.gen.ts';
import { openapiDocument, openapiDocumentId } from '../../api/openapi-document.gen.ts';
import { createOpenApiValidator } from '../../lib/openapi-validator.ts';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { MemoryCutListStore } from '../cuts/cut-list-store.ts';
import { sampleCut } from '../test-support/cut-samples.ts';
import { exportReadyEvent } from '../test-support/webhook-events.ts';
import { computeSignature } from '../webhooks/verify-signature.ts';

const bff = createOpenApiValidator({ id: bffDocumentId, document: bffDocument }, [
  { id: openapiDocumentId, document: openapiDocument },
]);

/** Operations whose answers are not one JSON body (an event stream, raw bytes, Prometheus text). */
const NOT_JSON = new Set(['streamLiveEvents', 'uploadPart', 'getMetrics', 'exportAuditEntries']);

/**
 * The review, people and audit-trail operations need the plan revisions of the real simulator and
 * a database: src/server/notes/notes.integration.test.ts checks their answers against bff.yaml
 * (on PGlite and on Postgres) and that it covers every one of them.
 */
const CHECKED_WITH_THE_SIMULATOR = new Set([
  'listPlanNotes',
  'createPlanNote',
  'createPlanDecision',
  'editNote',
  'deleteNote',
  'setNoteStatus',
  'createNoteReply',
  'listReviewStates',
  'listPeople',
  'getMyPerson',
  'setMyDisplayName',
  'listAuditFacets',
]);

const checked = new Set<string>();

function expectDeclared(operationId: string, response: LightMyRequestResponse): unknown {
  const operation = bff.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`bff.yaml has no ${operationId}`);
  const body: unknown = response.body === '' ? null : response.json();
  expect(
    operation.responseErrors(response.statusCode, body),
    `${operationId} ${response.statusCode} ${response.body}`,
  ).toEqual([]);
  checked.add(operationId);
  return body;
}

let harness: Harness;
beforeAll(async () => {
  // The cut list in this process (its database store has its own tests).
  harness = await startHarness({ deps: { cutListStore: new MemoryCutListStore() } });
});
afterAll(async () => {
  await harness.close();
});

describe('the BFF answers what bff.yaml declares', () => {
  it('configuration, error catalogue, liveness and readiness', async () => {
    const { app } = harness;
    expectDeclared('getBffConfig', await app.inject({ url: '/bff/config' }));
    expectDeclared('listBffErrors', await app.inject({ url: '/bff/errors' }));
    expectDeclared('getLiveness', await app.inject({ url: '/healthz' }));
    expectDeclared('getReadiness', await app.inject({ url: '/readyz' }));
  });

  it('session: signed out, refused, signed in, signed out again', async () => {
    const { app } = harness;
    const signedOut = await app.inject({ url: '/bff/session' });
    expect(signedOut.statusCode).toBe(401);
    expectDeclared('getSession', signedOut);
    const bad = await app.inject({ method: 'POST', url: '/bff/session', payload: { api_key: 7 } });
    expect(bad.statusCode).toBe(400);
    expect(expectDeclared('createSession', bad)).toMatchObject({ error: { param: 'api_key' } });
    const { cookie, csrf, response } = await harness.login();
    expectDeclared('createSession', response);
    const session = await app.inject({ url: '/bff/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expectDeclared('getSession', session);
    const out = await app.inject({
      method: 'DELETE',
      url: '/bff/session',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expectDeclared('deleteSession', out);
  });

  it('webhook receiver, its delivery log and the audit log', async () => {
    const { app } = harness;
    const body = JSON.stringify(exportReadyEvent('evt_interface'));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = { 'content-type': 'application/json', 'x-service-timestamp': timestamp };
    const signature = computeSignature('whsec_demo_cutroom', timestamp, Buffer.from(body));
    const accepted = await app.inject({
      method: 'POST',
      url: '/webhooks/vcs',
      headers: { ...headers, 'x-service-signature': signature },
      payload: body,
    });
    expect(accepted.statusCode).toBe(200);
    expectDeclared('receiveServiceWebhook', accepted);
    const refused = await app.inject({
      method: 'POST',
      url: '/webhooks/vcs',
      headers: { ...headers, 'x-service-signature': 'ab'.repeat(32) },
      payload: body,
    });
    expect(refused.statusCode).toBe(401);
    expectDeclared('receiveServiceWebhook', refused);

    const { cookie } = await harness.login();
    const deliveries = await app.inject({ url: '/bff/webhook-deliveries', headers: { cookie } });
    expect(deliveries.statusCode).toBe(200);
    expectDeclared('listWebhookDeliveries', deliveries);
    const audit = await app.inject({ url: '/bff/audit?limit=5', headers: { cookie } });
    expect(audit.statusCode).toBe(200);
    expectDeclared('listAuditEntries', audit);
    const badPage = await app.inject({ url: '/bff/audit?limit=0', headers: { cookie } });
    expect(badPage.statusCode).toBe(400);
    expectDeclared('listAuditEntries', badPage);
    expectDeclared('listAuditEntries', await app.inject({ url: '/bff/audit' }));
  });

  it('the cut list of editing by words', async () => {
    const { app } = harness;
    const { cookie, csrf } = await harness.login();
    const url = '/bff/projects/6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f/cuts';
    const headers = { cookie, 'x-csrf-token': csrf };
    const recorded = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { cuts: [sampleCut('cut-1-30-45')] },
    });
    expect(recorded.statusCode).toBe(201);
    expectDeclared('recordCuts', recorded);
    const refused = await app.inject({ method: 'POST', url, headers, payload: { cuts: [] } });
    expect(refused.statusCode).toBe(400);
    expectDeclared('recordCuts', refused);
    const listed = await app.inject({ url, headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    expectDeclared('listCuts', listed);
    expectDeclared('listCuts', await app.inject({ url }));
    const removed = await app.inject({
      method: 'POST',
      url: `${url}/remove`,
      headers,
      payload: { ids: ['cut-1-30-45'] },
    });
    expect(removed.statusCode).toBe(200);
    expectDeclared('removeCuts', removed);
    const badIds = await app.inject({
      method: 'POST',
      url: `${url}/remove`,
      headers,
      payload: { ids: ['no spaces'] },
    });
    expectDeclared('removeCuts', badIds);
  });

  it('covers every JSON operation of bff.yaml', () => {
    const json = bff.operations
      .map((operation) => operation.operationId)
      .filter((id) => !NOT_JSON.has(id) && !CHECKED_WITH_THE_SIMULATOR.has(id));
    expect([...checked].sort()).toEqual(json.sort());
  });
});
