/**
 * The contract and the simulator agree by construction: each mismatch once found between them
 * (issue 8) has a test here that fails if it comes back. Rules are read from the yaml (through the
 * generated document) and exercised over HTTP against the simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiDocument } from '@/api/openapi-document.gen.ts';
import type { SimulatorServer } from '../http-server.ts';
import { DEMO_KEYS } from '../lib/auth.ts';
import { contractValidator } from '../lib/contract-validator.ts';
import { errorPayload } from '../lib/errors.ts';
import type { Answer, Client } from './harness.ts';
import { client, errorOf, startTestServer, VALID_UUID } from './harness.ts';
import type { MediaAsset, Project, ScheduledPost } from '@/api/schema.gen.ts';

type Node = Record<string, unknown>;

/** The node at a JSON pointer of the contract (`components/schemas/X/properties/y`). */
function at(pointer: string): Node {
  let node: unknown = openapiDocument;
  for (const part of pointer.split('/')) node = (node as Node | undefined)?.[part];
  if (node === null || typeof node !== 'object') throw new Error(`No #/${pointer}`);
  return node as Node;
}

/** Follows `$ref`s. */
function deref(node: Node): Node {
  let current = node;
  while (typeof current.$ref === 'string') current = at(current.$ref.replace(/^#\//, ''));
  return current;
}

const isAssumed = (node: Node): boolean =>
  node['x-assumed'] === true && typeof node['x-assumed-reason'] === 'string';

function operations(): Array<{ method: string; template: string; op: Node }> {
  const out: Array<{ method: string; template: string; op: Node }> = [];
  for (const [template, item] of Object.entries(at('paths'))) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = (item as Node)[method] as Node | undefined;
      if (op) out.push({ method: method.toUpperCase(), template, op });
    }
  }
  return out;
}

let server: SimulatorServer;
let api: Client;
let project: Project;
let image: MediaAsset;
let exportId: string;
beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  project = (await api.get<{ projects: Project[] }>('/projects')).body.projects[0] as Project;
  const assets = (await api.get<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=100')).body
    .assets;
  image = assets.find((asset) => asset.kind === 'image') as MediaAsset;
  exportId =
    server.simulator.store
      .workspace('org_demo')
      .projects.flatMap((record) => record.exports)
      .find((item) => Date.parse(item.expires_at ?? '') > Date.now())?.export_id ?? '';
});
afterAll(async () => {
  await server.close();
});

async function expectInvalid(pending: Promise<Answer>, param: string): Promise<void> {
  const answer = await pending;
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(errorOf(answer)).toMatchObject({ code: 'invalid_request', param });
}

describe('request rules the simulator enforces are declared in the yaml, marked assumed', () => {
  it('publishing schedule: export_id xor image ids, publish_mode, scheduled_for, connection_id', async () => {
    const body = at('components/schemas/SchedulePostRequest');
    expect(isAssumed(body)).toBe(true);
    const properties = body.properties as Record<string, Node>;
    expect(deref(properties.publish_mode as Node).enum).toEqual(['direct_post', 'inbox_draft']);
    expect(deref(properties.scheduled_for as Node).format).toBe('date-time');
    expect(properties.connection_id).toMatchObject({ type: 'string', minLength: 1 });
    expect(body.oneOf).toHaveLength(2);
    const path = '/publishing/shortform/schedule';
    await expectInvalid(api.post(path, {}), 'export_id');
    await expectInvalid(
      api.post(path, { export_id: exportId, source_media_asset_ids: [image.id] }),
      'export_id',
    );
    await expectInvalid(
      api.post(path, { export_id: exportId, publish_mode: 'story' }),
      'publish_mode',
    );
    await expectInvalid(
      api.post(path, { export_id: exportId, scheduled_for: 'soon' }),
      'scheduled_for',
    );
    await expectInvalid(
      api.post(path, { export_id: exportId, connection_id: '' }),
      'connection_id',
    );
    await expectInvalid(
      api.post(path, { source_media_asset_ids: ['x'] }),
      'source_media_asset_ids[0]',
    );
    expect((await api.post(path, { export_id: exportId })).status).toBe(200);
  });

  it('apply-style: style_id and dry_run; the paid plan is a marked assumption', async () => {
    const operation = (at('paths') as Record<string, Node>)['/ai-edit/runs/{runId}/apply-style']
      ?.post as Node;
    expect(operation['x-requires-paid-plan']).toBe(true);
    expect(isAssumed(operation)).toBe(true);
    expect(JSON.stringify(operation['x-assumed-rules'])).toMatch(/paid plan/);
    const body = at('components/schemas/AiEditStyleRequest');
    expect(isAssumed(body)).toBe(true);
    expect(Object.keys(body.properties as Node)).toEqual(['style_id', 'dry_run']);
    const runId = [...server.simulator.store.workspace('org_demo').aiEditRuns.keys()][0] ?? '';
    const path = `/ai-edit/runs/${runId}/apply-style`;
    await expectInvalid(api.post(path, { dry_run: 'yes' }), 'dry_run');
    await expectInvalid(api.post(path, { style_id: '' }), 'style_id');
    expect((await api.post(path, { dry_run: true })).status).toBe(200);
  });

  it('share-page visibility hidden, recording-set roles, aspect ratios, mask effect_type', async () => {
    const visibility = at('components/schemas/ClipShareVisibility');
    expect(visibility.enum).toEqual(['visible', 'hidden']);
    expect(isAssumed(visibility)).toBe(true);
    const role = at('components/schemas/RecordingSetTrackRequest/properties/role');
    expect(role.enum).toEqual(['camera', 'screen', 'microphone']);
    expect(isAssumed(role)).toBe(true);
    const ratio = at('components/schemas/AspectRatio');
    expect(ratio.enum).toEqual(['9:16', '16:9', '1:1', '4:5']);
    expect(isAssumed(ratio)).toBe(true);
    const mask = at('components/schemas/MaskEffectRequest');
    expect(isAssumed(mask)).toBe(true);
    expect(at('components/schemas/MaskEffectRequest/properties/effect_type').enum).toEqual([
      'zoom',
    ]);

    await expectInvalid(
      api.post(`/clip-share-pages/${VALID_UUID}/clips/c/visibility`, { visibility: 'secret' }),
      'visibility',
    );
    const setId = [...server.simulator.store.workspace('org_demo').recordingSetIds][0] ?? '';
    await expectInvalid(
      api.post(`/recording-sets/${setId}/tracks`, { asset_id: VALID_UUID, role: 'drone' }),
      'role',
    );
    await expectInvalid(api.post('/projects', { name: 'x', aspect_ratio: '2:1' }), 'aspect_ratio');
    await expectInvalid(
      api.post(`/projects/${project.id}/effects/mask`, {
        timeline_item_id: 'x',
        effect_type: 'blur',
        zoom_scale: 2,
      }),
      'effect_type',
    );
  });

  it('caption-word filters match_text and timeline_item_id are 1 to 200 characters', async () => {
    const filter = at('components/schemas/CaptionWordFilter');
    expect(filter).toMatchObject({ minLength: 1, maxLength: 200 });
    expect(isAssumed(filter)).toBe(true);
    const words = `/projects/${project.id}/captions/words`;
    for (const name of ['match_text', 'timeline_item_id']) {
      await expectInvalid(api.get(`${words}?${name}=`), name);
      await expectInvalid(api.get(`${words}?${name}=${'x'.repeat(201)}`), name);
      expect((await api.get(`${words}?${name}=${'x'.repeat(200)}`)).status).toBe(200);
    }
  });
});

describe('whole numbers: limit, offset and expected_revision are integers, the narrowing assumed', () => {
  it('declares them integer and marked', () => {
    for (const name of ['LimitMax50', 'LimitMax100', 'LimitMax500', 'Offset']) {
      const schema = at(`components/parameters/${name}/schema`);
      expect(schema.type, name).toBe('integer');
      expect(isAssumed(schema), name).toBe(true);
    }
    for (const name of [
      'TimelineOperationRequest',
      'TimelineMoveRequest',
      'TimelineBatchDeleteRequest',
      'MaskEffectRequest',
    ]) {
      const revision = at(`components/schemas/${name}/properties/expected_revision`);
      expect(revision.type, name).toBe('integer');
      expect(isAssumed(revision) || isAssumed(at(`components/schemas/${name}`)), name).toBe(true);
    }
  });

  it('refuses 10.5 everywhere and accepts 10', async () => {
    for (const path of ['/clips', '/projects', `/projects/${project.id}/exports`]) {
      await expectInvalid(api.get(`${path}?limit=10.5`), 'limit');
      await expectInvalid(api.get(`${path}?offset=10.5`), 'offset');
      expect((await api.get(`${path}?limit=10&offset=10`)).status).toBe(200);
    }
    await expectInvalid(
      api.post(`/projects/${project.id}/timeline/batch-delete`, {
        timeline_item_ids: ['x'],
        expected_revision: 10.5,
      }),
      'expected_revision',
    );
  });
});

describe('assumptions are marked', () => {
  it('every x-assumed carries a reason, and every reason an x-assumed', () => {
    const unmarked: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}/${index}`));
      else if (node !== null && typeof node === 'object') {
        const record = node as Node;
        if ((record['x-assumed'] === true) !== (typeof record['x-assumed-reason'] === 'string')) {
          unmarked.push(path);
        }
        for (const [key, value] of Object.entries(record)) walk(value, `${path}/${key}`);
      }
    };
    walk(openapiDocument, '#');
    expect(unmarked).toEqual([]);
  });

  it('assumed responses and request bodies mark their operation assumed', () => {
    for (const { method, template, op } of operations()) {
      if (op['x-assumed-response'] === true || op['x-assumed-request-body'] === true) {
        expect(isAssumed(op), `${method} ${template}`).toBe(true);
      }
    }
  });

  it('a paid-plan requirement the reference does not state is an assumed rule', () => {
    // The reference states the requirement only for the faceless revise.
    for (const { method, template, op } of operations()) {
      if (op['x-requires-paid-plan'] !== true || op.operationId === 'reviseFacelessPlan') continue;
      const marked =
        (isAssumed(op) && op['x-assumed-request-body'] !== true) ||
        JSON.stringify(op['x-assumed-rules'] ?? []).includes('paid plan');
      expect(marked, `${method} ${template}`).toBe(true);
    }
  });

  it('events minItems, url format, multipart-abort fields, timeline delete bounds, offset default', () => {
    expect(isAssumed(at('components/schemas/WebhookCreateRequest/properties/events'))).toBe(true);
    expect(at('components/schemas/WebhookCreateRequest/properties/events').minItems).toBe(1);
    const url = at('components/schemas/WebhookCreateRequest/properties/url');
    expect(url.format).toBe('uri');
    expect(isAssumed(url)).toBe(true);
    const abort = at('components/schemas/MultipartAbortRequest');
    expect(abort.required).toEqual(['storage_key', 'upload_id']);
    expect(isAssumed(abort)).toBe(true);
    const ids = at('components/schemas/TimelineBatchDeleteRequest/properties/timeline_item_ids');
    expect(ids).toMatchObject({ minItems: 1, maxItems: 100 });
    expect(isAssumed(ids)).toBe(true);
    const offset = at('components/parameters/Offset/schema');
    expect(offset.default).toBe(0);
    expect(isAssumed(offset)).toBe(true);
  });

  it('only the three reference endpoints declaring 404 use the unmarked NotFound', () => {
    const declaredByReference = new Set(['getServiceInfo', 'validateAuth', 'getClipSourcePreview']);
    expect(isAssumed(at('components/responses/AssumedNotFound'))).toBe(true);
    for (const { method, template, op } of operations()) {
      const notFound = (op.responses as Node)['404'] as Node | undefined;
      if (!notFound) continue;
      const expected = declaredByReference.has(String(op.operationId))
        ? '#/components/responses/NotFound'
        : '#/components/responses/AssumedNotFound';
      expect(notFound.$ref, `${method} ${template}`).toBe(expected);
    }
  });
});

describe('webhook events carry the organization the BFF routes on', () => {
  it('declares data.organization_id on every event, assumed', () => {
    const organization = at('components/schemas/WebhookOrganizationId');
    expect(isAssumed(organization)).toBe(true);
    for (const pointer of [
      'components/schemas/ExportReadyData/properties/organization_id',
      'components/schemas/OtherWebhookEvent/properties/data/properties/organization_id',
      'components/schemas/FacelessEventData/properties/organization_id',
    ]) {
      expect(at(pointer).$ref).toBe('#/components/schemas/WebhookOrganizationId');
    }
  });

  it('every event the simulator emits matches WebhookEvent', () => {
    const validator = contractValidator();
    const event = server.simulator.emit('org_demo', 'export.ready', {
      project_id: project.id,
      export_id: exportId,
      download_url: 'https://cdn.example/x.mp4',
      expires_at: new Date().toISOString(),
    });
    expect(validator.schemaErrors('WebhookEvent', event)).toEqual([]);
    expect(event.data.organization_id).toBe('org_demo');
    const other = server.simulator.emit('org_demo', 'project.created', { project_id: project.id });
    expect(validator.schemaErrors('WebhookEvent', other)).toEqual([]);
    expect(
      validator.schemaErrors('WebhookEvent', { ...other, data: { organization_id: 7 } }),
    ).not.toEqual([]);
  });
});

describe('the error object has all four fields', () => {
  it('is required by the schema, param nullable, doc_url a URI', () => {
    const error = at('components/schemas/Error/properties/error');
    expect(error.required).toEqual(['code', 'message', 'param', 'doc_url']);
    expect(at('components/schemas/Error/properties/error/properties/param').type).toEqual([
      'string',
      'null',
    ]);
    expect(errorPayload('not_found', 'No.', null).error).toEqual({
      code: 'not_found',
      message: 'No.',
      param: null,
      doc_url: expect.stringMatching(/^https:\/\//),
    });
  });

  it('is sent with param null when no field is at fault', async () => {
    const answer = await client(server, DEMO_KEYS.free).post(`/projects/${project.id}/exports`, {});
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toMatchObject({ code: 'plan_required', param: null });
    expect(errorOf(answer)).toHaveProperty('doc_url');
  });
});

describe("a scheduled post's next_actions point at an operation of the contract", () => {
  it('GET /publishing/shortform/posts/{postId} exists (assumed) and answers the post', async () => {
    const posts = (at('paths') as Record<string, Node>)['/publishing/shortform/posts/{postId}'];
    expect(isAssumed(posts?.get as Node)).toBe(true);
    const post = (
      await api.post<ScheduledPost>('/publishing/shortform/schedule', { export_id: exportId })
    ).body;
    for (const action of post.next_actions ?? []) {
      const template = Object.keys(at('paths')).find((candidate) =>
        new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(action.path ?? ''),
      );
      expect(template, action.path).toBeDefined();
      expect(contractValidator().operation(action.method ?? '', template ?? '')).toBeDefined();
      const answer = await api.get<ScheduledPost>(action.path ?? '');
      expect(answer.status).toBe(200);
      expect(answer.body.post_id).toBe(post.post_id);
    }
    expect(post.next_actions).toHaveLength(1);
  });
});

describe('admin cancel: unknown resource or run is 404, a finished run is 409', () => {
  it('refuses what it cannot cancel', async () => {
    const runs = server.simulator.store.workspace('org_demo').triggerRuns;
    const cancel = (type: string, resource: string, run: string) =>
      api.post(`/admin/recovery/${type}/${resource}/trigger-runs/${run}/cancel`, {
        reason: 'stuck',
      });
    for (const type of ['asset', 'clip-batch', 'export'] as const) {
      const running = runs.find((run) => run.resource_type === type && run.status === 'running');
      const finished = runs.find((run) => run.resource_type === type && run.status !== 'running');
      expect(running && finished, type).toBeTruthy();
      if (!running || !finished) continue;
      const unknownResource = await cancel(type, VALID_UUID, running.run_id);
      expect(unknownResource.status).toBe(404);
      expect(errorOf(unknownResource).param).toBe('resource_id');
      const unknownRun = await cancel(type, running.resource_id, 'run_none');
      expect(unknownRun.status).toBe(404);
      expect(errorOf(unknownRun).param).toBe('run_id');
      const done = await cancel(type, finished.resource_id, finished.run_id);
      expect(done.status).toBe(409);
      expect(errorOf(done)).toMatchObject({ code: 'run_finished', param: 'run_id' });
      const ok = await cancel(type, running.resource_id, running.run_id);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ success: true, run_id: running.run_id, status: 'cancelled' });
      expect((await cancel(type, running.resource_id, running.run_id)).status).toBe(409);
    }
  });
});
