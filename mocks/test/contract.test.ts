/**
 * Every route answers with the shape the contract (src/api/openapi.yaml) declares for its status,
 * checked by the same ajv validator that checks requests (lib/contract-validator.ts), and with a
 * status the operation declares (except the documented gaps listed in UNDECLARED).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import { DEMO_KEYS } from '../lib/auth.ts';
import type { ContractOperation } from '../lib/contract-validator.ts';
import { contractValidator } from '../lib/contract-validator.ts';
import type { Client } from './harness.ts';
import { client, startTestServer, VALID_UUID } from './harness.ts';
import type {
  Character,
  Clip,
  FacelessPlanRevision,
  Job,
  MediaAsset,
  MediaFolder,
  Project,
  ScheduledPost,
  Timeline,
} from '@/api/schema.gen.ts';

/** Statuses the simulator answers that the contract does not declare for the operation. */
const UNDECLARED = new Set<string>([]);

let server: SimulatorServer;
let api: Client;
const ctx: Record<string, string> = {};
const seen: string[] = [];

function operation(method: string, template: string): ContractOperation {
  const op = contractValidator().operation(method, template);
  if (!op) throw new Error(`No operation ${method} ${template} in the contract`);
  return op;
}

async function check(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  template: string,
  values: Record<string, string>,
  expectedStatus: number,
  body?: unknown,
  who: Client = api,
): Promise<unknown> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name);
  const answer =
    method === 'GET'
      ? await who.get(path)
      : method === 'DELETE'
        ? await who.delete(path)
        : method === 'PATCH'
          ? await who.patch(path, body)
          : await who.post(path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(
    expectedStatus,
  );
  const path0 = template.split('?', 1)[0] ?? template;
  const key = `${method} ${path0} ${answer.status}`;
  seen.push(key);
  const errors = operation(method, path0).responseErrors(answer.status, answer.body);
  if (errors.some((error) => error.includes('is not declared'))) {
    expect(UNDECLARED.has(key), `undeclared status: ${key}`).toBe(true);
  } else {
    expect(errors, key).toEqual([]);
  }
  return answer.body;
}

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
  ctx.projectId = projects.find((p) => p.name === 'Product launch teaser')?.id ?? '';
  const faceless = projects.find((p) => p.name === 'Faceless: The Lighthouse Keeper') as Project;
  ctx.facelessId = faceless.id;
  const revisions = (
    await api.get<{ revisions: FacelessPlanRevision[] }>(`/projects/${faceless.id}/faceless/plans`)
  ).body.revisions;
  // A draft, so that approving its plan is an allowed transition.
  ctx.revisionId = (revisions.find((r) => r.status === 'draft') ?? revisions[0])?.id ?? '';
  const assets = (await api.get<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=100')).body
    .assets;
  ctx.videoId = assets.find((asset) => asset.kind === 'video')?.id ?? '';
  ctx.imageId = assets.find((asset) => asset.kind === 'image')?.id ?? '';
  ctx.folderId =
    (await api.get<{ folders: MediaFolder[] }>('/workspace/media/folders')).body.folders[0]?.id ??
    '';
  const clips = (await api.get<{ clips: Clip[] }>('/clips?limit=50')).body.clips;
  ctx.clipId = clips[0]?.clip_id ?? '';
  ctx.clipAssetId = clips[0]?.source?.asset_id ?? '';
  const workspace = server.simulator.store.workspace('org_demo');
  ctx.characterId = (workspace.characters[0] as Character).id;
  ctx.referenceId = workspace.characters[0]?.references?.[0]?.asset_id ?? '';
  ctx.batchId = [...workspace.clipBatches.keys()][0] ?? '';
  ctx.recordingSetId = [...workspace.recordingSetIds][0] ?? '';
  ctx.runId = [...workspace.aiEditRuns.keys()][0] ?? '';
  const timeline = (await api.get<Timeline>(`/projects/${ctx.projectId}/timeline`)).body;
  ctx.titleId = timeline.layers.find((layer) => layer.kind === 'text')?.items[0]?.id ?? '';
  ctx.videoItemId = timeline.layers[0]?.items[1]?.id ?? '';
  ctx.exportId =
    server.simulator.store.workspace('org_demo').projects.find((p) => p.exports.length > 1)
      ?.exports[1]?.export_id ?? '';
});
afterAll(async () => {
  await server.close();
});

describe('responses follow the contract', () => {
  it('the checker rejects wrong shapes', () => {
    const getProject = operation('GET', '/projects/{projectId}');
    expect(getProject.responseErrors(200, { id: 'x', status: 'draft' })).not.toEqual([]);
    expect(
      operation('GET', '/projects').responseErrors(200, { projects: [], bounds: { limit: '5' } }),
    ).not.toEqual([]);
    expect(
      operation('GET', '/workspace/media/assets').responseErrors(200, {
        assets: [{ kind: 'pdf' }],
        bounds: {},
      }),
    ).not.toEqual([]);
    // The error object carries all four fields (param null when no field is at fault).
    const error = { code: 'not_found', message: 'No project.', param: 'projectId' };
    expect(getProject.responseErrors(404, { error })).not.toEqual([]);
    expect(
      getProject.responseErrors(404, { error: { ...error, doc_url: 'https://d.example/e' } }),
    ).toEqual([]);
    expect(getProject.responseErrors(418, {})).toEqual(['status 418 is not declared']);
  });

  it('platform', async () => {
    await check('GET', '/', {}, 200);
    await check('GET', '/auth/validate', {}, 200);
    await check('GET', '/credits', {}, 200);
    await check('GET', '/webhooks', {}, 200);
    const hook = (await check('POST', '/webhooks', {}, 201, {
      url: 'https://example.invalid/x',
      events: ['export.ready'],
    })) as { id: string };
    await check('DELETE', '/webhooks/{webhookId}', { webhookId: hook.id }, 200);
    await check('DELETE', '/webhooks/{webhookId}', { webhookId: 'wh_none' }, 404);
    await check('GET', '/auth/validate', {}, 401, undefined, client(server, null));
    await check(
      'POST',
      '/webhooks',
      {},
      403,
      { url: 'https://x.invalid', events: [] },
      client(server, DEMO_KEYS.readonly),
    );
    const post = (await check('POST', '/publishing/shortform/schedule', {}, 200, {
      export_id: ctx.exportId,
    })) as ScheduledPost;
    await check('GET', '/publishing/shortform/posts/{postId}', { postId: post.post_id }, 200);
    await check('GET', '/publishing/shortform/posts/{postId}', { postId: 'post_none' }, 404);
    const slideshow = (await check('POST', '/publishing/shortform/schedule', {}, 200, {
      source_media_asset_ids: [ctx.imageId],
      publish_mode: 'inbox_draft',
    })) as ScheduledPost;
    expect(slideshow).toMatchObject({ media_type: 'slideshow', publish_mode: 'inbox_draft' });
    const cancel = '/admin/recovery/{resource_type}/{resource_id}/trigger-runs/{run_id}/cancel';
    const run = server.simulator.store
      .workspace('org_demo')
      .triggerRuns.find((candidate) => candidate.status === 'running');
    const values = {
      resource_type: run?.resource_type ?? '',
      resource_id: run?.resource_id ?? '',
      run_id: run?.run_id ?? '',
    };
    const listed = (await check('GET', '/admin/recovery/trigger-runs', {}, 200)) as {
      runs: Array<{ run_id: string }>;
    };
    expect(listed.runs.map((candidate) => candidate.run_id)).toContain(values.run_id);
    await check('GET', '/admin/recovery/trigger-runs?resource_type=export', {}, 200);
    await check('GET', '/admin/recovery/trigger-runs?resource_type=job', {}, 400);
    await check('POST', cancel, values, 200, { reason: 'stuck' });
    await check('POST', cancel, values, 409, { reason: 'stuck' });
    await check('POST', cancel, { ...values, run_id: 'run_none' }, 404, {});
    await check('POST', cancel, { ...values, resource_id: VALID_UUID }, 404, {});
  });

  it('media', async () => {
    await check('GET', '/workspace/media/assets', {}, 200);
    await check('GET', '/workspace/media/folders', {}, 200);
    await check('POST', '/workspace/media/assets/batch-delete', {}, 200, {
      reason: 'check',
      search: 'b-roll',
    });
    await check('POST', '/workspace/media/assets/batch-delete', {}, 400, { reason: 'no' });
    await check(
      'POST',
      '/workspace/media/folders/{folderId}/empty',
      { folderId: ctx.folderId ?? '' },
      200,
      { reason: 'check' },
    );
    await check(
      'POST',
      '/workspace/media/folders/{folderId}/empty',
      { folderId: VALID_UUID },
      404,
      { reason: 'check' },
    );
    await check(
      'POST',
      '/workspace/media/assets/{assetId}/short-suggestions',
      { assetId: ctx.videoId ?? '' },
      200,
      {},
    );
    await check('GET', '/workspace/media/assets/{assetId}', { assetId: ctx.videoId ?? '' }, 200);
    await check('GET', '/workspace/media/assets/{assetId}', { assetId: VALID_UUID }, 404);
    await check('POST', '/workspace/media/folders', {}, 201, { name: 'Contract folder' });
    await check('POST', '/workspace/media/folders', {}, 409, { name: 'contract folder' });
    const multipart = '/workspace/media/upload/multipart';
    const upload = (await check('POST', `${multipart}/start`, {}, 200, {
      filename: 'clip.mp4',
      content_type: 'video/mp4',
      size_bytes: 3,
      folder_id: ctx.folderId,
    })) as { storage_key: string; upload_id: string };
    const ref = { storage_key: upload.storage_key, upload_id: upload.upload_id };
    const signed = (await check('POST', `${multipart}/sign-part`, {}, 200, {
      ...ref,
      part_number: 1,
    })) as { url: string };
    const put = await fetch(signed.url, { method: 'PUT', body: new Uint8Array([1, 2, 3]) });
    expect(put.status).toBe(200);
    const etag = put.headers.get('etag') ?? '';
    const query = new URLSearchParams(ref).toString();
    await check('GET', `${multipart}/parts?${query}`, {}, 200);
    await check('POST', `${multipart}/complete`, {}, 200, {
      ...ref,
      parts: [{ part_number: 1, etag }],
    });
    await check('POST', `${multipart}/complete`, {}, 400, {
      storage_key: 'k',
      upload_id: 'u',
      parts: [],
    });
    await check('POST', `${multipart}/abort`, {}, 409, ref);
    await check('POST', `${multipart}/abort`, {}, 404, { storage_key: 'k', upload_id: 'u' });
    const second = (await check('POST', `${multipart}/start`, {}, 200, {
      filename: 'a.mp3',
      content_type: 'audio/mpeg',
      size_bytes: 10,
    })) as { storage_key: string; upload_id: string };
    await check('POST', `${multipart}/abort`, {}, 200, second);
    await check('POST', `${multipart}/sign-part`, {}, 404, { ...second, part_number: 1 });
  });

  it('projects, exports and jobs', async () => {
    await check('GET', '/projects', {}, 200);
    const created = (await check('POST', '/projects', {}, 201, {
      name: 'Contract check',
    })) as Project;
    await check('GET', '/projects/{projectId}', { projectId: created.id }, 200);
    await check('PATCH', '/projects/{projectId}', { projectId: created.id }, 200, {
      name: 'Renamed',
    });
    await check('GET', '/projects/{projectId}', { projectId: VALID_UUID }, 404);
    await check('POST', '/projects/batch-delete', {}, 200, {
      reason: 'check',
      ids: [created.id, VALID_UUID],
    });
    await check('GET', '/projects/{projectId}/exports', ctx, 200);
    await check('GET', '/projects/{projectId}/exports', { projectId: VALID_UUID }, 404);
    const job = (await check('POST', '/projects/{projectId}/exports', ctx, 202, {
      format: 'mp4',
    })) as Job;
    await check('GET', '/projects/{projectId}/jobs', ctx, 200);
    await check('GET', '/projects/{projectId}/jobs', { projectId: VALID_UUID }, 404);
    await check('GET', '/jobs/{jobId}', { jobId: job.job_id }, 200);
    await check('POST', '/jobs/{jobId}/cancel', { jobId: job.job_id }, 200, {});
    await check('GET', '/jobs/{jobId}', { jobId: 'job_none' }, 404);
    await check(
      'POST',
      '/projects/{projectId}/exports',
      ctx,
      403,
      {},
      client(server, DEMO_KEYS.free),
    );
  });

  it('timeline and captions', async () => {
    await check('GET', '/projects/{projectId}/timeline', ctx, 200);
    const trim = {
      operation: {
        operation_id: 'timeline.item.trim',
        timeline_item_id: ctx.videoItemId,
        trim_end_delta_seconds: -0.2,
      },
      expected_revision: 1,
    };
    await check('POST', '/projects/{projectId}/timeline/operations/preview', ctx, 200, trim);
    await check('POST', '/projects/{projectId}/timeline/operations', ctx, 200, trim);
    await check('POST', '/projects/{projectId}/timeline/operations', ctx, 409, trim);
    await check('POST', '/projects/{projectId}/timeline/move', ctx, 200, {
      timeline_item_id: ctx.titleId,
      new_start_seconds: 400,
    });
    await check('POST', '/projects/{projectId}/timeline/move', ctx, 400, {
      timeline_item_id: ctx.titleId,
      new_start_seconds: -1,
    });
    await check('POST', '/projects/{projectId}/timeline/move', ctx, 404, {
      timeline_item_id: 'ti_none',
      new_start_seconds: 1,
    });
    await check('POST', '/projects/{projectId}/timeline/batch-delete', ctx, 200, {
      timeline_item_ids: [ctx.titleId, 'ti_none'],
    });
    await check(
      'POST',
      '/projects/{projectId}/timeline/batch-delete',
      { projectId: VALID_UUID },
      404,
      { timeline_item_ids: ['x'] },
    );
    await check('POST', '/projects/{projectId}/effects/mask', ctx, 200, {
      timeline_item_id: ctx.videoItemId,
      effect_type: 'zoom',
      zoom_scale: 1.5,
    });
    await check('GET', '/projects/{projectId}/captions/style', ctx, 200);
    await check('PATCH', '/projects/{projectId}/captions/style', ctx, 200, { look_id: 'bold-pop' });
    const words = (await check('GET', '/projects/{projectId}/captions/words', ctx, 200)) as {
      words: Array<{ id: string }>;
    };
    await check('GET', '/projects/{projectId}/captions/words', { projectId: VALID_UUID }, 404);
    await check('PATCH', '/projects/{projectId}/captions/words', ctx, 200, {
      updates: [{ id: words.words[0]?.id, isEmphasis: true }],
    });
    await check('GET', '/caption-looks', {}, 200);
  });

  it('clips, share pages and batches', async () => {
    await check('GET', '/clips', {}, 200);
    await check('GET', '/clips/source-preview', {}, 400);
    const preview = await api.get(
      '/clips/source-preview?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DabcDEF12345',
    );
    expect(
      operation('GET', '/clips/source-preview').responseErrors(preview.status, preview.body),
    ).toEqual([]);
    const clip = (await check('POST', '/clips', {}, 201, { asset_id: ctx.videoId })) as Clip;
    await check('GET', '/clips/{clipId}', { clipId: clip.clip_id }, 200);
    await check('GET', '/clips/{clipId}', { clipId: 'clip_none' }, 404);
    await check('GET', '/clip-batches/{batch_id}', { batch_id: ctx.batchId ?? '' }, 200);
    await check('GET', '/clip-batches/{batch_id}', { batch_id: 'bad' }, 400);
    await check('GET', '/clip-share-pages/{asset_id}', { asset_id: ctx.clipAssetId ?? '' }, 200);
    await check(
      'POST',
      '/clip-share-pages/{asset_id}/clips/{clip_id}/visibility',
      { asset_id: ctx.clipAssetId ?? '', clip_id: ctx.clipId ?? '' },
      200,
      { visibility: 'hidden' },
    );
  });

  it('faceless, characters, ai edit, recording sets', async () => {
    const values = { projectId: ctx.facelessId ?? '', revisionId: ctx.revisionId ?? '' };
    await check('GET', '/projects/{projectId}/faceless/plans', values, 200);
    await check('GET', '/projects/{projectId}/faceless/plans/{revisionId}', values, 200);
    await check(
      'POST',
      '/projects/{projectId}/faceless/plans/{revisionId}/revise',
      values,
      200,
      {},
    );
    await check('POST', '/projects/{projectId}/faceless/plans/{revisionId}/approve', values, 200, {
      stage: 'plan',
    });
    await check('POST', '/projects/{projectId}/faceless/plans/{revisionId}/approve', values, 409, {
      stage: 'plan',
    });
    await check('GET', '/characters/{characterId}', ctx, 200);
    await check(
      'GET',
      '/workspace/media/assets/{assetId}',
      { assetId: ctx.referenceId ?? '' },
      200,
    );
    await check('POST', '/characters/{characterId}/primary-reference', ctx, 200, {
      asset_id: ctx.referenceId,
    });
    await check(
      'POST',
      '/characters/{characterId}/primary-reference',
      { characterId: 'bad' },
      400,
      { asset_id: ctx.referenceId },
    );
    await check('POST', '/ai-edit/runs/{runId}/apply-style', ctx, 200, { dry_run: true });
    await check('POST', '/recording-sets/{recordingSetId}/tracks', ctx, 200, {
      asset_id: ctx.videoId,
      role: 'camera',
    });
  });

  it('lists the undeclared statuses it saw (all known)', () => {
    const undeclared = seen.filter((key) => UNDECLARED.has(key));
    expect(new Set(undeclared)).toEqual(UNDECLARED);
  });
});
